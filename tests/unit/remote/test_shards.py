"""``match serve --workers 2``: the front sends each fixture's handshake to the worker owning it;
a match on each worker plays to its final whistle; a rejoin lands on the same worker; a worker
that dies is reported, started again, and its match resumes from the saved actions.

The league server runs here on a league file with a stand-in login check (each login is the
name of the team it coaches): the workers are separate processes, as in ``match serve``. Over
TLS the redirect names the worker's wss:// address."""

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from league_manager.services.facade import Services
from league_manager.services.remote import protocol as p
from league_manager.services.remote.client import Finish, JoinRefused, RemoteClient
from league_manager.services.remote.league_server import LeagueWorker, Login
from league_manager.services.remote.shards import ShardedServer, WorkerFailed, owner
from league_manager.services.remote.tls import client_context
from tests.unit.remote.test_remote_tls import _certificate


def team_logins(services: Services) -> Callable[[str, str], Login]:
    """Every login coaches the team of its name (no password check: a league file has no logins)."""

    def check(login: str, password: str) -> Login:
        return Login(login, "coach", login)

    return check


def _two_fixtures(season: Services) -> list[tuple[int, str, str]]:
    """Two fixtures on different workers, after their pre-games: (fixture, home, away)."""
    chosen: dict[int, tuple[int, str, str]] = {}
    for fixture in season.seasons.fixtures("S"):
        assert fixture.id is not None
        if owner(fixture.id, 2) not in chosen:
            assert fixture.home is not None and fixture.away is not None
            season.match_day.pregame(fixture.id, seed=fixture.id)
            chosen[owner(fixture.id, 2)] = (fixture.id, fixture.home, fixture.away)
    return [chosen[0], chosen[1]]


def _server(season: Services, tmp_path: Path, events: list[str]) -> ShardedServer:
    database = season.engine.url.render_as_string(hide_password=False)
    build = LeagueWorker(
        database, tmp_path / "keys", grace=0, ping_interval=30, ping_timeout=30, logins=team_logins
    )  # fmt: skip
    return ShardedServer(build, 2, on_event=events.append, check_every=0.1)


def _coach(address: str, fixture: int, team: str, seed: int, **more: object) -> RemoteClient:
    return RemoteClient(address, "", bot="random", seed=seed, fixture=fixture, login=team, **more)  # type: ignore[arg-type]


def test_a_match_on_each_worker_plays_to_its_final_whistle(season: Services, tmp_path: Path) -> None:
    fixtures = _two_fixtures(season)
    events: list[str] = []
    server = _server(season, tmp_path, events)

    async def play() -> tuple[list[Finish], str]:
        listening = await server.start(0)
        address = f"127.0.0.1:{listening.sockets[0].getsockname()[1]}"
        try:
            coaches = []
            for number, (fixture, home, away) in enumerate(fixtures):
                coaches += [
                    _coach(address, fixture, home, number, concede_at_turn=2),
                    _coach(address, fixture, away, number + 7),
                ]
            finishes = await asyncio.wait_for(asyncio.gather(*(c.run() for c in coaches)), 120)
            other = server.workers[1 - owner(fixtures[0][0], 2)].port  # the wrong worker, asked directly
            wrong = _coach(f"127.0.0.1:{other}/", fixtures[0][0], fixtures[0][1], 1)
            try:
                await wrong.run()
                refused = "joined"
            except JoinRefused as exc:
                refused = exc.error.code
        finally:
            await server.stop()
        return list(finishes), refused

    finishes, refused = asyncio.run(play())
    ports = {w.port for w in server.workers}
    assert len(ports) == 2 and 0 not in ports
    for finish in finishes:
        assert finish.over is not None and finish.dice_problem is None
        assert finish.log_hash == finish.over.log_hash
    for fixture, _home, _away in fixtures:
        view = season.seasons.get_fixture(fixture)
        assert view.result is not None  # the result reached the league from each worker
    assert refused == "moved"  # a room lives on its own worker only
    assert events == []


