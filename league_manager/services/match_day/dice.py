"""Dice for match day: typed-in physical dice first, then program dice, each roll recorded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from league_manager.core.errors import RuleViolation
from league_manager.rules.dice import Roll, SeededDice


class MatchDayDice:
    """Rolls typed-in results while there are some, then seeded program rolls.

    Every roll lands in ``log`` with its source, "typed" or "program", so the record
    says which dice were physical. A typed result that does not fit the die (a 5 for a
    D3) is refused with a message naming the roll. With ``all_typed`` every roll must be
    typed: running out is refused (naming the roll) instead of rolling the rest.
    """

    def __init__(
        self, seed: int | None = None, typed: Sequence[int] = (), *, all_typed: bool = False
    ) -> None:
        self._program = SeededDice(seed)
        self.seed = self._program.seed
        self._typed = list(typed)
        self.all_typed = all_typed
        self.log: list[Roll] = []

    @property
    def typed_left(self) -> int:
        """Typed results not used yet."""
        return len(self._typed)

    def check_all_used(self) -> None:
        """Refuse a step that left typed results unused (the list was longer than its rolls).

        Raises:
            RuleViolation: typed results are left over.
        """
        if self._typed:
            raise RuleViolation("dice", f"{len(self._typed)} typed roll(s) were left over; check the list")

    def roll(self, sides: int, label: str = "") -> int:
        """Roll one die (the next typed result, else the program's) and record it."""
        if self._typed:
            result = self._typed.pop(0)
            if not 1 <= result <= sides:
                number = len(self.log) + 1
                raise RuleViolation(
                    "dice", f"typed roll {number} ({label or 'roll'}) is {result}: not a D{sides}"
                )
            self.log.append(Roll(f"D{sides}", result, label, "typed"))
            return result
        if self.all_typed:
            number = len(self.log) + 1
            raise RuleViolation(
                "dice", f"roll {number} ({label or 'roll'}, a D{sides}) was not typed in; type every die"
            )
        result = self._program.roll(sides, label)
        self.log.append(Roll(f"D{sides}", result, label, "program"))
        return result


def roll_dicts(rolls: Sequence[Roll]) -> list[dict[str, Any]]:
    """Rolls as plain data for the match-day record."""
    return [{"die": r.die, "result": r.result, "label": r.label, "source": r.source} for r in rolls]


def parse_typed(text: str | None) -> list[int]:
    """Typed dice from the command line: "3,4,6" or "3 4 6".

    Raises:
        RuleViolation: something that is not a whole number.
    """
    if not text:
        return []
    parts = text.replace(",", " ").split()
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise RuleViolation("dice", f"typed dice must be numbers separated by commas, not '{text}'") from None
