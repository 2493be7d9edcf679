"""The coach's set-up when receiving: the greedy preset, with one team-mate thrower kept back.

A thrower (Throw Team-mate, such as a Halfling team's Treeman) that the preset puts on the line
of scrimmage is marked from the kick-off and, slow and rooted, rarely gets free to throw: on
the half's last turns the coach's team-mate throw (:mod:`.coach_team_mate_throw`) then has
nobody to throw with. When its team receives and is built on Right Stuff players
(:func:`~.coach_escort.throwing_team`: a Halfling or Goblin roster, not an Orc one with a few
Goblins, whose Troll blocks on the line), the coach swaps one thrower on the line with the
player on the preset's central back square, one legal set-up action a prompt: remove that
player, move the thrower back, put the player on the line. Each step is read from the team's
half as it stands, so the sequence resumes wherever it is; a team too short of players to fill
the preset's back square keeps the preset (the swap would leave the line short, and the set-up
would never end).
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_escort import is_thrower, throwing_team
from league_manager.match.engine import Match
from league_manager.match.pitch import LENGTH, sq
from league_manager.match.procedures.setup import available, formation_squares
from league_manager.match.state import RESERVE

BACK_SQUARE = (9, 7)
"""Where the thrower waits, in the home team's coordinates: the preset's square behind the line."""

RECEIVING_PRESET = "balanced"
"""The preset the coach sets up in when receiving (the greedy bot's choice)."""


def setup_step(match: Match, prompt: acts.Prompt) -> Action | None:
    """The next set-up action that keeps a thrower back, or None when there is none to take
    (kicking, a Solid Defence re-set-up, no thrower on the line, nobody to throw, the swap
    done)."""
    s = match.state
    c = match.ctx
    team = prompt.team
    if s.kicking == team or prompt.info.get("movable") is not None:
        return None
    placed = [p for p in s.players_of(team) if s.pos[p] >= 0]
    if not placed or not throwing_team(match, team):
        return None
    x, y = BACK_SQUARE
    back = sq(x if team == 0 else LENGTH - 1 - x, y)
    line = formation_squares(RECEIVING_PRESET, team)[:3]
    throwers = [p for p in placed if is_thrower(match, p)]
    bench = [p for p in available(c, team) if s.pos[p] < 0 and s.status[p] == RESERVE]
    if s.board[back] >= 0 and s.board[back] in throwers:  # the thrower is back: fill the line
        gap = next((q for q in line if s.board[q] < 0), -1)
        if gap < 0:
            return None
        if not bench:  # cannot happen from the steps below; never leave the set-up stuck
            return Action(acts.PLACE, s.board[back], gap)
        best = min(bench, key=lambda p: (-s.st[p], -s.av[p], p))
        return Action(acts.PLACE, best, gap)
    on_line = [p for p in throwers if s.pos[p] in line]
    if not on_line:
        return None
    if s.board[back] >= 0:  # make room behind the line
        return Action(acts.REMOVE, s.board[back])
    if not bench:  # too few players for the preset's back square: nobody would take the line
        return None
    return Action(acts.PLACE, on_line[-1], back)
