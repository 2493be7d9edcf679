"""The front of ``match serve --workers N`` looking after its workers, mostly with stand-in worker
processes: a worker that cannot start is tried again later and later, whatever went wrong, and a
worker that ran a while is started again at once; a front that cannot listen, or is stopped
while it starts a worker again, leaves no worker process behind."""

import asyncio
import itertools
import multiprocessing
import socket
import time
from collections.abc import Callable

import pytest

from league_manager.services.remote import shards
from league_manager.services.remote.server import MatchServer
from league_manager.services.remote.shards import ShardedServer, Worker, WorkerFailed


class _Process:
    """A worker process as the front sees it."""

    def __init__(self) -> None:
        self.alive = True
        self.exitcode: int | None = None
        self.terminated = False

    def is_alive(self) -> bool:
        return self.alive

    def die(self) -> None:
        self.alive, self.exitcode = False, 1

    def terminate(self) -> None:
        self.alive, self.exitcode, self.terminated = False, -15, True

    def join(self, timeout: float | None = None) -> None:
        return None


def _never_built(index: int, workers: int) -> MatchServer:
    raise AssertionError("no worker process is started here")


def _slow_build(index: int, workers: int) -> MatchServer:
    time.sleep(60)  # a worker still opening its league
    raise AssertionError("stopped before it started")


async def _until(condition: Callable[[], bool]) -> None:
    for _ in range(2000):
        if condition():
            return
        await asyncio.sleep(0.005)
    pytest.fail("timed out")


def test_a_worker_that_cannot_start_is_tried_again_later_and_later_whatever_failed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shards, "BACKOFF_FIRST", 0.02)
    monkeypatch.setattr(shards, "BACKOFF_MOST", 0.08)
    events: list[str] = []

    def on_event(event: str) -> None:
        events.append(event)
        if len(events) == 1:
            raise OSError("the output was closed")  # reporting fails: the watch goes on

    server = ShardedServer(_never_built, 1, on_event=on_event, check_every=0.005)
    failures: list[Exception | None] = [
        None,  # the first start
        OSError("port taken"),  # process.start() failed
        RuntimeError("pickling"),  # anything else
        WorkerFailed("worker 0 did not start: database down"),
        WorkerFailed("worker 0 did not start: database down"),
        None,
        None,
    ]
    attempts: list[float] = []
    processes: list[_Process] = []

    async def start(worker: Worker) -> None:
        attempts.append(asyncio.get_running_loop().time())
        failure = failures[len(attempts) - 1]
        if failure is not None:
            raise failure
        processes.append(_Process())
        worker.process = processes[-1]  # type: ignore[assignment]

    monkeypatch.setattr(server, "_start", start)

    async def run() -> None:
        await server.start(0)
        try:
            processes[0].die()  # soon after it started
            await _until(lambda: len(processes) == 2)
            server.workers[0].started_at -= shards.STEADY_SECONDS  # it ran a while
            processes[1].die()
            await _until(lambda: len(processes) == 3)
        finally:
            await server.stop()

    asyncio.run(run())
    back = "worker 0 is back on port 0: its matches resume at their saved actions"
    assert events == [
        "worker 0 (port 0) stopped with exit code 1; starting it again in 0.02 s",
        "port taken; starting it again in 0.04 s",
        "worker 0: RuntimeError: pickling; starting it again in 0.08 s",
        "worker 0 did not start: database down; starting it again in 0.08 s",
        "worker 0 did not start: database down; starting it again in 0.08 s",
        back,
        "worker 0 (port 0) stopped with exit code 1; starting it again",  # no wait after a long run
        back,
    ]
    waits = [later - earlier for earlier, later in itertools.pairwise(attempts[1:6])]
    assert all(wait >= least for wait, least in zip(waits, [0.04, 0.08, 0.08, 0.08], strict=True))
    assert server.workers[0].restarts == 2 and processes[2].terminated  # stop() stopped it


def test_a_front_that_cannot_listen_stops_the_workers_it_started(monkeypatch: pytest.MonkeyPatch) -> None:
    server = ShardedServer(_never_built, 2)
    processes: list[_Process] = []

    async def start(worker: Worker) -> None:
        processes.append(_Process())
        worker.process = processes[-1]  # type: ignore[assignment]

    monkeypatch.setattr(server, "_start", start)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError):
            asyncio.run(server.start(taken.getsockname()[1]))
    assert len(processes) == 2 and all(p.terminated for p in processes)
    assert all(w.process is None for w in server.workers)


def _workers_alive() -> list[multiprocessing.process.BaseProcess]:
    return [c for c in multiprocessing.active_children() if c.name.startswith("match-worker-")]


def test_stopping_the_front_while_it_starts_a_worker_again_stops_that_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shards, "BACKOFF_FIRST", 0.01)
    server = ShardedServer(_slow_build, 1, check_every=0.01)
    first = _Process()

    async def start(worker: Worker) -> None:
        if worker.process is None and not worker.restarts and first.alive:  # the first start: a stand-in
            worker.process = first  # type: ignore[assignment]
            return
        await ShardedServer._start(server, worker)  # a real process, which never answers

    monkeypatch.setattr(server, "_start", start)
    left: list[multiprocessing.process.BaseProcess] = []

    async def run() -> None:
        await server.start(0)
        try:
            first.die()
            await _until(lambda: bool(_workers_alive()))
        finally:
            await server.stop()  # cancels the watcher while it waits for the new worker's answer
        left.extend(c for c in _workers_alive() if c.is_alive())
        for child in left:  # (without the mend: not to leave it, nor wait a minute for its pipe)
            child.kill()
            child.join(5)

    asyncio.run(run())
    assert left == []


def test_the_redirect_host_is_the_one_the_client_used_with_ipv6_in_brackets() -> None:
    assert shards._host("league.example:8765", "0.0.0.0") == "league.example"
    assert shards._host("[::1]:8765", "::") == "[::1]"
    assert shards._host(None, "0.0.0.0") == "127.0.0.1"
    assert shards._host(None, "fe80::1") == "[fe80::1]"
    assert shards._host("", "10.0.0.5") == "10.0.0.5"
