"""Why a match server could not be joined, said truthfully by the command-line client and the
app's connection alike: only 503 (a league server's front while a worker restarts) is "the
server is unavailable", with the server's sentence; another HTTP answer is an address that is
no match server; a refused connection, an unknown host, TLS on one side only, a certificate not
trusted and a malformed address each have their own words (real servers and sockets)."""

import asyncio
import io
import socket
import ssl
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.services.remote import protocol as p
from league_manager.services.remote.reach import NOT_OURS, TRUST_HINT, connect_failure
from league_manager.services.remote.tls import client_context, server_context
from tests.unit.remote.remote_helpers import client_and_link_say
from tests.unit.remote.test_remote_tls import _certificate

SENTENCE = "the server is restarting fixture 5's room: try again"


async def _nothing(ws: ServerConnection) -> None:
    return None


@asynccontextmanager
async def _answering(status: HTTPStatus, body: str) -> AsyncIterator[str]:
    """A server that answers every handshake with ``status`` and ``body``; yields host:port."""

    def answer(connection: ServerConnection, request: Request) -> Response:
        return connection.respond(status, body)

    async with serve(_nothing, "127.0.0.1", 0, process_request=answer) as server:
        yield f"127.0.0.1:{server.sockets[0].getsockname()[1]}"


def _cli(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), CliContext(stdout=out, stderr=err))
    return code, err.getvalue()


@pytest.mark.parametrize(
    ("status", "code", "words"),
    [
        (HTTPStatus.SERVICE_UNAVAILABLE, "unavailable", f"the server is unavailable (HTTP 503): {SENTENCE}"),
        (HTTPStatus.NOT_FOUND, "not_a_match_server", f"{NOT_OURS} (HTTP 404 Not Found)"),
        (HTTPStatus.FORBIDDEN, "not_a_match_server", f"{NOT_OURS} (HTTP 403 Forbidden)"),
    ],
)
def test_only_503_is_an_unavailable_server_and_another_http_answer_is_no_match_server(
    status: HTTPStatus, code: str, words: str
) -> None:
    async def join() -> tuple[str, p.Error]:
        async with _answering(status, SENTENCE + "\n") as address:
            error, _said = await client_and_link_say(address)
        return address, error

    address, error = asyncio.run(join())
    assert error.code == code
    assert words in error.message
    if status == HTTPStatus.SERVICE_UNAVAILABLE:
        assert error.message == words
    else:
        assert "unavailable" not in error.message and SENTENCE not in error.message
        assert error.message.startswith(f"the address ws://{address}/fixture/5 {NOT_OURS} (")


@contextmanager
def web_server(protocol: str) -> Iterator[int]:
    """An ordinary web server on localhost answering 404 to everything (``protocol`` is
    HTTP/1.0 or HTTP/1.1); yields its port."""
    handler = type("NotFound", (_NotFound,), {"protocol_version": protocol})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


