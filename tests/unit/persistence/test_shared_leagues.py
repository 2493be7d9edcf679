"""Shared (PostgreSQL) leagues: passwords never show; only an explicit upgrade moves the schema.

The tests that need a server use the test run's throw-away PostgreSQL (``LM_TEST_PG_URL``,
started by ./test.sh) and make a blank database on it.
"""

import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.errors import SharedDatabaseOutOfDate
from league_manager.persistence.database import make_engine
from league_manager.persistence.migrate import alembic_config, current_revision, head_revision
from league_manager.services.facade import Services

OLDER = "0004"


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def blank_pg(pytestconfig: pytest.Config) -> Iterator[str]:
    """A new, empty database on the run's PostgreSQL server (dropped afterwards)."""
    server = pytestconfig.getoption("--pg-url")
    if not server:
        pytest.skip("needs the test run's PostgreSQL server (LM_TEST_PG_URL; ./test.sh starts one)")
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    name = f"lm_blank_{os.getpid()}"
    with admin.connect() as conn:
        conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    yield make_url(server).set(database=name).render_as_string(hide_password=False)
    with admin.connect() as conn:
        conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    admin.dispose()


def at_revision(url: str, revision: str) -> str | None:
    """Migrate a database to ``revision`` as an older program would have; its revision after."""
    from alembic import command

    engine = make_engine(url)
    cfg = alembic_config()
    with engine.connect() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
        conn.commit()
    found = current_revision(engine)
    engine.dispose()
    return found


def test_a_client_meeting_an_older_shared_schema_says_so_and_stops(blank_pg: str) -> None:
    with pytest.raises(SharedDatabaseOutOfDate, match=r"no League Manager tables yet.*db upgrade"):
        Services.open(blank_pg)
    assert at_revision(blank_pg, OLDER) == OLDER
    with pytest.raises(SharedDatabaseOutOfDate, match=f"has schema {OLDER}; this version needs"):
        Services.open(blank_pg)
    engine = make_engine(blank_pg)
    assert current_revision(engine) == OLDER  # nobody but the commissioner moves it on
    engine.dispose()


def test_db_upgrade_backs_up_with_pg_dump_then_upgrades(blank_pg: str, tmp_path: Path) -> None:
    at_revision(blank_pg, OLDER)
    code, out, err = cli("--db", blank_pg, "db", "upgrade", "--backup-dir", str(tmp_path))
    assert code == 0, err
    (backup,) = tmp_path.glob("*.dump")
    assert backup.read_bytes().startswith(b"PGDMP")  # pg_dump's custom format
    assert f"from schema {OLDER} to {head_revision()}" in out
    services = Services.open(blank_pg)
    assert services.leagues.create_league("Shared").value.name == "Shared"
    services.close()
    code, out, _ = cli("--db", blank_pg, "db", "upgrade", "--backup-dir", str(tmp_path))
    assert code == 0 and "nothing to do" in out and len(list(tmp_path.glob("*.dump"))) == 1


def test_without_pg_dump_the_upgrade_is_refused(
    blank_pg: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at_revision(blank_pg, OLDER)
    monkeypatch.setenv("PATH", str(tmp_path))  # no pg_dump to be found
    code, _, err = cli("--db", blank_pg, "db", "upgrade", "--backup-dir", str(tmp_path))
    assert code == 1 and "pg_dump" in err and "Nothing was changed" in err
    engine = make_engine(blank_pg)
    assert current_revision(engine) == OLDER
    engine.dispose()


def test_no_message_shows_the_password(tmp_path: Path) -> None:
    url = f"postgresql://coach:s3cret@/league?host={tmp_path}"  # no server listens there
    code, out, err = cli("--db", url, "team", "list")
    assert code == 1 and "cannot open" in err
    assert "s3cret" not in out + err and "coach:***@" in err
    code, out, _ = cli("--db", url)
    assert "s3cret" not in out


def test_the_location_shown_has_no_password(blank_pg: str) -> None:
    at_revision(blank_pg, head_revision())
    services = Services.open(with_secret(blank_pg))
    assert "s3cret" not in services.location and services.location == blank_pg
    services.close()


def with_secret(url: str) -> str:
    """The URL with a password the trust-authenticated test server ignores."""
    return make_url(url).set(password="s3cret").render_as_string(hide_password=False)
