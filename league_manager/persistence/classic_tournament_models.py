"""SQLModel table of a classic (LRB 2004) tournament season: which tournament it is and its close.

One :class:`ClassicTournament` row per season that the organiser names as a Major (Chaos Cup,
Blood Bowl, Spike! Magazine Trophy, Dungeonbowl) or a minor tournament with its prizes; the
close fills the finalists, the record of the prize rolls (JSON) and ``closed_at``. The prize
money itself is in the treasury ledger. A team holds a Major's trophy from its close until the
league closes the next tournament of that name. No ``from __future__ import annotations``
here: SQLModel reads the annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow


class ClassicTournament(SQLModel, table=True):
    """A season's tournament: its name, a minor tournament's prizes, and once closed its finalists."""

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", unique=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    name: str
    major: bool = True
    winner_prize: int = 0  # a minor tournament's (a Major's come from the rules)
    runner_up_prize: int = 0
    winner_team_id: int | None = Field(default=None, foreign_key="team.id")
    runner_up_team_id: int | None = Field(default=None, foreign_key="team.id")
    record_json: str = "{}"
    closed_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)
