"""Why a match server could not be joined, in words a coach can act on.

The command-line client and the app's connection both open a websocket; when that fails,
:func:`connect_failure` says what happened: only an HTTP 503 means the server is (for now)
unavailable (a league server's front while the fixture's worker restarts); another HTTP answer
means the address is not a League Manager match server; a refused connection, an unknown host
name, a certificate not trusted, a TLS handshake that fails, no answer in time and a malformed
address each have their own sentence.
"""

from __future__ import annotations

import errno
import re
import socket
import ssl
from http import HTTPStatus
from urllib.parse import urlsplit

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


class CannotJoin(Exception):
    """The match server could not be joined: nothing answered, or not as a match server.

    Attributes:
        error: the reason, as :func:`connect_failure` gives it (``error.message`` is the sentence).
    """

    def __init__(self, error: p.Error) -> None:
        super().__init__(error.message)
        self.error = error


def connect_failure(address: str, exc: BaseException) -> p.Error:
    """What a failed connection to ``address`` (``ws://`` or ``wss://``) means.

    Args:
        address: the address the connection was opened to.
        exc: what opening it raised (one of :data:`CONNECT_ERRORS`).

    Returns:
        An error whose code names the kind (``unavailable``, ``not_a_match_server``,
        ``refused``, ``unknown_host``, ``tls``, ``timeout``, ``bad_address``, ``unreachable``)
        and whose message is the sentence to show.
    """
    if isinstance(exc, InvalidStatus):
        return _answered(address, exc)
    where = _where(address)
    if isinstance(exc, InvalidMessage):
        hint = f"; if it uses TLS, join wss://{where}" if address.startswith("ws://") else ""
        detail = str(exc.__cause__ or exc)  # the answer's first line, or what was wrong with it
        said = f"the address {where} {NOT_OURS} (its answer: {detail}){hint}"
        return p.Error(code="not_a_match_server", message=said)
    if isinstance(exc, InvalidHandshake):
        said = f"the address {address} {NOT_OURS} (its answer was not a websocket: {exc})"
        return p.Error(code="not_a_match_server", message=said)
    if isinstance(exc, ssl.SSLCertVerificationError):  # before ValueError: it is one too
        said = (
            f"cannot join {where} securely: its certificate is not trusted ({exc.verify_message}); "
            f"for a self-signed server, trust its certificate file ({TRUST_HINT})"
        )
        return p.Error(code="tls", message=said)
    if address.startswith("wss://") and isinstance(exc, (ssl.SSLError, ConnectionResetError)):
        reason = (exc.reason if isinstance(exc, ssl.SSLError) else None) or str(exc) or "the server hung up"
        said = (
            f"cannot join {where} securely: the TLS handshake failed ({reason}); "
            f"if it does not use TLS, join ws://{where}"
        )
        return p.Error(code="tls", message=said)
    if isinstance(exc, (InvalidURI, ValueError)):
        said = f"{address!r} is not a match server's address ({exc}); type host:port, e.g. 192.168.1.20:8765"
        return p.Error(code="bad_address", message=said)
    if isinstance(exc, OSError) and _refused(exc):
        said = (
            f"nothing is listening at {where} (the connection was refused): check the address and the "
            "port, and that the match is hosted (or the league's match server running)"
        )
        return p.Error(code="refused", message=said)
    if isinstance(exc, socket.gaierror):
        host = urlsplit(_with_scheme(address)).hostname or where
        said = f"the host name {host!r} cannot be found ({exc.strerror}): check the address"
        return p.Error(code="unknown_host", message=said)
    if isinstance(exc, TimeoutError):
        said = f"no answer from {where} in time: check the address, and that no firewall blocks the port"
        return p.Error(code="timeout", message=said)
    detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
    return p.Error(code="unreachable", message=f"cannot reach {where}: {detail}")


def _answered(address: str, refusal: InvalidStatus) -> p.Error:
    """An HTTP answer instead of a websocket: 503 is a server unavailable for now (with the
    sentence of its body); any other status, an address that is no match server."""
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
