"""Read models for the desktop pages: a team's history and a player's card."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from league_manager.services.read_models import PlayerView


@dataclass(frozen=True)
class HistoryEntry:
    """One thing that happened to a team, from any of its ledgers.

    Attributes:
        when: the time the ledger row was written.
        kind: "treasury", "fans", "player" or "advancement".
        text: the event in plain words ("Hired Human Blitzer", "Gorak Volkov: MNG").
        amount: the signed change when the event moved gold or fans, else None.
        source: the ledger source (draft, purchase, sale, match, correction).
    """

    when: datetime
    kind: str
    text: str
    amount: int | None
    source: str


@dataclass(frozen=True)
class AdvancementRow:
    """One advancement on a player card."""

    when: datetime
    kind: str
    gained: str
    spp_cost: int
    value_increase: int


@dataclass(frozen=True)
class StatusRow:
    """One status change (hired, injury, recovery, death, retirement, firing)."""

    when: datetime
    kind: str
    reason: str
    characteristic: str | None
    delta: int
    source: str


@dataclass(frozen=True)
class SppRow:
    """One SPP ledger line with the running total after it."""

    when: datetime
    amount: int
    reason: str
    source: str
    total: int


@dataclass(frozen=True)
class PlayerCard:
    """Everything the player card shows: profile, advancements, injuries, SPP history."""

    player: PlayerView
    team_id: int
    team: str
    race: str
    hired_at: datetime
    advancements: tuple[AdvancementRow, ...]
    status_log: tuple[StatusRow, ...]
    spp_log: tuple[SppRow, ...]
