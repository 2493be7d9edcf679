"""Bring a database to the current schema: refuse newer files, back up, upgrade a copy, swap it in."""

from __future__ import annotations

import shutil
import sqlite3
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine, inspect

from league_manager.core.errors import (
    DatabaseTooNew,
    DatabaseUnavailable,
    NotALeagueDatabase,
    SharedDatabaseOutOfDate,
)
from league_manager.core.files import remove_leftovers, replace_atomically, temp_path_beside
from league_manager.core.urls import mask_password
from league_manager.persistence.backups import (
    backup_name,
    prune_backups,
    sqlite_problem,
    unreadable,
    write_backup,
)
from league_manager.persistence.database import make_engine, sqlite_path, use_wal
from league_manager.persistence.location import backup_folder
from league_manager.persistence.revisions import head_revision, known_revisions

if TYPE_CHECKING:
    from alembic.config import Config


@dataclass(frozen=True)
class MigrationReport:
    """What :func:`migrate` did."""

    from_revision: str | None
    to_revision: str
    backup: Path | None

    @property
    def upgraded(self) -> bool:
        """True when the schema changed."""
        return self.from_revision != self.to_revision


def alembic_config() -> Config:
    """Alembic configuration pointing at the packaged migrations (no alembic.ini needed)."""
    from alembic.config import Config

    cfg = Config()
    location = resources.files("league_manager.persistence") / "migrations"
    cfg.set_main_option("script_location", str(location))
    return cfg


def current_revision(engine: Engine) -> str | None:
    """The revision stamped in the database, or None for a new/empty one."""
    with engine.connect() as conn:
        if "alembic_version" not in inspect(conn).get_table_names():
            return None
        rows = conn.exec_driver_sql("SELECT version_num FROM alembic_version").fetchall()
    return str(rows[0][0]) if rows else None


def check_not_newer(engine: Engine) -> str | None:
    """Raise :class:`DatabaseTooNew` when the database comes from a newer program version.

    Returns:
        The database's current revision (None when unstamped).
    """
    current = current_revision(engine)
    if current is None:
        return None
    if current not in known_revisions():
        raise DatabaseTooNew(
            f"this league file was written by a newer version of League Manager "
            f"(schema {current}; this version knows up to {head_revision()}). "
            "Update the program to open it; the file was not changed."
        )
    return current


def migrate(
    engine: Engine, *, backup_dir: Path | None = None, shared_upgrade: bool = False
) -> MigrationReport:
    """Upgrade the database to the newest schema, all-or-nothing.

    A SQLite file is never changed in place: a file that holds data is first copied to
    a verified backup (``backups/`` next to it, or ``backup_dir``); the upgrade runs on
    a copy beside the file, which is checked and then renamed over it in one step. A
    program killed at any moment leaves the file at its old schema or at the new one.
    A shared database (PostgreSQL) is upgraded, in one transaction, only when
    ``shared_upgrade`` says its commissioner asked for it (``db upgrade``, after a
    backup); otherwise an older schema is refused. A database from a newer version is
    refused and left untouched.

    Raises:
        DatabaseTooNew: the file's schema is unknown to this version.
        NotALeagueDatabase: the file holds tables League Manager did not write.
        DatabaseUnavailable: the file is damaged, or the backup could not be written.
        SharedDatabaseOutOfDate: a shared database is older and no upgrade was asked for.
    """
    path = sqlite_path(str(engine.url))
    if path is not None:
        remove_leftovers(path.parent, path.name)
    current = check_not_newer(engine)
    head = head_revision()
    has_tables = _has_tables(engine)
    if current is None and has_tables:
        raise NotALeagueDatabase(
            f"{mask_password(str(engine.url))} holds tables but is not a League Manager "
            "database; it was not changed"
        )
    if current == head:
        use_wal(engine)
        return MigrationReport(current, head, None)
    if path is None:
        if not shared_upgrade:
            raise SharedDatabaseOutOfDate(_out_of_date(engine, current, head))
        _upgrade(engine)
        return MigrationReport(current, head, None)
    backup = None
    if has_tables:
        _check_sound(engine, path)
        folder = backup_dir or backup_folder(path)
        backup = write_backup(engine, folder / backup_name(path, head), current)
        prune_backups(path, folder)
    _upgrade_copy(engine, path, backup)
    use_wal(engine)
    return MigrationReport(current, head, backup)


def _out_of_date(engine: Engine, current: str | None, head: str) -> str:
    where = mask_password(str(engine.url))
    state = "has no League Manager tables yet" if current is None else f"has schema {current}"
    return (
        f"the shared league database {where} {state}; this version needs {head}. Nothing was "
        "changed: only its commissioner moves a shared league on, after a backup, with: "
        f'league-manager --db "{where}" db upgrade'
    )


def _check_sound(engine: Engine, path: Path) -> None:
    with engine.connect() as conn:
        rows = conn.exec_driver_sql("PRAGMA integrity_check").fetchall()
    if [tuple(row) for row in rows] != [("ok",)]:
        detail = "; ".join(str(row[0]) for row in rows[:3])
        raise unreadable(f"{path} is damaged ({detail}); it was not changed", path)


def _upgrade_copy(engine: Engine, path: Path, source: Path | None) -> None:
    """Upgrade a copy of ``source`` (or a new file) beside ``path``, then swap it in."""
    temp = temp_path_beside(path)
    try:
        if source is not None:
            shutil.copyfile(source, temp)
        copy = make_engine(temp)
        try:
            _upgrade(copy)
            with copy.connect() as conn:
                conn.exec_driver_sql("PRAGMA journal_mode=DELETE")
        finally:
            copy.dispose()
        problem = sqlite_problem(temp, head_revision())
        if problem is not None:
            raise RuntimeError(f"the upgraded copy did not verify: {problem}")
        engine.dispose()
        _close_journal(path)
        replace_atomically(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        Path(f"{temp}-journal").unlink(missing_ok=True)
        raise


def _close_journal(path: Path) -> None:
    """Fold a write-ahead log back into ``path`` so no stale log outlives the swap."""
    if not path.exists() or not Path(f"{path}-wal").exists():
        return
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode=DELETE")
    except sqlite3.OperationalError as exc:
        raise DatabaseUnavailable(
            f"{path} is in use by another program ({exc}); close it and try again. Nothing was changed."
        ) from exc
    finally:
        conn.close()
    if Path(f"{path}-wal").exists():
        raise DatabaseUnavailable(f"{path} is in use by another program; close it and try again.")


def _upgrade(engine: Engine) -> None:
    from alembic import command

    cfg = alembic_config()
    with engine.connect() as conn:
        sqlite = engine.dialect.name == "sqlite"
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
        conn.commit()
        if sqlite:
            bad = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            if bad:
                raise RuntimeError(f"foreign key check failed after migration: {bad}")


def _has_tables(engine: Engine) -> bool:
    return bool(inspect(engine).get_table_names())
