"""Post-game step 2: dedicated fans go up for a winner, down for a loser, by a D6 against them."""

from __future__ import annotations

from league_manager.rules.dice import Dice


def fans_change(
    outcome: str, dedicated_fans: int, dice: Dice, *, minimum: int = 1, maximum: int = 7
) -> tuple[int, int | None]:
    """Roll for a team's dedicated fans after a fixture.

    Args:
        outcome: "won", "lost", "drawn" or "conceded".
        dedicated_fans: the current number.
        dice: where the roll comes from.
        minimum: fans never drop below this (1).
        maximum: the practical ceiling (7).

    Returns:
        (change, roll) — roll is None when no die was rolled.
    """
    if outcome == "drawn":
        return 0, None
    if outcome == "conceded":
        roll = dice.roll(3, "dedicated fans: concession")
        return -min(roll, max(0, dedicated_fans - minimum)), roll
    roll = dice.roll(6, "dedicated fans")
    if outcome == "won":
        return (1 if roll >= dedicated_fans and dedicated_fans < maximum else 0), roll
    return (-1 if roll < dedicated_fans and dedicated_fans > minimum else 0), roll
