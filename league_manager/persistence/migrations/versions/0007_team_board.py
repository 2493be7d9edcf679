"""team board settings: saved formations and team colours for the match board

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 23:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "teamformation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("spots_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"], name=op.f("fk_teamformation_team_id_team")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_teamformation")),
        sa.UniqueConstraint("team_id", "name", name="uq_teamformation_team_name"),
    )
    with op.batch_alter_table("teamformation", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_teamformation_team_id"), ["team_id"], unique=False)
    op.create_table(
        "teamcolours",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("primary", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("secondary", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"], name=op.f("fk_teamcolours_team_id_team")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_teamcolours")),
        sa.UniqueConstraint("team_id", name=op.f("uq_teamcolours_team_id")),
    )


def downgrade() -> None:
    op.drop_table("teamcolours")
    with op.batch_alter_table("teamformation", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_teamformation_team_id"))
    op.drop_table("teamformation")
