"""Remote play benchmark (issue 21): round trip, dead-connection detection, resume, and how
many bot-versus-bot matches one server holds with p95 <= 100 ms.

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/remote.py [ACTIONS] [MAX_MATCHES] [CLIENT_PROCESSES]
        [MODE] [--workers N] [--pace SECONDS] [--first COUNT] [--match-actions N] [--capacity-only]

MODE ``append`` (the default) saves as ``match serve`` does: the writer thread's group commit
of ``BoardAppender`` saves; ``rewrite`` is the writer thread saving as before ``BoardAppender``
(each action rewrites and fingerprints the whole record, ``BoardService.save_many``), for
comparison.

The round trip and the dead connection run in one process. For the concurrent matches the
server runs as ``match serve --workers N`` does (a front redirecting each fixture's
handshake to one of N worker processes, each saving its rooms with its writer thread's
group commit, each action appended to the league file before anyone hears of it), and the
bot coaches run in CLIENT_PROCESSES other processes (default 1): a random bot for each side,
one copy of each match per client (replayed from the rolls the server sends), so their
thinking is not counted as the server's work. With ``--pace`` each bot thinks that many
seconds before each action (the matches start at random moments of the first think), the
pace of a bot shown at a readable speed or of people; without it the bots answer at once
(the worst case). They still share this machine's cores with the server: the figures are
the server's on what CPU is left. Each match is a fixture of one league (the demo league and
more teams, a round robin), saved to one SQLite file. Reported: each round trip as the
client measures it (send to ``applied``; a match's first action is not counted, as a new
worker loads the rules on it), the workers' own CPU per action (their start not counted;
Linux ``/proc``) and the load average. Goals: round trip p95 <= 50 ms; a dead connection
found within 10 s and a resume within 5 s; >= 200 concurrent matches at p95 <= 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from league_manager.match.bots import make_bot
from league_manager.persistence.repositories import find_league
from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.match_day.board_append import BoardAppender
from league_manager.services.remote import protocol as p
from league_manager.services.remote.mirror import Mirror
from league_manager.services.remote.room import Room, RoomKeys
from league_manager.services.remote.server import MatchServer
from league_manager.services.remote.shards import ShardedServer, owner
from league_manager.services.remote.writer import SaveWriter


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rooms(svc: Services, count: int, chosen: list[int] | None = None) -> list[Room]:
    """``count`` rooms (on the ``chosen`` fixtures, or the first), each after its pre-game."""
    made: list[Room] = []
    fixtures = chosen or [f.id for f in svc.seasons.fixtures("S") if f.id is not None][:count]
    for number, fixture in enumerate(fixtures):
        svc.match_day.pregame(fixture, seed=number + 1)
        keys = RoomKeys(fixture, f"code{number}", f"host{number}", "home", f"{number + 1:04x}")
        made.append(Room(svc.board, keys, grace=0))
    return made


async def _hello(address: str, code: str, secret: str = "", fixture: int = 0) -> ClientConnection:
    ws = await connect(address)
    await ws.send(p.encode(p.Hello(code=code, role="player", secret=secret, fixture=fixture)))
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
    """``count`` matches at once on one server, bots in this process; the round trips in ms.

    With ``batched`` the server saves on one writer thread, several rooms per commit
    (``SaveWriter``); otherwise each save runs on the event loop.
    """
    writer = SaveWriter(BoardAppender(svc.engine)) if batched else None
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


@dataclass(frozen=True)
class BenchWorker:
    """Builds a worker's server in its process: the league file ``database`` opened again and
    a room for each of the ``rooms`` (fixture, join code, host key, host secret) it owns."""

    database: str
    rooms: list[tuple[int, str, str, str]]
    mode: str = "append"

    def __call__(self, index: int, workers: int) -> MatchServer:
        """Worker ``index``'s server with its rooms (saved by its writer thread)."""
        svc = Services.open(self.database)
        writer = SaveWriter(svc.board if self.mode == "rewrite" else BoardAppender(svc.engine))
        server = MatchServer(writer=writer, ping_interval=30, ping_timeout=30)
        for fixture, code, host_key, secret in self.rooms:
            if owner(fixture, workers) == index:
                server.add(Room(svc.board, RoomKeys(fixture, code, host_key, "home", secret), grace=0))
        return server


