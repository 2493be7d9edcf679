"""Remote play benchmark (issue 21): round trip, dead-connection detection, resume, and how
many bot-versus-bot matches one server holds with p95 <= 100 ms.

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/remote.py [ACTIONS] [MAX_MATCHES]

Everything runs on localhost in one process (server and clients share the CPU, so the
figures are pessimistic). Each match is a fixture of a fresh demo league, saved action by
action to its SQLite file as in real play. Goals: round trip p95 <= 50 ms; a dead connection
found within 10 s and a resume within 5 s; >= 200 concurrent matches at p95 <= 100 ms.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from league_manager.match.bots import make_bot
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.remote import protocol as p
from league_manager.services.remote.room import Room, RoomKeys
from league_manager.services.remote.server import MatchServer
from league_manager.services.remote.writer import SaveWriter


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rooms(svc: Services, count: int) -> list[Room]:
    """``count`` rooms, each on a demo fixture whose pre-game has run."""
    made: list[Room] = []
    fixtures = [f.id for f in svc.seasons.fixtures("S") if f.id is not None][:count]
    for number, fixture in enumerate(fixtures):
        svc.match_day.pregame(fixture, seed=number + 1)
        keys = RoomKeys(fixture, f"code{number}", f"host{number}", "home", f"{number + 1:04x}")
        made.append(Room(svc.board, keys, grace=0))
    return made


async def _hello(address: str, code: str, secret: str = "") -> ClientConnection:
    ws = await connect(address)
    await ws.send(p.encode(p.Hello(code=code, role="player", secret=secret)))
    return ws


async def _play(room: Room, address: str, actions: int, seed: int, times: list[float]) -> None:
    """Two raw bot coaches: each action's time from send to the server's applied message."""
    guest = await _hello(address, room.keys.code, secret="ab")
    host = await _hello(address, room.keys.host_key)
    coaches = (host, guest)
    for ws in coaches:
        await ws.recv()
    assert room.game is not None
    match = room.game.match
    bots = (make_bot("random", seed), make_bot("random", seed + 1))
    for _ in range(actions):
        if match.prompt is None:
            break
        team = match.prompt.team
        act = p.Act(
            number=len(match.actions), digest=room.digest, action=list(bots[team].choose(match).to_list())
        )
        start = time.perf_counter()
        await coaches[team].send(p.encode(act))
        while not isinstance(p.decode(await coaches[team].recv()), p.Applied):
            pass
        times.append((time.perf_counter() - start) * 1000)
        await coaches[1 - team].recv()
    for ws in coaches:
        await ws.close()


async def concurrent(svc: Services, count: int, actions: int, batched: bool = False) -> list[float]:
    """``count`` matches at once on one server; the action round trips in ms.

    With ``batched`` the server saves on one writer thread, several rooms per commit
    (``SaveWriter``); otherwise each save runs on the event loop.
    """
    writer = SaveWriter(svc.board) if batched else None
    server = MatchServer(writer=writer)
    made = rooms(svc, count)
    for room in made:
        server.add(room)
    listening = await server.start("127.0.0.1", 0)
    address = f"ws://127.0.0.1:{listening.sockets[0].getsockname()[1]}"
    times: list[float] = []
    await asyncio.gather(*(_play(room, address, actions, n, times) for n, room in enumerate(made)))
    listening.close()
    await listening.wait_closed()
    if writer is not None:
        writer.close()
    return times


async def dead_connection(svc: Services) -> tuple[float, float]:
    """Seconds to notice a guest gone silent (no pongs), and to resume after a host restart."""
    server = MatchServer()  # the defaults: a ping every 3 s, 4 s to answer
    (room,) = rooms(svc, 1)
    server.add(room)
    listening = await server.start("127.0.0.1", 0)
    address = f"ws://127.0.0.1:{listening.sockets[0].getsockname()[1]}"
    guest = await _hello(address, room.keys.code, secret="ab")
    await guest.recv()
    silent = time.perf_counter()
    guest.transport.pause_reading()  # the guest's machine stops answering
    while room.paused is None:
        await asyncio.sleep(0.05)
    detected = time.perf_counter() - silent
    listening.close()
    await listening.wait_closed()
    start = time.perf_counter()
    restarted = Room(svc.board, room.keys)
    server2 = MatchServer()
    server2.add(restarted)
    listening = await server2.start("127.0.0.1", 0)
    address = f"ws://127.0.0.1:{listening.sockets[0].getsockname()[1]}"
    again = await _hello(address, room.keys.code, secret="ab")
    welcome: Any = p.decode(await again.recv())
    resumed = time.perf_counter() - start
    assert welcome.resumed
    await again.close()
    listening.close()
    await listening.wait_closed()
    return detected, resumed


def fresh_demo(folder: Path) -> Services:
    """A new demo league in ``folder``."""
    svc = Services.open(folder / f"demo{time.monotonic_ns()}.db")
    svc.create_demo()
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", [name for _race, name, _coach in DEMO_TEAMS])
    svc.seasons.schedule("S", "round-robin")
    return svc


def main() -> None:
    """Print the figures."""
    actions = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    most = int(sys.argv[2]) if len(sys.argv) > 2 else 28  # the demo season has 28 fixtures
    with tempfile.TemporaryDirectory() as folder:
        times = asyncio.run(concurrent(fresh_demo(Path(folder)), 1, actions))
        print(
            f"round trip (1 match, {len(times)} actions): median {statistics.median(times):.1f} ms "
            f"p95 {percentile(times, 0.95):.1f} ms p99 {percentile(times, 0.99):.1f} ms"
        )
        detected, resumed = asyncio.run(dead_connection(fresh_demo(Path(folder))))
        print(f"dead connection detected after {detected:.1f} s; host restart to rejoined {resumed:.2f} s")
        for batched in (False, True):
            mode = "writer thread, group commit" if batched else "saves on the event loop"
            count = 1
            while count <= most:
                svc = fresh_demo(Path(folder))
                times = asyncio.run(concurrent(svc, count, max(20, actions // 4), batched))
                svc.close()
                p95 = percentile(times, 0.95)
                print(
                    f"{count:>4} concurrent matches ({mode}): median {statistics.median(times):.1f} ms "
                    f"p95 {p95:.1f} ms"
                )
                if p95 > 100 or count == most:
                    break
                count = min(count * 2, most)


if __name__ == "__main__":
    main()
