"""classic challenges: written play-off challenges of an LRB 2004 season and their answers

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26 06:55:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "classicchallenge",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("challenger_team_id", sa.Integer(), nullable=False),
        sa.Column("challenged_team_id", sa.Integer(), nullable=False),
        sa.Column("week", sa.Integer(), nullable=False),
        sa.Column("answer", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("substitute_team_id", sa.Integer(), nullable=True),
        sa.Column("fixture_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["season_id"], ["season.id"], name=op.f("fk_classicchallenge_season_id_season")
        ),
        sa.ForeignKeyConstraint(
            ["challenger_team_id"], ["team.id"], name=op.f("fk_classicchallenge_challenger_team_id_team")
        ),
        sa.ForeignKeyConstraint(
            ["challenged_team_id"], ["team.id"], name=op.f("fk_classicchallenge_challenged_team_id_team")
        ),
        sa.ForeignKeyConstraint(
            ["substitute_team_id"], ["team.id"], name=op.f("fk_classicchallenge_substitute_team_id_team")
        ),
        sa.ForeignKeyConstraint(
            ["fixture_id"], ["fixture.id"], name=op.f("fk_classicchallenge_fixture_id_fixture")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_classicchallenge")),
    )
    with op.batch_alter_table("classicchallenge", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_classicchallenge_season_id"), ["season_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("classicchallenge", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_classicchallenge_season_id"))
    op.drop_table("classicchallenge")
