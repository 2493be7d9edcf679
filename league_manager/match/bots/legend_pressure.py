"""Ideas for when the coach's script leaves the ball alone, for the legend's search.

Played against the greedy bot, the coach let their carrier stand in a cage on its own half for a
whole half and ended each team turn at once: no free square next to the carrier meant no blitz
on it and no marker, and none of our players stood next to an opponent for a block, so every
step of its script passed. Here, with their carrier on the pitch:

* :func:`cage_ideas`: up to :data:`CAGE_BLITZES` blitzes on their standing players next to
  their carrier (the cage), chosen as :func:`~league_manager.match.bots.legend_plays.blitz_ideas`
  chooses a blitz, and up to :data:`CLOSE_INS` moves without dice of a free player of ours to a
  square next to a cage player, nearest the carrier first, so the next turn has blocks to throw;
* :func:`ball_ideas`: with the ball loose and no pick-up among the coach's ideas (it lifts
  the ball only at :data:`~league_manager.match.bots.coach_carrier.PICK_UP_MIN` or better),
  the pick-up by one of our nearest free players most likely to make it, at
  :data:`LONG_PICK_UP` or better (:func:`~league_manager.match.bots.coach_press.lifter`, the
  coach's own long pick-up late in the turn), and a move without dice of another to a free
  square next to the ball;
* :func:`stand_up_pick`: before the turn ends, a prone player of ours with the move to stand
  without a roll, no test on activation (Bone Head ...) and no opponent next to it stands up in
  place (the coach's steps only ever
  activate standing players, so a knocked-down player of the coach's lay prone until a step
  wanted it, and had no tackle zone in the other team's turn);
* :func:`end_turn_pick`: the turn ended at once, the coach's own choice when it has no
  candidate, so the ideas above are weighed against doing nothing.

Each is one more candidate, tried like the coach's own (the same samples and dice seeds, the
evidence rule), so the legend stays seeded and bounded by counts.
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.coach_ball import may_blitz
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.bots.coach_press import LONG_PICK_UP
from league_manager.match.bots.coach_press import lifter as coach_lifter
from league_manager.match.bots.legend_plays import _best_blitz
from league_manager.match.engine import Match
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, distance
from league_manager.match.skills import points
from league_manager.match.state import PRONE, STANDING

CAGE_BLITZES = 2
"""Blitzes on the cage's players added at most."""
CLOSE_INS = 1
"""Moves next to the cage added at most."""
STAND_MA = 3
"""The least move a player stands up with, without a roll."""


def end_turn_pick() -> Pick:
    """Ending the team turn now (what the coach does when no step of its script pays)."""
    return Pick(Action(acts.END_TURN), (), -1, -1, acts.END_TURN, "nothing left that pays: end the turn")


def stand_up_pick(match: Match, prompt: Prompt) -> Pick | None:
    """A prone player of ours, unmarked, with the move to stand without a roll and no test on
    activation (Bone Head, Really Stupid, Animal Savagery ...: their dice are the search's to
    weigh), standing up in place; None when there is none."""
    s = match.state
    team = prompt.team
    options = set(prompt.options)
    for p in s.players_of(team):
        start = Action(acts.ACTIVATE[acts.MOVE], p)
        if s.status[p] != PRONE or s.pos[p] < 0 or start not in options or s.ma[p] < STAND_MA:
            continue
        if match.ctx.is_marked(s.pos[p], team) or match.ctx.has(p, points.ACTIVATION_TEST):
            continue
        return Pick(start, (Action(acts.END_ACTIVATION),), p, -1, acts.MOVE, "stand up before the turn ends")
    return None


