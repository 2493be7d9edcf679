"""Conceding: each player of the conceding team with 51+ SPP leaves on a D6 roll of 1-3.

(The money, MVP and fan-factor side of conceding lives with those steps: ``winnings``,
``spp.mvp_count`` and ``fan_factor``.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league_manager.rules.classic_postmatch.tables import Conceding
from league_manager.rules.dice import Dice


@dataclass(frozen=True, slots=True)
class VeteranRoll:
    """One veteran's roll after his team conceded: the die and whether he leaves the team."""

    player: str
    spp: int
    die: int
    leaves: bool


def veterans_leaving(
    dice: Dice, players: Sequence[tuple[str, int]], rules: Conceding
) -> tuple[VeteranRoll, ...]:
    """Roll for every player of a conceding team with enough SPP (label ``veteran leaves``).

    Args:
        dice: where the rolls come from, one D6 per veteran in roster order.
        players: ``(player id, SPP)`` for the conceding team's roster.
        rules: the conceding rules (SPP threshold and the highest roll that leaves).
    """
    rolls: list[VeteranRoll] = []
    for player, spp in players:
        if spp >= rules.veteran_spp:
            die = dice.roll(6, "veteran leaves")
            rolls.append(VeteranRoll(player, spp, die, die <= rules.leaves_on_at_most))
    return tuple(rolls)
