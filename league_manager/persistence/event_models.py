"""SQLModel tables of tournaments: an event, its registered coaches and its games.

An event is not a league: its teams are exhibition rosters kept as JSON on the entry,
never league teams. No ``from __future__ import annotations`` here: SQLModel reads the
annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow


class TournamentEvent(SQLModel, table=True):
    """A tournament with the organiser's typed settings (``settings_json``)."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    settings_json: str
    created_at: datetime = Field(default_factory=utcnow)


class EventEntry(SQLModel, table=True):
    """One registered coach and the exhibition roster they play the event with."""

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="tournamentevent.id", index=True)
    coach: str
    naf_number: int | None = None
    race: str
    team_name: str
    roster_json: str
    team_value: int
    created_at: datetime = Field(default_factory=utcnow)


class EventGame(SQLModel, table=True):
    """One table of one round; ``entry_b_id`` is None for a bye, scores None until reported."""

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="tournamentevent.id", index=True)
    round: int
    table: int
    entry_a_id: int = Field(foreign_key="evententry.id")
    entry_b_id: int | None = Field(default=None, foreign_key="evententry.id")
    score_a: int | None = None
    score_b: int | None = None
    cas_a: int = 0
    cas_b: int = 0
    reported_at: datetime | None = None
