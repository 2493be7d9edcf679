"""A match server's rooms spread over worker processes (``match serve --workers N``).

One Python process plays its rooms on one core; a league server with many matches at once
runs N workers, each a whole :class:`MatchServer` (its own event loop, save writer thread
and database connections) on its own port, and a front process on the published port that
plays nothing. A client names its fixture in the websocket path (``/fixture/N``,
:func:`protocol.fixture_address`); the front answers that handshake with an HTTP redirect
(307) to the worker owning the fixture (``N % workers``), which the client follows before it
sends any message, so the messages (protocol version 1) are the same as with one process. A
worker refuses a fixture it does not own (``moved``): a room lives in one process only, and
its saves come from that process's writer alone (SQLite in WAL mode waits its busy timeout
for another worker's commit; nothing is acknowledged before its commit, as with one process).

The front checks its workers every ``check_every`` seconds: a worker that stopped is
reported (``on_event``) and started again on the same port (one that fails to start, or stops
soon after, waits longer at each try: ``BACKOFF_FIRST`` doubling to ``BACKOFF_MOST``); its rooms
open again at their next join from the saved match (each room's keys are in the keys folder),
so a coach who rejoins gets the match at its last saved action. While a worker is down, the front answers
its fixtures' handshakes with 503 (the client says the server is unavailable).

Workers are started with ``spawn`` (the same on Linux, macOS and Windows); ``build`` must be
picklable (a module-level function or a dataclass instance) and is called in the worker.
Direct play (one match inside the app or ``match host``) does not use this module.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Protocol

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from league_manager.services.remote import protocol as p
from league_manager.services.remote.server import MatchServer
from league_manager.services.remote.tls import server_context

START_SECONDS = 60.0
"""How long a worker may take to start (import, open the league) before it counts as failed."""


BACKOFF_FIRST = 0.5
"""Seconds before trying again to start a worker that failed to start or stopped soon after."""

BACKOFF_MOST = 30.0
"""The wait doubles at each failure up to this (a database down or a port taken may last)."""

STEADY_SECONDS = 60.0
"""A worker that ran this long before it stopped is started again at once (its wait starts over)."""


PARENT_CHECK_SECONDS = 1.0
"""How often a worker checks that its front still runs (a worker outlives no front)."""

_log = logging.getLogger(__name__)


class WorkerBuild(Protocol):
    """Makes a worker's match server, in the worker process (picklable)."""

    def __call__(self, index: int, workers: int) -> MatchServer:
        """The server of worker ``index`` of ``workers``."""
        ...


class WorkerFailed(Exception):
    """A worker process did not start (it could not open the league or listen)."""


@dataclass
class Worker:
    """A worker process as the front sees it.

    Attributes:
        index: its number (it owns the fixtures ``N % workers == index``).
        port: the port it listens on (0 until started; the same after a restart).
        process: the running process, or None while it is down.
        restarts: how many times it was started again after it stopped.
        started_at: when it last started (the event loop's clock).
        backoff: seconds waited before the next start (0 while it runs steadily).
        retry_at: not started again before this time (the event loop's clock).
    """

    index: int
    port: int
    process: BaseProcess | None = None
    restarts: int = 0
    started_at: float = 0.0
    backoff: float = 0.0
    retry_at: float = 0.0

    def back_off(self, now: float) -> None:
        """Wait longer before its next start (it failed to start, or stopped soon after)."""
        self.backoff = min(BACKOFF_MOST, self.backoff * 2 if self.backoff else BACKOFF_FIRST)
        self.retry_at = now + self.backoff


def owner(fixture: int, workers: int) -> int:
    """The worker that plays ``fixture``'s room."""
    return fixture % workers


