"""Post-match step 3: the Fan Factor roll (D6 + modifiers; 1 or less: -1, 6 or more: +1).

An unmodified 1 always counts as 1 and an unmodified 6 as 6. A team that conceded loses one
point and does not roll; its opponent adds +2. Fan factor never drops below 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from league_manager.rules.classic_postmatch.tables import Conceding, FanFactorRules
from league_manager.rules.dice import Dice

Result = Literal["won", "drawn", "lost"]
Stage = Literal["semi_final", "final"]


@dataclass(frozen=True, slots=True)
class FanFactorInput:
    """What the roll depends on: the roster fan factor and the match as this team saw it.

    ``casualties`` counts only those that earned SPP (inflicted by blocks), as the FAQ says.
    """

    fan_factor: int
    result: Result
    touchdowns: int
    casualties: int
    stage: Stage | None = None
    conceded: bool = False
    opponent_conceded: bool = False


@dataclass(frozen=True, slots=True)
class FanFactorRoll:
    """The roll (None when conceding: no roll), each modifier by name, the change and the new value."""

    die: int | None
    modifiers: tuple[tuple[str, int], ...]
    score: int | None
    change: int
    fan_factor: int


def fan_factor_modifiers(
    match: FanFactorInput, rules: FanFactorRules, conceding: Conceding
) -> list[tuple[str, int]]:
    """The named modifiers that apply to a team's Fan Factor roll."""
    mods: list[tuple[str, int]] = []
    if match.result == "won":
        mods.append(("won the match", rules.won))
    elif match.result == "lost":
        mods.append(("lost the match", rules.lost))
    if match.touchdowns >= 2:
        mods.append(("scored 2+ touchdowns", rules.two_touchdowns))
    if match.casualties >= 2:
        mods.append(("inflicted 2+ casualties", rules.two_casualties))
    if match.stage == "semi_final":
        mods.append(("tournament semi-final", rules.semi_final))
    elif match.stage == "final":
        mods.append(("tournament final", rules.final))
    tens = match.fan_factor // 10
    if tens:
        mods.append((f"fan factor {match.fan_factor}", tens * rules.per_ten_fan_factor))
    if match.opponent_conceded:
        mods.append(("opponent conceded", conceding.winner_fan_factor_bonus))
    return mods


def roll_fan_factor(
    dice: Dice, match: FanFactorInput, rules: FanFactorRules, conceding: Conceding
) -> FanFactorRoll:
    """Roll for a team's new fan factor (label ``fan factor``); a conceding team does not roll.

    Args:
        dice: where the roll comes from.
        match: the team's fan factor and match result.
        rules: the Fan Factor table and modifiers.
        conceding: the conceding rules (the loser's automatic loss, the winner's bonus).
    """
    if match.conceded:
        new = max(rules.minimum, match.fan_factor + conceding.loser_fan_factor)
        return FanFactorRoll(None, (), None, new - match.fan_factor, new)
    die = dice.roll(6, "fan factor")
    mods = tuple(fan_factor_modifiers(match, rules, conceding))
    score = die + sum(value for _, value in mods)
    if die == 1 or (die != 6 and score <= rules.down_at_most):
        change = -1
    elif die == 6 or score >= rules.up_at_least:
        change = 1
    else:
        change = 0
    new = max(rules.minimum, match.fan_factor + change)
    return FanFactorRoll(die, mods, score, new - match.fan_factor, new)
