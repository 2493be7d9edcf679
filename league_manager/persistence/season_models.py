"""SQLModel tables of a season: divisions, membership, rounds, fixtures, results and player stats.

League → season → division → round → fixture. Byes, forfeits and administrative
results are outcome types of a :class:`FixtureResult`, never fake scores. No
``from __future__ import annotations`` here: SQLModel reads the annotations at class
creation. The metadata (and its naming convention) is the one of
:mod:`league_manager.persistence.models`.
"""

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow

FIXTURE_STATUSES = (
    "scheduled",
    "in_progress",
    "played",
    "conceded",
    "forfeited",
    "postponed",
    "bye",
    "administrative",
    "void",
)
OPEN_STATUSES = ("scheduled", "in_progress", "postponed")
OUTCOMES = ("score", "concession", "forfeit", "bye", "administrative")
STAGES = ("league", "playoff", "friendly")


class Season(SQLModel, table=True):
    """A season of a league; ``seed`` makes its coin flips and shuffles reproducible."""

    __table_args__ = (UniqueConstraint("league_id", "name", name="uq_season_league_name"),)

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    name: str
    format: str | None = None  # round-robin, double-round-robin, swiss (the league stage)
    status: str = "open"  # open, running, finished
    seed: int = 0
    # The edition the season is played under: the league's when the season was created.
    ruleset_id: str = "bb2020"
    ruleset_version: str = "2025.05"
    created_at: datetime = Field(default_factory=utcnow)


class Division(SQLModel, table=True):
    """A division (or conference) of a season; each plays its own table."""

    __table_args__ = (UniqueConstraint("season_id", "name", name="uq_division_season_name"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    name: str
    position: int = 0


class SeasonTeam(SQLModel, table=True):
    """A team's membership of a season: when it joined and, if so, when and why it withdrew."""

    __table_args__ = (UniqueConstraint("season_id", "team_id", name="uq_seasonteam_season_team"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    division_id: int | None = Field(default=None, foreign_key="division.id", index=True)
    joined_at: datetime = Field(default_factory=utcnow)
    withdrawn_at: datetime | None = None
    withdrawal_reason: str | None = None


class Round(SQLModel, table=True):
    """A round of a season (league stage, play-off or friendlies), numbered from 1."""

    __table_args__ = (UniqueConstraint("season_id", "number", name="uq_round_season_number"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    number: int
    name: str
    stage: str = "league"  # league, playoff, friendly


class Fixture(SQLModel, table=True):
    """One game of a round.

    A bye has only a home team. A play-off fixture may have a side still unknown
    (None) until the fixture feeding it is decided; ``slot`` is its place in the
    bracket and ``third_place`` marks the semi-final losers' match.
    """

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", index=True)
    round_id: int = Field(foreign_key="round.id", index=True)
    division_id: int | None = Field(default=None, foreign_key="division.id", index=True)
    home_team_id: int | None = Field(default=None, foreign_key="team.id", index=True)
    away_team_id: int | None = Field(default=None, foreign_key="team.id", index=True)
    status: str = "scheduled"
    stage: str = "league"  # league, playoff, friendly (friendlies never count in the table)
    slot: int | None = None
    third_place: bool = False
    scheduled_for: datetime | None = None
    note: str = ""
    created_at: datetime = Field(default_factory=utcnow)


class FixtureResult(SQLModel, table=True):
    """The result of a fixture.

    ``outcome`` is score, concession, forfeit, bye or administrative. Scores and
    casualties are set only for score and concession; forfeits, byes and
    administrative results have verdicts (``W``/``D``/``L``/``B``) but no score.
    """

    id: int | None = Field(default=None, primary_key=True)
    fixture_id: int = Field(foreign_key="fixture.id", unique=True)
    outcome: str
    home_td: int | None = None
    away_td: int | None = None
    home_cas: int | None = None
    away_cas: int | None = None
    home_verdict: str  # W, D, L, B
    away_verdict: str  # W, D, L, B or "" for a bye
    winner_team_id: int | None = Field(default=None, foreign_key="team.id")
    decided_by_team_id: int | None = Field(default=None, foreign_key="team.id")  # conceding/forfeiting
    note: str = ""
    entered_at: datetime = Field(default_factory=utcnow)


class PlayerMatchStats(SQLModel, table=True):
    """One player's figures in one fixture (filled by the match-day flow; leader boards read it)."""

    __table_args__ = (UniqueConstraint("fixture_id", "player_id", name="uq_playermatchstats_fixture_player"),)

    id: int | None = Field(default=None, primary_key=True)
    fixture_id: int = Field(foreign_key="fixture.id", index=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    td: int = 0
    cas: int = 0
    completions: int = 0
    interceptions: int = 0
    deflections: int = 0
    mvp: int = 0
    spp: int = 0
    kills: int = 0
