"""Dice: every roll the program makes goes through a ``Dice`` (seeded or scripted, recorded)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from league_manager.core.errors import LeagueError

BLOCK_FACES: tuple[str, ...] = (
    "Player Down",
    "Both Down",
    "Push Back",
    "Push Back",
    "Stumble",
    "POW",
)
"""Block die faces by D6 result (1-6): the block die is a D6 with these faces."""


@dataclass(frozen=True, slots=True)
class Roll:
    """One recorded roll: the die, why it was rolled, the result and where it came from."""

    die: str
    result: int
    label: str = ""
    source: str = "program"  # "program", "script" or "typed"


class DiceExhausted(LeagueError):
    """A scripted dice sequence ran out."""


class DiceMismatch(LeagueError):
    """A scripted roll was labelled for another roll type or die."""


class Dice(Protocol):
    """Where every random number comes from."""

    log: list[Roll]

    def roll(self, sides: int, label: str = "") -> int:
        """Roll one die with ``sides`` faces (3, 6, 8, 16) and record it."""
        ...


def d6(dice: Dice, label: str = "") -> int:
    """Roll a D6."""
    return dice.roll(6, label)


def two_d6(dice: Dice, label: str = "") -> tuple[int, int]:
    """Roll 2D6 and return both dice."""
    return dice.roll(6, label), dice.roll(6, label)


def block_die(dice: Dice, label: str = "block") -> str:
    """Roll one block die and return its face name."""
    return BLOCK_FACES[dice.roll(6, label) - 1]


class SeededDice:
    """Pseudo-random dice from a seed; the same seed gives the same rolls."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self._random = random.Random(self.seed)
        self.log: list[Roll] = []

    def roll(self, sides: int, label: str = "") -> int:
        """Roll one die and record it."""
        result = self._random.randint(1, sides)
        self.log.append(Roll(f"D{sides}", result, label, "program"))
        return result

    def getstate(self) -> object:
        """The generator state (for snapshots)."""
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        """Restore a state from :meth:`getstate`."""
        self._random.setstate(state)  # type: ignore[arg-type]


class ScriptedDice:
    """Dice that return a fixed sequence, for tests and typed-in tabletop rolls.

    Each entry is a result, or ``(result, label)`` when the roll type must match:
    a labelled entry used for another label raises :class:`DiceMismatch`.
    """

    def __init__(self, results: list[int | tuple[int, str]], source: str = "script") -> None:
        self._results = list(results)
        self._next = 0
        self.source = source
        self.log: list[Roll] = []

    @property
    def remaining(self) -> int:
        """How many scripted results are still unused."""
        return len(self._results) - self._next

    def roll(self, sides: int, label: str = "") -> int:
        """Return the next scripted result."""
        if self._next >= len(self._results):
            raise DiceExhausted(f"dice script ran out at roll {self._next + 1} (D{sides} {label})")
        entry = self._results[self._next]
        expected_label = ""
        if isinstance(entry, tuple):
            result, expected_label = entry
        else:
            result = entry
        if expected_label and label and expected_label != label:
            raise DiceMismatch(
                f"roll {self._next + 1}: script expects '{expected_label}', engine rolled '{label}'"
            )
        if not 1 <= result <= sides:
            raise DiceMismatch(f"roll {self._next + 1}: {result} is not a D{sides} result")
        self._next += 1
        self.log.append(Roll(f"D{sides}", result, label, self.source))
        return result


TypedSource = Callable[[int, str], int | None]
"""Asks for a physical roll: ``(sides, label) -> result``, or None to let the program roll."""


class TypedRollRefused(LeagueError):
    """A typed roll is not a result of the die it was typed for; the roll did not happen."""


def typed_roll_problem(sides: int, value: int) -> str | None:
    """Why ``value`` cannot be a roll of a die with ``sides`` faces (None when it can)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        return f"{value!r} is not a D{sides} result (1-{sides})"
    return None


class BoardDice:
    """The match board's dice: rolled by the program from a seed, or typed from physical dice.

    The board sets :attr:`typed_source`; each roll asks it first, and a result it gives is
    used instead of a program roll (the seeded generator does not advance, so the program's
    rolls after it are the ones it would have made anyway). Typed rolls are kept by their
    index in the match's roll sequence (:attr:`typed`), which with the seed reproduces the
    match exactly. Every roll is logged with its source ("program" or "typed").
    """

    def __init__(self, seed: int | None = None, typed: dict[int, int] | None = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self._random = random.Random(self.seed)
        self.log: list[Roll] = []
        self.typed: dict[int, int] = dict(typed or {})
        self.typed_source: TypedSource | None = None
        self._asking = True

    def roll(self, sides: int, label: str = "") -> int:
        """Roll one die (replaying a typed result at this index, else asking, else seeded).

        Raises:
            TypedRollRefused: the typed result is not a result of this die.
        """
        index = len(self.log)
        value = self.typed.get(index)
        if value is None and self._asking and self.typed_source is not None:
            value = self.typed_source(sides, label)
        if value is None:
            result = self._random.randint(1, sides)
            self.log.append(Roll(f"D{sides}", result, label, "program"))
            return result
        problem = typed_roll_problem(sides, value)
        if problem is not None:
            self.typed.pop(index, None)
            raise TypedRollRefused(f"roll {index + 1} ({label or 'roll'}): {problem}")
        self.typed[index] = value
        self.log.append(Roll(f"D{sides}", value, label, "typed"))
        return value

    @contextmanager
    def replaying(self) -> Iterator[None]:
        """Re-make rolls already made (an undo's replay): typed ones come from :attr:`typed`,
        nobody is asked; afterwards typed rolls past the end of the log are forgotten.
        """
        asking, self._asking = self._asking, False
        try:
            yield
        finally:
            self._asking = asking
            self.forget_after(len(self.log))

    def forget_after(self, count: int) -> None:
        """Drop typed rolls from index ``count`` on (they were taken back)."""
        self.typed = {i: v for i, v in self.typed.items() if i < count}

    def restart(self) -> None:
        """Back to the first roll (for a replay from the start): typed rolls are kept."""
        self._random = random.Random(self.seed)
        self.log = []

    def getstate(self) -> object:
        """The generator state (for snapshots)."""
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        """Restore a state from :meth:`getstate`."""
        self._random.setstate(state)  # type: ignore[arg-type]
