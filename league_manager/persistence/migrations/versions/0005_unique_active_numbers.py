"""unique shirt numbers: two active players of one team never share a number

Files written before this revision may hold such pairs (two coaches hiring at
once); the later-hired player of each pair is moved to the lowest free number
first, so the index can be built.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 22:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ACTIVE = sa.text("status = 'active'")


def _renumber_duplicates() -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, team_id, number, status FROM player ORDER BY team_id, id")).all()
    used: dict[int, set[int]] = {}
    for _id, team_id, number, _status in rows:
        used.setdefault(team_id, set()).add(number)
    seen: set[tuple[int, int]] = set()
    for player_id, team_id, number, status in rows:
        if status != "active":
            continue
        if (team_id, number) not in seen:
            seen.add((team_id, number))
            continue
        free = next(n for n in range(1, 10_000) if n not in used[team_id])
        used[team_id].add(free)
        seen.add((team_id, free))
        conn.execute(sa.text("UPDATE player SET number = :n WHERE id = :id"), {"n": free, "id": player_id})


def upgrade() -> None:
    _renumber_duplicates()
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.create_index(
            "uq_player_team_number_active",
            ["team_id", "number"],
            unique=True,
            sqlite_where=ACTIVE,
            postgresql_where=ACTIVE,
        )


def downgrade() -> None:
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_index("uq_player_team_number_active")
