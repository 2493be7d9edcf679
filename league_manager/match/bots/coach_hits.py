"""The coach's blocks and its blitz on their carrier.

Each function is one step of :class:`~league_manager.match.bots.coach_bot.CoachBot`'s script:
it returns the action that starts the activation (the bot keeps the plan) or None.

- :func:`blocks`: the best block of a player already next to an opponent; ``risky=False``
  takes only blocks that can hardly turn the ball over (own fall at most 4 %, a knock-down
  at least 30 %), ``risky=True`` any block worth more than its own fall (weighted by the
  race's aggression);
- :func:`blitz`: a blitz on their carrier, each blitzer valued from the best square it
  reaches next to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_ball import REACH_MIN, block_odds_from, dice_text, may_blitz, move_reach
from league_manager.match.bots.coach_carrier import SURE
from league_manager.match.bots.coach_drive import threatens
from league_manager.match.engine import Match
from league_manager.match.odds import BlockOdds, block_odds
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import NEIGHBOURS, distance
from league_manager.match.state import STANDING, TURNS_PER_HALF

if TYPE_CHECKING:
    from league_manager.match.bots.coach_bot import CoachBot

BLITZ_MIN = 0.25
"""A blitz on their carrier must be worth this much (reach x (down + push / 2) - own fall / 2) ..."""
BLITZ_LATE = 0.0
"""... or more than this late in the half or when their carrier threatens to score ..."""
REACH_LATE = 0.3
"""... from a square the blitzer then reaches at least this likely (else :data:`REACH_MIN`)."""


def blocks(bot: CoachBot, match: Match, team: int, options: set[Action], risky: bool) -> Action | None:
    """The best block by a player next to an opponent (their carrier counts double, a marker
    of our carrier more), safe ones only unless ``risky``."""
    s = match.state
    aggression = bot._weights(match, team)[0]
    best: tuple[float, int, int, BlockOdds] | None = None
    for p in s.players_of(team):
        if Action(acts.ACTIVATE[acts.BLOCK], p) not in options or s.status[p] != STANDING:
            continue
        if p == s.carrier:
            continue
        for foe in match.ctx.markers(s.pos[p], team):
            odds = block_odds(match.ctx, p, foe, blitz=False)
            o = odds.outcomes_rr
            down = odds.p_defender_down
            own = o.get("attacker_down", 0.0) + o.get("both_down", 0.0)
            if foe == s.carrier:
                down *= 2
            elif s.carrier >= 0 and s.team[s.carrier] == team and distance(s.pos[foe], s.pos[s.carrier]) == 1:
                down += 0.25  # frees our carrier
            if risky:
                value = aggression * down - 1.6 * own
                ok = value > 0.3
            else:
                value = down - own
                ok = own <= 0.04 and down >= 0.3
            if ok and (best is None or value > best[0]):
                best = (value, p, foe, odds)
    if best is None:
        return None
    label = "block" if risky else "safe block"
    why = f"{label}: {dice_text(best[3])}, {best[3].p_defender_down:.0%} down"
    return bot._start(best[1], acts.BLOCK, None, best[2], reason=why)


def blitz(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """Blitz their carrier, each blitzer valued from the best square it reaches next to it
    (assists change with the square): reach x (knock-down + half a push) - own fall; in the
    last two turns of our half, or when their carrier could score next turn, any blitz
    worth more than nothing, from squares reached less surely (:data:`BLITZ_LATE`)."""
    s = match.state
    target_sq = s.pos[carrier]
    if s.status[carrier] != STANDING:
        return None
    aggression = bot._weights(match, team)[0]

    def pay(p: int, square: int) -> tuple[float, BlockOdds]:
        odds = block_odds_from(match, p, carrier, square, blitz=True)
        down = odds.p_defender_down + 0.5 * odds.p_push_only
        return aggression * down - 0.5 * odds.outcomes_rr.get("attacker_down", 0.0), odds

    late = s.turn[team] >= TURNS_PER_HALF - 1 or threatens(match, carrier)
    least, reach_min = (BLITZ_LATE, REACH_LATE) if late else (BLITZ_MIN, REACH_MIN)
    ranked: list[tuple[float, int]] = []
    for p in s.players_of(team):
        if not may_blitz(match, p, options):
            continue
        if distance(s.pos[p], target_sq) > move_reach(match, p):
            continue
        ranked.append((s.st[p] - 0.5 * distance(s.pos[p], target_sq), p))
    ranked.sort(reverse=True)
    best: tuple[float, int, MovePlan | None, float, BlockOdds] | None = None
    for _rank, p in ranked[:4]:
        for reach, square, plan in blitz_squares(bot, match, p, target_sq, reach_min):
            gain, odds = pay(p, square)
            value = reach * gain
            if value > least and (best is None or value > best[0]):
                best = (value, p, plan, reach, odds)
    if best is None:
        return None
    head = "blitz the carrier" if best[0] > BLITZ_MIN else "no time to wait: blitz the carrier anyway"
    why = f"{head}: {dice_text(best[4])}, {best[4].p_defender_down:.0%} down"
    if best[3] < SURE:
        why += f", reaching them {best[3]:.0%}"
    return bot._start(best[1], acts.BLITZ, best[2], carrier, reason=why)


def blitz_squares(
    bot: CoachBot, match: Match, p: int, target_sq: int, reach_min: float
) -> list[tuple[float, int, MovePlan | None]]:
    """Where p can throw a Blitz's block on the player at ``target_sq``, as (chance to get
    there, square, walk): its own square when next to it (no walk), else each square beside it
    its walk reaches at ``reach_min`` or better, the block's square of movement kept back."""
    s = match.state
    if distance(s.pos[p], target_sq) == 1:
        return [(1.0, s.pos[p], None)]
    plans = bot._plans(match, p, blitz=True)
    return [
        (plans[n].p_with_rerolls, n, plans[n])
        for n in NEIGHBOURS[target_sq]
        if n in plans and plans[n].p_with_rerolls >= reach_min
    ]
