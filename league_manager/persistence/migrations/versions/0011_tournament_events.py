"""tournament events: events, registered coaches with their exhibition rosters, games

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26 03:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tournamentevent",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("settings_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournamentevent")),
        sa.UniqueConstraint("name", name=op.f("uq_tournamentevent_name")),
    )
    op.create_table(
        "evententry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("coach", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("naf_number", sa.Integer(), nullable=True),
        sa.Column("race", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("team_name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("roster_json", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("team_value", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["tournamentevent.id"], name=op.f("fk_evententry_event_id_tournamentevent")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_evententry")),
    )
    with op.batch_alter_table("evententry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_evententry_event_id"), ["event_id"], unique=False)
    op.create_table(
        "eventgame",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("entry_a_id", sa.Integer(), nullable=False),
        sa.Column("entry_b_id", sa.Integer(), nullable=True),
        sa.Column("score_a", sa.Integer(), nullable=True),
        sa.Column("score_b", sa.Integer(), nullable=True),
        sa.Column("cas_a", sa.Integer(), nullable=False),
        sa.Column("cas_b", sa.Integer(), nullable=False),
        sa.Column("reported_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["entry_a_id"], ["evententry.id"], name=op.f("fk_eventgame_entry_a_id_evententry")
        ),
        sa.ForeignKeyConstraint(
            ["entry_b_id"], ["evententry.id"], name=op.f("fk_eventgame_entry_b_id_evententry")
        ),
        sa.ForeignKeyConstraint(
            ["event_id"], ["tournamentevent.id"], name=op.f("fk_eventgame_event_id_tournamentevent")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_eventgame")),
    )
    with op.batch_alter_table("eventgame", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_eventgame_event_id"), ["event_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("eventgame", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_eventgame_event_id"))
    op.drop_table("eventgame")
    with op.batch_alter_table("evententry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_evententry_event_id"))
    op.drop_table("evententry")
    op.drop_table("tournamentevent")
