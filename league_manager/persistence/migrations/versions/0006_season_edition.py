"""season edition: each season and each team stores the ruleset it is played under

Existing seasons take their league's ruleset and version (the only one they can have
been played under); existing teams take their league's ruleset.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 23:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TEXT = sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    with op.batch_alter_table("season", schema=None) as batch_op:
        batch_op.add_column(sa.Column("ruleset_id", TEXT, nullable=False, server_default="bb2020"))
        batch_op.add_column(sa.Column("ruleset_version", TEXT, nullable=False, server_default="2025.05"))
    with op.batch_alter_table("team", schema=None) as batch_op:
        batch_op.add_column(sa.Column("ruleset_id", TEXT, nullable=False, server_default="bb2020"))
    op.execute(
        "UPDATE season SET ruleset_id = (SELECT league.ruleset_id FROM league WHERE league.id = season.league_id),"
        " ruleset_version = (SELECT league.ruleset_version FROM league WHERE league.id = season.league_id)"
    )
    op.execute(
        "UPDATE team SET ruleset_id = (SELECT league.ruleset_id FROM league WHERE league.id = team.league_id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("team", schema=None) as batch_op:
        batch_op.drop_column("ruleset_id")
    with op.batch_alter_table("season", schema=None) as batch_op:
        batch_op.drop_column("ruleset_version")
        batch_op.drop_column("ruleset_id")
