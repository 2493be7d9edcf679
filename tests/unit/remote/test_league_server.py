"""``match serve`` for a shared league: each coach joins their own fixture with their own login
and plays their team's side; another team's coach and a viewer may not play it; anyone of the
league may watch; an unknown login is refused. Runs on the test PostgreSQL server."""

import asyncio
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from league_manager.services.facade import Services
from league_manager.services.remote import protocol as p
from league_manager.services.remote.client import JoinRefused, RemoteClient
from league_manager.services.remote.league_server import LeagueMatchServer, postgres_logins
from league_manager.services.season_read_models import FixtureView
from tests.share_setup import add_coaches, add_member, cli, pg_database, season_league_file, share
from tests.unit.remote.remote_helpers import listen, wind_down

PREFIX = "lmr_"


@pytest.fixture
def league_server(pytestconfig: pytest.Config, demo_file: Path, tmp_path: Path) -> Iterator[tuple[str, int]]:
    """The demo league with a season, shared on a new database; coaches bo (Ironjaws), ada
    (Marauders) and cy (Leapers), a viewer vi. Returns the owner's URL and Ironjaws v Marauders."""
    with pg_database(pytestconfig, "lm_serve", logins=(PREFIX,)) as server:
        league_file = tmp_path / "season.db"
        fixture = season_league_file(demo_file, league_file)
        share(league_file, server)
        add_coaches(
            server,
            {PREFIX + "bo": "Gutrot Ironjaws", PREFIX + "ada": "Middenheim Marauders",
             PREFIX + "cy": "Laurelorn Leapers"},
        )  # fmt: skip
        add_member(server, "viewer", PREFIX + "vi")
        yield server, fixture


def _pregame(url: str, fixture: int, seed: int) -> FixtureView:
    """Run the fixture's pre-game on the shared league; the fixture after it."""
    services = Services.open(url)
    try:
        services.match_day.pregame(fixture, seed=seed)
        return services.seasons.get_fixture(fixture)
    finally:
        services.close()


def test_coaches_play_their_own_sides_with_their_logins(
    league_server: tuple[str, int], tmp_path: Path
) -> None:
    url, fixture = league_server
    view = _pregame(url, fixture, seed=3)
    ironjaws_side = "home" if view.home == "Gutrot Ironjaws" else "away"
    services = Services.open(url)
    try:
        server = LeagueMatchServer(
            services, postgres_logins(services), tmp_path / "keys", grace=0, ping_interval=30, ping_timeout=30
        )

        async def refused(address: str, login: str, role: str = "player", fixture_id: int = fixture) -> str:
            client = RemoteClient(address, "", role=role, fixture=fixture_id, login=PREFIX + login)
            try:
                await client.run()
            except JoinRefused as exc:
                return exc.error.code
            return "joined"

        async def play() -> tuple[list[str], str | None, str | None, list[p.Message]]:
            listening, address = await listen(server)
            codes = [
                await refused(address, "cy"),  # a coach of another team
                await refused(address, "vi"),  # a viewer
                await refused(address, "nobody"),  # no such login on the server
                await refused(address, "bo", fixture_id=0),  # no fixture named
            ]
            applied = 0

            def count(message: p.Message) -> None:
                nonlocal applied
                applied += isinstance(message, p.Applied)

            bo = RemoteClient(address, "", bot="random", seed=1, fixture=fixture, login=PREFIX + "bo")
            ada = RemoteClient(
                address, "", bot="random", seed=2, fixture=fixture, login=PREFIX + "ada", on_message=count
            )
            watched: list[p.Message] = []
            vi = RemoteClient(
                address, "", role="spectator", fixture=fixture, login=PREFIX + "vi", on_message=watched.append
            )
            tasks = [asyncio.create_task(c.run()) for c in (bo, ada, vi)]
            for _ in range(3000):
                if applied >= 20:
                    break
                await asyncio.sleep(0.01)
            await wind_down(listening, tasks)
            return codes, bo.side, ada.side, watched

        codes, bo_side, ada_side, watched = asyncio.run(play())
        assert codes == ["not_your_fixture", "viewer_only", "bad_login", "login_required"]
        assert bo_side == ironjaws_side and ada_side == ("away" if ironjaws_side == "home" else "home")
        assert any(isinstance(m, p.Applied) for m in watched)  # the viewer watched
        status = services.board.status(fixture)
        assert status is not None and status.in_progress and status.actions >= 20  # saved on the server
    finally:
        services.close()


def test_serve_refuses_a_league_file(tmp_path: Path) -> None:
    code, _, err = cli("--db", str(tmp_path / "x.db"), "match", "serve", "--port", "0")
    assert code == 1 and "PostgreSQL" in err


def test_match_serve_with_two_workers_plays_a_fixture_to_the_final_whistle(
    league_server: tuple[str, int], tmp_path: Path
) -> None:
    url, fixture = league_server
    view = _pregame(url, fixture, seed=5)
    logins = {"Gutrot Ironjaws": PREFIX + "bo", "Middenheim Marauders": PREFIX + "ada"}
    with socket.socket() as probe:  # a free port for the front (the workers take the next two)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    serve = subprocess.Popen(
        [sys.executable, "-m", "league_manager", "--db", url, "match", "serve", "--listen", "127.0.0.1",
         "--port", str(port), "--workers", "2", "--keys-dir", str(tmp_path / "keys")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        assert serve.stdout is not None
        first = serve.stdout.readline()
        assert f"127.0.0.1:{port} (2 workers on ports {port + 1}, {port + 2})" in first
        joins = []
        for n, team in enumerate((view.home, view.away)):
            assert team is not None
            argv = ["match", "join", f"127.0.0.1:{port}", "--fixture", str(fixture), "--login", logins[team]]
            argv += ["--bot", "random", "--seed", str(n), *(["--concede-at-turn", "2"] if n == 0 else [])]
            joins.append(
                subprocess.Popen(
                    [sys.executable, "-m", "league_manager", *argv],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                )
            )
        outputs = [join.communicate(timeout=180)[0] for join in joins]
    finally:
        serve.terminate()
        serve.communicate(timeout=30)  # and closes its output
    for join, out in zip(joins, outputs, strict=True):
        assert join.returncode == 0 and "dice verified" in out, out
    services = Services.open(url)
    try:
        assert services.seasons.get_fixture(fixture).result is not None
    finally:
        services.close()