def cage_ideas(coach: CoachBot, match: Match, prompt: Prompt, picks: list[Pick]) -> list[Pick]:
    """Blitzes on their carrier's cage and a move up to it, when their carrier is on the pitch."""
    s = match.state
    team = prompt.team
    carrier = s.carrier
    if carrier < 0 or s.team[carrier] == team or s.pos[carrier] < 0:
        return []
    options = set(prompt.options)
    home = s.pos[carrier]
    cage = [q for q in s.players_of(1 - team) if q != carrier and s.pos[q] >= 0 and s.status[q] == STANDING]
    cage = sorted((q for q in cage if distance(s.pos[q], home) == 1), key=lambda q: (s.st[q], q))
    ideas: list[Pick] = []
    blitzers = [p for p in s.players_of(team) if may_blitz(match, p, options)]
    taken = {(pick.player, pick.foe) for pick in picks if pick.kind == acts.BLITZ}
    blitzes: list[tuple[float, Pick]] = []
    for foe in cage:
        best = _best_blitz(coach, match, blitzers, foe, taken)
        if best is not None:
            value, pick = best
            reason = "blitz their carrier's cage" + pick.reason[pick.reason.index(":") :]
            blitzes.append((value, pick._replace(reason=reason)))
    blitzes.sort(key=lambda item: -item[0])
    ideas += [pick for _value, pick in blitzes[:CAGE_BLITZES]]
    ideas += _close_in(coach, match, team, options, cage, picks)
    return ideas


def _close_in(
    coach: CoachBot, match: Match, team: int, options: set[Action], cage: list[int], picks: list[Pick]
) -> list[Pick]:
    """Free players of ours moved without dice next to a cage player, nearest the carrier first."""
    s = match.state
    home = s.pos[s.carrier]
    squares = {n for q in cage for n in NEIGHBOURS[s.pos[q]] if s.board[n] < 0}
    moved = {pick.player for pick in picks if pick.kind == acts.MOVE}
    movers = [p for p in coach._movers(match, team, options) if p not in moved]
    movers = [p for p in movers if not match.ctx.is_marked(s.pos[p], team)]
    choices: list[tuple[int, int, int, int]] = []
    for p in movers:
        reach = coach._free_reach(match, p)
        for square in squares:
            if square in reach:
                choices.append((distance(square, home), reach[square], p, square))
    ideas: list[Pick] = []
    for _d, _steps, p, square in sorted(choices):
        if len(ideas) >= CLOSE_INS or any(pick.player == p for pick in ideas):
            continue
        plan = coach._sure(match, p, square)
        if plan is not None:
            start = Action(acts.ACTIVATE[acts.MOVE], p)
            why = "close in on their carrier's cage"
            ideas.append(Pick(start, tuple(plan.actions(p)), p, -1, acts.MOVE, why))
    return ideas


def ball_ideas(coach: CoachBot, match: Match, prompt: Prompt, picks: list[Pick]) -> list[Pick]:
    """A long-odds pick-up and a move next to a loose ball, when no idea of ``picks`` lifts it."""
    s = match.state
    team = prompt.team
    ball = s.ball
    if s.carrier >= 0 or ball < 0 or not ON_PITCH[ball]:
        return []
    if any(pick.reason.startswith(("pick the ball up", "secure the ball")) for pick in picks):
        return []
    options = set(prompt.options)
    movers = coach._movers(match, team, options)
    ideas: list[Pick] = []
    chance, lifter = coach_lifter(coach, match, team, options, LONG_PICK_UP)
    if lifter >= 0:
        steps = tuple(coach._plans(match, lifter)[ball].actions(lifter))
        start = Action(acts.ACTIVATE[acts.MOVE], lifter)
        if not any(pick.action == start and pick.plan == steps for pick in picks):
            ideas.append(Pick(start, steps, lifter, -1, acts.MOVE, f"a long pick-up: {chance:.0%}"))
    free = [n for n in NEIGHBOURS[ball] if s.board[n] < 0]
    choices: list[tuple[int, int, int]] = []
    for p in movers:
        if p == lifter or match.ctx.is_marked(s.pos[p], team):
            continue
        reach = coach._free_reach(match, p)
        choices += [(reach[n], p, n) for n in free if n in reach]
    for _steps, p, square in sorted(choices):
        plan = coach._sure(match, p, square)
        if plan is not None:
            start = Action(acts.ACTIVATE[acts.MOVE], p)
            ideas.append(Pick(start, tuple(plan.actions(p)), p, -1, acts.MOVE, "next to the loose ball"))
            break
    return ideas
