"""Read models of the pre-game's dice for typing physical dice (no database: the UI imports them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league_manager.rules.dice import Roll

__all__ = ["DiceSlot", "PlanningDice", "slots_of"]


@dataclass(frozen=True)
class DiceSlot:
    """One roll of the sequence: what it is for, the die, and how many dice are rolled together.

    ``distinct`` marks rolls whose results must differ (a prayer rolled twice is re-rolled,
    so the coach types the re-roll instead).
    """

    label: str
    sides: int
    count: int = 1
    distinct: bool = False

    @property
    def caption(self) -> str:
        """ "Weather 2D6", "Fan factor Reavers D3"."""
        dice = f"{self.count if self.count > 1 else ''}D{self.sides}"
        return f"{self.label[:1].upper()}{self.label[1:]} {dice}"


class PlanningDice:
    """Dice for the dry run: records each roll asked for and answers a legal result.

    Rolls of the same label get different results (1, 2, 3…) so a sequence that re-rolls
    duplicates (prayers to Nuffle) asks for exactly the dice it needs.
    """

    def __init__(self) -> None:
        self.log: list[Roll] = []
        self.seed = None

    def roll(self, sides: int, label: str = "") -> int:
        """Record the roll and return a result that fits the die."""
        same = sum(1 for r in self.log if r.label == label and r.die == f"D{sides}")
        result = same % sides + 1
        self.log.append(Roll(f"D{sides}", result, label, "plan"))
        return result


def slots_of(rolls: Sequence[Roll]) -> tuple[DiceSlot, ...]:
    """Consecutive rolls of one label and die grouped into one slot ("Weather 2D6")."""
    slots: list[DiceSlot] = []
    for roll in rolls:
        sides = int(roll.die[1:])
        last = slots[-1] if slots else None
        if last is not None and last.label == roll.label and last.sides == sides:
            slots[-1] = DiceSlot(last.label, sides, last.count + 1, last.distinct)
        else:
            slots.append(DiceSlot(roll.label, sides, 1, roll.label.startswith("prayers to nuffle")))
    return tuple(slots)
