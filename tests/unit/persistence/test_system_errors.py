"""System errors become sentences: locked, read-only and full files, huge numbers, no backup folder."""

import io
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.system_errors import SystemProblem, describe_system_error
from league_manager.persistence import database
from league_manager.persistence.database import session_scope
from league_manager.services.facade import Services


def cli(db: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["--db", str(db), *argv], CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def league_names(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM league ORDER BY name").fetchall()
    conn.close()
    return [r[0] for r in rows]


def test_locked_database_is_a_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "league.db"
    Services.open(path).close()
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 50)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        code, _, err = cli(path, "league", "create", "Blocked League")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert code == 1
    assert "busy: another program" in err and "Nothing was changed" in err
    assert "Traceback" not in err
    assert league_names(path) == []


def test_read_only_and_full_files_are_sentences(tmp_path: Path) -> None:
    services = Services.open(tmp_path / "league.db")

    def read_only(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.execute("PRAGMA query_only=ON")

    services.engine.dispose()
    event.listen(services.engine, "connect", read_only)
    with pytest.raises(SystemProblem, match="read-only"):
        services.leagues.create_league("Read Only League")
    event.remove(services.engine, "connect", read_only)

    def full(dbapi_conn: Any, _record: Any) -> None:
        (pages,) = dbapi_conn.execute("PRAGMA page_count").fetchone()
        dbapi_conn.execute(f"PRAGMA max_page_count={pages}")

    services.engine.dispose()
    event.listen(services.engine, "connect", full)
    with pytest.raises(SystemProblem, match="disk is full"):
        for n in range(200):
            services.leagues.create_league(f"League {n} " + "x" * 40)
    services.close()


def test_numbers_too_large_for_the_database(services: Services, backend: str) -> None:
    too_large = [10**30] + ([2**40] if backend == "postgresql" else [])  # PostgreSQL's INTEGER is 32 bits
    for big in too_large:
        with pytest.raises(SystemProblem, match="too large for the"), session_scope(services.engine) as s:
            s.execute(
                text("INSERT INTO coach (id, name, created_at) VALUES (:n, 'x', '2026-01-01')"), {"n": big}
            )


def test_unwritable_backup_folder_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    Services.open(path).close()
    (tmp_path / "blocker").write_text("a file, not a folder")
    code, _, err = cli(path, "backup", str(tmp_path / "blocker" / "copy.db"))
    assert code == 1 and "cannot write the backup" in err


def test_full_disk_and_denied_writes_in_plain_words() -> None:
    import errno

    assert "disk is full" in (describe_system_error(OSError(errno.ENOSPC, "No space", "x.pdf")) or "")
    assert "permission denied" in (describe_system_error(PermissionError(errno.EACCES, "denied", "x")) or "")
    assert describe_system_error(ValueError("a bug")) is None
