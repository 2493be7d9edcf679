"""Backups of SQLite league files: written atomically, verified, rotated, restored."""

from __future__ import annotations

import re
import shutil
import sqlite3
from datetime import datetime
from pathlib import Path

from sqlalchemy import Engine

from league_manager.core.errors import DatabaseUnavailable
from league_manager.core.files import (
    atomic_output,
    remove_leftovers,
)
from league_manager.persistence.location import backup_folder

KEEP_BACKUPS = 20
"""Automatic start-up backups kept per league file (plus the newest good one, always)."""


def sqlite_problem(path: Path, revision: str | None = None) -> str | None:
    """Why a SQLite file is not a sound league file, or None when it is.

    It must open, pass ``PRAGMA integrity_check`` and, when ``revision`` is given, carry
    that schema revision.

    Args:
        path: the file to check (opened as SQLite would open it, so a journal left by
            a killed writer is rolled back or folded in first).
        revision: the schema revision it must carry, or None to skip that check.
    """
    if not path.is_file() or path.stat().st_size == 0:
        return "the file is missing or empty"
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        check = conn.execute("PRAGMA integrity_check").fetchall()
        if check != [("ok",)]:
            return "damaged: " + "; ".join(str(row[0]) for row in check[:3])
        if revision is not None:
            found = conn.execute("SELECT version_num FROM alembic_version").fetchall()
            if found != [(revision,)]:
                return f"schema {found} where {revision} was expected"
    except sqlite3.Error as exc:
        return str(exc)
    finally:
        conn.close()
    return None


def write_backup(engine: Engine, destination: Path, revision: str | None = None) -> Path:
    """Copy a live SQLite database to ``destination``, all-or-nothing, and verify the copy.

    The copy is made with the SQLite backup API into a temporary file beside the
    destination, switched to a single-file journal, flushed, checked with
    :func:`sqlite_problem` and only then renamed into place.

    Args:
        engine: the open database.
        destination: the backup file to write.
        revision: the schema revision the copy must carry (None: not checked).

    Returns:
        The path written.

    Raises:
        DatabaseUnavailable: the backup could not be written or did not verify; any
            older file at ``destination`` is left as it was.
    """
    try:
        with atomic_output(destination) as temp:
            raw = engine.raw_connection()
            try:
                target = sqlite3.connect(temp)
                try:
                    raw.driver_connection.backup(target)  # type: ignore[union-attr]
                    target.execute("PRAGMA journal_mode=DELETE")
                finally:
                    target.close()
            finally:
                raw.close()
            problem = sqlite_problem(temp, revision)
            if problem is not None:
                raise DatabaseUnavailable(f"the backup {destination.name} did not verify ({problem})")
    except OSError as exc:
        raise DatabaseUnavailable(
            f"cannot write the backup {destination} ({exc.strerror or exc}); nothing was changed"
        ) from exc
    return destination


def backups_of(path: Path, folder: Path | None = None) -> list[Path]:
    """The automatic backups of a league file, oldest first."""
    where = folder or backup_folder(path)
    return sorted(where.glob(f"{path.stem}-*-before-*.db")) if where.is_dir() else []


def every_backup_of(path: Path, folder: Path | None = None) -> list[Path]:
    """Every backup of a league file in its folder (start-up, manual, before a move), newest first."""
    where = folder or backup_folder(path)
    if not where.is_dir():
        return []
    stamped = re.compile(re.escape(path.stem) + r"-\d{8}-\d{6}\b.*\.db")
    found = [p for p in where.glob(f"{path.stem}-*.db") if stamped.fullmatch(p.name) and p.is_file()]
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def newest_good_backup(path: Path, folder: Path | None = None) -> Path | None:
    """The newest backup of ``path`` that opens and passes the integrity check."""
    for candidate in reversed(backups_of(path, folder)):
        if sqlite_problem(candidate) is None:
            return candidate
    return None


def prune_backups(path: Path, folder: Path | None = None, keep: int = KEEP_BACKUPS) -> None:
    """Keep the newest ``keep`` backups of ``path``; never delete the newest good one."""
    where = folder or backup_folder(path)
    remove_leftovers(where, path.stem)
    backups = backups_of(path, where)
    if len(backups) <= keep:
        return
    protected = newest_good_backup(path, where)
    for old in backups[:-keep]:
        if old != protected:
            old.unlink(missing_ok=True)


def backup_name(path: Path, head: str) -> str:
    """File name of a start-up backup taken before upgrading to ``head``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return f"{path.stem}-{stamp}-before-{head}.db"


def unreadable(message: str, path: Path) -> DatabaseUnavailable:
    """The error for a league file that cannot be opened, naming its newest good backup.

    Args:
        message: what went wrong, as a sentence without a final full stop.
        path: the league file.
    """
    good = newest_good_backup(path)
    if good is None:
        return DatabaseUnavailable(f"{message}.")
    return DatabaseUnavailable(
        f"{message}. The newest good backup is {good}; restore it with: "
        f"league-manager --db {path} restore {good}",
        backup=str(good),
    )


def restore_backup(backup: Path, path: Path) -> Path | None:
    """Put a verified backup in place of a league file, keeping the file it replaces.

    The current file (and its ``-wal``/``-shm`` companions) is first copied to
    ``<name>.replaced-<time>`` beside it; the backup is copied to a temporary file there
    and renamed into place, so the league file is never missing.

    Args:
        backup: the backup to restore (it must pass :func:`sqlite_problem`).
        path: the league file to replace.

    Returns:
        Where the replaced file was kept, or None when there was none.

    Raises:
        DatabaseUnavailable: the backup is not sound; nothing was changed.
    """
    problem = sqlite_problem(backup)
    if problem is not None:
        raise DatabaseUnavailable(f"{backup} cannot be restored: {problem}; nothing was changed")
    kept = None
    if path.exists():
        kept = path.with_name(f"{path.name}.replaced-{datetime.now():%Y%m%d-%H%M%S}")
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{path}{suffix}").exists():
                shutil.copyfile(f"{path}{suffix}", f"{kept}{suffix}")
    with atomic_output(path) as temp:
        shutil.copyfile(backup, temp)
        for suffix in ("-wal", "-shm", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    return kept
