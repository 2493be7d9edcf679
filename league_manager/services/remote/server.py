"""The match server: rooms reached by their codes, over websockets (asyncio).

One server holds any number of :class:`Room` objects. A connection's first message is a
:class:`protocol.Hello`; a coach then sends actions, a spectator only reads. A message that
is malformed, of another version or refused by the room gets an :class:`protocol.Error` and
changes nothing. A coach whose connection drops (closed, or silent past the ping timeout)
pauses the match until it rejoins with the same code.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from league_manager.core.errors import LeagueError
from league_manager.services.remote import protocol as p
from league_manager.services.remote.room import Refused, Room
from league_manager.services.remote.writer import SaveWriter

TICK_SECONDS = 0.5
"""How often the server checks the rooms' turn timers."""


@dataclass
class _Present:
    """Who is connected to a room."""

    coaches: dict[str, ServerConnection] = field(default_factory=dict)
    spectators: set[ServerConnection] = field(default_factory=set)

    def everyone(self) -> list[ServerConnection]:
        return [*self.coaches.values(), *self.spectators]


class MatchServer:
    """Rooms by code, and the websocket handler that plays them.

    Attributes:
        ping_interval, ping_timeout: seconds between keep-alive pings, and the silence after
            which a connection counts as dead (its coach is then away).
    """

    def __init__(
        self, *, ping_interval: float = 3.0, ping_timeout: float = 4.0, tick: float = TICK_SECONDS,
        writer: SaveWriter | None = None,
    ) -> None:  # fmt: skip
        self.writer = writer
        """Saves on one writer thread, several rooms per commit (None: each save on the loop)."""
        self.rooms: dict[str, Room] = {}
        self.present: dict[int, _Present] = {}
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        self.tick = tick
        self.done: dict[int, asyncio.Event] = {}
        self.owns: Callable[[int], bool] | None = None
        """A worker of a sharded server (``shards.py``): the fixtures whose rooms it plays."""
        self._ticker: asyncio.Task[None] | None = None

    def add(self, room: Room) -> asyncio.Event:
        """Open a room; the returned event is set when its match ends or is adjourned."""
        room.writer = self.writer
        self.rooms[room.keys.code] = room
        self.rooms[room.keys.host_key] = room
        self.present[room.keys.fixture] = _Present()
        event = self.done[room.keys.fixture] = asyncio.Event()
        if room.finished is not None:
            event.set()
        return event

    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> Server:
        """Listen on ``host:port`` (port 0: any free port); TLS when ``tls`` is given.

        Also starts the turn timers: every ``tick`` seconds each room's timer is checked.
        """
        if self._ticker is None:
            self._ticker = asyncio.create_task(self._timers())
        return await serve(
            self.handle, host, port, ssl=tls, max_size=p.MAX_MESSAGE,
            ping_interval=self.ping_interval, ping_timeout=self.ping_timeout,
            close_timeout=1,  # a dead peer never answers the close: do not wait 10 s for it
            compression=None,  # messages are small: deflating each one cost more CPU than it saved
        )  # fmt: skip

    async def handle(self, ws: ServerConnection) -> None:
        """One connection: the hello, then the coach's or spectator's messages until it closes."""
        try:
            hello = p.decode(await ws.recv())
            if not isinstance(hello, p.Hello):
                raise p.ProtocolError("the first message is a hello")
        except p.ProtocolError as exc:
            await ws.send(p.encode(p.Error(code="malformed", message=str(exc))))
            return
        except ConnectionClosed:
            return
        if self.owns is not None and not self.owns(hello.fixture):
            message = f"fixture {hello.fixture} is played on another worker: join at the server's address"
            await ws.send(p.encode(p.Error(code="moved", message=message)))
            return
        await self.admit(ws, hello)

    async def admit(self, ws: ServerConnection, hello: p.Hello) -> None:
        """Take a hello: the room its code opens, as a coach of the code's side or a spectator."""
        room = self.rooms.get(hello.code)
        if room is None:
            await ws.send(p.encode(p.Error(code="wrong_code", message="no match with this code")))
            return
        if hello.role == "spectator":
            if hello.code != room.keys.code:
                await ws.send(
                    p.encode(p.Error(code="wrong_code", message="spectators join with the join code"))
                )
                return
            await self._watch(room, ws)
        else:
            await self._play(room, ws, hello)

    async def watch(self, room: Room, ws: ServerConnection) -> None:
        """Stream a room to a spectator until the connection closes."""
        await self._watch(room, ws)

    async def play(self, room: Room, ws: ServerConnection, hello: p.Hello, side: str) -> None:
        """Play ``side`` of a room (the side a league login coaches) until the connection closes."""
        await self._play(room, ws, hello, side)

    async def _watch(self, room: Room, ws: ServerConnection) -> None:
        present = self.present[room.keys.fixture]
        present.spectators.add(ws)
        try:
            await room.settled()
            _send([ws], room.welcome(None, resumed=False))
            if room.finished is not None:
                _send([ws], room.finished)
            async for _text in ws:
                _send([ws], p.Error(code="read_only", message="spectators only watch"))
        except ConnectionClosed:
            pass
        finally:
            present.spectators.discard(ws)

    async def _play(self, room: Room, ws: ServerConnection, hello: p.Hello, side: str | None = None) -> None:
        present = self.present[room.keys.fixture]
        await room.settled()  # a welcome shows saved actions only (no await from here to the welcome)
        try:
            side = side or room.side_for(hello.code)
            if side in present.coaches:
                raise Refused("side_taken", f"the {side} coach is already connected")
            if room.game is None and side == room.guest_side:
                room.start(hello.secret)
        except Refused as exc:
            await ws.send(p.encode(p.Error(code=exc.code, message=exc.message)))
            return
        except LeagueError as exc:  # the board match cannot start (no pre-game, already played...)
            await ws.send(p.encode(p.Error(code="refused", message=str(exc))))
            return
        resumed = side in room.seen
        room.seen.add(side)
        present.coaches[side] = ws
        _send([ws], room.welcome(side, resumed=resumed))
        others = [c for s, c in present.coaches.items() if s != side] + list(present.spectators)
        if room.game is not None and not resumed and len(room.seen) == 2 and side == room.guest_side:
            _send(others, room.welcome(None, resumed=False))  # the host and spectators see the kick-off
        back = room.back(side)
        if back is not None:
            _send(present.everyone(), back)
        if room.finished is not None:
            _send([ws], room.finished)
        try:
            async for text in ws:
                await self._message(room, side, ws, text)
        except ConnectionClosed:
            pass
        finally:
            if present.coaches.get(side) is ws:
                del present.coaches[side]
                away = room.away(side)
                if away is not None:
                    _send(present.everyone(), away)

    async def _timers(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            timed = {id(r): r for r in self.rooms.values() if r.clock is not None}
            await asyncio.gather(*(self._expire(room) for room in timed.values()))

    async def _expire(self, room: Room) -> None:
        """Apply what the room's turn timer ends now, and tell everyone."""
        present = self.present[room.keys.fixture]
        try:
            applied = await room.expire_async()
        except Refused:
            return  # the save failed: tried again at the next tick
        for message in applied:
            _send(present.everyone(), message)
        if applied:
            self._over(room)

    def _over(self, room: Room) -> None:
        if room.game is not None and room.game.match.prompt is None and room.finished is None:
            _send(self.present[room.keys.fixture].everyone(), room.finish())
            self.done[room.keys.fixture].set()

    async def _message(self, room: Room, side: str, ws: ServerConnection, text: str | bytes) -> None:
        present = self.present[room.keys.fixture]
        try:
            message = p.decode(text)
            if isinstance(message, p.Act):
                await self._expire(room)  # a turn out of time ends before anything else is applied
                _send(present.everyone(), await room.act_async(side, message))
                self._over(room)
            elif isinstance(message, p.Sync):
                await room.settled()
                _send([ws], room.welcome(side, resumed=True))
            elif isinstance(message, p.Decide):
                reply = room.decide(side, message.choice)
                _send(present.everyone(), reply)
                if isinstance(reply, p.Adjourned):
                    self.done[room.keys.fixture].set()
            else:
                raise Refused("unexpected", f"a coach does not send {message.TYPE}")
        except p.ProtocolError as exc:
            _send([ws], p.Error(code="malformed", message=str(exc)))
        except Refused as exc:
            _send([ws], p.Error(code=exc.code, message=exc.message))
        except LeagueError as exc:
            _send([ws], p.Error(code="refused", message=str(exc)))


def _send(connections: list[ServerConnection], message: p.Message) -> None:
    """Queue one message on each connection, in order (no await, so no other message slips in)."""
    broadcast(connections, p.encode(message))
