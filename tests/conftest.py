"""Shared fixtures: headless Qt, no real modal dialogs, a migrated database per test.

The persistence and service tests run on SQLite and, when ``LM_TEST_PG_URL`` (or
``--pg-url``) names a PostgreSQL server, on PostgreSQL too: their ``backend`` fixture is
parametrised, and ``database``, ``services`` and ``demo`` give a fresh database of that
backend (on PostgreSQL one database migrated once per run, reset to a snapshot per test).
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine
from sqlalchemy.engine import make_url

from league_manager.persistence.database import make_engine
from league_manager.persistence.migrate import migrate
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset
from league_manager.services.facade import Services

pytest_plugins = ("tests.share_setup",)
"""The shared-league fixtures (``server``, ``shared``, ``shared_season``) for every test."""

BOTH_BACKENDS = (Path(__file__).parent / "unit" / "services", Path(__file__).parent / "unit" / "persistence")
"""Tests under these folders run on every backend the run has."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--pg-url",
        default=os.environ.get("LM_TEST_PG_URL", ""),
        help="SQLAlchemy URL of a throw-away PostgreSQL server (its 'postgres' database); "
        "the persistence and service tests then run on it as well as on SQLite",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: a test of the SQLite file itself, not of the database")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames:
        return
    backends = ["sqlite"]
    wanted = any(folder in metafunc.definition.path.parents for folder in BOTH_BACKENDS)
    if (
        wanted
        and metafunc.config.getoption("--pg-url")
        and not metafunc.definition.get_closest_marker("sqlite_only")
    ):
        backends.append("postgresql")
    metafunc.parametrize("backend", backends, indirect=True)


class PgDatabases:
    """One migrated database on the throw-away server, reset to a snapshot before each test.

    Creating a database per test costs over a second on a loaded machine; emptying the
    tables and copying a snapshot's rows back (``COPY``) takes a few hundredths.
    """

    def __init__(self, admin_url: str) -> None:
        url = make_url(admin_url)
        admin = create_engine(url, isolation_level="AUTOCOMMIT")
        name = f"lm_test_{os.getpid()}"
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        self.admin = admin
        self.name = name
        self.url = url.set(database=name).render_as_string(hide_password=False)
        self.engine: Engine = make_engine(self.url)
        migrate(self.engine, shared_upgrade=True)
        with self.engine.connect() as conn:
            self.tables = [
                str(row[0])
                for row in conn.exec_driver_sql(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                    "AND tablename <> 'alembic_version' ORDER BY tablename"
                )
            ]
            self.serials = [
                (str(row[0]), str(row[1]))
                for row in conn.exec_driver_sql(
                    "SELECT table_name, column_name FROM information_schema.columns "
                    "WHERE table_schema = 'public' AND column_default LIKE 'nextval%%'"
                )
            ]
        self.snapshots: dict[str, dict[str, bytes]] = {"empty": {}}

    def fresh(self, kind: str, build: Callable[[str], None]) -> str:
        """The database, holding the rows of snapshot ``kind`` (made once by ``build(url)``)."""
        if kind not in self.snapshots:
            self._load({})
            build(self.url)
            self.snapshots[kind] = self._dump()
        self._load(self.snapshots[kind])
        return self.url

    def _dump(self) -> dict[str, bytes]:
        raw = self.engine.raw_connection()
        try:
            rows: dict[str, bytes] = {}
            with raw.driver_connection.cursor() as cur:  # type: ignore[union-attr]
                for table in self.tables:
                    with cur.copy(f'COPY "{table}" TO STDOUT') as copy:
                        rows[table] = b"".join(bytes(chunk) for chunk in copy)
            raw.commit()
            return rows
        finally:
            raw.close()

    def _load(self, rows: dict[str, bytes]) -> None:
        """End every other connection, empty the tables and copy ``rows`` back in."""
        self.engine.dispose()
        with self.admin.connect() as conn:
            conn.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                f"WHERE datname = '{self.name}' AND pid <> pg_backend_pid()"
            )
        raw = self.engine.raw_connection()
        try:
            with raw.driver_connection.cursor() as cur:  # type: ignore[union-attr]
                cur.execute("SET session_replication_role = replica")  # foreign keys: rows come in any order
                cur.execute("TRUNCATE " + ", ".join(f'"{t}"' for t in self.tables) + " RESTART IDENTITY")
                for table, data in rows.items():
                    if data:
                        with cur.copy(f'COPY "{table}" FROM STDIN') as copy:
                            copy.write(data)
                for table, column in self.serials:
                    cur.execute(
                        f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'), "
                        f'COALESCE(MAX("{column}"), 0) + 1, false) FROM "{table}"'
                    )
            raw.commit()
        finally:
            raw.close()
        self.engine.dispose()

    def close(self) -> None:
        """Drop the database and release the connections."""
        self.engine.dispose()
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        self.admin.dispose()


