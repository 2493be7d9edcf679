"""league rules: fixture deadlines and the commissioner's adjustments ledger

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26 02:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "fixturedeadline",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("fixture_id", sa.Integer(), nullable=False),
        sa.Column("deadline", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("set_by", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["fixture_id"], ["fixture.id"], name=op.f("fk_fixturedeadline_fixture_id_fixture")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fixturedeadline")),
        sa.UniqueConstraint("fixture_id", name=op.f("uq_fixturedeadline_fixture_id")),
    )
    op.create_table(
        "adjustment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("reason", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("made_by", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("undoes_id", sa.Integer(), nullable=True),
        sa.Column("ledger_row_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"], name=op.f("fk_adjustment_team_id_team")),
        sa.ForeignKeyConstraint(["season_id"], ["season.id"], name=op.f("fk_adjustment_season_id_season")),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"], name=op.f("fk_adjustment_player_id_player")),
        sa.ForeignKeyConstraint(
            ["undoes_id"], ["adjustment.id"], name=op.f("fk_adjustment_undoes_id_adjustment")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_adjustment")),
        sa.UniqueConstraint("undoes_id", name=op.f("uq_adjustment_undoes_id")),
    )
    with op.batch_alter_table("adjustment", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_adjustment_team_id"), ["team_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_adjustment_season_id"), ["season_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_adjustment_player_id"), ["player_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("adjustment", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_adjustment_player_id"))
        batch_op.drop_index(batch_op.f("ix_adjustment_season_id"))
        batch_op.drop_index(batch_op.f("ix_adjustment_team_id"))
    op.drop_table("adjustment")
    op.drop_table("fixturedeadline")
