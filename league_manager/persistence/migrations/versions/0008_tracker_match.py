"""tracker match: the live tabletop tracker's entries for a fixture

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26 00:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "trackermatch",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("fixture_id", sa.Integer(), nullable=False),
        sa.Column("entries_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("state", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["fixture_id"], ["fixture.id"], name=op.f("fk_trackermatch_fixture_id_fixture")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trackermatch")),
        sa.UniqueConstraint("fixture_id", name=op.f("uq_trackermatch_fixture_id")),
    )


def downgrade() -> None:
    op.drop_table("trackermatch")