@pytest.fixture(scope="session")
def pg_databases(pytestconfig: pytest.Config) -> Iterator[PgDatabases | None]:
    """The PostgreSQL server of this run, or None."""
    url = pytestconfig.getoption("--pg-url")
    if not url:
        yield None
        return
    databases = PgDatabases(url)
    yield databases
    databases.close()


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """``sqlite`` or ``postgresql``: the database the test's services run on."""
    return str(getattr(request, "param", "sqlite"))


PgDatabase = Callable[[str, Callable[[str], None]], str]
"""``pg_database(kind, build)``: the run's PostgreSQL database holding snapshot ``kind``."""


@pytest.fixture
def pg_database(request: pytest.FixtureRequest) -> PgDatabase:
    """Give the run's PostgreSQL database holding a snapshot (built once by ``build(url)``).

    The server's fixture is asked for only when a PostgreSQL test calls this.
    """

    def fresh(kind: str, build: Callable[[str], None]) -> str:
        databases = request.getfixturevalue("pg_databases")
        assert databases is not None, "PostgreSQL tests need --pg-url or LM_TEST_PG_URL"
        return str(databases.fresh(kind, build))

    return fresh


@pytest.fixture
def database(backend: str, tmp_path: Path, pg_database: PgDatabase) -> str:
    """A fresh league database of the test's backend: a file path, or a migrated PostgreSQL URL."""
    if backend == "postgresql":
        return pg_database("empty", lambda _url: None)
    return str(tmp_path / "league.db")


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    """The BB2020 ruleset."""
    return load_ruleset("bb2020")


@pytest.fixture
def services(database: str) -> Iterator[Services]:
    """Services over a fresh, migrated database (a SQLite file, or PostgreSQL)."""
    svc = Services.open(database)
    yield svc
    svc.close()


@pytest.fixture
def league(services: Services) -> str:
    """A new empty league's name."""
    return services.leagues.create_league("Test League").value.name


@pytest.fixture(scope="session")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo league, drafted once per test session and copied for each test."""
    folder = tmp_path_factory.mktemp("demo")
    svc = Services.open(folder / "build.db")
    svc.create_demo()
    target = svc.backup(folder / "demo.db")
    svc.close()
    return target


def build_demo(url: str) -> None:
    """Draft the demo league into a database."""
    svc = Services.open(url)
    svc.create_demo()
    svc.close()


@pytest.fixture
def demo(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, pg_database: PgDatabase
) -> Iterator[Services]:
    """Services over a fresh copy of the demo league (eight teams of different races)."""
    if backend == "postgresql":
        svc = Services.open(pg_database("demo", build_demo))
    else:
        demo_file = request.getfixturevalue("demo_file")
        copy = tmp_path / "demo.db"
        copy.write_bytes(demo_file.read_bytes())
        svc = Services.open(copy)
    yield svc
    svc.close()


@pytest.fixture
def rewind_schema() -> Callable[[Path, str], None]:
    """Take a league file back to an older schema (see :func:`rewind_file`)."""
    return rewind_file


def rewind_file(path: Path, revision: str) -> None:
    """Take a league file back to an older schema with the migrations' own downgrades.

    Tests of a migration build a file with today's services, then rewind it: the
    tables and columns of every later revision go, so no test lists them by hand.
    """
    from alembic import command

    from league_manager.persistence.migrate import alembic_config

    engine = make_engine(path)
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, revision)
            conn.commit()
    finally:
        engine.dispose()
