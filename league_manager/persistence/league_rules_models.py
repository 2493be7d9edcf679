"""SQLModel tables of the league rules: fixture deadlines and the commissioner's adjustments.

An adjustment is never edited or deleted: a wrong one is undone by a correcting row
(``undoes_id``) with the opposite amount. No ``from __future__ import annotations``
here: SQLModel reads the annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow

ADJUSTMENT_KINDS = ("points", "gold", "fans", "spp", "value")
"""What a commissioner may change by hand: league points, treasury, dedicated fans, a
player's SPP, a player's value."""


class FixtureDeadline(SQLModel, table=True):
    """The last day a fixture may be played; past it the league rules decide it."""

    id: int | None = Field(default=None, primary_key=True)
    fixture_id: int = Field(foreign_key="fixture.id", unique=True)
    deadline: datetime
    set_by: str
    created_at: datetime = Field(default_factory=utcnow)


class Adjustment(SQLModel, table=True):
    """One commissioner adjustment: who changed what, by how much, when and why.

    ``season_id`` is set for league points (they count in that season's table);
    ``player_id`` for SPP and value. Gold, fans and SPP also write a row in their own
    ledger (``ledger_row_id``), so treasury, fans and SPP read their ledgers as before.
    """

    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    kind: str
    amount: int
    season_id: int | None = Field(default=None, foreign_key="season.id", index=True)
    player_id: int | None = Field(default=None, foreign_key="player.id", index=True)
    reason: str
    made_by: str
    undoes_id: int | None = Field(default=None, foreign_key="adjustment.id", unique=True)
    ledger_row_id: int | None = None
    created_at: datetime = Field(default_factory=utcnow)
