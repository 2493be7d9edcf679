"""Pre-game step 1: fan factor = D3 + dedicated fans, per team."""

from __future__ import annotations

from league_manager.rules.dice import Dice


def roll_d3(dice: Dice, label: str) -> int:
    """A D3 (a D6 halved, rounded up), recorded as the D3 it is."""
    return dice.roll(3, label)


def fan_factor(dice: Dice, dedicated_fans: int, team: str = "") -> tuple[int, int]:
    """Roll a team's fair-weather fans.

    Returns:
        (D3 result, fan factor).
    """
    fair_weather = roll_d3(dice, f"fan factor {team}".strip())
    return fair_weather, fair_weather + dedicated_fans