class ShardedServer:
    """The front process: starts the workers, redirects each handshake, restarts a dead worker.

    Args:
        build: makes each worker's server (called in the worker).
        workers: how many worker processes.
        listen: the address the front and the workers listen on.
        ports: the workers' ports (0: any free port; kept across a restart).
        cert, key: serve ``wss://`` with this certificate (front and workers).
        on_event: told of each worker that stopped or started again, in a sentence.
        check_every: seconds between two looks at the workers.
    """

    def __init__(
        self, build: WorkerBuild, workers: int, *, listen: str = "127.0.0.1", ports: list[int] | None = None,
        cert: Path | None = None, key: Path | None = None, on_event: Callable[[str], None] = lambda _m: None,
        check_every: float = 0.5,
    ) -> None:  # fmt: skip
        if workers < 1:
            raise ValueError("a sharded server needs at least one worker")
        self.build = build
        self.listen = listen
        self.cert = cert
        self.key = key
        self.on_event = on_event
        self.check_every = check_every
        self.workers = [Worker(i, (ports or [])[i] if i < len(ports or []) else 0) for i in range(workers)]
        self._context = multiprocessing.get_context("spawn")
        self._tls: ssl.SSLContext | None = server_context(cert, key) if cert is not None and key else None
        self._front: Server | None = None
        self._watcher: asyncio.Task[None] | None = None

    @property
    def scheme(self) -> str:
        """``wss`` with a certificate, else ``ws``."""
        return "wss" if self._tls is not None else "ws"

    async def start(self, port: int) -> Server:
        """Start every worker, then listen on ``port`` (0: any free port) and watch the workers.

        Raises:
            WorkerFailed: a worker did not start (the others are stopped again).
            OSError: the front cannot listen on ``port`` (the workers are stopped again).
        """
        started = await asyncio.gather(*(self._start(w) for w in self.workers), return_exceptions=True)
        failed = [outcome for outcome in started if isinstance(outcome, BaseException)]
        if failed:
            self.stop_workers()
            raise failed[0]
        now = asyncio.get_running_loop().time()
        for worker in self.workers:
            worker.started_at = now
        try:
            self._front = await serve(
                self._moved, self.listen, port, ssl=self._tls, process_request=self._route,
                max_size=p.MAX_MESSAGE, compression=None, close_timeout=1,
            )  # fmt: skip
        except BaseException:  # the port is taken (OSError): no worker outlives a front that never ran
            await asyncio.to_thread(self.stop_workers)
            raise
        self._watcher = asyncio.create_task(self._watch())
        return self._front

    async def stop(self) -> None:
        """Stop listening, stop watching and stop every worker."""
        if self._watcher is not None:
            self._watcher.cancel()
            await asyncio.gather(self._watcher, return_exceptions=True)
            self._watcher = None
        if self._front is not None:
            self._front.close()
            await self._front.wait_closed()
            self._front = None
        await asyncio.to_thread(self.stop_workers)

    def stop_workers(self) -> None:
        """Stop every worker process (saves not yet committed were acknowledged to nobody)."""
        stopping = []
        for worker in self.workers:
            process, worker.process = worker.process, None
            if process is not None:
                if process.is_alive():
                    process.terminate()
                stopping.append(process)
        for process in stopping:
            process.join(5)

    def address_for(self, fixture: int, host: str) -> str | None:
        """The worker address a client who reached the front at ``host`` joins ``fixture`` on
        (None while that worker is down)."""
        worker = self.workers[owner(fixture, len(self.workers))]
        if worker.process is None or not worker.port or not worker.process.is_alive():
            return None  # down, or died since the watcher last looked: 503, not a dead port
        return f"{self.scheme}://{host}:{worker.port}{p.FIXTURE_PATH}{fixture}"

    def _route(self, connection: ServerConnection, request: Request) -> Response | None:
        """A handshake naming a fixture is redirected to its worker (503 while it is down); one
        naming none goes on to :meth:`_moved`."""
        fixture = p.fixture_of(request.path)
        if fixture is None:
            return None
        target = self.address_for(fixture, _host(request.headers.get("Host"), self.listen))
        if target is None:
            down = f"the server is restarting fixture {fixture}'s room: try again\n"
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, down)
        response = connection.respond(HTTPStatus.TEMPORARY_REDIRECT, "")
        response.headers["Location"] = target
        return response

    async def _moved(self, ws: ServerConnection) -> None:
        """A client that named no fixture in its path: tell it where its fixture is played."""
        try:
            hello = p.decode(await ws.recv())
        except (p.ProtocolError, ConnectionClosed):
            hello = None
        fixture = hello.fixture if isinstance(hello, p.Hello) else 0
        host = _host(ws.request.headers.get("Host") if ws.request is not None else None, self.listen)
        target = self.address_for(fixture, host) if fixture > 0 else None
        message = f"join {target}" if target else "join a league server's fixture at /fixture/N"
        with contextlib.suppress(ConnectionClosed):
            await ws.send(p.encode(p.Error(code="moved", message=message)))

    async def _start(self, worker: Worker) -> None:
        receive, send = self._context.Pipe(duplex=False)
        where = (self.listen, worker.port, self.cert, self.key)
        process = self._context.Process(
            target=_worker_main, name=f"match-worker-{worker.index}", daemon=True,
            args=(self.build, worker.index, len(self.workers), *where, send),
        )  # fmt: skip
        try:
            process.start()
        except BaseException:
            receive.close()
            raise
        finally:
            send.close()
        reading = asyncio.ensure_future(asyncio.to_thread(_receive, receive, START_SECONDS))
        try:
            answer = await asyncio.shield(reading)
        except BaseException:  # stop() during a restart, or the pipe broke: this process is nobody's yet
            process.terminate()
            await asyncio.wait([reading])  # its end of the pipe closed with it: the poll returns
            receive.close()  # only now (closed under a poll, it waited its whole minute)
            await asyncio.to_thread(process.join, 5)
            raise
        receive.close()
        if not isinstance(answer, int):
            process.terminate()
            await asyncio.to_thread(process.join, 5)
            raise WorkerFailed(f"worker {worker.index} did not start: {answer}")
        worker.port = answer
        worker.process = process

    async def _watch(self) -> None:
        """Look at every worker each ``check_every`` seconds; nothing a worker does ends this."""
        while True:
            await asyncio.sleep(self.check_every)
            for worker in self.workers:
                try:
                    await self._look_after(worker)
                except Exception as exc:  # reported; the other workers are still watched
                    worker.back_off(asyncio.get_running_loop().time())
                    self._tell(f"worker {worker.index}: {type(exc).__name__}: {exc}; {_again(worker)}")

    async def _look_after(self, worker: Worker) -> None:
        """Start ``worker`` again if it stopped and its wait is over."""
        loop = asyncio.get_running_loop()
        process = worker.process
        if process is not None and process.is_alive():
            return
        if process is not None:
            worker.process = None
            if loop.time() - worker.started_at >= STEADY_SECONDS:
                worker.backoff, worker.retry_at = 0.0, 0.0
            else:
                worker.back_off(loop.time())
            self._tell(
                f"worker {worker.index} (port {worker.port}) stopped with exit code "
                f"{process.exitcode}; {_again(worker)}"
            )
        if loop.time() < worker.retry_at:
            return
        try:
            await self._start(worker)
        except (WorkerFailed, OSError) as exc:  # OSError: the process could not be started
            worker.back_off(loop.time())
            self._tell(f"{exc}; {_again(worker)}")
            return
        worker.started_at = loop.time()
        worker.restarts += 1
        back = f"worker {worker.index} is back on port {worker.port}"
        self._tell(f"{back}: its matches resume at their saved actions")

    def _tell(self, event: str) -> None:
        """``on_event``, which may fail (a closed output) without stopping the watch."""
        try:
            self.on_event(event)
        except Exception:  # the event is lost, the workers are still looked after
            _log.exception("could not report: %s", event)


