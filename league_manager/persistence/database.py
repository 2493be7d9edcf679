"""Engine and session setup: SQLite pragmas, PostgreSQL URLs, one transaction per unit of work."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from league_manager.core.errors import LeagueError
from league_manager.core.system_errors import as_system_problem


def database_url(target: str | Path) -> str:
    """Turn a file path or a database URL into a SQLAlchemy URL.

    ``league.db`` and ``/tmp/x.db`` become ``sqlite:///…``; anything with ``://`` is taken
    as it is, except that a plain ``postgresql://…`` gets the psycopg (3) driver.
    """
    text = str(target)
    if "://" in text:
        url = make_url(text)
        if url.drivername == "postgresql":  # SQLAlchemy would pick psycopg2, which we do not ship
            return url.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def is_sqlite(url: str) -> bool:
    """True for SQLite URLs."""
    return make_url(url).get_backend_name() == "sqlite"


def sqlite_path(url: str) -> Path | None:
    """The file behind a SQLite URL, or None (in-memory or another backend)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def use_wal(engine: Engine) -> None:
    """Switch a SQLite file to write-ahead logging (stored in the file, so done once).

    Not part of the per-connection pragmas: it rewrites the file header, and a file
    that is refused (newer or foreign) must be left byte for byte as it was.
    """
    if engine.dialect.name == "sqlite":
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA journal_mode=WAL")


BUSY_TIMEOUT_MS = 5000
"""How long a SQLite write waits for another program's write lock before giving up."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_MS)}")
    cursor.close()


def make_engine(target: str | Path) -> Engine:
    """Create an engine for a file path or URL; SQLite gets WAL, foreign keys, busy timeout."""
    url = database_url(target)
    if is_sqlite(url):
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


@contextmanager
def session_scope(engine: Engine) -> Iterator[Session]:
    """One unit of work: commit when the block succeeds, roll back when it raises.

    System errors (a locked or read-only file, a full disk, a number too large for
    a column) come out as :class:`SystemProblem` with a sentence, after the rollback; a
    shared league server's refusal (grants, row-level security) as :class:`NotAllowed`.
    """
    session = Session(engine, expire_on_commit=False)
    try:
        yield session
        session.commit()
    except BaseException as exc:
        session.rollback()
        if _refused_by_server(exc):
            from league_manager.persistence.share_guard import refused

            sentence = refused(session.connection())
            if sentence is not None:
                raise sentence from exc
        told = isinstance(exc, LeagueError)  # already a sentence (a refusal), whatever caused it
        problem = as_system_problem(exc) if isinstance(exc, Exception) and not told else None
        if problem is not None:
            raise problem from exc
        raise
    finally:
        session.close()


def _refused_by_server(exc: BaseException) -> bool:
    """True for PostgreSQL's "insufficient privilege" (a grant or row-level security policy)."""
    return isinstance(exc, DBAPIError) and getattr(exc.orig, "sqlstate", None) == "42501"


def backup_sqlite(engine: Engine, destination: Path) -> Path:
    """Copy a live SQLite database with the backup API (consistent, WAL-safe).

    Returns:
        The path written.
    """
    destination.parent.mkdir(parents=True, exist_ok=True)
    raw = engine.raw_connection()
    try:
        target = sqlite3.connect(destination)
        try:
            raw.driver_connection.backup(target)  # type: ignore[union-attr]
        finally:
            target.close()
    finally:
        raw.close()
    return destination
