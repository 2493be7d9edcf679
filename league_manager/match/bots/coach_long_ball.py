"""The coach's long ball: in the half's last team turn, a receiver into the end zone, then the
pass to it.

A carrier too far out to run in on the half's last turn still has the pass. The coach counts
every way to score by the air, in two activations: a free team-mate walks into the end zone
(:func:`long_ball` starts that walk), then the carrier walks to the square it throws from
best and passes to it; a catch in the end zone is a touchdown. The chance counted is the
receiver's walk x the carrier's walk x the pass completed (accurate, not deflected, caught;
:func:`~league_manager.match.odds.pass_odds`, each player put on the square for the count and
put back at once). The long ball is taken when it beats the carrier's own run into the end zone
(:func:`~.coach_carrier.score` takes any chance in the last turn); a turnover then costs at most
the other side's last turn.

Pure look-ups on the match state: the bot only starts the activation chosen here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NamedTuple

from league_manager.match import actions as acts
from league_manager.match.actions import Action
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
RECEIVER_SQUARES = 3
"""End-zone squares counted per receiver (the ones it walks to most surely)."""
THROW_FROM_MIN = 0.5
"""The carrier considers throwing from a square it walks to at least this likely."""


class LongBall(NamedTuple):
    """A way to score by the air this turn."""

    chance: float
    receiver: int
    target: int
    """The end-zone square the ball is thrown to."""
    walk: MovePlan | None
    """The receiver's walk there (None: it stands there already)."""
    throw: MovePlan | None
    """The carrier's walk to the square it throws from (None: it throws from where it stands)."""


def long_ball(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """In ``team``'s last team turn of the half, the best long ball when it beats the carrier's
    run: the pass when a receiver stands in the end zone already, else the receiver's walk."""
    s = match.state
    if s.turn[team] < TURNS_PER_HALF or s.status[carrier] != STANDING:
        return None
    if Action(acts.ACTIVATE[acts.PASS], carrier) not in options or not s.pa[carrier]:
        return None
    run = max((chance for chance, _sq, _plan in _into_end_zone(bot, match, carrier)), default=0.0)
    best = best_long_ball(bot, match, team, options, carrier)
    if best is None or best.chance < LEAST or best.chance <= run:
        return None
    if best.walk is None:
        why = f"last turn: the long ball to the end zone, {best.chance:.0%} to score"
        return bot._start(carrier, acts.PASS, best.throw, best.receiver, reason=why)
    why = f"last turn: into the end zone for the long ball, {best.chance:.0%} to score"
    return bot._start(best.receiver, acts.MOVE, best.walk, reason=why)


def best_long_ball(
    bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int
) -> LongBall | None:
    """The likeliest long ball: to a receiver standing in the end zone, or to one that walks
    there first (its :data:`RECEIVER_SQUARES` surest end-zone squares)."""
    s = match.state
    c = match.ctx
    goal_x = scoring_x(team)
    throws = [(1.0, s.pos[carrier], None)] + [
        (plan.p_with_rerolls, square, plan)
        for square, plan in bot._plans(match, carrier).items()
        if plan.p_with_rerolls >= THROW_FROM_MIN and xy(square)[0] != goal_x
    ]
    best: LongBall | None = None
    for q in s.players_of(team):
        if q == carrier or s.pos[q] < 0 or s.status[q] != STANDING or not can_catch(c, q):
            continue
        targets: list[tuple[float, int, MovePlan | None]]
        if xy(s.pos[q])[0] == goal_x:
            targets = [(1.0, s.pos[q], None)]
        elif Action(acts.ACTIVATE[acts.MOVE], q) in options:
            targets = sorted(_into_end_zone(bot, match, q), key=lambda end: -end[0])[:RECEIVER_SQUARES]
        else:
            continue
        for p_walk, target, walk in targets:
            with _standing_at(match, q, target):
                for p_throw, square, throw in throws:
                    if p_walk * p_throw <= (best.chance if best else 0.0) or pass_band(square, target) <= 0:
                        continue
                    if s.board[square] >= 0 and square != s.pos[carrier]:
                        continue
                    with _standing_at(match, carrier, square):
                        chance = p_walk * p_throw * pass_odds(match, carrier, target).p_complete
                    if best is None or chance > best.chance:
                        best = LongBall(chance, q, target, walk, throw)
    return best


def _into_end_zone(bot: CoachBot, match: Match, p: int) -> list[tuple[float, int, MovePlan | None]]:
    """(chance, square, walk) of each end-zone square p's move reaches."""
    goal_x = scoring_x(match.state.team[p])
    plans = bot._plans(match, p)
    return [(plan.p_with_rerolls, sq, plan) for sq, plan in plans.items() if xy(sq)[0] == goal_x]


@contextmanager
def _standing_at(match: Match, p: int, square: int) -> Iterator[None]:
    """p counted as standing on ``square`` (the ball with it when it carries), put back after."""
    s = match.state
    old = s.pos[p]
    if square == old:
        yield
        return
    ball = s.ball
    s.board[old], s.board[square], s.pos[p] = -1, p, square
    if s.carrier == p:
        s.ball = square
    try:
        yield
    finally:
        s.board[square], s.board[old], s.pos[p] = -1, p, old
        s.ball = ball
