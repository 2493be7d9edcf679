"""The coach's lane: knock a screen player down so that our carrier gets a free path.

With the ball, a carrier facing an opposing screen stands still: every way forward needs a
dodge. Before our carrier moves, the coach looks at each standing opponent near it and counts
what its removal is worth: how much further the carrier then walks on a *free path* (through
empty squares, leaving no square in their tackle zones; :func:`~.coach_screen.free_reach`),
and whether the end zone comes within its move. The opponent whose removal is worth most
and that one of our players can knock down, with a block (next to it already) or a blitz
(walking to the square next to it with the best odds), is hit first; the carrier then walks
through the hole and the cage follows it (the coach's next steps).

Worth = chance of the knock-down (without our own fall) x the ground opened, less the chance
of our own fall (a turnover before the carrier has moved) x :data:`FALL`. Pure look-ups on
the match state: the bot only starts the activation chosen here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_ball import block_odds_from, dice_text, may_blitz, move_reach
from league_manager.match.bots.coach_screen import free_reach, zone_counts
from league_manager.match.engine import Match
from league_manager.match.odds import ATTACKER_DOWN, BOTH_DOWN_RESULT, BOTH_PRONE, DEFENDER_DOWN, BlockOdds
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import NEIGHBOURS, distance, scoring_x, xy
from league_manager.match.state import STANDING

if TYPE_CHECKING:
    from league_manager.match.bots.coach_bot import CoachBot

SQUARE = 2.0
"""Worth of each square further the carrier walks freely once the lane is open ..."""
LATE_PUSH = 0.3
"""... grown by this for each team turn of the half after the third (as the carrier's ground)."""
SCORE = 30.0
"""Worth of an end zone the carrier then reaches freely this turn (its move, no rush)."""
FALL = 6.0
"""Cost of our own fall: a turnover before the carrier has moved, a player on the ground."""
MIN_WORTH = 2.0
"""A lane block must be worth this much (carrier-safety units) to be thrown."""
BLITZERS = 4
"""Blitzers measured per screen player (the strongest and nearest first)."""
REACH = 0.6
"""A blitzer considers a square next to the screen player it reaches at least this likely."""


class Lane(NamedTuple):
    """A block or blitz that opens a lane for our carrier."""

    worth: float
    player: int
    foe: int
    kind: str
    plan: MovePlan | None
    odds: BlockOdds
    opened: int
    """Squares further the carrier walks freely afterwards."""
    scores: bool
    """Whether the carrier then reaches the end zone freely this turn."""


def lane(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """Start the block or blitz that best opens a free path for our carrier, or None.

    Args:
        bot: the coach (its move plans, its activation start).
        match: the match at ``team``'s team turn.
        team: the side with the ball.
        options: the team turn's options.
        carrier: our ball carrier, who has not moved yet this turn.
    """
    found = best_lane(bot, match, team, options, carrier)
    if found is None:
        return None
    why = f"open a lane: {dice_text(found.odds)} on a screen player, {_down(found.odds):.0%} down"
    more = f", then {found.opened} squares more for the carrier"
    why += ", then a free run to score" if found.scores else more
    return bot._start(found.player, found.kind, found.plan, found.foe, reason=why)


def best_lane(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Lane | None:
    """The lane block or blitz worth most (at least :data:`MIN_WORTH`), or None."""
    s = match.state
    if s.status[carrier] != STANDING or Action(acts.ACTIVATE[acts.MOVE], carrier) not in options:
        return None
    start = s.pos[carrier]
    goal_x = scoring_x(team)
    move = s.ma[carrier]
    limit = move_reach(match, carrier)
    counts = zone_counts(match, 1 - team)
    goals, shortest, region = free_reach(s.board, start, goal_x, {q for q, n in counts.items() if n}, limit)
    if goals and shortest <= move:
        return None  # the carrier scores freely already
    now = _furthest(region, team)
    urgency = 1.0 + LATE_PUSH * max(s.turn[team] - 3, 0)
    best: Lane | None = None
    for q in s.players_of(1 - team):
        if not match.ctx.has_tz(q) or distance(s.pos[q], start) > limit:
            continue
        opened, scores = _opened(match, q, counts, start, goal_x, limit, move, now, team)
        gain = SQUARE * urgency * opened + (SCORE if scores else 0.0)
        if gain < MIN_WORTH:
            continue
        for hit in _hits(bot, match, team, options, q, carrier):
            player, kind, plan, reach, odds = hit
            o = odds.outcomes_rr
            fall = o.get(ATTACKER_DOWN, 0.0) + o.get(BOTH_DOWN_RESULT, 0.0)
            worth = reach * (_down(odds) * gain - fall * FALL) - (1 - reach) * FALL
            if worth >= MIN_WORTH and (best is None or worth > best.worth):
                best = Lane(worth, player, q, kind, plan, odds, opened, scores)
    return best


def _down(odds: BlockOdds) -> float:
    """The chance the screen player goes down and we stay up (re-rolls as the coach uses them)."""
    o = odds.outcomes_rr
    return o.get(DEFENDER_DOWN, 0.0) + o.get(BOTH_PRONE, 0.0)


def _furthest(region: set[int], team: int) -> int:
    """The furthest x towards ``team``'s end zone among squares reached (as squares gained)."""
    xs = [xy(q)[0] for q in region]
    return max(xs) if team == 0 else -min(xs)


def _opened(
    match: Match,
    q: int,
    counts: dict[int, int],
    start: int,
    goal_x: int,
    limit: int,
    move: int,
    now: int,
    team: int,
) -> tuple[int, bool]:
    """Squares further the carrier walks freely with q on the ground (its square still
    taken, its tackle zone gone), and whether it then reaches the end zone within its move."""
    here = match.state.pos[q]
    around = set(NEIGHBOURS[here])
    zones = {sq for sq, n in counts.items() if n - (sq in around) > 0}
    goals, shortest, region = free_reach(match.state.board, start, goal_x, zones, limit)
    return max(_furthest(region, team) - now, 0), bool(goals) and shortest <= move


def _hits(
    bot: CoachBot, match: Match, team: int, options: set[Action], q: int, carrier: int
) -> list[tuple[int, str, MovePlan | None, float, BlockOdds]]:
    """Our players who can hit q now: (player, block or blitz, walk, chance to get there, odds)."""
    s = match.state
    target = s.pos[q]
    found: list[tuple[int, str, MovePlan | None, float, BlockOdds]] = []
    blitzers: list[tuple[float, int]] = []
    for p in s.players_of(team):
        if p == carrier or s.status[p] != STANDING or s.pos[p] < 0:
            continue
        d = distance(s.pos[p], target)
        if d == 1 and Action(acts.ACTIVATE[acts.BLOCK], p) in options:
            found.append((p, acts.BLOCK, None, 1.0, block_odds_from(match, p, q, s.pos[p], blitz=False)))
        if may_blitz(match, p, options) and d <= move_reach(match, p):
            blitzers.append((s.st[p] - 0.5 * d, p))
    blitzers.sort(reverse=True)
    for _rank, p in blitzers[:BLITZERS]:
        if distance(s.pos[p], target) == 1:
            found.append((p, acts.BLITZ, None, 1.0, block_odds_from(match, p, q, s.pos[p], blitz=True)))
            continue
        plans = bot._plans(match, p, blitz=True)
        for n in NEIGHBOURS[target]:
            plan = plans.get(n)
            if plan is not None and plan.p_with_rerolls >= REACH and plan.path:
                odds = block_odds_from(match, p, q, n, blitz=True)
                found.append((p, acts.BLITZ, plan, plan.p_with_rerolls, odds))
    return found
