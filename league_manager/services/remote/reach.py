"""Why a match server could not be joined, in words a coach can act on.

The command-line client and the app's connection both open a websocket; when that fails,
:func:`connect_failure` says what happened: only an HTTP 503 means the server is (for now)
unavailable (a league server's front while the fixture's worker restarts); another HTTP answer
means the address is not a League Manager match server (so does a redirect to a web page); a
refused connection, an unknown host name, a certificate not trusted, expired or made for
another name, a TLS handshake that fails, no answer in time and a malformed address each have
their own sentence. :func:`open_websocket` opens the connection for both, and when websockets
followed a redirect (a league server's front sends each fixture on to its worker), the failure
names the address actually tried.
"""

from __future__ import annotations

import errno
import re
import socket
import ssl
from http import HTTPStatus
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import (
    InvalidHandshake,
    InvalidMessage,
    InvalidStatus,
    InvalidURI,
    WebSocketException,
)

from league_manager.services.remote import protocol as p

CONNECT_ERRORS = (OSError, WebSocketException, ValueError)
"""What opening a connection raises when it fails (a bad address raises ValueError)."""
NOT_OURS = "is not a League Manager match server"
"""What an answer other than a websocket's (and other than 503) means."""
TRUST_HINT = "--ca FILE on the command line, 'Trusted certificate file' in the app's Join dialog"
"""Where a coach names the certificate to trust."""
OPEN_TIMEOUT = 10.0
"""Seconds to wait for a match server's websocket handshake."""
NAME_MISMATCH = (62, 64)
"""OpenSSL's verify codes for a certificate that names another host or IP address."""
EXPIRED = 10
"""OpenSSL's verify code for an expired certificate."""
STATUS_LINE = re.compile(r"HTTP/\d(?:\.\d)? \d{3}")
"""An HTTP status line (``HTTP/1.0 404 Not Found``) in what was wrong with an answer."""


class CannotJoin(Exception):
    """The match server could not be joined: nothing answered, or not as a match server.

    Attributes:
        error: the reason, as :func:`connect_failure` gives it (``error.message`` is the sentence).
    """

    def __init__(self, error: p.Error) -> None:
        super().__init__(error.message)
        self.error = error


async def open_websocket(
    address: str, tls: ssl.SSLContext | None, open_timeout: float = OPEN_TIMEOUT
) -> ClientConnection:
    """Open a websocket to a match server (following a redirect, as a league server's front
    answers), with ``tls`` for a ``wss://`` address.

    Raises:
        CannotJoin: no match server was reached (:func:`connect_failure` says why, naming the
            address actually tried).
    """
    opening: connect | None = None
    try:  # no ssl argument otherwise: websockets opens TLS for wss:// (after a redirect too)
        if address.startswith("wss://") and tls is not None:
            opening = connect(address, max_size=p.MAX_MESSAGE, open_timeout=open_timeout, ssl=tls)
        else:
            opening = connect(address, max_size=p.MAX_MESSAGE, open_timeout=open_timeout)
        return await opening
    except CONNECT_ERRORS as exc:
        tried = opening.uri if opening is not None else address  # moved on by a redirect followed
        raise CannotJoin(connect_failure(address, exc, tried)) from exc


