"""Pre-game step 5: Prayers to Nuffle for the underdog, one per full 50,000 gp of CTV gap."""

from __future__ import annotations

from league_manager.rules.dice import Dice
from league_manager.rules.model import Prayer, Ruleset


def prayers_owed(ctv_gap: int, gap_per_prayer: int) -> int:
    """How many prayers the underdog rolls for a CTV difference (after inducements)."""
    return max(0, abs(ctv_gap)) // gap_per_prayer


def roll_prayers(ruleset: Ruleset, count: int, dice: Dice) -> list[Prayer]:
    """Roll ``count`` different prayers on the D16 table; duplicates are re-rolled."""
    by_roll = {p.roll: p for p in ruleset.prayers}
    count = min(count, len(by_roll))
    chosen: list[Prayer] = []
    while len(chosen) < count:
        prayer = by_roll[dice.roll(16, "prayers to nuffle")]
        if prayer not in chosen:
            chosen.append(prayer)
    return chosen
