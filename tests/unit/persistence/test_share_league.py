"""Sharing a league on a PostgreSQL server: the copy is equal, and the server enforces who writes what.

The server tests use the test run's throw-away PostgreSQL (``LM_TEST_PG_URL``; ./test.sh
starts one, with trust authentication, so logins need no password here) and skip without it.
"""

import io
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlmodel import SQLModel

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.errors import NotAllowed
from league_manager.persistence.league_copy import LEAGUE_ROWS, NOT_COPIED, league_rows
from league_manager.services.facade import Services

LEAGUE = "Demo League"


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def test_every_table_is_either_copied_or_named_as_not_copied() -> None:
    tables = set(SQLModel.metadata.tables)
    assert set(LEAGUE_ROWS) | set(NOT_COPIED) == tables
    assert not set(LEAGUE_ROWS) & set(NOT_COPIED)


@pytest.fixture
def server(pytestconfig: pytest.Config) -> Iterator[str]:
    """A new, empty database on the run's PostgreSQL server (dropped afterwards, with its roles)."""
    url = pytestconfig.getoption("--pg-url")
    if not url:
        pytest.skip("needs the test run's PostgreSQL server (LM_TEST_PG_URL; ./test.sh starts one)")
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    name = f"lm_share_{os.getpid()}"

    def drop() -> None:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            roles = conn.execute(
                text("SELECT rolname FROM pg_roles WHERE rolname LIKE :p OR rolname LIKE 'lmt_%'"),
                {"p": f"{name} %"},
            )
            for (role,) in list(roles):
                conn.exec_driver_sql(f'DROP ROLE IF EXISTS "{role}"')

    drop()
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    yield make_url(url).set(database=name).render_as_string(hide_password=False)
    drop()
    admin.dispose()


@pytest.fixture
def shared(server: str, demo_file: Path, tmp_path: Path) -> tuple[str, Path]:
    """The demo league copied onto the server; returns the server URL and the league file."""
    league_file = tmp_path / "demo.db"
    league_file.write_bytes(demo_file.read_bytes())
    code, out, err = cli("--db", str(league_file), "share", LEAGUE, "--server", server)
    assert code == 0, err
    assert "player:" in out and "treasuryentry:" in out
    return server, league_file


def as_role(server: str, role: str) -> str:
    return make_url(server).set(username=role, password=None).render_as_string(hide_password=False)


def test_the_copy_reads_the_same_row_for_row(shared: tuple[str, Path]) -> None:
    server, league_file = shared
    here, there = create_engine(f"sqlite:///{league_file}"), create_engine(server)
    with here.connect() as a, there.connect() as b:
        assert league_rows(a, 1) == league_rows(b, 1)
        assert len(league_rows(b, 1)["player"]) > 80
    here.dispose()
    there.dispose()


def test_a_server_holding_the_league_is_refused_unless_replaced(shared: tuple[str, Path]) -> None:
    server, league_file = shared
    code, _, err = cli("--db", str(league_file), "share", LEAGUE, "--server", server)
    assert code == 1 and "already holds" in err
    code, out, err = cli("--db", str(league_file), "share", LEAGUE, "--server", server, "--replace")
    assert code == 0, err
    assert out.startswith("replaced")


def _team_ids(server: str) -> dict[str, int]:
    engine = create_engine(server)
    with engine.connect() as conn:
        found = {name: int(i) for i, name in conn.execute(text("SELECT id, name FROM team"))}
    engine.dispose()
    return found


