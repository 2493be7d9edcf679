"""A server that answers the handshake with 503 (a league server's front while a worker restarts):
the command-line client and the app's connection say it in the same words, with the server's
sentence, never a bare "HTTP 503"."""

import asyncio
import threading
from http import HTTPStatus

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from league_manager.services.remote import protocol as p
from league_manager.services.remote.client import JoinRefused, RemoteClient
from league_manager.services.remote.link import ClientLink

SENTENCE = "the server is restarting fixture 5's room: try again"


def _refuse(connection: ServerConnection, request: Request) -> Response:
    return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, SENTENCE + "\n")


async def _nothing(ws: ServerConnection) -> None:
    return None


def test_the_client_and_the_apps_link_say_an_unavailable_server_alike() -> None:
    said: list[str] = []
    closed = threading.Event()

    def on_closed(reason: str) -> None:
        said.append(reason)
        closed.set()

    async def join() -> str:
        async with serve(_nothing, "127.0.0.1", 0, process_request=_refuse) as server:
            address = f"127.0.0.1:{server.sockets[0].getsockname()[1]}"
            with pytest.raises(JoinRefused) as refused:
                await RemoteClient(address, "", fixture=5, login="x").run()
            link = ClientLink(address, p.Hello(code="", role="player", fixture=5), lambda _m: None, on_closed)
            link.start()
            assert await asyncio.to_thread(closed.wait, 10)
            link.close()
        return refused.value.error.message

    client_says = asyncio.run(join())
    assert client_says == f"the server is unavailable (HTTP 503): {SENTENCE}"
    assert said == [client_says]
