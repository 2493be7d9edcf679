"""season close: play-off seeds set by the commissioner and closed seasons

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26 02:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "playoffseed",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("reason", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["season_id"], ["season.id"], name=op.f("fk_playoffseed_season_id_season")),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"], name=op.f("fk_playoffseed_team_id_team")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_playoffseed")),
    )
    with op.batch_alter_table("playoffseed", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_playoffseed_season_id"), ["season_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_playoffseed_team_id"), ["team_id"], unique=False)
    op.create_table(
        "seasonclose",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("champion_team_id", sa.Integer(), nullable=True),
        sa.Column("table_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("awards_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("closed_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["champion_team_id"], ["team.id"], name=op.f("fk_seasonclose_champion_team_id_team")
        ),
        sa.ForeignKeyConstraint(["league_id"], ["league.id"], name=op.f("fk_seasonclose_league_id_league")),
        sa.ForeignKeyConstraint(["season_id"], ["season.id"], name=op.f("fk_seasonclose_season_id_season")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seasonclose")),
        sa.UniqueConstraint("season_id", name=op.f("uq_seasonclose_season_id")),
    )
    with op.batch_alter_table("seasonclose", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seasonclose_league_id"), ["league_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("seasonclose", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seasonclose_league_id"))
    op.drop_table("seasonclose")
    with op.batch_alter_table("playoffseed", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_playoffseed_team_id"))
        batch_op.drop_index(batch_op.f("ix_playoffseed_season_id"))
    op.drop_table("playoffseed")
