"""SQLModel tables of what a team brings to the match board: its colours and saved formations.

No ``from __future__ import annotations`` here: SQLModel reads the annotations at class creation.
"""

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow


class TeamFormation(SQLModel, table=True):
    """A set-up a coach saved under a name for one team.

    ``spots_json`` is ``SavedFormation.to_dict()["spots"]``: ``[[x, y, number, position], ...]``
    in the home team's orientation, the line of scrimmage first.
    """

    __table_args__ = (UniqueConstraint("team_id", "name", name="uq_teamformation_team_name"),)

    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    name: str
    spots_json: str
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class TeamColours(SQLModel, table=True):
    """A team's colours on the board (``#rrggbb``); a team without a row uses its race's."""

    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", unique=True)
    primary: str
    secondary: str
    updated_at: datetime = Field(default_factory=utcnow)
