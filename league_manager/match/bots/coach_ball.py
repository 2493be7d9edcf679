"""The coach's ball plays: passes and hand-offs to a free receiver, blitz odds from a square.

Pure look-ups on the match state, used by :class:`~league_manager.match.bots.coach_bot.CoachBot`.
A blitz is valued from the square the blitzer would block from: the player is put there for
the count (assists change with the square) and put back at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.engine import Match
from league_manager.match.odds import BlockOdds, block_odds, pass_odds
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import ON_PITCH, distance, scoring_x, xy
from league_manager.match.procedures.ball import can_catch
from league_manager.match.procedures.movement import rushes_allowed
from league_manager.match.state import STANDING

TD_WORTH = 40.0
"""A touchdown scored this turn, in the carrier-safety units of the coach."""
REACH_MIN = 0.5
"""A blitzer considers a square it reaches at least this likely."""


def move_reach(match: Match, p: int) -> int:
    """How many squares ``p`` can cover in one activation: its move and its Rushes (two, three
    with Sprint ...), before any dodge or tackle zone."""
    return match.state.ma[p] + rushes_allowed(match.ctx, p)


class BallPlay(NamedTuple):
    """A pass or a hand-off the coach may make with its carrier.

    Attributes:
        value: expected worth (carrier-safety units, a touchdown worth :data:`TD_WORTH`).
        kind: ``pass`` or ``handoff`` (the activation kind).
        receiver: the team-mate who catches.
        plan: the carrier's walk before a hand-off (None: hand off from where it stands).
        p_complete: the chance the ball reaches the receiver (walk, throw and catch).
        p_score: the receiver's chance to score afterwards this turn.
    """

    value: float
    kind: str
    receiver: int
    plan: MovePlan | None
    p_complete: float
    p_score: float


def score_chance(match: Match, q: int, plans: Callable[[int], dict[int, MovePlan]]) -> float:
    """The chance an unused player q reaches the end zone this turn (0 when it has acted)."""
    s = match.state
    if s.used[q] or s.status[q] != STANDING:
        return 0.0
    goal_x = scoring_x(s.team[q])
    if abs(xy(s.pos[q])[0] - goal_x) > move_reach(match, q):
        return 0.0
    return max((plan.p_with_rerolls for sq, plan in plans(q).items() if xy(sq)[0] == goal_x), default=0.0)


def ball_plays(
    match: Match,
    carrier: int,
    kinds: tuple[bool, bool],
    plans: Callable[[int], dict[int, MovePlan]],
    safety: Callable[[int], float],
    loss: float,
) -> list[BallPlay]:
    """Passes and hand-offs from ``carrier`` to free team-mates at least two squares nearer
    the end zone, each with its expected worth against keeping the ball (``safety`` of a
    square for the carrier; ``loss`` the cost of a dropped ball).

    Args:
        kinds: (may pass, may hand off) this turn.
    """
    s = match.state
    c = match.ctx
    team = s.team[carrier]
    here = s.pos[carrier]
    now = safety(here)
    ahead = 1 if team == 0 else -1
    found: list[BallPlay] = []
    carrier_plans = plans(carrier) if kinds[1] else {}
    for q in s.players_of(team):
        sq = s.pos[q]
        if q == carrier or sq < 0 or not ON_PITCH[sq] or s.status[q] != STANDING:
            continue
        if c.is_marked(sq, team) or not can_catch(c, q):
            continue
        if (xy(sq)[0] - xy(here)[0]) * ahead < 2:
            continue
        in_end_zone = xy(sq)[0] == scoring_x(team)  # a catch there is a touchdown
        p_score = 1.0 if in_end_zone else score_chance(match, q, plans)
        worth = safety(sq) + TD_WORTH * p_score
        if kinds[0]:
            odds = pass_odds(match, carrier, sq)
            if odds.band > 0 and odds.p_complete > 0:
                p = odds.p_complete
                found.append(BallPlay(p * worth + (1 - p) * (now - loss), "pass", q, None, p, p_score))
        if kinds[1] and distance(here, sq) <= s.ma[carrier] + 3:
            catch = pass_odds(match, carrier, sq).p_catch_rr
            if distance(here, sq) == 1:
                walk: tuple[float, MovePlan | None] = (1.0, None)
            else:
                walk = max(
                    (
                        (carrier_plans[n].p_with_rerolls, carrier_plans[n])
                        for n in carrier_plans
                        if distance(n, sq) == 1
                    ),
                    key=lambda r: r[0],
                    default=(0.0, None),
                )
                if walk[1] is None:
                    continue
            p = walk[0] * catch
            found.append(BallPlay(p * worth + (1 - p) * (now - loss), "handoff", q, walk[1], p, p_score))
    found.sort(key=lambda play: play.value, reverse=True)
    return found


def block_odds_from(match: Match, p: int, foe: int, square: int, blitz: bool) -> BlockOdds:
    """The block odds of p on ``foe`` as if p stood on ``square`` (the state is put back)."""
    s = match.state
    old = s.pos[p]
    if square == old:
        return block_odds(match.ctx, p, foe, blitz)
    s.board[old], s.board[square], s.pos[p] = -1, p, square
    try:
        return block_odds(match.ctx, p, foe, blitz)
    finally:
        s.board[square], s.board[old], s.pos[p] = -1, p, old


def dice_text(odds: BlockOdds) -> str:
    """ "2-dice block" / "2 dice, theirs" for a reason line."""
    if odds.dice == 1:
        return "1-die block"
    return f"{odds.dice}-dice block" + ("" if odds.attacker_chooses else ", they choose")


def may_blitz(match: Match, p: int, options: set[Action]) -> bool:
    """Whether p may start a Blitz that can end in a block: the activation is offered, p is
    standing and not rooted (Take Root leaves no square to pay the block with)."""
    s = match.state
    return Action(acts.ACTIVATE[acts.BLITZ], p) in options and s.status[p] == STANDING and p not in s.rooted


@contextmanager
def standing_at(match: Match, p: int, square: int) -> Iterator[None]:
    """p counted as standing on the empty ``square`` (the ball with it when it carries), put
    back after, whatever happens meanwhile."""
    s = match.state
    old = s.pos[p]
    if square == old:
        yield
        return
    if s.board[square] >= 0:
        raise ValueError(f"square {square} is taken")
    ball = s.ball
    try:
        s.board[old], s.board[square], s.pos[p] = -1, p, square
        if s.carrier == p:
            s.ball = square
        yield
    finally:
        s.board[square], s.board[old], s.pos[p] = -1, p, old
        s.ball = ball