def _again(worker: Worker) -> str:
    """When a stopped worker is started again, in words."""
    return f"starting it again in {worker.backoff:g} s" if worker.backoff else "starting it again"


def _host(header: str | None, listen: str) -> str:
    """The host name the client used (the Host header without its port)."""
    if not header:
        if listen in ("0.0.0.0", "::", ""):
            return "127.0.0.1"
        return f"[{listen}]" if ":" in listen else listen  # an IPv6 address needs its brackets
    if header.startswith("["):  # an IPv6 address: [::1]:8765
        return header.partition("]")[0] + "]"
    return header.rpartition(":")[0] if ":" in header else header


def _receive(receive: Connection, seconds: float) -> object:
    if not receive.poll(seconds):
        return f"no answer in {seconds:.0f} s"
    try:
        return receive.recv()
    except EOFError:
        return "it stopped while starting (see its error output)"


def _worker_main(
    build: WorkerBuild, index: int, workers: int, listen: str, port: int, cert: Path | None,
    key: Path | None, send: Connection,
) -> None:  # fmt: skip
    """A worker process: its match server, owning the fixtures ``N % workers == index``."""

    async def run() -> None:
        try:
            server = build(index, workers)
            server.owns = lambda fixture: fixture > 0 and owner(fixture, workers) == index
            tls = server_context(cert, key) if cert is not None and key is not None else None
            listening = await server.start(listen, port, tls)
        except Exception as exc:
            send.send(f"{type(exc).__name__}: {exc}")
            raise
        send.send(int(listening.sockets[0].getsockname()[1]))
        send.close()
        serving = asyncio.create_task(listening.serve_forever())
        await asyncio.wait([serving, asyncio.create_task(_front_gone())], return_when=asyncio.FIRST_COMPLETED)
        listening.close()  # the front stopped without stopping its workers (it was killed)
        serving.cancel()
        if server.writer is not None:
            server.writer.close()  # the saves already queued are committed; nobody hears of them

    asyncio.run(run())


async def _front_gone() -> None:
    """Returns when the front process that started this worker has stopped."""
    front = multiprocessing.parent_process()
    while front is not None and front.is_alive():
        await asyncio.sleep(PARENT_CHECK_SECONDS)
