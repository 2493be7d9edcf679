"""match claims: a coach whose remote opponent stayed away asks the commissioner for the result

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26 05:15:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "matchclaim",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("fixture_id", sa.Integer(), nullable=False),
        sa.Column("claimant", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("absent", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("action_count", sa.Integer(), nullable=False),
        sa.Column("waited_seconds", sa.Integer(), nullable=False),
        sa.Column("note", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("state", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("resolution", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("resolved_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["fixture_id"], ["fixture.id"], name=op.f("fk_matchclaim_fixture_id_fixture")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_matchclaim")),
    )
    with op.batch_alter_table("matchclaim", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_matchclaim_fixture_id"), ["fixture_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("matchclaim", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_matchclaim_fixture_id"))
    op.drop_table("matchclaim")
