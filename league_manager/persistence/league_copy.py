"""Copy one league, every row that belongs to it, from one database onto another (a server).

Every SQLModel table is named in :data:`LEAGUE_ROWS` with the condition that picks the
league's rows out of it (or in :data:`NOT_COPIED` with the reason), and a test checks that
the two together name every table: a new table cannot be forgotten by the copy.

Rows keep their ids, so the JSON kept in a row (a board match's state naming player ids,
a ledger's ``fixture_id``) stays true on the server. A server database that already holds
other rows with the same ids (another league) is refused: a league is shared into a
database of its own, or one whose other leagues do not overlap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Table, text
from sqlmodel import SQLModel

import league_manager.persistence.all_tables  # noqa: F401  (registers every table)
from league_manager.core.errors import LeagueError

_TEAMS = "(SELECT id FROM team WHERE league_id = :league)"
_PLAYERS = f"(SELECT id FROM player WHERE team_id IN {_TEAMS})"
_SEASONS = "(SELECT id FROM season WHERE league_id = :league)"
_FIXTURES = f"(SELECT id FROM fixture WHERE season_id IN {_SEASONS})"

LEAGUE_ROWS: Mapping[str, str] = {
    "league": "id = :league",
    "coach": f"id IN (SELECT coach_id FROM team WHERE id IN {_TEAMS})",
    "team": f"id IN {_TEAMS}",
    "staff": f"team_id IN {_TEAMS}",
    "player": f"team_id IN {_TEAMS}",
    "advancement": f"player_id IN {_PLAYERS}",
    "treasuryentry": f"team_id IN {_TEAMS}",
    "sppentry": f"player_id IN {_PLAYERS}",
    "playerstatusentry": f"player_id IN {_PLAYERS}",
    "dedicatedfansentry": f"team_id IN {_TEAMS}",
    "teamformation": f"team_id IN {_TEAMS}",
    "teamcolours": f"team_id IN {_TEAMS}",
    "season": f"id IN {_SEASONS}",
    "division": f"season_id IN {_SEASONS}",
    "seasonteam": f"season_id IN {_SEASONS}",
    "round": f"season_id IN {_SEASONS}",
    "fixture": f"id IN {_FIXTURES}",
    "fixtureresult": f"fixture_id IN {_FIXTURES}",
    "playermatchstats": f"fixture_id IN {_FIXTURES}",
    "boardmatch": f"fixture_id IN {_FIXTURES}",
    "matchday": f"fixture_id IN {_FIXTURES}",
    "classicprematch": f"fixture_id IN {_FIXTURES}",
    "matchcorrection": f"fixture_id IN {_FIXTURES}",
    "trackermatch": f"fixture_id IN {_FIXTURES}",
    "matchclaim": f"fixture_id IN {_FIXTURES}",
    "fixturedeadline": f"fixture_id IN {_FIXTURES}",
    "adjustment": f"team_id IN {_TEAMS}",
    "playoffseed": f"season_id IN {_SEASONS}",
    "seasonclose": f"season_id IN {_SEASONS}",
    "teamredraft": f"team_id IN {_TEAMS}",
    "classicchallenge": f"season_id IN {_SEASONS}",
    "classictournament": f"season_id IN {_SEASONS}",
}
"""Each copied table and the SQL condition (on ``:league``) that picks the league's rows."""

NOT_COPIED: Mapping[str, str] = {
    "tournamentevent": "a tournament event belongs to no league (the tournament desk's own)",
    "evententry": "an entry of a tournament event, which belongs to no league",
    "eventgame": "a game of a tournament event, which belongs to no league",
}
"""Tables deliberately left out of a copy, with why."""

SHARED_ROWS = frozenset({"coach"})
"""Tables whose rows other leagues may use too: a row already there with the same id and
the same contents is kept, not refused."""


class ShareRefused(LeagueError):
    """The server cannot take the league as asked (already there, ids taken, copy differs)."""


@dataclass
class CopyReport:
    """What a copy wrote: rows per table and the checks it made on the server."""

    league: str
    rows: dict[str, int] = field(default_factory=dict)
    replaced: bool = False
    checks: dict[str, int] = field(default_factory=dict)


def copied_tables() -> list[Table]:
    """The copied tables, parents before children (the order rows go in)."""
    return [t for t in SQLModel.metadata.sorted_tables if t.name in LEAGUE_ROWS]


def _select(table: Table, league_id: int) -> tuple[Any, dict[str, int]]:
    """The typed select of the league's rows of ``table`` (values come back as Python types)."""
    where = text(LEAGUE_ROWS[table.name])
    return table.select().where(where).order_by(table.c.id), {"league": league_id}


def league_rows(conn: Connection, league_id: int) -> dict[str, list[dict[str, Any]]]:
    """Every row of the league, table by table, as column dictionaries ordered by id."""
    found: dict[str, list[dict[str, Any]]] = {}
    for table in copied_tables():
        statement, params = _select(table, league_id)
        found[table.name] = [dict(r._mapping) for r in conn.execute(statement, params)]
    return found


