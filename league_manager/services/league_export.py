"""Our own lossless, versioned JSON of a whole league (see docs/league-json.md).

The document is built from the table metadata, not from a hand-kept list of fields: every
SQLModel table is either in :data:`EXPORTED_TABLES` or in :data:`DERIVED_TABLES` with a
reason (a test keeps the two lists complete). A row belongs to a league when it is the
league row or one of its foreign keys points at a row that does; coaches (shared between
leagues) come with the teams that name them. Ids are renumbered 1..n per table in the
file, so the same league exported from two databases gives the same document.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Boolean, Date, DateTime, Integer, String, Table, TypeDecorator, select
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, SQLModel

from league_manager.core.errors import LeagueError, NotFound, RuleViolation
from league_manager.core.files import write_bytes_atomically
from league_manager.persistence import all_tables  # noqa: F401 - registers every table
from league_manager.persistence.models import League
from league_manager.persistence.repositories import find_league
from league_manager.services.base import ServiceBase

FORMAT_NAME = "league-manager/league"
FORMAT_VERSION = 1

SHARED_TABLES = ("coach",)
"""Tables whose rows several leagues use: exported when a league row names them, and
matched by name (not duplicated) on import."""

EXPORTED_TABLES = (
    "league",
    "coach",
    "team",
    "staff",
    "player",
    "advancement",
    "treasuryentry",
    "sppentry",
    "playerstatusentry",
    "dedicatedfansentry",
    "teamcolours",
    "teamformation",
    "season",
    "division",
    "seasonteam",
    "round",
    "fixture",
    "fixtureresult",
    "playermatchstats",
    "matchday",
    "classicprematch",
    "matchcorrection",
    "boardmatch",
    "trackermatch",
    "matchclaim",
    "fixturedeadline",
    "adjustment",
    "playoffseed",
    "seasonclose",
    "teamredraft",
    "classicchallenge",
    "classictournament",
)
"""Every table written to the file, in an order where a row's parents come first."""

DERIVED_TABLES: dict[str, str] = {
    "tournamentevent": "a tournament event belongs to no league (the tournament desk's own)",
    "evententry": "an entry of a tournament event, which belongs to no league",
    "eventgame": "a game of a tournament event, which belongs to no league",
}
"""Tables deliberately left out of the file, each with the reason (balances, standings and
leader boards are never stored: they are sums over the exported ledgers)."""


class LeagueFileError(LeagueError):
    """A league file that cannot be imported (malformed, unknown version, inconsistent)."""


def _tables() -> list[Table]:
    by_name = SQLModel.metadata.tables
    missing = [name for name in EXPORTED_TABLES if name not in by_name]
    if missing:  # pragma: no cover - caught by the completeness test
        raise LeagueFileError(f"unknown tables in the export list: {', '.join(missing)}")
    return [by_name[name] for name in EXPORTED_TABLES]


def _foreign_keys(table: Table) -> dict[str, str]:
    """Column name -> referenced table name."""
    return {fk.parent.name: fk.column.table.name for fk in table.foreign_keys}


