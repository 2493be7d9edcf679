"""Remote play from a program that is not asyncio (the desktop app): a connection and a server,
each on its own worker thread with its own event loop.

:class:`ClientLink` joins a match server and hands every decoded message to a callback on its
worker thread (the app forwards it to the GUI thread with a Qt signal); :meth:`ClientLink.send`
may be called from any thread. :class:`HostedServer` runs a :class:`MatchServer` holding one
room; the room's database writes happen on the server's thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.server import Server
from websockets.exceptions import ConnectionClosed, WebSocketException

from league_manager.services.remote import protocol as p
from league_manager.services.remote.reach import CannotJoin, open_websocket
from league_manager.services.remote.room import Room
from league_manager.services.remote.server import MatchServer

START_TIMEOUT = 10.0
"""Seconds to wait for a connection or a server to start before giving up."""


class ClientLink:
    """One websocket connection to a match server, run on a worker thread.

    Args:
        address: ``host:port`` or ``ws://`` / ``wss://`` address.
        hello: the first message (code, role, the coach's seed secret).
        on_message: called on the worker thread with each message received, in order.
        on_closed: called once on the worker thread when the connection ends, with why ("" when
            closed by :meth:`close`).
        tls: the context for a ``wss://`` address (a CA file for a self-signed server).
        open_timeout: seconds to wait for the server's handshake.
    """

    def __init__(
        self, address: str, hello: p.Hello, on_message: Callable[[p.Message], None],
        on_closed: Callable[[str], None], tls: ssl.SSLContext | None = None,
        open_timeout: float = START_TIMEOUT,
    ) -> None:  # fmt: skip
        self.open_timeout = open_timeout
        self.address = p.fixture_address(address if "://" in address else f"ws://{address}", hello.fixture)
        self.hello = hello
        self.on_message = on_message
        self.on_closed = on_closed
        self.tls = tls
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self._thread: threading.Thread | None = None
        self._closing = False

    def start(self) -> None:
        """Connect on a new worker thread (failures are reported through ``on_closed``)."""
        self._thread = threading.Thread(target=self._run, name="remote-link", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        reason = ""
        try:
            try:
                ws = await open_websocket(self.address, self.tls, self.open_timeout)
            except CannotJoin as exc:
                reason = exc.error.message
                return
            async with ws:
                self._ws = ws
                if self._closing:
                    return
                await ws.send(p.encode(self.hello))
                async for text in ws:
                    try:
                        message = p.decode(text)
                    except p.ProtocolError as exc:
                        message = p.Error(code="malformed", message=f"the server sent {exc}")
                    self.on_message(message)
        except ConnectionClosed as exc:
            reason = "" if self._closing else f"the connection closed ({exc})"
        except (OSError, WebSocketException) as exc:  # after joining: the network or the server failed
            reason = f"the connection to {self.address} failed: {exc}"
        finally:
            self._ws = None
            self.on_closed("" if self._closing else reason or "the server closed the connection")

    def send(self, message: p.Message) -> bool:
        """Queue a message to the server (from any thread); False when not connected."""
        loop, ws = self._loop, self._ws
        if loop is None or ws is None or loop.is_closed():
            return False
        _submit(loop, _send_quietly(ws, p.encode(message)))
        return True

    def close(self) -> None:
        """Close the connection and wait for the worker thread to end."""
        self._closing = True
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():
            _submit(loop, ws.close())
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(START_TIMEOUT)


async def _send_quietly(ws: ClientConnection, text: str) -> None:
    with contextlib.suppress(ConnectionClosed):  # the closing is reported by the reader
        await ws.send(text)


def _submit(loop: asyncio.AbstractEventLoop, coroutine: Coroutine[Any, Any, Any]) -> Future[Any] | None:
    try:
        return asyncio.run_coroutine_threadsafe(coroutine, loop)
    except RuntimeError:  # the loop has just stopped
        coroutine.close()
        return None


class HostedServer:
    """A match server for one room, listening on a worker thread (the host coach's app).

    Attributes:
        room: the room served; port: the port listened on once started.
        done: set when the match ends or is adjourned (thread-safe).
    """

    def __init__(
        self, room: Room, *, listen: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None,
        ping_interval: float = 3.0, ping_timeout: float = 4.0,
    ) -> None:  # fmt: skip
        self.room = room
        self.listen = listen
        self.port = port
        self.tls = tls
        self.server = MatchServer(ping_interval=ping_interval, ping_timeout=ping_timeout)
        self.done = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._listening: Server | None = None
        self._stop: asyncio.Event | None = None
        self._started = threading.Event()
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None

    @property
    def address(self) -> str:
        """``ws://host:port`` (``wss://`` with TLS) as the host's own board reaches it."""
        scheme = "wss" if self.tls is not None else "ws"
        host = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(self.listen, self.listen)
        return p.server_address(scheme, host, self.port)

    def start(self) -> int:
        """Listen, and return the port.

        Raises:
            OSError: the port cannot be listened on (taken, not allowed).
        """
        self._thread = threading.Thread(target=self._run, name="remote-host", daemon=True)
        self._thread.start()
        if not self._started.wait(START_TIMEOUT):
            raise OSError("the match server did not start")
        if self._error is not None:
            raise OSError(str(self._error)) from self._error
        return self.port

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # reported to start(), or ends the thread
            self._error = self._error or exc
            self._started.set()

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        finished = self.server.add(self.room)
        try:
            self._listening = await self.server.start(self.listen, self.port, self.tls)
        except OSError as exc:
            self._error = exc
            self._started.set()
            return
        sockets = list(self._listening.sockets)
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        self._started.set()
        waiter = asyncio.ensure_future(finished.wait())
        stopper = asyncio.ensure_future(self._stop.wait())
        await asyncio.wait({waiter, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if finished.is_set():
            self.done.set()
            await self._stop.wait()  # keep serving the final messages until the host closes
        waiter.cancel()
        stopper.cancel()
        self._listening.close()
        await self._listening.wait_closed()

    def run_soon(self, coroutine: Coroutine[Any, Any, Any]) -> Future[Any] | None:
        """Run a coroutine on the server's loop (a bot coach in tests and benchmarks)."""
        if self.loop is None:
            coroutine.close()
            return None
        return _submit(self.loop, coroutine)

    def stop(self) -> None:
        """Stop listening and wait for the worker thread to end."""
        loop, stop = self.loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop has just stopped
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(START_TIMEOUT)
