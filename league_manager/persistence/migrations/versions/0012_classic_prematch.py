"""classic pre-match: the LRB 2004 pre-match record of a fixture (gate, handicaps, niggles, hires)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-26 05:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "classicprematch",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("fixture_id", sa.Integer(), nullable=False),
        sa.Column("ruleset_id", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("ruleset_version", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("record_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["fixture_id"], ["fixture.id"], name=op.f("fk_classicprematch_fixture_id_fixture")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_classicprematch")),
        sa.UniqueConstraint("fixture_id", name=op.f("uq_classicprematch_fixture_id")),
    )


def downgrade() -> None:
    op.drop_table("classicprematch")
