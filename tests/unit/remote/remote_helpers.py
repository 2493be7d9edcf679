"""Helpers for the remote-play tests: a match server listening on a free localhost port, and
its clients stopped and the server closed at the end of a test.

(A uniquely named module rather than conftest.py, so imports cannot collide.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from websockets.asyncio.server import Server


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
