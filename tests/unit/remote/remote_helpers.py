"""Helpers for the remote-play tests: a match server listening on a free localhost port, its
clients stopped and the server closed at the end of a test, and what the command line's
client and the app's connection say when they cannot join.

(A uniquely named module rather than conftest.py, so imports cannot collide.)
"""

from __future__ import annotations

import asyncio
import ssl
import threading
from collections.abc import Iterable
from typing import Any

import pytest
from websockets.asyncio.server import Server

from league_manager.services.remote import protocol as p
from league_manager.services.remote.client import RemoteClient
from league_manager.services.remote.link import ClientLink
from league_manager.services.remote.reach import OPEN_TIMEOUT, CannotJoin
from league_manager.services.remote.tls import client_context


async def listen(server: Any) -> tuple[Server, str]:
    """Start a match server (a ``MatchServer`` or a ``LeagueMatchServer``) on a free port of
    127.0.0.1; what it listens with, and its ``host:port``."""
    listening: Server = await server.start("127.0.0.1", 0)
    return listening, f"127.0.0.1:{listening.sockets[0].getsockname()[1]}"


async def wind_down(listening: Server, tasks: Iterable[asyncio.Task[Any]]) -> None:
    """Cancel the clients' tasks, wait for them to end, and stop listening."""
    running = list(tasks)
    for task in running:
        task.cancel()
    await asyncio.gather(*running, return_exceptions=True)
    listening.close()
    await listening.wait_closed()


async def client_and_link_say(
    address: str, tls: ssl.SSLContext | None = None, open_timeout: float = OPEN_TIMEOUT
) -> tuple[p.Error, str]:
    """What the command line's client raises joining fixture 5 at ``address`` (trusting ``tls``,
    else the system's authorities), asserting the app's connection reports the same words on
    closing."""
    said: list[str] = []
    closed = threading.Event()

    def on_closed(reason: str) -> None:
        said.append(reason)
        closed.set()

    trust = tls or client_context()
    with pytest.raises(CannotJoin) as failed:
        await RemoteClient(address, "", fixture=5, login="x", tls=trust, open_timeout=open_timeout).run()
    hello = p.Hello(code="", role="player", fixture=5)
    link = ClientLink(address, hello, lambda _m: None, on_closed, tls=trust, open_timeout=open_timeout)
    link.start()
    assert await asyncio.to_thread(closed.wait, 10)
    link.close()
    assert said == [failed.value.error.message]  # the same words in the app
    return failed.value.error, said[0]