class _NotFound(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_error(HTTPStatus.NOT_FOUND)

    def log_message(self, format: str, *args: object) -> None:
        return None


@pytest.mark.parametrize("protocol", ["HTTP/1.0", "HTTP/1.1"])
def test_an_ordinary_web_server_is_no_match_server(protocol: str) -> None:
    with web_server(protocol) as port:
        error, _said = asyncio.run(client_and_link_say(f"127.0.0.1:{port}"))
    assert error.code == "not_a_match_server"
    answer = {
        "HTTP/1.0": "(its answer: unsupported protocol; expected HTTP/1.1: HTTP/1.0 404 Not Found)",
        "HTTP/1.1": "(HTTP 404 Not Found)",
    }
    assert f"{NOT_OURS} {answer[protocol]}" in error.message
    assert "TLS" not in error.message  # it answered in plain HTTP: no hint to join wss://


def _closed_port() -> socket.socket:
    """A port bound but not listening: connecting to it is refused (keep the socket open)."""
    held = socket.socket()
    held.bind(("127.0.0.1", 0))
    return held


def test_a_refused_connection_says_nothing_listens_there_in_join_watch_and_the_app() -> None:
    with _closed_port() as held:
        where = f"127.0.0.1:{held.getsockname()[1]}"
        error, _said = asyncio.run(client_and_link_say(where))
        joined = _cli("match", "join", where, "--code", "abc")
        watched = _cli("match", "watch", where, "--code", "abc")
    assert error.code == "refused"
    assert error.message.startswith(f"nothing is listening at {where} (the connection was refused)")
    for exit_code, err in (joined, watched):
        assert exit_code == 1 and f"nothing is listening at {where} (the connection was refused)" in err


def test_an_unknown_host_and_a_malformed_address_are_named() -> None:
    error, _said = asyncio.run(client_and_link_say("no-such-host.invalid:8765"))
    assert error.code == "unknown_host"
    assert error.message.startswith("the host name 'no-such-host.invalid' cannot be found (")
    exit_code, err = _cli("match", "watch", "ws://[::1", "--code", "abc")
    assert exit_code == 1 and "'ws://[::1' is not a match server's address (" in err


def test_tls_on_one_side_only_says_which_scheme_to_use(tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)

    async def join() -> tuple[str, p.Error, str, p.Error]:
        async with (
            serve(_nothing, "127.0.0.1", 0) as plain,
            serve(_nothing, "127.0.0.1", 0, ssl=server_context(cert, key)) as secure,
        ):
            plain_at = f"127.0.0.1:{plain.sockets[0].getsockname()[1]}"
            secure_at = f"127.0.0.1:{secure.sockets[0].getsockname()[1]}"
            to_plain, _said = await client_and_link_say(f"wss://{plain_at}")
            to_secure, _said = await client_and_link_say(secure_at)
        return plain_at, to_plain, secure_at, to_secure

    plain_at, to_plain, secure_at, to_secure = asyncio.run(join())
    assert to_plain.code == "tls"
    assert to_plain.message.startswith(f"cannot join {plain_at} securely: the TLS handshake failed (")
    assert to_plain.message.endswith(f"if it does not use TLS, join ws://{plain_at}")
    assert to_secure.code == "not_a_match_server"
    assert to_secure.message.endswith(f"if it uses TLS, join wss://{secure_at}")


def test_a_server_that_never_answers_is_no_answer_in_time() -> None:
    async def join() -> tuple[str, p.Error]:
        held: list[asyncio.StreamWriter] = []  # kept open, saying nothing
        silent = await asyncio.start_server(lambda _r, w: held.append(w), "127.0.0.1", 0)
        where = f"127.0.0.1:{silent.sockets[0].getsockname()[1]}"
        error, _said = await client_and_link_say(where, open_timeout=0.2)
        for writer in held:
            writer.close()
        silent.close()
        return where, error

    where, error = asyncio.run(join())
    assert error.code == "timeout"
    assert error.message == (
        f"no answer from {where} in time: check the address, and that no firewall blocks the port"
    )


def test_a_certificate_not_trusted_or_not_naming_the_host_says_what_to_do(tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    other_cert, other_key = _certificate(other, names="DNS:league.example")

    async def join() -> tuple[str, p.Error, p.Error]:
        async with (
            serve(_nothing, "127.0.0.1", 0, ssl=server_context(cert, key)) as secure,
            serve(_nothing, "127.0.0.1", 0, ssl=server_context(other_cert, other_key)) as misnamed,
        ):
            secure_at = f"wss://127.0.0.1:{secure.sockets[0].getsockname()[1]}"
            misnamed_at = f"wss://127.0.0.1:{misnamed.sockets[0].getsockname()[1]}"
            untrusted, _said = await client_and_link_say(secure_at)  # the system's authorities
            mismatch, _said = await client_and_link_say(misnamed_at, client_context(other_cert))
        return secure_at, untrusted, mismatch

    secure_at, untrusted, mismatch = asyncio.run(join())
    assert untrusted.code == mismatch.code == "tls"
    where = secure_at.removeprefix("wss://")
    assert untrusted.message.startswith(f"cannot join {where} securely: its certificate is not trusted (")
    assert untrusted.message.endswith(f"for a self-signed server, trust its certificate file ({TRUST_HINT})")
    assert "the certificate does not name 127.0.0.1 (" in mismatch.message
    assert "join with a name it lists" in mismatch.message and "--ca" not in mismatch.message


def test_an_expired_certificate_is_said_to_have_expired() -> None:
    expired = ssl.SSLCertVerificationError(1, "certificate verify failed")
    expired.verify_code, expired.verify_message = 10, "certificate has expired"
    said = connect_failure("wss://league.example:8765", expired).message
    assert said == (
        "cannot join league.example:8765 securely: its certificate has expired "
        "(certificate has expired): the server needs a new one"
    )


def test_another_websocket_server_is_no_match_server_in_one_line() -> None:
    async def chatter(ws: ServerConnection) -> None:
        await ws.send("hello, whoever you are")
        await ws.wait_closed()

    async def watch() -> tuple[str, int, str]:
        async with serve(chatter, "127.0.0.1", 0) as server:
            where = f"127.0.0.1:{server.sockets[0].getsockname()[1]}"
            exit_code, err = await asyncio.to_thread(_cli, "match", "watch", where, "--code", "abc")
        return where, exit_code, err

    where, exit_code, err = asyncio.run(watch())
    assert exit_code == 1 and "Traceback" not in err
    assert err.strip().splitlines() == [
        f"league-manager: the address ws://{where} {NOT_OURS} (its first message: not JSON: "
        "Expecting value: line 1 column 1 (char 0))"
    ]
