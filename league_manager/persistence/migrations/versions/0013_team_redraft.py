"""team re-draft: one row per team re-drafted for a new season

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-26 05:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "teamredraft",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("previous_season_id", sa.Integer(), nullable=False),
        sa.Column("budget", sa.Integer(), nullable=False),
        sa.Column("spent", sa.Integer(), nullable=False),
        sa.Column("detail_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("undone_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["previous_season_id"], ["season.id"], name=op.f("fk_teamredraft_previous_season_id_season")
        ),
        sa.ForeignKeyConstraint(["season_id"], ["season.id"], name=op.f("fk_teamredraft_season_id_season")),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"], name=op.f("fk_teamredraft_team_id_team")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_teamredraft")),
    )
    with op.batch_alter_table("teamredraft", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_teamredraft_season_id"), ["season_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_teamredraft_team_id"), ["team_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("teamredraft", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_teamredraft_team_id"))
        batch_op.drop_index(batch_op.f("ix_teamredraft_season_id"))
    op.drop_table("teamredraft")
