"""Read models of the match day's dice for typing physical dice (no database: the UI imports them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league_manager.rules.dice import Roll

__all__ = ["DiceSlot", "PlanningDice", "about", "slots_of"]

WORDS = {"mvp": "MVP", "mvp block": "MVP block", "mvp nominee": "MVP nominee"}
"""Roll labels shown otherwise on screen."""


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

    The results typed so far come first (clamped to the die), so rolls that depend on them
    (an expensive mistake's follow-up, an MVP roll past the list) are planned from them.
    After those, rolls of the same label get different results (1, 2, 3…) so a sequence
    that re-rolls duplicates (prayers to Nuffle) asks for exactly the dice it needs.
    ``context`` (the team or player a roll is for) is kept next to each roll for captions.
    """

    def __init__(self, typed: Sequence[int] = ()) -> None:
        self.log: list[Roll] = []
        self.contexts: list[str] = []
        self.context = ""
        self.seed = None
        self._typed = list(typed)

    def roll(self, sides: int, label: str = "") -> int:
        """Record the roll and return a result that fits the die."""
        if self._typed:
            result = min(max(self._typed.pop(0), 1), sides)
        else:
            same = sum(1 for r in self.log if r.label == label and r.die == f"D{sides}")
            result = same % sides + 1
        self.log.append(Roll(f"D{sides}", result, label, "plan"))
        self.contexts.append(self.context)
        return result


def about(dice: object, context: str) -> None:
    """Name what the next rolls are for ("Reavers"), for planning dice only (records keep their labels)."""
    if isinstance(dice, PlanningDice):
        dice.context = context


def slots_of(rolls: Sequence[Roll], contexts: Sequence[str] = ()) -> tuple[DiceSlot, ...]:
    """Consecutive rolls of one label, context and die grouped into one slot ("Weather 2D6")."""
    slots: list[DiceSlot] = []
    for i, roll in enumerate(rolls):
        sides = int(roll.die[1:])
        context = contexts[i] if i < len(contexts) else ""
        word = WORDS.get(roll.label, roll.label)
        name = f"{word}, {context}" if context else word
        last = slots[-1] if slots else None
        if last is not None and last.label == name and last.sides == sides:
            slots[-1] = DiceSlot(last.label, sides, last.count + 1, last.distinct)
        else:
            slots.append(DiceSlot(name, sides, 1, roll.label.startswith("prayers to nuffle")))
    return tuple(slots)
