"""Post-match step 1 (treasury phase): D6 + the Match Winnings modifier (+1 for a win) x 10,000 gp.

The modifier is read from the gate row and the team's own rating column; a modified score
below 0 counts as 0 (no money lost). When one coach concedes, the winner takes the loser's
money as well (:func:`settle_winnings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic_postmatch.tables import WinningsTable
from league_manager.rules.dice import Dice


@dataclass(frozen=True, slots=True)
class WinningsRoll:
    """One team's winnings roll: the dice, the table modifier, the win bonus and the gold earned."""

    dice: tuple[int, ...]
    modifier: int
    won_bonus: int
    score: int
    bonus: int
    gold: int


def winnings_modifier(gate: int, rating: int, table: WinningsTable) -> int:
    """The Match Winnings table's D6 modifier for a gate (fans) and the team's own rating.

    Raises:
        RuleViolation: the gate or rating is negative.
    """
    if gate < 0 or rating < 0:
        raise RuleViolation("winnings", f"gate {gate} and rating {rating} cannot be negative")
    column = next(i for i, band in enumerate(table.rating_columns) if band.holds(rating))
    return next(mods[column] for band, mods in table.gate_rows if band.holds(gate))


def roll_winnings(
    dice: Dice,
    gate: int,
    rating: int,
    won: bool,
    table: WinningsTable,
    *,
    dice_count: int = 1,
    bonus: int = 0,
) -> WinningsRoll:
    """Roll a team's match winnings.

    Args:
        dice: where the roll comes from (label ``winnings``).
        gate: the match's gate in fans.
        rating: the team's own team rating.
        won: the team won the match (a conceded match counts as won by the other side).
        table: the ruleset's Match Winnings table.
        dice_count: 2 under the News Feature handicap (2D6 instead of D6).
        bonus: gold added after the table (the Sponsorship Deal handicap's 10,000 gp).
    """
    rolled = tuple(dice.roll(6, "winnings") for _ in range(dice_count))
    modifier = winnings_modifier(gate, rating, table)
    won_bonus = table.won_match if won else 0
    score = max(0, sum(rolled) + modifier + won_bonus)
    return WinningsRoll(rolled, modifier, won_bonus, score, bonus, score * table.unit + bonus)


def settle_winnings(rolls: Mapping[str, WinningsRoll], conceded_by: str | None = None) -> dict[str, int]:
    """The gold each side adds to its treasury; a conceding side's money goes to the winner.

    Args:
        rolls: each side's winnings roll (two entries).
        conceded_by: the side that conceded, or None.

    Raises:
        RuleViolation: ``conceded_by`` is not one of the sides.
    """
    gold = {side: roll.gold for side, roll in rolls.items()}
    if conceded_by is None:
        return gold
    if conceded_by not in gold or len(gold) != 2:
        raise RuleViolation("conceding", f"'{conceded_by}' is not a side of this match")
    (winner,) = (side for side in gold if side != conceded_by)
    gold[winner] += gold[conceded_by]
    gold[conceded_by] = 0
    return gold