def test_a_rejoin_lands_on_its_worker_and_a_dead_worker_resumes_from_the_saved_log(
    season: Services, tmp_path: Path
) -> None:
    (fixture, home, away), _other = _two_fixtures(season)
    events: list[str] = []
    server = _server(season, tmp_path, events)
    applied = 0

    def count(message: p.Message) -> None:
        nonlocal applied
        applied += isinstance(message, p.Applied)

    async def until(condition: Callable[[], bool]) -> None:
        for _ in range(6000):
            if condition():
                return
            await asyncio.sleep(0.01)
        pytest.fail("timed out")

    async def play() -> tuple[p.Welcome, list[Finish]]:
        listening = await server.start(0)
        address = f"127.0.0.1:{listening.sockets[0].getsockname()[1]}"
        try:
            first = [_coach(address, fixture, home, 1, on_message=count), _coach(address, fixture, away, 2)]
            tasks = [asyncio.create_task(c.run()) for c in first]
            await until(lambda: applied >= 12)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            welcome: list[p.Welcome] = []

            def welcomed(message: p.Message) -> None:
                if isinstance(message, p.Welcome):
                    welcome.append(message)

            rejoin = RemoteClient(address, "", fixture=fixture, login=home, on_message=welcomed)  # no bot
            rejoining = asyncio.create_task(rejoin.run())
            await until(lambda: bool(welcome))
            rejoining.cancel()
            await asyncio.gather(rejoining, return_exceptions=True)
            worker = server.workers[owner(fixture, 2)]
            process = worker.process
            assert process is not None
            process.kill()
            await until(lambda: any("is back" in e for e in events))
            again = [_coach(address, fixture, home, 4, concede_at_turn=2), _coach(address, fixture, away, 5)]
            finishes = await asyncio.wait_for(asyncio.gather(*(c.run() for c in again)), 120)
        finally:
            await server.stop()
        return welcome[0], list(finishes)

    welcome, finishes = asyncio.run(play())
    assert welcome.resumed and len(welcome.actions) >= 12  # the rejoin found its room on its worker
    assert any("stopped with exit code" in e for e in events)  # the dead worker was reported
    for finish in finishes:
        assert finish.resumed  # both coaches had joined before: the match went on from its save
        assert finish.over is not None and finish.dice_problem is None
    assert season.seasons.get_fixture(fixture).result is not None


def test_a_worker_that_cannot_open_the_league_fails_the_start_in_words(tmp_path: Path) -> None:
    build = LeagueWorker(str(tmp_path), tmp_path / "keys", logins=team_logins)  # a folder, not a league
    server = ShardedServer(build, 1)
    with pytest.raises(WorkerFailed, match="worker 0 did not start"):
        asyncio.run(server.start(0))
    assert server.workers[0].process is None


def test_over_tls_the_front_redirects_to_the_workers_wss_address(season: Services, tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)
    (fixture, home, _away), _other = _two_fixtures(season)
    database = season.engine.url.render_as_string(hide_password=False)
    build = LeagueWorker(database, tmp_path / "keys", grace=0, logins=team_logins)
    server = ShardedServer(build, 1, cert=cert, key=key)
    welcomes: list[p.Message] = []

    async def join() -> None:
        listening = await server.start(0)
        address = f"wss://127.0.0.1:{listening.sockets[0].getsockname()[1]}"
        try:
            watcher = RemoteClient(
                address, "", role="spectator", fixture=fixture, login=home, tls=client_context(cert),
                on_message=welcomes.append,
            )  # fmt: skip
            task = asyncio.create_task(watcher.run())
            for _ in range(3000):
                if welcomes:
                    break
                await asyncio.sleep(0.01)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        finally:
            await server.stop()

    asyncio.run(join())
    assert server.scheme == "wss"
    assert welcomes and isinstance(welcomes[0], p.Welcome) and welcomes[0].fixture == fixture