def test_each_role_writes_only_what_the_server_allows(shared: tuple[str, Path]) -> None:
    server, _ = shared
    teams = _team_ids(server)
    own, other = teams["Gutrot Ironjaws"], teams["Middenheim Marauders"]
    assert (
        cli(
            "--db",
            server,
            "share",
            "add-coach",
            LEAGUE,
            "lmt_bo",
            "--team",
            "Gutrot Ironjaws",
            "--no-password",
        )[0]
        == 0
    )
    assert cli("--db", server, "share", "add-viewer", LEAGUE, "lmt_vi", "--no-password")[0] == 0
    code, out, _ = cli("--db", server, "share", "list")
    assert code == 0 and "lmt_bo: coach of Gutrot Ironjaws" in out and "lmt_vi: viewer" in out
    coach = create_engine(as_role(server, "lmt_bo"))
    entry = (
        "INSERT INTO treasuryentry (team_id, amount, reason, source, created_at) "
        "VALUES (:t, 1000, 'x', 'correction', now())"
    )
    with coach.begin() as conn:
        conn.execute(text(entry), {"t": own})
    with pytest.raises(DBAPIError, match="row-level security"), coach.begin() as conn:
        conn.execute(text(entry), {"t": other})
    with coach.begin() as conn:  # another team's players are out of reach: nothing changes
        changed = conn.execute(
            text("UPDATE player SET name = 'Stolen' WHERE team_id = :t"), {"t": other}
        ).rowcount
        assert changed == 0
        assert conn.execute(text("SELECT COUNT(*) FROM player WHERE team_id = :t"), {"t": other}).scalar() > 0
    with pytest.raises(DBAPIError, match="permission denied"), coach.begin() as conn:
        conn.execute(text("UPDATE fixture SET note = 'mine'"))
    coach.dispose()
    viewer = create_engine(as_role(server, "lmt_vi"))
    with viewer.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM player")).scalar() > 80
    with pytest.raises(DBAPIError, match="permission denied"), viewer.begin() as conn:
        conn.execute(text(entry), {"t": own})
    viewer.dispose()
    assert cli("--db", server, "share", "remove", "lmt_vi")[0] == 0
    assert "lmt_vi" not in cli("--db", server, "share", "list")[1]


def test_a_coach_hires_into_their_own_team_from_the_app_and_not_into_another(
    shared: tuple[str, Path],
) -> None:
    server, _ = shared
    assert (
        cli(
            "--db",
            server,
            "share",
            "add-coach",
            LEAGUE,
            "lmt_bo",
            "--team",
            "Gutrot Ironjaws",
            "--no-password",
        )[0]
        == 0
    )
    admin = create_engine(server)
    with admin.begin() as conn:  # the commissioner pays both teams a prize to spend
        conn.execute(
            text(
                "INSERT INTO treasuryentry (team_id, amount, reason, source, created_at) "
                "SELECT id, 50000, 'prize', 'prize', now() FROM team"
            )
        )
    admin.dispose()
    services = Services.open(as_role(server, "lmt_bo"))
    try:
        before = services.teams.get_team("Gutrot Ironjaws")
        services.roster.hire_staff("Gutrot Ironjaws", "cheerleader")
        assert services.teams.get_team("Gutrot Ironjaws").treasury < before.treasury
        other = services.teams.get_team("Middenheim Marauders")
        with pytest.raises(
            NotAllowed, match="Middenheim Marauders belong to Ada; you may change only Gutrot Ironjaws"
        ):
            services.roster.hire_staff("Middenheim Marauders", "cheerleader")
        assert services.teams.get_team("Middenheim Marauders").treasury == other.treasury
    finally:
        services.close()


def test_two_coaches_writing_their_own_teams_at_once_lose_nothing(shared: tuple[str, Path]) -> None:
    server, _ = shared
    teams = _team_ids(server)
    coaches = {"lmt_a": "Gutrot Ironjaws", "lmt_b": "Middenheim Marauders"}
    for role, team in coaches.items():
        assert (
            cli("--db", server, "share", "add-coach", LEAGUE, role, "--team", team, "--no-password")[0] == 0
        )
    failures: list[BaseException] = []

    def write(role: str, team_id: int) -> None:
        engine = create_engine(as_role(server, role))
        try:
            for _ in range(40):
                with engine.begin() as conn:
                    conn.execute(
                        text(
                            "INSERT INTO treasuryentry (team_id, amount, reason, source, created_at) "
                            "VALUES (:t, 1, 'bench', 'correction', now())"
                        ),
                        {"t": team_id},
                    )
        except BaseException as exc:  # reported below
            failures.append(exc)
        finally:
            engine.dispose()

    threads = [threading.Thread(target=write, args=(r, teams[t])) for r, t in coaches.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    engine = create_engine(server)
    with engine.connect() as conn:
        for team in coaches.values():
            count = conn.execute(
                text("SELECT COUNT(*) FROM treasuryentry WHERE reason = 'bench' AND team_id = :t"),
                {"t": teams[team]},
            ).scalar()
            assert count == 40
    engine.dispose()
