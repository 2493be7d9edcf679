"""The coach's long ball: in the half's last team turn, a receiver into the end zone, then the
pass to it; or the carrier thrown by a team-mate (:mod:`.coach_team_mate_throw`).

A carrier too far out to run in on the half's last turn still has the pass. The coach looks
for a score by the air in two activations: a free team-mate walks into the end zone
(:func:`long_ball` starts that walk), then the carrier walks to the square it throws from
best and passes to it; a catch in the end zone is a touchdown. The chance counted is the
receiver's walk x the carrier's walk (each without re-rolls: the team's re-rolls are kept for
the throw) x the pass completed (accurate, not deflected, caught, with re-rolls;
:func:`~league_manager.match.odds.pass_odds`, which knows the ranges the weather allows; each
player put on its square for the count and put back at once). The long ball is taken when it
beats both the carrier's own run into the end zone (:func:`~.coach_carrier.score` takes any
chance in the last turn) and a pass or hand-off to a team-mate who then runs in
(:func:`~.coach_ball.ball_plays`); a turnover then costs at most the other side's last turn.
A Right Stuff carrier may instead be thrown by a team-mate with Throw Team-mate: the likelier
of the two scores is tried (:func:`long_ball` weighs them).

Pure look-ups on the match state: the bot only starts the activation chosen here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_ball import move_reach, standing_at
from league_manager.match.bots.coach_carrier import carrier_plays
from league_manager.match.bots.coach_team_mate_throw import team_mate_throw, throwers
from league_manager.match.engine import Match
from league_manager.match.odds import pass_odds
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import pass_band, scoring_x, xy
from league_manager.match.procedures.ball import can_catch
from league_manager.match.state import STANDING, TURNS_PER_HALF

if TYPE_CHECKING:
    from league_manager.match.bots.coach_bot import CoachBot

LEAST = 0.02
"""A long ball this unlikely is not tried."""
THROW_FROM_MIN = 0.5
"""The carrier considers throwing from a square it walks to at least this likely."""


class LongBall(NamedTuple):
    """A way to score by the air this turn.

    Attributes:
        chance: the receiver's walk x the carrier's walk x the pass completed.
        receiver: the team-mate who catches in the end zone.
        target: the end-zone square the ball is thrown to.
        walk: the receiver's walk there (None: it stands there already).
        throw: the carrier's walk to the square it throws from (None: from where it stands).
    """

    chance: float
    receiver: int
    target: int
    walk: MovePlan | None
    throw: MovePlan | None


def long_ball(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """In ``team``'s last team turn of the half, the best long ball or team-mate throw when it
    beats the carrier's run and a pass or hand-off to a team-mate who runs in: the throw
    (:func:`~.coach_team_mate_throw.team_mate_throw`) when likelier than the long ball; the
    pass when a receiver stands in the end zone already, else the receiver's walk."""
    s = match.state
    if s.turn[team] < TURNS_PER_HALF or s.status[carrier] != STANDING:
        return None
    may_pass = Action(acts.ACTIVATE[acts.PASS], carrier) in options and bool(s.pa[carrier])
    able = throwers(match, options, carrier)
    if not (may_pass or able):
        return None
    floor = other_ways(bot, match, options, carrier)
    best = best_long_ball(bot, match, team, options, carrier, floor=floor) if may_pass else None
    if able:
        thrown = team_mate_throw(bot, match, carrier, able, best.chance if best is not None else floor)
        if thrown is not None:
            return thrown
    if best is None:
        return None
    if best.walk is None:
        why = f"last turn: the long ball to the end zone, {best.chance:.0%} to score"
        return bot._start(carrier, acts.PASS, best.throw, best.receiver, reason=why)
    why = f"last turn: into the end zone for the long ball, {best.chance:.0%} to score"
    return bot._start(best.receiver, acts.MOVE, best.walk, reason=why)


def best_long_ball(
    bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int, floor: float = 0.0
) -> LongBall | None:
    """The likeliest long ball better than ``floor`` (and :data:`LEAST`): to a receiver standing
    in the end zone, or to one that walks there first; None when there is none."""
    s = match.state
    c = match.ctx
    goal_x = scoring_x(team)
    throws = [(1.0, s.pos[carrier], None)] + [
        (plan.p_no_reroll, square, plan)
        for square, plan in bot._plans(match, carrier).items()
        if plan.p_no_reroll >= THROW_FROM_MIN and xy(square)[0] != goal_x
    ]
    throws.sort(key=lambda throw: -throw[0])
    best: LongBall | None = None
    bar = max(floor, LEAST)
    for q in s.players_of(team):
        if q == carrier or s.pos[q] < 0 or s.status[q] != STANDING or not can_catch(c, q):
            continue
        for p_walk, target, walk in _end_zone_squares(bot, match, options, q):
            with standing_at(match, q, target):
                for p_throw, square, throw in throws:
                    if p_walk * p_throw <= bar:
                        break  # the throws are sorted: none further can beat the bar
                    if pass_band(square, target) <= 0:
                        continue
                    with standing_at(match, carrier, square):
                        chance = p_walk * p_throw * pass_odds(match, carrier, target).p_complete
                    if chance > bar:
                        best, bar = LongBall(chance, q, target, walk, throw), chance
    return best


def _end_zone_squares(
    bot: CoachBot, match: Match, options: set[Action], q: int
) -> list[tuple[float, int, MovePlan | None]]:
    """(walk's chance without re-rolls, square, walk) of each end-zone square q may catch in:
    where it stands already, or each one its move reaches this turn."""
    s = match.state
    goal_x = scoring_x(s.team[q])
    if xy(s.pos[q])[0] == goal_x:
        return [(1.0, s.pos[q], None)]
    if Action(acts.ACTIVATE[acts.MOVE], q) not in options:
        return []
    if abs(xy(s.pos[q])[0] - goal_x) > move_reach(match, q):
        return []  # the end zone is out of its reach whatever the path
    plans = bot._plans(match, q)
    return [(plan.p_no_reroll, sq, plan) for sq, plan in plans.items() if xy(sq)[0] == goal_x]


def other_ways(bot: CoachBot, match: Match, options: set[Action], carrier: int) -> float:
    """The best chance to score this turn without a long ball: the carrier's own run, or a pass
    or hand-off to a team-mate who then runs in (or already stands in the end zone)."""
    s = match.state
    team = s.team[carrier]
    goal_x = scoring_x(team)
    run = max(
        (plan.p_with_rerolls for sq, plan in bot._plans(match, carrier).items() if xy(sq)[0] == goal_x),
        default=0.0,
    )
    plays = carrier_plays(bot, match, team, options, carrier, 0.0)
    return max([run] + [play.p_complete * play.p_score for play in plays])
