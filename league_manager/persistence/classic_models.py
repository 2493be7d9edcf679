"""SQLModel table of the classic (LRB 2004) pre-match: one record per fixture.

The record (JSON) holds the team ratings, the gate, the handicap count and each handicap
result, the niggling-injury dice and who misses the match, and what each team hired (with
the treasury rows that paid for it), every die with its source (typed or program). No
``from __future__ import annotations`` here: SQLModel reads the annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow


class ClassicPreMatch(SQLModel, table=True):
    """A classic fixture's pre-match sequence as it was run."""

    id: int | None = Field(default=None, primary_key=True)
    fixture_id: int = Field(foreign_key="fixture.id", unique=True)
    ruleset_id: str
    ruleset_version: str
    record_json: str = "{}"
    created_at: datetime = Field(default_factory=utcnow)
