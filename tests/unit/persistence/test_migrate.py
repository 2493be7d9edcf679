"""Start-up migration: new files, pragmas, backups, and refusing a newer schema."""

import hashlib
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from league_manager.core.errors import DatabaseTooNew, DatabaseUnavailable, NotALeagueDatabase
from league_manager.persistence.database import database_url, make_engine, sqlite_path
from league_manager.persistence.migrate import current_revision, head_revision, migrate
from league_manager.services.facade import Services


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_new_database_is_migrated_to_head(tmp_path: Path) -> None:
    engine = make_engine(tmp_path / "new.db")
    report = migrate(engine)
    assert report.upgraded and report.backup is None
    assert current_revision(engine) == head_revision()
    assert migrate(engine).upgraded is False
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 5000
    engine.dispose()


def test_foreign_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
    conn.close()
    before = digest(path)
    with pytest.raises(NotALeagueDatabase, match="not a League Manager database"):
        Services.open(path)
    assert digest(path) == before


def test_older_database_is_backed_up_before_upgrade(tmp_path: Path) -> None:
    from alembic import command
    from alembic.script import ScriptDirectory

    from league_manager.persistence.migrate import alembic_config

    revisions = [r.revision for r in ScriptDirectory.from_config(alembic_config()).walk_revisions()]
    if len(revisions) < 2:
        pytest.skip("needs a second schema revision")
    path = tmp_path / "old.db"
    engine = make_engine(path)
    cfg = alembic_config()
    with engine.connect() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revisions[-1])  # the oldest revision
        conn.exec_driver_sql("INSERT INTO coach (name, created_at) VALUES ('Ada', '2026-01-01')")
        conn.commit()
    report = migrate(engine)
    engine.dispose()
    assert report.upgraded and report.backup is not None
    assert report.backup.parent == tmp_path / "backups"
    with sqlite3.connect(report.backup) as backup:
        assert backup.execute("SELECT name FROM coach").fetchall() == [("Ada",)]
    backup.close()


def test_newer_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    Services.open(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    conn.close()
    before = digest(path)
    with pytest.raises(DatabaseTooNew, match="newer version"):
        Services.open(path)
    assert digest(path) == before
    assert not (tmp_path / "backups").exists()


def test_database_urls() -> None:
    # a plain postgresql:// gets the psycopg (3) driver we ship; SQLAlchemy would pick psycopg2
    assert database_url("postgresql://user:pw@host/league") == "postgresql+psycopg://user:pw@host/league"
    assert database_url("postgresql+psycopg://u@/lg?host=/tmp/s") == "postgresql+psycopg://u@/lg?host=/tmp/s"
    assert database_url("league.db").startswith("sqlite:///")
    assert sqlite_path("sqlite:///:memory:") is None
    assert sqlite_path("postgresql://user:pw@host/league") is None


@pytest.mark.sqlite_only
def test_backup_api_copies_a_live_database(services: Services, tmp_path: Path) -> None:
    services.create_demo()
    copy = services.backup(tmp_path / "copy.db")
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT count(*) FROM team").fetchone() == (8,)
    conn.close()


def test_cached_player_status_rebuilds_from_ledger(services: Services) -> None:
    from sqlmodel import select

    from league_manager.persistence.database import session_scope
    from league_manager.persistence.models import Player
    from league_manager.persistence.repositories import rebuild_player_status

    services.create_demo()
    team = services.teams.list_teams()[0]
    view = services.teams.get_team(team.id)
    services.roster.fire_player(view.players[0].id)
    with session_scope(services.engine) as session:
        players = session.exec(select(Player)).all()
        assert any(p.status == "left" for p in players)
        for player in players:
            assert rebuild_player_status(player.id or 0, session=session) == player.status


def test_unusable_files_get_a_clear_message(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.db"
    garbage.write_text("not a database")
    with pytest.raises(DatabaseUnavailable, match="file is not a database"):
        Services.open(garbage)
    with pytest.raises(DatabaseUnavailable, match="cannot open"):
        Services.open(tmp_path)
