"""The remote-play wire protocol: versioned, typed JSON messages, validated on the way in.

Every message is one JSON object ``{"v": PROTOCOL_VERSION, "type": ..., <fields>}``. Only
JSON crosses the wire (never pickled objects). :func:`decode` turns text into one of the
message dataclasses below or raises :class:`ProtocolError`; a receiver answers such an
error with an :class:`Error` message and changes nothing. This module imports no Qt, no
database and no network code, so the board, the server and the tests share it.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

PROTOCOL_VERSION = 1
MAX_MESSAGE = 1 << 20
"""Largest message accepted, in characters (a welcome carries the teams and the action list)."""
ROLES = ("player", "spectator")
DECISIONS = ("wait", "adjourn", "claim")


class ProtocolError(ValueError):
    """A message that is not valid JSON, of another version, of an unknown type or malformed."""


@dataclass(frozen=True)
class Message:
    """Base of every message; ``TYPE`` is its ``type`` on the wire."""

    TYPE: ClassVar[str] = ""


@dataclass(frozen=True)
class Hello(Message):
    """Client -> server, first message: who joins (a rejoining client gets the whole match again).

    Attributes:
        code: the join code (the guest's and spectators'), or the host's own key ("" on a
            league server, where the login decides).
        role: "player" or "spectator".
        secret: the joining coach's contribution to the dice seed (hex; "" for spectators).
        fixture: the fixture to join on a league server (``match serve``; 0 in direct play).
        login, password: the shared league's login on a league server ("" in direct play).
    """

    TYPE: ClassVar[str] = "hello"
    code: str
    role: str
    secret: str = ""
    fixture: int = 0
    login: str = ""
    password: str = ""


@dataclass(frozen=True)
class Welcome(Message):
    """Server -> client: the match as it stands (or None while the guest is awaited).

    Attributes:
        side: "home"/"away" for a coach, None for a spectator.
        fixture: the fixture id.
        commitment: SHA-256 of the host's seed secret, sent before the guest gives its own.
        document: the match document without its seed (teams, settings, ruleset), or None.
        rolls: every die rolled so far (past rolls only), to replay ``actions`` over.
        actions: the actions applied so far, ``[kind, player, square]`` each.
        digest: the state digest after the last action ("" before the match starts).
        resumed: the client had joined before and gets its place back.
        paused: the side whose coach is away, or None.
        turn_seconds: the league's turn timer, which the server enforces (0: none).
    """

    TYPE: ClassVar[str] = "welcome"
    side: str | None
    fixture: int
    commitment: str
    document: dict[str, Any] | None
    rolls: list[Any] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    digest: str = ""
    resumed: bool = False
    paused: str | None = None
    turn_seconds: int = 0


@dataclass(frozen=True)
class Act(Message):
    """Client -> server: apply one action as action number ``number`` on the state ``digest``."""

    TYPE: ClassVar[str] = "act"
    number: int
    digest: str
    action: list[Any]


@dataclass(frozen=True)
class Applied(Message):
    """Server -> everyone: action ``number`` was applied; ``rolls`` are the dice it rolled."""

    TYPE: ClassVar[str] = "applied"
    number: int
    action: list[Any]
    rolls: list[Any]
    digest: str


@dataclass(frozen=True)
class Sync(Message):
    """Client -> server: my state disagrees, send the whole match again (a new welcome)."""

    TYPE: ClassVar[str] = "sync"


@dataclass(frozen=True)
class Paused(Message):
    """Server -> everyone: a coach is away; after ``seconds`` the other may adjourn."""

    TYPE: ClassVar[str] = "paused"
    side: str
    seconds: int


@dataclass(frozen=True)
class Resumed(Message):
    """Server -> everyone: the away coach is back; play goes on."""

    TYPE: ClassVar[str] = "resumed"
    side: str


@dataclass(frozen=True)
class Decide(Message):
    """Client -> server, while the other coach is away: "wait", "adjourn" or "claim" (adjourn
    and ask the commissioner for the result)."""

    TYPE: ClassVar[str] = "decide"
    choice: str


@dataclass(frozen=True)
class Adjourned(Message):
    """Server -> everyone: the match stops here, saved; the host resumes it later (or the
    commissioner settles the claim ``claim``, 0 when none was made)."""

    TYPE: ClassVar[str] = "adjourned"
    by: str
    claim: int = 0


@dataclass(frozen=True)
class Over(Message):
    """Server -> everyone: the final whistle; the secrets are revealed so the dice can be checked.

    Attributes:
        result: the match result (``MatchResult.to_dict()``).
        log_hash: SHA-256 of the action list and every roll (:func:`log_hash`).
        seed: the dice seed the match was played with.
        host_secret, guest_secret: the two contributions (``seed_from`` of them is ``seed``).
    """

    TYPE: ClassVar[str] = "over"
    result: dict[str, Any]
    log_hash: str
    seed: int
    host_secret: str
    guest_secret: str


@dataclass(frozen=True)
class Error(Message):
    """Server -> client: the last message was refused and nothing changed."""

    TYPE: ClassVar[str] = "error"
    code: str
    message: str


MESSAGES: dict[str, type[Message]] = {
    cls.TYPE: cls
    for cls in (Hello, Welcome, Act, Applied, Sync, Paused, Resumed, Decide, Adjourned, Over, Error)
}

_FIELDS: dict[type[Message], tuple[tuple[str, str, bool], ...]] = {
    cls: tuple(
        (
            f.name,
            str(f.type),
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
    )
    for cls in MESSAGES.values()
}
"""Each message's fields: name, annotation, required (read once, not per message)."""
_NAMES: dict[type[Message], frozenset[str]] = {
    cls: frozenset(name for name, _annotation, _required in fields).union({"v", "type"})
    for cls, fields in _FIELDS.items()
}

