"""Bring a database to the current schema: refuse newer files, back up, then upgrade."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from datetime import datetime
from importlib import resources
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, inspect

from league_manager.core.errors import DatabaseTooNew, NotALeagueDatabase
from league_manager.persistence.database import backup_sqlite, sqlite_path, use_wal
from league_manager.persistence.location import backup_folder

KEEP_BACKUPS = 20


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
    cfg = Config()
    location = resources.files("league_manager.persistence") / "migrations"
    cfg.set_main_option("script_location", str(location))
    return cfg


def head_revision() -> str:
    """The newest schema revision this program knows."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision stamped in the database, or None for a new/empty one."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def check_not_newer(engine: Engine) -> str | None:
    """Raise :class:`DatabaseTooNew` when the database comes from a newer program version.

    Returns:
        The database's current revision (None when unstamped).
    """
    current = current_revision(engine)
    if current is None:
        return None
    scripts = ScriptDirectory.from_config(alembic_config())
    known = {rev.revision for rev in scripts.walk_revisions()}
    if current not in known:
        raise DatabaseTooNew(
            f"this league file was written by a newer version of League Manager "
            f"(schema {current}; this version knows up to {head_revision()}). "
            "Update the program to open it; the file was not changed."
        )
    return current


def migrate(engine: Engine, *, backup_dir: Path | None = None) -> MigrationReport:
    """Upgrade the database to the newest schema.

    A SQLite file that holds data and needs an upgrade is first copied to a backup
    (``backups/`` next to it, or ``backup_dir``). A database from a newer version is
    refused and left untouched.

    Raises:
        DatabaseTooNew: the file's schema is unknown to this version.
    """
    current = check_not_newer(engine)
    head = head_revision()
    if current is None and _has_tables(engine):
        raise NotALeagueDatabase(
            f"{engine.url.render_as_string(hide_password=True)} holds tables but is not a League Manager "
            "database; it was not changed"
        )
    use_wal(engine)
    if current == head:
        return MigrationReport(current, head, None)
    backup = None
    path = sqlite_path(str(engine.url))
    if path is not None and path.exists() and _has_tables(engine):
        folder = backup_dir or backup_folder(path)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        backup = backup_sqlite(engine, folder / f"{path.stem}-{stamp}-before-{head}.db")
        _prune(folder, path.stem)
    try:
        _upgrade(engine)
    except Exception:
        if backup is not None and path is not None:
            engine.dispose()
            restore_sqlite(backup, path)
        raise
    return MigrationReport(current, head, backup)


def _upgrade(engine: Engine) -> None:
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


def restore_sqlite(backup: Path, path: Path) -> None:
    """Put a backup back in place of a database file (after a failed upgrade)."""
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(backup, path)


def _has_tables(engine: Engine) -> bool:
    return bool(inspect(engine).get_table_names())


def _prune(folder: Path, stem: str) -> None:
    backups = sorted(folder.glob(f"{stem}-*-before-*.db"))
    for old in backups[:-KEEP_BACKUPS]:
        old.unlink(missing_ok=True)