def prepare(svc: Services, chosen: list[int]) -> list[tuple[int, str, str, str]]:
    """Run the ``chosen`` fixtures' pre-games; each room's (fixture, code, host key, secret)."""
    made = []
    for number, fixture in enumerate(chosen):
        svc.match_day.pregame(fixture, seed=number + 1)
        made.append((fixture, f"code{fixture}", f"host{fixture}", f"{number + 1:04x}"))
    return made


async def _bot_match(
    address: str, room: list[Any], actions: int, seed: int, pace: float, times: list[float]
) -> None:
    """One match's two coaches in a client process: random bots over one replayed copy, each
    thinking ``pace`` seconds before an action (the match starts at a random moment of the
    first ``pace`` seconds, so paced matches do not all act at once)."""
    fixture, code, host_key = int(room[0]), str(room[1]), str(room[2])
    think = random.Random(seed)
    if pace:
        await asyncio.sleep(think.uniform(0, pace))
    where = p.fixture_address(address, fixture)
    guest = await _hello(where, code, secret="ab", fixture=fixture)
    host = await _hello(where, host_key, fixture=fixture)
    welcome: Any = p.decode(await guest.recv())
    await host.recv()
    mirror = Mirror(welcome.document, [int(r) for r in welcome.rolls], welcome.actions)
    sides = {welcome.side: guest, ("away" if welcome.side == "home" else "home"): host}
    coaches = (sides["home"], sides["away"])
    bots = (make_bot("random", seed), make_bot("random", seed + 1))
    for _ in range(actions):
        prompt = mirror.match.prompt
        if prompt is None:
            break
        team = prompt.team
        action = list(bots[team].choose(mirror.match).to_list())
        if pace:
            await asyncio.sleep(pace)
        act = p.Act(number=len(mirror.actions), digest=mirror.digest(), action=action)
        start = time.perf_counter()
        await coaches[team].send(p.encode(act))
        while not isinstance(applied := p.decode(await coaches[team].recv()), p.Applied):
            pass
        if mirror.actions:  # a match's first action is not counted: a new worker loads the rules on it
            times.append((time.perf_counter() - start) * 1000)
        mirror.apply(applied.action, [int(r) for r in applied.rolls])
        await coaches[1 - team].recv()
    for ws in coaches:
        await ws.close()


async def _clients(address: str, rooms_: list[list[Any]], actions: int, pace: float) -> list[float]:
    times: list[float] = []
    await asyncio.gather(
        *(_bot_match(address, room, actions, n, pace, times) for n, room in enumerate(rooms_))
    )
    return times


async def served(
    svc: Services, chosen: list[int], actions: int, processes: int, *, workers: int = 1,
    pace: float = 0.0, mode: str = "append",
) -> tuple[list[float], float]:  # fmt: skip
    """The ``chosen`` fixtures' matches on a sharded server of ``workers`` worker processes
    (as ``match serve --workers``), their bots in ``processes`` other processes.

    Returns:
        The round trips the clients measured (ms), and the workers' CPU seconds per action.
    """
    made = prepare(svc, chosen)
    database = svc.engine.url.render_as_string(hide_password=False)
    server = ShardedServer(BenchWorker(database, made, mode), workers, on_event=print)
    listening = await server.start(0)
    address = f"ws://127.0.0.1:{listening.sockets[0].getsockname()[1]}"
    keys = [list(room[:3]) for room in made]
    shares = [keys[i::processes] for i in range(processes) if keys[i::processes]]
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--clients",
            address,
            str(actions),
            json.dumps(share),
            str(pace),
            stdout=asyncio.subprocess.PIPE,
        )
        for share in shares
    ]
    pids = [w.process.pid for w in server.workers if w.process is not None and w.process.pid]
    started = _cpu_seconds(pids)  # the workers' start (imports, opening the league) is not counted
    times: list[float] = []
    for child in children:
        out, _ = await child.communicate()
        times += json.loads(out)
    cpu = _cpu_seconds(pids) - started
    await server.stop()
    return times, cpu / max(1, len(times))


def _cpu_seconds(pids: list[int]) -> float:
    """The CPU seconds (user and system) the processes ``pids`` used so far (Linux ``/proc``)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime and stime
    return total


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


def playable(svc: Services) -> list[int]:
    """The season's fixtures with two teams (no byes)."""
    return [f.id for f in svc.seasons.fixtures("S") if f.id is not None and f.home_id and f.away_id]


