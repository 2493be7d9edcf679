"""Read models of the season's end: play-off qualifiers and a close (no database imports, for the GUI)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league_manager.core.money import format_gold


@dataclass(frozen=True, slots=True)
class QualifierView:
    """One qualified team as the CLI and GUI show it."""

    seed: int
    team_id: int
    team: str
    division: str | None
    division_rank: int
    route: str
    overridden: bool
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seed": self.seed, "team_id": self.team_id, "team": self.team, "division": self.division,
            "division_rank": self.division_rank, "route": self.route, "overridden": self.overridden,
            "reason": self.reason,
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class PlayoffsView:
    """A season's play-off qualifiers in seed order and how they were chosen."""

    season: str
    season_id: int
    rule: str
    qualifiers: tuple[QualifierView, ...]
    scheduled: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "season": self.season, "season_id": self.season_id, "rule": self.rule,
            "scheduled": self.scheduled, "qualifiers": [q.to_dict() for q in self.qualifiers],
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class PrizeView:
    """One prize payment: a treasury row once the season is closed (``entry_id`` then set)."""

    team_id: int
    team: str
    place: int
    amount: int
    reason: str
    entry_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"team_id": self.team_id, "team": self.team, "place": self.place, "amount": self.amount,
                "reason": self.reason, "ledger_entry_id": self.entry_id}  # fmt: skip


@dataclass(frozen=True, slots=True)
class SeasonCloseView:
    """What closing a season pays and freezes (a preview until ``closed``)."""

    season: str
    season_id: int
    closed: bool
    champion_id: int | None
    champion: str | None
    prizes: tuple[PrizeView, ...]
    awards: tuple[dict[str, Any], ...]
    table: tuple[dict[str, Any], ...]
    trophy: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "season": self.season, "season_id": self.season_id, "closed": self.closed,
            "champion_id": self.champion_id, "champion": self.champion, "trophy": self.trophy,
            "prizes": [p.to_dict() for p in self.prizes], "awards": list(self.awards),
            "table": list(self.table),
        }  # fmt: skip


def prize_total(view: SeasonCloseView) -> str:
    """The prize money of a close in words, e.g. ``190,000 gp to 3 team(s)``."""
    return f"{format_gold(sum(p.amount for p in view.prizes))} to {len(view.prizes)} team(s)"
