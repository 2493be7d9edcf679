"""A read-only path for listings on a league file at the newest schema: plain sqlite3, no ORM.

Opening a league through SQLAlchemy costs several times a bare Python start; a listing
(``team list``) reads a handful of tables. A file that is not a plain SQLite path, or
is not at this program's newest schema (it needs migrating, or is newer), is left to the
ORM path, which migrates or refuses it.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from league_manager.core.errors import NotFound
from league_manager.persistence.revisions import head_revision

STAFF_ROLES = ("assistant_coach", "cheerleader", "apothecary")


@dataclass(frozen=True)
class LeagueRow:
    """A league as the listings need it."""

    id: int
    name: str
    ruleset_id: str
    ruleset_version: str
    settings: dict[str, bool | int | str]


@dataclass(frozen=True)
class PlayerRow:
    """A player on a team's draft list (active or retired), with its ledger facts."""

    id: int
    team_id: int
    position: str
    status: str
    journeyman: bool
    value_increases: int
    misses_next_game: bool
    spp: int = 0
    """The player's SPP balance (a classic team's rating counts it)."""


@dataclass(frozen=True)
class TeamRow:
    """A team with its coach, staff and ledger balances."""

    id: int
    name: str
    league_id: int
    coach: str
    race: str
    ruleset_id: str
    rerolls: int
    staff: dict[str, int]
    treasury: int
    dedicated_fans: int
    players: tuple[PlayerRow, ...]
    trophy_rerolls: int = 0
    """The League Trophy's free re-roll (1 for the champion of its league's latest closed season)."""


def open_at_head(target: str | Path) -> sqlite3.Connection | None:
    """A connection to a league file at the newest schema (that only reads), or None.

    Opened read-write without creating anything, as the ORM path does: a read-only
    connection to a WAL file would leave its ``-wal``/``-shm`` files behind.

    None for database URLs, missing files, files that are not SQLite or not at this
    program's newest schema: the caller then opens the league the usual way.
    """
    text = str(target)
    if "://" in text or text == ":memory:":
        return None
    path = Path(text).expanduser()
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True)
    except sqlite3.Error:
        return None
    try:
        rows = conn.execute("SELECT version_num FROM alembic_version").fetchall()
    except sqlite3.Error:
        conn.close()
        return None
    if [str(r[0]) for r in rows] != [head_revision()]:
        conn.close()
        return None
    return conn


def find_league(conn: sqlite3.Connection, name_or_id: str | int) -> LeagueRow:
    """A league by (case-insensitive) name, or by id when no league has that name.

    Raises:
        NotFound: listing the leagues that exist (as the ORM repository does).
    """
    leagues = _leagues(conn, "ORDER BY name", ())
    wanted = str(name_or_id).strip().casefold()
    league = next((lg for lg in leagues if lg.name.casefold() == wanted), None)
    if league is None and str(name_or_id).strip().isdigit():
        league = next((lg for lg in leagues if lg.id == int(name_or_id)), None)
    if league is None:
        names = ", ".join(lg.name for lg in leagues)
        raise NotFound(f"no league '{name_or_id}'" + (f" (leagues: {names})" if names else ""))
    return league


def leagues_by_id(conn: sqlite3.Connection) -> dict[int, LeagueRow]:
    """Every league by id."""
    return {lg.id: lg for lg in _leagues(conn, "", ())}


def _leagues(conn: sqlite3.Connection, order: str, params: tuple[Any, ...]) -> list[LeagueRow]:
    rows = conn.execute(
        f"SELECT id, name, ruleset_id, ruleset_version, settings_json FROM league {order}", params
    ).fetchall()
    return [
        LeagueRow(i, name, ruleset, version, json.loads(settings or "{}"))
        for i, name, ruleset, version, settings in rows
    ]


def teams_of(conn: sqlite3.Connection, league_id: int | None) -> list[TeamRow]:
    """Teams of a league (or of every league) by league and name, with their players.

    One query per table, whatever the number of teams.
    """
    where, params = ("WHERE t.league_id = ?", (league_id,)) if league_id is not None else ("", ())
    heads = conn.execute(
        "SELECT t.id, t.name, t.league_id, c.name, t.race, t.ruleset_id, t.rerolls "
        f"FROM team t JOIN coach c ON c.id = t.coach_id {where} ORDER BY t.league_id, t.name",
        params,
    ).fetchall()
    ids = [row[0] for row in heads]
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    staff: dict[int, dict[str, int]] = {i: dict.fromkeys(STAFF_ROLES, 0) for i in ids}
    for team_id, role, quantity in conn.execute(
        f"SELECT team_id, role, quantity FROM staff WHERE team_id IN ({marks})", ids
    ):
        staff[team_id][role] = quantity
    treasury = _sums(conn, "treasuryentry", "amount", marks, ids)
    fans = _sums(conn, "dedicatedfansentry", "delta", marks, ids)
    players = _players(conn, marks, ids)
    latest: dict[int, int | None] = {}  # league -> the champion of its latest closed season
    for league, champion in conn.execute("SELECT league_id, champion_team_id FROM seasonclose ORDER BY id"):
        latest[league] = champion
    holders = set(latest.values())
    return [
        TeamRow(i, name, league, coach, race, ruleset, rerolls, staff[i], treasury[i], fans[i],
                tuple(players[i]), int(i in holders))
        for i, name, league, coach, race, ruleset, rerolls in heads
    ]  # fmt: skip


def _sums(conn: sqlite3.Connection, table: str, column: str, marks: str, ids: list[int]) -> dict[int, int]:
    out = dict.fromkeys(ids, 0)
    query = f"SELECT team_id, SUM({column}) FROM {table} WHERE team_id IN ({marks}) GROUP BY team_id"
    out.update({team: int(total) for team, total in conn.execute(query, ids)})
    return out


def _players(conn: sqlite3.Connection, marks: str, ids: list[int]) -> dict[int, list[PlayerRow]]:
    rows = conn.execute(
        "SELECT id, team_id, position, status, journeyman FROM player "
        f"WHERE team_id IN ({marks}) AND status IN ('active', 'retired') ORDER BY team_id, number",
        ids,
    ).fetchall()
    of_teams = f"SELECT id FROM player WHERE team_id IN ({marks})"
    increases: dict[int, int] = defaultdict(int)
    for player_id, total in conn.execute(
        f"SELECT player_id, SUM(value_increase) FROM advancement WHERE player_id IN ({of_teams}) "
        "GROUP BY player_id",
        ids,
    ):
        increases[player_id] = int(total)
    mng: dict[int, bool] = defaultdict(bool)
    for player_id, kind in conn.execute(  # the latest MNG not followed by a recovery
        f"SELECT player_id, kind FROM playerstatusentry WHERE player_id IN ({of_teams}) "
        "AND kind IN ('mng', 'recovered') ORDER BY id",
        ids,
    ):
        mng[player_id] = kind == "mng"
    spp: dict[int, int] = defaultdict(int)
    for player_id, total in conn.execute(
        f"SELECT player_id, SUM(amount) FROM sppentry WHERE player_id IN ({of_teams}) GROUP BY player_id",
        ids,
    ):
        spp[player_id] = int(total or 0)
    players: dict[int, list[PlayerRow]] = {i: [] for i in ids}
    for player_id, team_id, position, status, journeyman in rows:
        facts = (increases[player_id], mng[player_id], spp[player_id])
        players[team_id].append(PlayerRow(player_id, team_id, position, status, bool(journeyman), *facts))
    return players
