"""SQLModel table of a team's re-draft between two seasons.

One live :class:`TeamRedraft` row per team and new season: the budget with its parts, what was
kept and released, and every roll made (JSON). The money itself is in the treasury ledger
and the players' changes in their status ledger. No ``from __future__ import annotations``
here: SQLModel reads the annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow


class TeamRedraft(SQLModel, table=True):
    """A team re-drafted for a new season after the previous one closed (``undone_at`` set when
    the re-draft was taken back before the team played; it may then be re-drafted again)."""

    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    previous_season_id: int = Field(foreign_key="season.id")
    budget: int
    spent: int
    detail_json: str
    created_at: datetime = Field(default_factory=utcnow)
    undone_at: datetime | None = None