def _encode(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _python_type(table: Table, column: str) -> type | None:
    """The Python type a column holds (looking through wrapper types such as UTC datetimes)."""
    kind: Any = table.c[column].type
    if isinstance(kind, TypeDecorator):
        kind = kind.impl_instance
    if isinstance(kind, DateTime):
        return datetime
    if isinstance(kind, Date):
        return date
    if isinstance(kind, Boolean):
        return bool
    if isinstance(kind, Integer):
        return int
    if isinstance(kind, String):
        return str
    return None


def _decode(table: Table, column: str, value: Any) -> Any:
    if value is None:
        return None
    python_type = _python_type(table, column)
    try:
        if python_type is datetime:
            return datetime.fromisoformat(value)
        if python_type is date:
            return date.fromisoformat(value)
    except (TypeError, ValueError) as exc:
        raise LeagueFileError(f"{table.name}.{column}: {value!r} is not a date") from exc
    if python_type is bool and not isinstance(value, bool):
        raise LeagueFileError(f"{table.name}.{column}: {value!r} is not true/false")
    if python_type is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise LeagueFileError(f"{table.name}.{column}: {value!r} is not a whole number")
    if python_type is str and not isinstance(value, str):
        raise LeagueFileError(f"{table.name}.{column}: {value!r} is not text")
    return value


def _select_rows(session: Session, table: Table, where: Any = None) -> list[dict[str, Any]]:
    query = select(table).order_by(table.c.id)
    if where is not None:
        query = query.where(where)
    return [dict(r) for r in session.execute(query).mappings()]


def _league_rows(session: Session, league_id: int) -> dict[str, list[dict[str, Any]]]:
    """Every row of the league, per table, in id order (shared rows: those it names)."""
    member: dict[str, set[int]] = {"league": {league_id}}
    rows: dict[str, list[dict[str, Any]]] = {}
    for table in _tables():
        if table.name in SHARED_TABLES:
            continue
        if table.name == "league":
            found = _select_rows(session, table, table.c.id == league_id)
        else:
            fks = {c: ref for c, ref in _foreign_keys(table).items() if ref != table.name}
            found = [
                row
                for row in _select_rows(session, table)
                if any(row[c] in member.get(ref, ()) for c, ref in fks.items())
            ]
        rows[table.name] = found
        member[table.name] = {r["id"] for r in found}
    for shared in SHARED_TABLES:
        table = SQLModel.metadata.tables[shared]
        wanted: set[int] = set()
        for other in _tables():
            for c, ref in _foreign_keys(other).items():
                if ref == shared:
                    wanted |= {r[c] for r in rows.get(other.name, []) if r[c] is not None}
        rows[shared] = _select_rows(session, table, table.c.id.in_(wanted))
    return rows


def league_document(session: Session, league_id: int) -> dict[str, Any]:
    """The whole league as a JSON-ready document, ids renumbered 1..n per table.

    Args:
        session: an open session.
        league_id: the league to export.

    Raises:
        NotFound: no such league.
        RuleViolation: a row of the league points at a row of another league.
    """
    league = session.get(League, league_id)
    if league is None:
        raise NotFound(f"no league with id {league_id}")
    rows = _league_rows(session, league_id)
    renumber = {name: {row["id"]: n for n, row in enumerate(found, 1)} for name, found in rows.items()}
    tables_out: dict[str, list[dict[str, Any]]] = {}
    for table in _tables():
        fks = _foreign_keys(table)
        out = []
        for row in rows[table.name]:
            item: dict[str, Any] = {}
            for column in table.columns:
                value = row[column.name]
                if column.name == "id":
                    value = renumber[table.name][value]
                elif column.name in fks and value is not None:
                    target = renumber.get(fks[column.name], {})
                    if value not in target:
                        raise RuleViolation(
                            "export",
                            f"{table.name} row {row['id']} points outside the league ({column.name})",
                        )
                    value = target[value]
                item[column.name] = _encode(value)
            out.append(item)
        tables_out[table.name] = out
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "league": league.name,
        "ruleset": {"id": league.ruleset_id, "version": league.ruleset_version},
        "tables": tables_out,
    }


def parse_document(text: str) -> dict[str, Any]:
    """Check a league file's text: JSON, our format, a version we read, every table known.

    Raises:
        LeagueFileError: what is wrong, in words.
    """
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LeagueFileError(f"not a league file: the JSON is broken ({exc})") from exc
    if not isinstance(doc, dict) or doc.get("format") != FORMAT_NAME:
        raise LeagueFileError(f"not a league file: 'format' is not '{FORMAT_NAME}'")
    if doc.get("version") != FORMAT_VERSION:
        raise LeagueFileError(
            f"league file version {doc.get('version')!r} is not one this program reads"
            f" (it reads {FORMAT_VERSION})"
        )
    tables = doc.get("tables")
    if not isinstance(tables, dict):
        raise LeagueFileError("not a league file: 'tables' is missing")
    unknown = sorted(set(tables) - set(EXPORTED_TABLES))
    if unknown:
        raise LeagueFileError(f"the league file has tables this program does not know: {', '.join(unknown)}")
    missing = [name for name in EXPORTED_TABLES if name not in tables]
    if missing:
        raise LeagueFileError(f"the league file lacks tables: {', '.join(missing)}")
    for table in _tables():
        found = tables[table.name]
        if not isinstance(found, list) or not all(isinstance(r, dict) for r in found):
            raise LeagueFileError(f"table '{table.name}' is not a list of rows")
        columns = set(table.columns.keys())
        for n, row in enumerate(found, 1):
            if set(row) != columns:
                extra = sorted(set(row) - columns)
                lacking = sorted(columns - set(row))
                raise LeagueFileError(
                    f"{table.name} row {n}: columns differ"
                    f" (unknown: {extra or 'none'}, missing: {lacking or 'none'})"
                )
    if len(tables["league"]) != 1:
        raise LeagueFileError("a league file holds exactly one league")
    return doc


