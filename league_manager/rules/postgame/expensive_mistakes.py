"""Post-game step 5: expensive mistakes for a treasury of 100,000 gp or more."""

from __future__ import annotations

from dataclasses import dataclass

from league_manager.rules.dice import Dice
from league_manager.rules.model import ExpensiveMistakes


@dataclass(frozen=True)
class Mistake:
    """The incident, the gold lost and the dice behind it."""

    incident: str
    loss: int
    rolls: tuple[int, ...]


def expensive_mistake(table: ExpensiveMistakes, treasury: int, dice: Dice) -> Mistake:
    """Roll on the table and work out the loss.

    Minor incident: lose D3 x 10,000 gp. Major: lose half the treasury, rounded down
    to 5,000 gp. Catastrophe: keep only 2D6 x 10,000 gp.
    """
    if treasury < table.min_treasury:
        return Mistake("Crisis Averted", 0, ())
    roll = dice.roll(6, "expensive mistakes")
    incident = table.result(treasury, roll)
    if incident == "Minor Incident":
        d3 = dice.roll(3, "minor incident")
        return Mistake(incident, min(treasury, d3 * 10000), (roll, d3))
    if incident == "Major Incident":
        return Mistake(incident, _major(treasury), (roll,))
    if incident == "Catastrophe":
        a, b = dice.roll(6, "catastrophe"), dice.roll(6, "catastrophe")
        keep = (a + b) * 10000
        return Mistake(incident, max(0, treasury - keep), (roll, a, b))
    return Mistake(incident, 0, (roll,))


def _major(treasury: int) -> int:
    """Half the treasury is lost, the loss rounded down to the nearest 5,000 gp."""
    return treasury // 2 // 5000 * 5000