def league_id_named(conn: Connection, name: str) -> int | None:
    """The id of the league called ``name`` in this database, or None."""
    value = conn.execute(text("SELECT id FROM league WHERE name = :n"), {"n": name}).scalar()
    return None if value is None else int(value)


def delete_league(conn: Connection, league_id: int) -> None:
    """Delete every row of the league (children first); coaches no other team uses go too."""
    coach_ids = [
        r[0]
        for r in conn.execute(text(f"SELECT coach_id FROM team WHERE id IN {_TEAMS}"), {"league": league_id})
    ]
    for table in reversed(copied_tables()):
        if table.name == "coach":
            continue
        conn.execute(
            text(f'DELETE FROM "{table.name}" WHERE {LEAGUE_ROWS[table.name]}'), {"league": league_id}
        )
    for coach_id in coach_ids:
        conn.execute(
            text("DELETE FROM coach WHERE id = :c AND NOT EXISTS (SELECT 1 FROM team WHERE coach_id = :c)"),
            {"c": coach_id},
        )


def _taken_ids(conn: Connection, table: str, rows: Sequence[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    ids = [row["id"] for row in rows]
    if not ids:
        return {}
    found = conn.execute(text(f'SELECT * FROM "{table}" WHERE id = ANY(:ids)'), {"ids": ids})
    return {int(r._mapping["id"]): dict(r._mapping) for r in found}


def insert_league(target: Connection, rows: Mapping[str, Sequence[dict[str, Any]]]) -> dict[str, int]:
    """Insert the rows, ids kept, and move each id sequence past them.

    Raises:
        ShareRefused: the database holds other rows with those ids.
    """
    written: dict[str, int] = {}
    for table in copied_tables():
        batch = list(rows[table.name])
        taken = _taken_ids(target, table.name, batch)
        if table.name in SHARED_ROWS:
            clash = [r for r in batch if r["id"] in taken and taken[r["id"]]["name"] != r["name"]]
            batch = [r for r in batch if r["id"] not in taken]
        else:
            clash = [r for r in batch if r["id"] in taken]
        if clash:
            raise ShareRefused(
                f"the server database already holds other {table.name} rows with the ids of this "
                "league's (another league); share the league into a database of its own"
            )
        if batch:
            target.execute(table.insert(), batch)
        written[table.name] = len(batch)
        target.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('\"{table.name}\"', 'id'), "
                f'COALESCE((SELECT MAX(id) FROM "{table.name}"), 0) + 1, false)'
            )
        )
    return written


def league_figures(conn: Connection, league_id: int) -> dict[str, int]:
    """Figures people check a league by, per team: balances, players, SPP, results by verdict.

    Keys like ``treasury:<team id>`` or ``standings:<team id>W``; the copy compares both sides.
    """
    figures: dict[str, int] = {}
    per_team = "SELECT team_id, {value} FROM {table} WHERE team_id IN " + _TEAMS + " {more}GROUP BY team_id"
    side = (
        "SELECT f.{side}_team_id || r.{side}_verdict, COUNT(*) FROM fixtureresult r "
        "JOIN fixture f ON f.id = r.fixture_id WHERE f.id IN " + _FIXTURES + " "
        "GROUP BY f.{side}_team_id, r.{side}_verdict"
    )
    queries = {
        "treasury": per_team.format(value="SUM(amount)", table="treasuryentry", more=""),
        "fans": per_team.format(value="SUM(delta)", table="dedicatedfansentry", more=""),
        "players": per_team.format(value="COUNT(*)", table="player", more=""),
        "active": per_team.format(value="COUNT(*)", table="player", more="AND status = 'active' "),
        "spp": "SELECT p.team_id, SUM(s.amount) FROM sppentry s JOIN player p ON p.id = s.player_id "
        f"WHERE p.team_id IN {_TEAMS} GROUP BY p.team_id",
        "standings": side.format(side="home") + " UNION ALL " + side.format(side="away"),
    }
    for name, sql in queries.items():
        for key, value in conn.execute(text(sql), {"league": league_id}):
            label = f"{name}:{key}"
            figures[label] = figures.get(label, 0) + int(value or 0)
    return figures


def verify_copy(source: Connection, target: Connection, league_id: int) -> dict[str, int]:
    """Check that the server holds the league row for row, and reads the same figures.

    Returns:
        The figures compared (balances, player counts, wins per team).

    Raises:
        ShareRefused: a row or a figure differs (the caller's transaction is rolled back).
    """
    here, there = league_rows(source, league_id), league_rows(target, league_id)
    for table, rows in here.items():
        if [_plain(r) for r in rows] != [_plain(r) for r in there[table]]:
            raise ShareRefused(
                f"the copy of the {table} rows reads differently on the server; nothing was kept"
            )
    figures = league_figures(source, league_id)
    if figures != league_figures(target, league_id):
        raise ShareRefused("the copy's balances, players or standings differ on the server; nothing was kept")
    return figures


def _plain(row: Mapping[str, Any]) -> dict[str, Any]:
    """A row comparable across SQLite and PostgreSQL (times without their zone)."""
    return {
        k: (v.replace(tzinfo=None) if hasattr(v, "tzinfo") and v is not None else v) for k, v in row.items()
    }
