"""Board overlays and harm odds: tackle zones, pass range bands, armour and injury chances.

Pure reads of the engine's state through its own functions (``Ctx.n_markers``,
``pass_targets``, ``pass_band``, ``assists``, ``injury_result``); nothing changes the match.
"""

from __future__ import annotations

from dataclasses import dataclass

from league_manager.match.core import Ctx
from league_manager.match.engine import Match
from league_manager.match.pitch import PITCH_SQUARES, SIZE, pass_band
from league_manager.match.procedures.block import assists
from league_manager.match.procedures.injury import BH, CAS_R, KO_R, STUNNED_R, injury_result
from league_manager.match.procedures.pass_ import pass_targets
from league_manager.match.skills import points


def _ctx(source: Match | Ctx) -> Ctx:
    return source.ctx if isinstance(source, Match) else source


def tackle_zones(source: Match | Ctx, team: int) -> list[int]:
    """How many players of ``team`` mark each square (indexed by square, 0 off the pitch)."""
    c = _ctx(source)
    counts = [0] * SIZE
    other = 1 - team
    for square in PITCH_SQUARES:
        counts[square] = c.n_markers(square, other)
    return counts


def pass_bands(source: Match | Ctx, thrower: int) -> dict[int, int]:
    """Range band (1 Quick … 4 Long Bomb) of every square ``thrower`` may pass to from here."""
    c = _ctx(source)
    origin = c.s.pos[thrower]
    if origin < 0:
        return {}
    return {square: pass_band(origin, square) for square in pass_targets(c, thrower)}


@dataclass(frozen=True, slots=True)
class HarmOdds:
    """Chances of an armour roll against a player and of what the injury roll gives.

    Attributes:
        armour_need: the 2D6 total that breaks armour after modifiers (AV).
        p_break: chance the armour breaks; p_stunned, p_ko, p_casualty: chance of each
            injury result (they add up to ``p_break``).
        p_sent_off: for a foul, chance the referee spots doubles (before any bribe).
    """

    armour_need: int
    p_break: float
    p_stunned: float
    p_ko: float
    p_casualty: float
    p_sent_off: float = 0.0


def harm_odds(source: Match | Ctx, victim: int, by: int = -1, foul: bool = False) -> HarmOdds:
    """Armour and injury chances when ``by`` knocks ``victim`` down, or fouls them.

    The bonus skills of ``by`` (Mighty Blow on a knock-down, Dirty Player on a foul) go on
    the armour roll when that breaks it, else on the injury roll, as the engine applies them;
    a foul adds the offensive minus the defensive assists to the armour roll.
    """
    c = _ctx(source)
    s = c.s
    bonus = 0
    modifier = 0
    if by >= 0:
        point = points.FOUL_BONUS if foul else points.ARMOUR_OR_INJURY_BONUS
        bonus = sum(int(fn(c.param(by, skill))) for skill, fn in c.hook(by, point))
        if foul:
            modifier = assists(c, s.team[by], victim, by) - assists(c, s.team[victim], by, victim)
    av = s.av[victim]
    chances = {STUNNED_R: 0.0, KO_R: 0.0, CAS_R: 0.0}
    p_break = p_spotted = 0.0
    for a1 in range(1, 7):
        for a2 in range(1, 7):
            total = a1 + a2 + modifier
            used = total < av and bonus and total + bonus >= av
            if used:
                total += bonus
            if total < av:
                p_spotted += (a1 == a2) / 36
                continue
            p_break += 1 / 36
            for i1 in range(1, 7):
                for i2 in range(1, 7):
                    result = injury_result(c, victim, i1 + i2 + (0 if used else bonus))
                    key = CAS_R if result in (BH, CAS_R) else result
                    chances[key] = chances.get(key, 0.0) + 1 / 36 / 36
                    p_spotted += (a1 == a2 or i1 == i2) / 36 / 36
    return HarmOdds(
        armour_need=av - modifier,
        p_break=p_break,
        p_stunned=chances[STUNNED_R],
        p_ko=chances[KO_R],
        p_casualty=chances[CAS_R],
        p_sent_off=p_spotted if foul else 0.0,
    )
