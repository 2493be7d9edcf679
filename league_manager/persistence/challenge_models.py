"""SQLModel table of written play-off challenges in a classic (LRB 2004) season.

One :class:`ClassicChallenge` row per challenge; the challenged coach's answer fills
``answer`` and the fixture it led to. No ``from __future__ import annotations`` here:
SQLModel reads the annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow

CHALLENGE_ANSWERS = ("", "accepted", "refused", "substitute", "declined")


class ClassicChallenge(SQLModel, table=True):
    """A written challenge: ``answer`` is one of :data:`CHALLENGE_ANSWERS` ("" while open;
    "declined": the challenger would not play the substitute)."""

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    challenger_team_id: int = Field(foreign_key="team.id")
    challenged_team_id: int = Field(foreign_key="team.id")
    week: int
    answer: str = ""
    substitute_team_id: int | None = Field(default=None, foreign_key="team.id")
    fixture_id: int | None = Field(default=None, foreign_key="fixture.id")
    created_at: datetime = Field(default_factory=utcnow)