def _row_values(
    table: Table,
    row: dict[str, Any],
    new_ids: dict[str, dict[int, int]],
    deferred: list[tuple[int, str, int]],
) -> dict[str, Any]:
    """A file row's values for this database: types checked, foreign keys mapped to new ids
    (a key to a later row of the same table is set afterwards, through ``deferred``)."""
    fks = _foreign_keys(table)
    values: dict[str, Any] = {}
    for column, raw in row.items():
        if column == "id":
            continue
        value = _decode(table, column, raw)
        if column in fks and value is not None:
            target = new_ids.get(fks[column], {})
            if value in target:
                value = target[value]
            elif fks[column] == table.name:
                deferred.append((row["id"], column, value))
                value = None
            else:
                raise LeagueFileError(
                    f"{table.name} row {row['id']}: {column} {value} names no {fks[column]}"
                )
        values[column] = value
    return values


def insert_document(session: Session, doc: dict[str, Any], name: str | None = None) -> int:
    """Insert a checked document as a new league; returns its id. The caller's
    transaction rolls everything back when this raises.

    Raises:
        LeagueFileError: the rows do not fit together or into this database.
    """
    tables = doc["tables"]
    league_row = tables["league"][0]
    new_name = name or league_row["name"]
    if session.execute(select(League).where(League.name == new_name)).first() is not None:  # type: ignore[arg-type]
        raise LeagueFileError(f"a league called '{new_name}' exists already; import it --as another name")
    new_ids: dict[str, dict[int, int]] = {}
    for table in _tables():
        mapping: dict[int, int] = {}
        new_ids[table.name] = mapping
        deferred: list[tuple[int, str, int]] = []
        for row in tables[table.name]:
            old_id = row["id"]
            if not isinstance(old_id, int) or isinstance(old_id, bool) or old_id in mapping:
                raise LeagueFileError(f"{table.name}: id {old_id!r} is missing or repeated")
            values = _row_values(table, row, new_ids, deferred)
            if table.name == "league":
                values["name"] = new_name
            if table.name in SHARED_TABLES:
                existing = session.execute(select(table.c.id).where(table.c.name == values["name"])).first()
                if existing is not None:
                    mapping[old_id] = existing[0]
                    continue
            inserted = session.execute(table.insert().values(**values).returning(table.c.id)).scalar_one()
            mapping[old_id] = int(inserted)
        for old_id, column, value in deferred:
            if value not in mapping:
                raise LeagueFileError(f"{table.name} row {old_id}: {column} {value} names no row in the file")
            session.execute(
                table.update().where(table.c.id == mapping[old_id]).values({column: mapping[value]})
            )
    session.flush()
    return new_ids["league"][league_row["id"]]


class LeagueExportService(ServiceBase):
    """Export a league to our JSON and import one back (one transaction each)."""

    def export_league(self, league: str | int) -> dict[str, Any]:
        """The league (by name or id) as a document (see :func:`league_document`)."""
        with self.transaction() as session:
            found = find_league(league, session=session)
            assert found.id is not None
            return league_document(session, found.id)

    def export_text(self, league: str | int) -> str:
        """The league file's text: stable key order, two-space indent, UTF-8."""
        return json.dumps(self.export_league(league), indent=2, ensure_ascii=False) + "\n"

    def export_file(self, league: str | int, target: str | Path) -> Path:
        """Write the league file all-or-nothing; returns its path."""
        return write_bytes_atomically(target, self.export_text(league).encode("utf-8"))

    def import_text(self, text: str, name: str | None = None) -> int:
        """Import a league file as a new league, all or nothing; returns the new league's id.

        Args:
            text: the file's text.
            name: the new league's name (default: the name in the file).

        Raises:
            LeagueFileError: the file is malformed, of an unknown version, or clashes
                with this database; nothing is changed.
        """
        doc = parse_document(text)
        try:
            with self.transaction() as session:
                return insert_document(session, doc, name)
        except LeagueFileError:
            raise
        except SQLAlchemyError as exc:  # a constraint the rows break: nothing was written
            raise LeagueFileError(
                f"the league file does not fit together: {getattr(exc, 'orig', None) or exc}"
            ) from exc

    def peek_name(self, source: str | Path) -> str:
        """The name of the league in a league file (the file checked as :meth:`import_text` does)."""
        doc = parse_document(_read(source))
        return str(doc["tables"]["league"][0]["name"])

    def import_file(self, source: str | Path, name: str | None = None) -> int:
        """Import a league file from the disk (see :meth:`import_text`)."""
        return self.import_text(_read(source), name)


def _read(source: str | Path) -> str:
    try:
        return Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LeagueFileError(f"cannot read {source}: {exc}") from exc
