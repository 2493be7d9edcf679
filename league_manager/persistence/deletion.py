"""Deleting a row and every row that refers to it, following the schema's foreign keys.

Only the services call this, and only for things they have checked have no history
(a team that never played, a season without results); the walk makes sure no row is
left pointing at something gone.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import Table, delete, select
from sqlmodel import Session, SQLModel

# Every table must be known to the metadata before the walk: import each model module.
from league_manager.persistence import (  # noqa: F401
    board_models,
    match_day_models,
    models,
    season_models,
    team_board_models,
    tracker_models,
)


def _table(name: str) -> Table:
    return SQLModel.metadata.tables[name]


def delete_with_dependents(session: Session, table_name: str, ids: Collection[int]) -> int:
    """Delete the rows ``ids`` of ``table_name`` and, first, every row referring to them.

    Returns:
        How many rows were deleted in all.
    """
    if not ids:
        return 0
    target = _table(table_name)
    deleted = 0
    for table in SQLModel.metadata.sorted_tables:
        for fk in table.foreign_keys:
            if fk.column.table is not target:
                continue
            rows = session.execute(select(table.c.id).where(fk.parent.in_(list(ids)))).scalars().all()
            deleted += delete_with_dependents(session, table.name, [int(r) for r in rows])
    result = session.execute(delete(target).where(target.c.id.in_(list(ids))))
    return deleted + int(getattr(result, "rowcount", 0) or 0)
