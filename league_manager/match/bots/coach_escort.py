"""The coach walks its team-mate thrower along behind a Right Stuff carrier.

A thrower such as a Halfling team's Treeman moves two squares a turn and is left behind the
drive: on the half's last turn it stands too far from the carrier to throw it (measured on
the Halfling mirror, the thrower kept back at set-up, :mod:`.coach_setup`, stood 4 to 10
squares from the carrier on the last turn, and threw about once in twenty games). So each
team turn of a team built on Right Stuff players (:func:`throwing_team`), while our carrier
can be thrown (Right Stuff, strength 3 or less), the thrower
nearest it that is standing, unmarked and not yet activated walks, without a roll (no
dodge, no Rush), to the square nearest the carrier it reaches, an unmarked one first. A
thrower already next to the carrier stays, and so does one that cannot get closer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.engine import Match
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import distance, scoring_x, xy
from league_manager.match.skills import points

if TYPE_CHECKING:
    from league_manager.match.bots.coach_bot import CoachBot


def escort(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """Walk the nearest free thrower towards our carrier, or None (see the module)."""
    s = match.state
    c = match.ctx
    if s.pos[carrier] < 0 or not c.has(carrier, points.RIGHT_STUFF) or s.st[carrier] > 3:
        return None
    if not throwing_team(match, team):
        return None
    goal_x = scoring_x(team)
    best: tuple[tuple[int, bool, int], int, MovePlan] | None = None
    for q in bot._movers(match, team, options):
        if q == carrier or not is_thrower(match, q) or c.is_marked(s.pos[q], team):
            continue
        now = distance(s.pos[q], s.pos[carrier])
        if now <= 1:
            return None  # a thrower already waits next to the carrier
        for square, plan in bot._plans(match, q).items():
            after = distance(square, s.pos[carrier])
            if plan.rolls or after >= now:
                continue
            key = (after, c.is_marked(square, team), abs(xy(square)[0] - goal_x))
            if best is None or key < best[0]:
                best = (key, q, plan)
    if best is None:
        return None
    (after, _marked, _to_go), q, plan = best
    why = f"walk the thrower along behind the carrier ({after} squares from it)"
    return bot._start(q, acts.MOVE, plan, reason=why)


def throwing_team(match: Match, team: int) -> bool:
    """Whether the team plays the throw: most of its players have Right Stuff (Halflings,
    Goblins, Snotlings). A team with a few (an Orc roster's Goblins, a Human one's Halflings)
    keeps its thrower where it blocks: measured on the Orc mirror, the Troll set back and walked
    along cost 1.56 -> 1.49 TD a match and 35.3 -> 40.6 % draws."""
    c = match.ctx
    players = match.state.players_of(team)
    light = sum(1 for p in players if c.has(p, points.RIGHT_STUFF))
    return 2 * light > len(players)


def is_thrower(match: Match, p: int) -> bool:
    """Whether ``p`` may throw a team-mate (Throw Team-mate and the edition's least strength)."""
    c = match.ctx
    return c.has(p, points.THROW_TEAM_MATE) and match.state.st[p] >= c.ed.ttm_min_strength