_ENCODER = json.JSONEncoder(separators=(",", ":"))

_CHECKS: dict[str, tuple[type, ...]] = {
    "str": (str,),
    "int": (int,),
    "bool": (bool,),
    "list[Any]": (list,),
    "dict[str, Any]": (dict,),
}


def _check(name: str, annotation: str, value: Any) -> None:
    kinds = annotation.split(" | ")
    if value is None and "None" in kinds:
        return
    for kind in kinds:
        allowed = _CHECKS.get(kind)
        if allowed is None:
            continue
        if isinstance(value, bool) and kind == "int":
            continue  # JSON true is not a number
        if isinstance(value, allowed):
            return
    raise ProtocolError(f"field {name!r} must be {annotation}, not {type(value).__name__}")


def encode(message: Message) -> str:
    """The message as one line of JSON with the protocol version."""
    body: dict[str, Any] = {"v": PROTOCOL_VERSION, "type": message.TYPE}
    for name, _annotation, _required in _FIELDS[type(message)]:
        body[name] = getattr(message, name)
    return _ENCODER.encode(body)


def decode(text: str | bytes) -> Message:
    """Parse and validate one message.

    Raises:
        ProtocolError: not text, too long, not a JSON object, another protocol version, an
            unknown type, a missing, unknown or mistyped field, or a field value out of range.
    """
    if isinstance(text, bytes):
        raise ProtocolError("binary frames are not accepted")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("message too long")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ProtocolError(f"not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    if data.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(f"protocol version {data.get('v')!r} is not {PROTOCOL_VERSION}")
    cls = MESSAGES.get(str(data.get("type")))
    if cls is None:
        raise ProtocolError(f"unknown message type {data.get('type')!r}")
    fields = _FIELDS[cls]
    extra = [key for key in data if key not in _NAMES[cls]]
    if extra:
        raise ProtocolError(f"unknown fields: {', '.join(sorted(extra))}")
    values: dict[str, Any] = {}
    for name, annotation, required in fields:
        if name not in data:
            if required:
                raise ProtocolError(f"missing field {name!r}")
            continue
        _check(name, annotation, data[name])
        values[name] = data[name]
    message = cls(**values)
    _validate(message)
    return message


def _validate(message: Message) -> None:
    if isinstance(message, Hello):
        if message.role not in ROLES:
            raise ProtocolError(f"role must be one of {', '.join(ROLES)}")
        sizes = (message.code, message.secret, message.login, message.password)
        if any(len(value) > 200 for value in sizes) or message.fixture < 0:
            raise ProtocolError("hello out of range")
    elif isinstance(message, Act):
        if message.number < 0 or not _action_shape(message.action):
            raise ProtocolError("an action is [kind, player, square] (a string and two integers)")
    elif isinstance(message, Decide) and message.choice not in DECISIONS:
        raise ProtocolError(f"choice must be one of {', '.join(DECISIONS)}")


def _action_shape(action: list[Any]) -> bool:
    return (
        len(action) == 3
        and isinstance(action[0], str)
        and len(action[0]) <= 40
        and all(isinstance(v, int) and not isinstance(v, bool) for v in action[1:])
    )


FIXTURE_PATH = "/fixture/"
"""A league server's websocket path names the fixture (``/fixture/12``): the server's front
process sends the handshake on to the worker holding that fixture's room (an HTTP redirect,
before any message)."""


def server_address(scheme: str, host: str, port: int) -> str:
    """``scheme://host:port`` of a server listening on ``host``; an IPv6 address in brackets
    (``ws://[::]:8765``), as a URI needs it."""
    return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"


def fixture_address(address: str, fixture: int) -> str:
    """``address`` with the fixture's path (``ws://host:port/fixture/N``); unchanged for
    direct play (fixture 0) or an address that already names a path."""
    if fixture <= 0:
        return address
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "ws", address
    if "/" in rest.rstrip("/"):
        return address
    return f"{scheme}://{rest.rstrip('/')}{FIXTURE_PATH}{fixture}"


def fixture_of(path: str) -> int | None:
    """The fixture a handshake's path names (``/fixture/N``), or None."""
    head, _sep, number = path.partition("?")[0].rpartition(FIXTURE_PATH)
    if head or not number.isdigit() or len(number) > 12:
        return None
    return int(number)
