"""Joining through a redirect, as a league server's front sends each fixture to its worker
(``match serve --workers N``): a failure names the address actually tried, "(redirected from
...)"; a redirect to a web page is no match server, not a malformed address; and a redirect
from ws:// to wss:// opens TLS rather than failing as "a bad address"."""

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http import HTTPStatus
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from league_manager.services.remote import protocol as p
from league_manager.services.remote.reach import NOT_OURS, TRUST_HINT
from league_manager.services.remote.tls import server_context
from tests.unit.remote.remote_helpers import client_and_link_say
from tests.unit.remote.test_remote_tls import _certificate


async def _nothing(ws: ServerConnection) -> None:
    return None


@asynccontextmanager
async def _front(status: HTTPStatus, target: str) -> AsyncIterator[str]:
    """A server answering every handshake with ``status`` to ``target`` (``{path}`` stands for
    the path asked); yields its ``ws://host:port``."""

    def redirect(connection: ServerConnection, request: Request) -> Response:
        response = connection.respond(status, "")
        response.headers["Location"] = target.format(path=request.path)
        return response

    async with serve(_nothing, "127.0.0.1", 0, process_request=redirect) as server:
        yield f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}"


def test_a_failure_after_the_fronts_redirect_names_the_worker_tried() -> None:
    held = socket.socket()  # the worker's port: bound, not listening
    held.bind(("127.0.0.1", 0))
    worker = f"127.0.0.1:{held.getsockname()[1]}"

    async def join() -> tuple[str, p.Error]:
        async with _front(HTTPStatus.TEMPORARY_REDIRECT, f"ws://{worker}{{path}}") as front:
            error, _said = await client_and_link_say(front)
        return front, error

    with held:
        front, error = asyncio.run(join())
    assert error.code == "refused"
    assert error.message.startswith(
        f"nothing is listening at {worker} (redirected from {front}/fixture/5) (the connection was refused)"
    )


def test_a_redirect_to_a_web_page_is_no_match_server() -> None:
    async def join() -> tuple[str, p.Error]:
        async with _front(HTTPStatus.MOVED_PERMANENTLY, "https://league.example/") as front:
            error, _said = await client_and_link_say(front)
        return front, error

    front, error = asyncio.run(join())
    assert error.code == "not_a_match_server"
    assert error.message == (
        f"the address {front}/fixture/5 {NOT_OURS}: it redirects to https://league.example/; "
        "check the address and the port"
    )


def test_a_redirect_from_ws_to_wss_opens_tls(tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)

    async def join() -> tuple[str, str, p.Error]:
        async with serve(_nothing, "127.0.0.1", 0, ssl=server_context(cert, key)) as secure:
            worker = f"wss://127.0.0.1:{secure.sockets[0].getsockname()[1]}"
            async with _front(HTTPStatus.TEMPORARY_REDIRECT, worker + "{path}") as front:
                error, _said = await client_and_link_say(front)
        return front, worker, error

    front, worker, error = asyncio.run(join())
    assert error.code == "tls"  # the handshake was TLS: the system does not trust a self-signed server
    where = worker.removeprefix("wss://")
    assert error.message.startswith(
        f"cannot join {where} (redirected from {front}/fixture/5) securely: its certificate is not trusted ("
    )
    assert error.message.endswith(f"({TRUST_HINT}); join {worker}/fixture/5 directly")
