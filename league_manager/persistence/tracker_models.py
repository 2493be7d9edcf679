"""SQLModel table of a fixture's live tabletop tracker: the entries saved after each one.

One :class:`TrackerMatch` row per fixture holds the tracker's entries as JSON (see
:mod:`league_manager.services.match_day.tracker_log`), so a closed window or a crash
loses nothing. No ``from __future__ import annotations`` here: SQLModel reads the
annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow


class TrackerMatch(SQLModel, table=True):
    """A fixture's match followed with the tabletop tracker.

    ``entries_json`` is ``{"entries": [...]}``; ``state`` is ``in_progress`` until
    ``finished`` (its result document went to match day).
    """

    id: int | None = Field(default=None, primary_key=True)
    fixture_id: int = Field(foreign_key="fixture.id", unique=True)
    entries_json: str = '{"entries": []}'
    state: str = "in_progress"
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