def connect_failure(address: str, exc: BaseException, tried: str = "") -> p.Error:
    """What a failed connection to ``address`` (``ws://`` or ``wss://``) means.

    Args:
        address: the address the connection was opened to.
        exc: what opening it raised (one of :data:`CONNECT_ERRORS`).
        tried: the address that failed when websockets followed a redirect from ``address``
            (empty: ``address`` itself); the sentence names it, "(redirected from ...)".

    Returns:
        An error whose code names the kind (``unavailable``, ``not_a_match_server``,
        ``refused``, ``unknown_host``, ``tls``, ``timeout``, ``bad_address``, ``unreachable``)
        and whose message is the sentence to show.
    """
    tried = tried or address
    moved = f" (redirected from {address})" if tried != address else ""
    if isinstance(exc, InvalidStatus):
        return _answered(tried + moved, exc)
    where = _where(address)
    at = _where(tried) + moved
    if isinstance(exc, InvalidURI) and exc.uri not in (address, tried):  # a redirect to a web page
        said = f"the address {tried} {NOT_OURS}: it redirects to {exc.uri}; check the address and the port"
        return p.Error(code="not_a_match_server", message=said)
    if isinstance(exc, InvalidMessage):
        detail = str(exc.__cause__ or exc)  # the answer's first line, or what was wrong with it
        unreadable = STATUS_LINE.search(detail) is None  # nothing, or not HTTP: perhaps TLS
        hint = f"; if it uses TLS, join wss://{where}" if unreadable and tried.startswith("ws://") else ""
        said = f"the address {at} {NOT_OURS} (its answer: {detail}){hint}"
        return p.Error(code="not_a_match_server", message=said)
    if isinstance(exc, InvalidHandshake):
        said = f"the address {tried}{moved} {NOT_OURS} (its answer was not a websocket: {exc})"
        return p.Error(code="not_a_match_server", message=said)
    if isinstance(exc, ssl.SSLCertVerificationError):  # before ValueError: it is one too
        said = _untrusted(tried, at, exc)
        if address.startswith("ws://") and tried.startswith("wss://"):  # the app's trust goes with wss://
            said += f"; join {tried} directly"
        return p.Error(code="tls", message=said)
    if tried.startswith("wss://") and isinstance(exc, (ssl.SSLError, ConnectionResetError)):
        reason = (exc.reason if isinstance(exc, ssl.SSLError) else None) or str(exc) or "the server hung up"
        said = (
            f"cannot join {at} securely: the TLS handshake failed ({reason}); "
            f"if it does not use TLS, join ws://{where}"
        )
        return p.Error(code="tls", message=said)
    if isinstance(exc, (InvalidURI, ValueError)):
        said = f"{address!r} is not a match server's address ({exc}); type host:port, e.g. 192.168.1.20:8765"
        return p.Error(code="bad_address", message=said)
    if isinstance(exc, OSError) and _refused(exc):
        said = (
            f"nothing is listening at {at} (the connection was refused): check the address and the "
            "port, and that the match is hosted (or the league's match server running)"
        )
        return p.Error(code="refused", message=said)
    if isinstance(exc, socket.gaierror):
        host = urlsplit(_with_scheme(tried)).hostname or where
        said = f"the host name {host!r} cannot be found ({exc.strerror}): check the address"
        return p.Error(code="unknown_host", message=said)
    if isinstance(exc, TimeoutError):
        said = f"no answer from {at} in time: check the address, and that no firewall blocks the port"
        return p.Error(code="timeout", message=said)
    detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
    return p.Error(code="unreachable", message=f"cannot reach {at}: {detail}")


def _untrusted(tried: str, at: str, exc: ssl.SSLCertVerificationError) -> str:
    """A certificate that names another host, has expired, or is not trusted."""
    said = f"cannot join {at} securely: "
    if exc.verify_code in NAME_MISMATCH:  # trusting it changes nothing: the name is checked
        host = urlsplit(_with_scheme(tried)).hostname or at
        return said + (
            f"the certificate does not name {host} ({exc.verify_message}): join with a name it lists "
            "(the host name or address the server's certificate was made for, e.g. wss://NAME:PORT)"
        )
    if exc.verify_code == EXPIRED:
        return said + f"its certificate has expired ({exc.verify_message}): the server needs a new one"
    return said + (
        f"its certificate is not trusted ({exc.verify_message}); "
        f"for a self-signed server, trust its certificate file ({TRUST_HINT})"
    )


def _answered(address: str, refusal: InvalidStatus) -> p.Error:
    """An HTTP answer instead of a websocket: 503 is a server unavailable for now (with the
    sentence of its body); any other status, an address that is no match server (``address``
    as the sentence names it)."""
    response = refusal.response
    status = response.status_code
    if status == HTTPStatus.SERVICE_UNAVAILABLE:
        body = response.body.decode(errors="replace").strip() if response.body else ""
        said = f"the server is unavailable (HTTP {status})"
        return p.Error(code="unavailable", message=f"{said}: {body}" if body else said)
    answer = " ".join(part for part in (f"HTTP {status}", response.reason_phrase or _phrase(status)) if part)
    said = f"the address {address} {NOT_OURS} ({answer}): check the address and the port"
    return p.Error(code="not_a_match_server", message=said)


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return ""


def _refused(exc: OSError) -> bool:
    """A refused connection; asyncio joins one refusal per address tried into one OSError."""
    if isinstance(exc, ConnectionRefusedError):
        return True
    numbers = re.findall(r"\[Errno (\d+)\]", str(exc))
    return bool(numbers) and all(int(n) == errno.ECONNREFUSED for n in numbers)


def _with_scheme(address: str) -> str:
    return address if "://" in address else f"ws://{address}"


def _where(address: str) -> str:
    """``host:port`` of an address (the address itself when it does not parse)."""
    try:
        return urlsplit(_with_scheme(address)).netloc or address
    except ValueError:
        return address