def fresh_league(folder: Path, teams: int) -> Services:
    """The demo league with ``teams`` teams (the demo's eight and more), a round robin scheduled."""
    svc = Services.open(folder / f"big{time.monotonic_ns()}.db")
    svc.create_demo()
    ruleset = load_ruleset("bb2020")
    names = [name for _race, name, _coach in DEMO_TEAMS]
    with svc.teams.transaction() as session:
        league = find_league(DEMO_LEAGUE, session=session)
        for number in range(teams - len(DEMO_TEAMS)):
            race, _name, coach = DEMO_TEAMS[number % len(DEMO_TEAMS)]
            plan = suggest_draft(ruleset, race)
            players = [f"Bench {number} {i}" for i in range(sum(plan.positions.values()))]
            names.append(svc.teams.draft_in(session, league, f"Bench {number}", coach, plan, players).name)
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", names)
    svc.seasons.schedule("S", "round-robin")
    return svc


def main() -> None:
    """Print the figures."""
    if len(sys.argv) > 1 and sys.argv[1] == "--clients":  # a client process of ``served``
        address, actions, share, pace = (
            sys.argv[2],
            int(sys.argv[3]),
            json.loads(sys.argv[4]),
            float(sys.argv[5]),
        )
        print(json.dumps(asyncio.run(_clients(address, share, actions, pace))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "actions", type=int, nargs="?", default=200, help="actions of the one-match round trip"
    )
    parser.add_argument("most", type=int, nargs="?", default=256, help="most concurrent matches tried")
    parser.add_argument("processes", type=int, nargs="?", default=1, help="bot client processes")
    parser.add_argument("mode", nargs="?", default="append", choices=("append", "rewrite"))
    parser.add_argument("--workers", type=int, default=1, help="the server's worker processes")
    parser.add_argument("--pace", type=float, default=0.0, help="each bot's think time before an action (s)")
    parser.add_argument("--first", type=int, default=1, help="the first count of concurrent matches tried")
    parser.add_argument("--match-actions", type=int, default=0, help="actions per concurrent match")
    parser.add_argument("--capacity-only", action="store_true", help="skip the round trip and the drop")
    args = parser.parse_args()
    most = args.most
    with tempfile.TemporaryDirectory() as folder:
        if not args.capacity_only:
            times = asyncio.run(concurrent(fresh_demo(Path(folder)), 1, args.actions))
            print(
                f"round trip (1 match, {len(times)} actions): median {statistics.median(times):.1f} ms "
                f"p95 {percentile(times, 0.95):.1f} ms p99 {percentile(times, 0.99):.1f} ms"
            )
            detected, resumed = asyncio.run(dead_connection(fresh_demo(Path(folder))))
            print(
                f"dead connection detected after {detected:.1f} s; host restart to rejoined {resumed:.2f} s"
            )
        teams = 8
        while teams * (teams - 1) // 2 < 3 * most:  # each count on fixtures not played before
            teams += 2
        svc = fresh_league(Path(folder), teams)
        fixtures = playable(svc)
        per_match = args.match_actions or max(20, args.actions // 4)
        counts, used, held = [args.first], 0, 0
        paced = f"think {args.pace:g} s" if args.pace else "instant bots"
        while counts:
            count = counts.pop(0)
            chunk = fixtures[used : used + count]
            used += count
            if len(chunk) < count:
                break
            times, cpu = asyncio.run(
                served(
                    svc,
                    chunk,
                    per_match,
                    args.processes,
                    workers=args.workers,
                    pace=args.pace,
                    mode=args.mode,
                )
            )
            p95 = percentile(times, 0.95)
            print(
                f"{count:>4} concurrent matches ({paced}, {args.workers} worker(s), {args.mode}, bots in "
                f"{args.processes} process(es), load {os.getloadavg()[0]:.1f}): "
                f"median {statistics.median(times):.1f} ms p95 {p95:.1f} ms; "
                f"workers' CPU {cpu * 1000:.2f} ms an action",
                flush=True,
            )
            if p95 <= 100:
                held = max(held, count)
                if count * 2 <= most and not counts:
                    counts.append(count * 2)
            elif held and count > held + 1 and not counts:
                counts.append((held + count) // 2)  # halve the gap to the last count held
                most = count - 1
        print(f"held at p95 <= 100 ms ({paced}, {args.workers} worker(s)): {held} concurrent matches")
        svc.close()


if __name__ == "__main__":
    main()
