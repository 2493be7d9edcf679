"""The classic (LRB 2004) gate with the handicap results that change a fan factor for the match.

The seed's pre-match rolls the gate (step 3) before the handicaps (steps 4-5), one die per point
of the two fan factors. Bad Press and Team Anthem then change a team's fan factor "for this
match", so the gate already rolled follows at once: each team's dice are its own (home's first),
Bad Press keeps only as many of the opponent's dice as its halved (rounded up) fan factor, and
Team Anthem rolls one more die (label ``gate``) for the team that rolled it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from league_manager.rules.classic_handicaps.match_day import match_fan_factor
from league_manager.rules.dice import Dice

SIDES = ("home", "away")


@dataclass(frozen=True, slots=True)
class MatchGate:
    """The gate after the handicaps: per side the match fan factor, the dice that count, the dice
    Bad Press took away and the dice Team Anthem added; ``fans`` the match's gate."""

    fan_factors: Mapping[str, int]
    dice: Mapping[str, tuple[int, ...]]
    dropped: Mapping[str, tuple[int, ...]]
    added: Mapping[str, tuple[int, ...]]
    fans: int


def roll_gate_dice(dice: Dice, fan_factors: Mapping[str, int], die: int) -> dict[str, tuple[int, ...]]:
    """The gate's dice per side: one ``die`` (label ``gate``) per fan factor point, home's first."""
    return {side: tuple(dice.roll(die, "gate") for _ in range(fan_factors[side])) for side in SIDES}


def match_gate(
    dice: Dice,
    rolled: Mapping[str, tuple[int, ...]],
    fan_factors: Mapping[str, int],
    handicaps: Mapping[str, Collection[int]],
    *,
    die: int,
    fans_per_pip: int,
) -> MatchGate:
    """Apply Bad Press and Team Anthem to the gate already rolled.

    Args:
        dice: where Team Anthem's extra die comes from (home's first).
        rolled: each side's gate dice as rolled from the roster fan factors.
        fan_factors: each side's roster fan factor.
        handicaps: each side's own handicap results (D66 numbers).
        die: the gate die (a D6).
        fans_per_pip: fans per pip of the dice (1,000).
    """
    match: dict[str, int] = {}
    kept: dict[str, tuple[int, ...]] = {}
    dropped: dict[str, tuple[int, ...]] = {}
    added: dict[str, tuple[int, ...]] = {}
    for side in SIDES:
        other = SIDES[1 - SIDES.index(side)]
        match[side] = match_fan_factor(fan_factors[side], handicaps[side], handicaps[other])
        own = rolled[side]
        extra = tuple(dice.roll(die, "gate") for _ in range(max(0, match[side] - len(own))))
        kept[side] = own[: match[side]] + extra
        dropped[side] = own[match[side] :]
        added[side] = extra
    fans = sum(sum(kept[side]) for side in SIDES) * fans_per_pip
    return MatchGate(match, kept, dropped, added, fans)
