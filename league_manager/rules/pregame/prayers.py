"""Pre-game step 5: Prayers to Nuffle for the underdog (one per full 50,000 gp of CTV gap),
or, in Season 3, the prayers each team bought as an inducement."""

from __future__ import annotations

from league_manager.rules.dice import Dice
from league_manager.rules.model import Prayer, Ruleset


def prayers_owed(ctv_gap: int, gap_per_prayer: int) -> int:
    """How many prayers the underdog rolls for a CTV difference (after inducements)."""
    return max(0, abs(ctv_gap)) // gap_per_prayer


def roll_prayers(ruleset: Ruleset, count: int, dice: Dice, label: str = "prayers to nuffle") -> list[Prayer]:
    """Roll ``count`` different prayers on the D16 table; duplicates are re-rolled.

    Args:
        ruleset: whose table is rolled on.
        count: how many prayers (at most the table's size).
        dice: the match day's dice.
        label: the rolls' label (Season 3 names the side whose bought prayers they are).
    """
    by_roll = {p.roll: p for p in ruleset.prayers}
    count = min(count, len(by_roll))
    chosen: list[Prayer] = []
    while len(chosen) < count:
        prayer = by_roll[dice.roll(16, label)]
        if prayer not in chosen:
            chosen.append(prayer)
    return chosen
