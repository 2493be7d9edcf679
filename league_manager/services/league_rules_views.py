"""Read models of the league rules (adjustments, overdue fixtures): plain data for CLI and UI."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

KIND_WORDS = {
    "points": "league points",
    "gold": "gold",
    "fans": "Dedicated Fans",
    "spp": "SPP",
    "value": "value",
}


@dataclass(frozen=True)
class AdjustmentView:
    """One row of a team's adjustments ledger (the team page and ``adjust --json``)."""

    id: int
    team: str
    kind: str
    amount: int
    player: str | None
    season: str | None
    reason: str
    made_by: str
    when: datetime
    undoes: int | None
    undone_by: int | None

    def describe(self) -> str:
        """The adjustment in plain words ("+2 league points (Year 1)")."""
        unit = KIND_WORDS[self.kind]
        amount = (
            f"{self.amount:+,} gp{'' if self.kind == 'gold' else ' value'}"
            if self.kind in {"gold", "value"}
            else f"{self.amount:+d} {unit}"
        )
        where = f" for {self.player}" if self.player else f" ({self.season})" if self.season else ""
        undo = f", undoes #{self.undoes}" if self.undoes else ""
        return f"{amount}{where}{undo}"


@dataclass(frozen=True)
class OverdueFixture:
    """A fixture unplayed past its deadline (the enforcement list)."""

    fixture_id: int
    label: str
    round_name: str
    deadline: date
    days_over: int
    no_show: tuple[str, ...] = ()
