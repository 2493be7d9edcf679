"""The D66 Serious Injury table and the pre-match niggling-injury check.

Every serious injury means missing the next match; 41-56 add a Niggling Injury and 61-66 a
characteristic loss, ignored when it would go more than 2 below the start or below 1.
Before each match a player rolls one D6 per niggling injury: any 1 and he misses the match.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from league_manager.rules.classic_postmatch.tables import ClassicPostMatch, change_allowed
from league_manager.rules.classic_pregame import roll_d66
from league_manager.rules.dice import Dice


@dataclass(frozen=True, slots=True)
class SeriousInjuryRoll:
    """A D66 serious injury: the result, what it does and whether a characteristic loss applies.

    ``characteristic`` names the characteristic lost (None for miss/niggling results);
    ``applied`` is False when that loss is ignored at its limit.
    """

    d66: int
    name: str
    niggling: bool
    characteristic: str | None
    applied: bool
    miss_next_game: bool = True


@dataclass(frozen=True, slots=True)
class NigglingCheck:
    """One D6 per niggling injury; the player misses the match when any die is a 1."""

    dice: tuple[int, ...]
    misses: bool


def serious_injury_for(
    d66: int, profile: Mapping[str, int], start: Mapping[str, int], tables: ClassicPostMatch
) -> SeriousInjuryRoll:
    """The Serious Injury table's row for a D66 result, given the player's current and starting profile."""
    row = next(r for r in tables.serious_injuries if r.d66.holds(d66))
    if row.effect in ("miss", "niggling"):
        return SeriousInjuryRoll(d66, row.name, row.effect == "niggling", None, True)
    applied = change_allowed(row.effect, -1, profile[row.effect], start[row.effect])
    return SeriousInjuryRoll(d66, row.name, False, row.effect, applied)


def roll_serious_injury(
    dice: Dice, profile: Mapping[str, int], start: Mapping[str, int], tables: ClassicPostMatch
) -> SeriousInjuryRoll:
    """Roll D66 (label ``serious injury``: tens die, then units die) on the Serious Injury table.

    Args:
        dice: where the roll comes from.
        profile: the player's current MA/ST/AG/AV.
        start: the position's starting MA/ST/AG/AV (the limit of a loss).
        tables: the ruleset's post-match tables.
    """
    return serious_injury_for(roll_d66(dice, "serious injury"), profile, start, tables)


def niggling_check(dice: Dice, niggles: int) -> NigglingCheck:
    """Roll for a player's niggling injuries before a match (label ``niggling injury``)."""
    rolled = tuple(dice.roll(6, "niggling injury") for _ in range(niggles))
    return NigglingCheck(rolled, 1 in rolled)
