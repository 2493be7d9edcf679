"""The coach's last steps before a turn would end with nothing done: a loose ball nobody lifts
at :data:`~.coach_carrier.PICK_UP_MIN`, their carrier in a cage.

Each function is one step of :class:`~league_manager.match.bots.coach_bot.CoachBot`'s script:
it returns the action that starts the activation (the bot keeps the plan) or None.

- :func:`guard_ball`: with the ball loose and none of ours next to it, a free player moved
  without dice next to it (its tackle zone on the ball square, and a lifter for next turn);
- :func:`long_pick_up`: the ball lifted at less than 20 % but at least :data:`LONG_PICK_UP`,
  late in the turn (after the moves without dice), by one of our :data:`NEAREST` nearest
  free players;
- :func:`close_in`: their carrier on the pitch and fewer than :data:`PRESSERS` of ours next
  to a player beside it: a free player moved without dice next to such a cage player, nearest
  the carrier first, so the next turn has blocks to throw;
- :func:`cage_blitz`: a blitz on a player beside their carrier when it pays as a risky block
  would (a knock-down or push opens the corner the blitzer follows up into).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_ball import REACH_MIN, block_odds_from, dice_text, may_blitz, move_reach
from league_manager.match.bots.coach_hits import blitz_squares
from league_manager.match.engine import Match
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, distance
from league_manager.match.state import STANDING

if TYPE_CHECKING:
    from league_manager.match.bots.coach_bot import CoachBot

NEAREST = 4
"""Our players nearest a loose ball weighed for a long pick-up."""
LONG_PICK_UP = 0.05
"""The least chance of a pick-up tried late in the turn."""
PRESSERS = 2
"""While fewer of ours than this (standing or down) are next to a player beside their carrier,
:func:`close_in` moves one more up."""
CAGE_BLITZ_MIN = 0.3
"""A blitz on a cage player must be worth this (reach x (aggression x (down + push / 2) -
1.6 x own fall)), the risky block's rule."""


def lifter(bot: CoachBot, match: Match, team: int, options: set[Action], least: float) -> tuple[float, int]:
    """(chance, player): the best pick-up of the loose ball among our :data:`NEAREST` nearest
    free players at ``least`` or better; (0, -1) when none."""
    s = match.state
    ball = s.ball
    near = sorted((distance(s.pos[p], ball), p) for p in bot._movers(match, team, options))[:NEAREST]
    best = (0.0, -1)
    for _d, p in near:
        plan = bot._plans(match, p).get(ball)
        if plan is not None and plan.p_with_rerolls >= least and plan.p_with_rerolls > best[0]:
            best = (plan.p_with_rerolls, p)
    return best


def long_pick_up(bot: CoachBot, match: Match, team: int, options: set[Action]) -> Action | None:
    """The loose ball lifted at :data:`LONG_PICK_UP` or better, after the pick-up step (which
    weighs only the nearest players, and at :data:`PICK_UP_MIN`) lifted nothing."""
    s = match.state
    if s.carrier >= 0 or s.ball < 0 or not ON_PITCH[s.ball]:
        return None
    chance, p = lifter(bot, match, team, options, LONG_PICK_UP)
    if p < 0:
        return None
    plan = bot._plans(match, p)[s.ball]
    return bot._start(p, acts.MOVE, plan, reason=f"a long pick-up late in the turn: {chance:.0%}")


def guard_ball(bot: CoachBot, match: Match, team: int, options: set[Action]) -> Action | None:
    """A free player without dice next to the loose ball, when none of ours stands there (the
    player a long pick-up would use stays where it is)."""
    s = match.state
    ball = s.ball
    if s.carrier >= 0 or ball < 0 or not ON_PITCH[ball]:
        return None
    if any((q := s.board[n]) >= 0 and s.team[q] == team and match.ctx.has_tz(q) for n in NEIGHBOURS[ball]):
        return None
    free = [n for n in NEIGHBOURS[ball] if s.board[n] < 0]
    keep = lifter(bot, match, team, options, LONG_PICK_UP)[1]
    choices: list[tuple[int, int, int]] = []
    for p in bot._movers(match, team, options):
        if p == keep or match.ctx.is_marked(s.pos[p], team):
            continue
        reach = bot._free_reach(match, p)
        choices += [(reach[n], p, n) for n in free if n in reach]
    for _steps, p, square in sorted(choices)[:3]:
        plan = bot._sure(match, p, square)
        if plan is not None:
            return bot._start(p, acts.MOVE, plan, reason="next to the loose ball")
    return None


def cage_players(match: Match, carrier: int) -> list[int]:
    """Their standing players next to their carrier, weakest first."""
    s = match.state
    home = s.pos[carrier]
    near = [q for q in s.players_of(s.team[carrier]) if q != carrier and s.pos[q] >= 0]
    near = [q for q in near if s.status[q] == STANDING and distance(s.pos[q], home) == 1]
    return sorted(near, key=lambda q: (s.st[q], q))


def close_in(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """A free player without dice next to a player beside their carrier, nearest the carrier
    first, while fewer than :data:`PRESSERS` of ours stand next to one."""
    s = match.state
    cage = cage_players(match, carrier)
    if not cage or s.status[carrier] != STANDING:
        return None
    pressing = {q for c in cage for n in NEIGHBOURS[s.pos[c]] if (q := s.board[n]) >= 0 and s.team[q] == team}
    if len(pressing) >= PRESSERS:
        return None
    home = s.pos[carrier]
    squares = {n for c in cage for n in NEIGHBOURS[s.pos[c]] if s.board[n] < 0}
    choices: list[tuple[int, int, int, int]] = []
    for p in bot._movers(match, team, options):
        if match.ctx.is_marked(s.pos[p], team):
            continue
        reach = bot._free_reach(match, p)
        choices += [(distance(n, home), reach[n], p, n) for n in squares if n in reach]
    for _d, _steps, p, square in sorted(choices)[:3]:
        plan = bot._sure(match, p, square)
        if plan is not None:
            return bot._start(p, acts.MOVE, plan, reason="close in on their carrier's cage")
    return None


def cage_blitz(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """Blitz a player beside their carrier when reach x (aggression x (down + push / 2) - 1.6 x
    own fall) beats :data:`CAGE_BLITZ_MIN`: the blitzer follows up into the corner it opens."""
    s = match.state
    aggression = bot._weights(match, team)[0]
    blitzers = [p for p in s.players_of(team) if may_blitz(match, p, options)]
    best: tuple[float, int, int, MovePlan | None, str] | None = None
    for foe in cage_players(match, carrier):
        target = s.pos[foe]
        near = [p for p in blitzers if distance(s.pos[p], target) <= move_reach(match, p)]
        near.sort(key=lambda p: (-(s.st[p] - 0.5 * distance(s.pos[p], target)), p))
        for p in near[:3]:
            for reach, square, plan in blitz_squares(bot, match, p, target, REACH_MIN):
                odds = block_odds_from(match, p, foe, square, blitz=True)
                o = odds.outcomes_rr
                own = o.get("attacker_down", 0.0) + o.get("both_down", 0.0)
                gain = aggression * (odds.p_defender_down + 0.5 * odds.p_push_only) - 1.6 * own
                value = reach * gain
                if value > CAGE_BLITZ_MIN and (best is None or value > best[0]):
                    why = f"blitz their carrier's cage: {dice_text(odds)}, {odds.p_defender_down:.0%} down"
                    best = (value, p, foe, plan, why)
    if best is None:
        return None
    _value, p, foe, plan, why = best
    return bot._start(p, acts.BLITZ, plan, foe, reason=why)
