"""Read models of what each side may buy before a fixture (no database: the UI imports them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from league_manager.services.match_day.inducements import STAR_GROUP

__all__ = ["InducementOffer", "OfferLine", "SideOffer"]


@dataclass(frozen=True)
class OfferLine:
    """One inducement or star player a team may buy: its price for that team and how many more.

    ``played`` is False for an inducement the board does not play (tabletop only);
    ``refused`` says why the program does not sell it at all (empty when it does).
    """

    name: str
    kind: str
    unit_cost: int
    chosen: int
    may_add: int
    limit: int | None
    why_not: str | None = None
    played: bool = True
    refused: str = ""

    @property
    def is_star(self) -> bool:
        """A star player (hired once)."""
        return self.kind == STAR_GROUP


@dataclass(frozen=True)
class SideOffer:
    """A side's budget and what it may buy, given what both sides have chosen so far."""

    side: str
    team: str
    role: str
    procedure: str
    petty_cash: int
    treasury: int
    budget: int
    spent: int
    lines: tuple[OfferLine, ...] = field(default_factory=tuple)

    @property
    def left(self) -> int:
        """Gold still to spend."""
        return max(0, self.budget - self.spent)


@dataclass(frozen=True)
class InducementOffer:
    """Both sides' offers; ``problem`` is why the current choice would be refused (or None)."""

    fixture_id: int
    sides: Mapping[str, SideOffer]
    problem: str | None = None
