"""SQLModel tables of match day: the per-fixture record and its corrections.

One :class:`MatchDay` row per fixture keeps what stood at kick-off (both rosters as
team snapshots, the ruleset id, version and settings), the pre-game record (every roll
with its source), the result document (``MatchResult`` JSON), the post-game record
(with the ids of every ledger row it wrote, so a correction can reverse exactly those)
and the lifecycle stage. Balances stay in the ledgers of
:mod:`league_manager.persistence.models`. No ``from __future__ import annotations``
here: SQLModel reads the annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow

STAGES = ("scheduled", "pre_game", "in_progress", "result_entered", "post_game_applied")


class MatchDay(SQLModel, table=True):
    """What match day recorded for one fixture.

    ``stage`` follows ``scheduled → pre_game → in_progress → result_entered →
    post_game_applied``; the fixture's own ``status`` (seasons) moves along with it.
    The JSON columns hold plain documents: ``home_snapshot_json``/``away_snapshot_json``
    are :class:`league_manager.match.teams.TeamSnapshot` dicts, ``result_json`` a
    :class:`league_manager.match.result.MatchResult` dict.
    """

    id: int | None = Field(default=None, primary_key=True)
    fixture_id: int = Field(foreign_key="fixture.id", unique=True)
    stage: str = "scheduled"
    ruleset_id: str
    ruleset_version: str
    settings_json: str = "{}"
    home_team_id: int = Field(foreign_key="team.id", index=True)
    away_team_id: int = Field(foreign_key="team.id", index=True)
    home_snapshot_json: str = "{}"
    away_snapshot_json: str = "{}"
    pregame_json: str = "{}"
    result_json: str | None = None
    postgame_json: str | None = None
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class MatchCorrection(SQLModel, table=True):
    """A corrected result: the reason, the result it replaced and a summary of what changed."""

    id: int | None = Field(default=None, primary_key=True)
    fixture_id: int = Field(foreign_key="fixture.id", index=True)
    reason: str
    previous_result_json: str
    new_result_json: str
    changes_json: str = "[]"
    created_at: datetime = Field(default_factory=utcnow)
