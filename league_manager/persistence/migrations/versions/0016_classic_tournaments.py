"""classic tournaments: which Major or minor tournament an LRB 2004 season is, and its close

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-26 08:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "classictournament",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("major", sa.Boolean(), nullable=False),
        sa.Column("winner_prize", sa.Integer(), nullable=False),
        sa.Column("runner_up_prize", sa.Integer(), nullable=False),
        sa.Column("winner_team_id", sa.Integer(), nullable=True),
        sa.Column("runner_up_team_id", sa.Integer(), nullable=True),
        sa.Column("record_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("closed_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["season_id"], ["season.id"], name=op.f("fk_classictournament_season_id_season")
        ),
        sa.ForeignKeyConstraint(
            ["league_id"], ["league.id"], name=op.f("fk_classictournament_league_id_league")
        ),
        sa.ForeignKeyConstraint(
            ["winner_team_id"], ["team.id"], name=op.f("fk_classictournament_winner_team_id_team")
        ),
        sa.ForeignKeyConstraint(
            ["runner_up_team_id"], ["team.id"], name=op.f("fk_classictournament_runner_up_team_id_team")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_classictournament")),
        sa.UniqueConstraint("season_id", name=op.f("uq_classictournament_season_id")),
    )
    with op.batch_alter_table("classictournament", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_classictournament_league_id"), ["league_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("classictournament", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_classictournament_league_id"))
    op.drop_table("classictournament")
