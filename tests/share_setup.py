"""Set-ups the shared-league tests have in common (persistence, remote play, the share dialog).

A throw-away database on the test run's PostgreSQL server (``LM_TEST_PG_URL``; ./test.sh
starts one with trust authentication, so logins need no password), the demo league with a
four-team season to share onto it, and the members' logins. Tests without the server skip.
"""

import io
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.services.demo import DEMO_LEAGUE
from league_manager.services.facade import Services

SEASON_TEAMS = ("Middenheim Marauders", "Gutrot Ironjaws", "Laurelorn Leapers", "Karak Stonefists")
"""The demo teams of the season :func:`season_league_file` schedules."""


def cli(*argv: str) -> tuple[int, str, str]:
    """Run the command line; returns the exit code, the output and the errors."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def as_role(server: str, role: str) -> str:
    """The server's URL for another login (no password: the test server trusts its socket)."""
    return make_url(server).set(username=role, password=None).render_as_string(hide_password=False)


@contextmanager
def pg_database(pytestconfig: pytest.Config, prefix: str, logins: Sequence[str] = ()) -> Iterator[str]:
    """A new, empty database named ``<prefix>_<pid>`` on the run's server, dropped afterwards
    with its group roles and the logins whose names start with one of ``logins``.

    Skips the test without the server.
    """
    url = pytestconfig.getoption("--pg-url")
    if not url:
        pytest.skip("needs the test run's PostgreSQL server (LM_TEST_PG_URL; ./test.sh starts one)")
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    name = f"{prefix}_{os.getpid()}"
    patterns = [f"{name} %", *(f"{login}%" for login in logins)]

    def drop() -> None:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            for pattern in patterns:
                roles = conn.execute(
                    text("SELECT rolname FROM pg_roles WHERE rolname LIKE :p"), {"p": pattern}
                )
                for (role,) in list(roles):
                    conn.exec_driver_sql(f'DROP ROLE IF EXISTS "{role}"')

    drop()
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        drop()
        admin.dispose()


def season_league_file(demo_file: Path, target: Path) -> int:
    """Copy the demo league to ``target`` with season S of :data:`SEASON_TEAMS` scheduled
    round-robin; returns the fixture Gutrot Ironjaws v Middenheim Marauders."""
    target.write_bytes(demo_file.read_bytes())
    svc = Services.open(target)
    try:
        svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
        svc.seasons.add_teams("S", list(SEASON_TEAMS))
        svc.seasons.schedule("S", "round-robin")
        return next(
            int(f.id or 0)
            for f in svc.seasons.fixtures("S")
            if {f.home, f.away} == {"Middenheim Marauders", "Gutrot Ironjaws"}
        )
    finally:
        svc.close()


def share(league_file: Path, server: str) -> str:
    """Share the demo league of ``league_file`` onto ``server``; returns what was copied."""
    code, out, err = cli("--db", str(league_file), "share", DEMO_LEAGUE, "--server", server)
    assert code == 0, err
    return out


def add_coaches(server: str, coaches: Mapping[str, str]) -> None:
    """Give each login (login -> team) a coach's place in the shared league, without a password."""
    for role, team in coaches.items():
        code, _, err = cli(
            "--db", server, "share", "add-coach", DEMO_LEAGUE, role, "--team", team, "--no-password"
        )
        assert code == 0, err


def add_member(server: str, kind: str, role: str) -> None:
    """Give a login a commissioner's or a viewer's place (``kind``), without a password."""
    code, _, err = cli("--db", server, "share", f"add-{kind}", DEMO_LEAGUE, role, "--no-password")
    assert code == 0, err


LEAGUE = DEMO_LEAGUE


@pytest.fixture
def server(pytestconfig: pytest.Config) -> Iterator[str]:
    """A new, empty database on the run's PostgreSQL server (dropped afterwards, with its roles
    and the ``lmt_`` logins the tests make)."""
    with pg_database(pytestconfig, "lm_share", logins=("lmt_",)) as url:
        yield url


@pytest.fixture
def shared(server: str, demo_file: Path, tmp_path: Path) -> tuple[str, Path]:
    """The demo league copied onto the server; returns the server URL and the league file."""
    league_file = tmp_path / "demo.db"
    league_file.write_bytes(demo_file.read_bytes())
    out = share(league_file, server)
    assert "player:" in out and "treasuryentry:" in out
    return server, league_file


@pytest.fixture
def shared_season(server: str, demo_file: Path, tmp_path: Path) -> tuple[str, int]:
    """A demo league with a four-team season, shared; coaches lmt_bo (Ironjaws), lmt_ada
    (Marauders), lmt_cy (Leapers) and the commissioner lmt_com.

    Returns the server URL and the fixture Ironjaws v Marauders.
    """
    league_file = tmp_path / "season.db"
    fixture = season_league_file(demo_file, league_file)
    share(league_file, server)
    add_coaches(
        server,
        {"lmt_bo": "Gutrot Ironjaws", "lmt_ada": "Middenheim Marauders", "lmt_cy": "Laurelorn Leapers"},
    )
    add_member(server, "commissioner", "lmt_com")
    return server, fixture


def a_result(snapshots: dict[str, object]) -> dict[str, object]:
    """A 1-0 result for the home team of a pre-game's snapshots: everyone played, the first
    home player scored."""
    players = [
        {"id": p["id"], "team": index, "played": True}
        for index, side in enumerate(("home", "away"))
        for p in snapshots[side]["players"]  # type: ignore[index]
    ]
    players[0]["td"] = 1
    return {"home": {"score": 1}, "away": {"score": 0}, "conceded": None, "players": players}
