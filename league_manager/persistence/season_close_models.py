"""SQLModel tables of a season's end: the commissioner's play-off seeds and the season's close.

A :class:`PlayoffSeed` row moves one qualified team to a seed, with the reason; the
latest row per team counts. A :class:`SeasonClose` row freezes the final table and
the awards and names the places that earned prizes (the prize money itself is in
the treasury ledger). No ``from __future__ import annotations`` here: SQLModel reads
the annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow


class PlayoffSeed(SQLModel, table=True):
    """A commissioner's seed for a team in a season's play-offs."""

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    seed: int
    reason: str
    created_at: datetime = Field(default_factory=utcnow)


class SeasonClose(SQLModel, table=True):
    """A closed season: its frozen final table and awards (JSON) and its champion.

    The champion holds the League Trophy's free team re-roll until the league's next
    season is closed.
    """

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", unique=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    champion_team_id: int | None = Field(default=None, foreign_key="team.id")
    table_json: str
    awards_json: str
    closed_at: datetime = Field(default_factory=utcnow)
