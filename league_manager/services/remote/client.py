"""A remote-match client: joins with a code, keeps a copy of the match, plays a side or watches.

The copy (:class:`Mirror`) is rebuilt from every welcome and advanced by every applied
action; when its state digest disagrees with the server's it asks for a sync at once. A bot
coach answers each prompt of its side (and may concede at the start of a team turn of its
side, ``concede_at_turn``). At the final whistle the client checks the log hash
and, as a coach, replays the revealed seed to verify every die.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from league_manager.match.actions import Action
from league_manager.match.bots import Bot, make_bot
from league_manager.match.engine import CONCEDE
from league_manager.services.remote import protocol as p
from league_manager.services.remote.fairness import log_hash, new_secret, verify_dice
from league_manager.services.remote.mirror import Mirror
from league_manager.services.remote.reach import NOT_OURS, OPEN_TIMEOUT, CannotJoin, open_websocket

SIDES = ("home", "away")


class JoinRefused(Exception):
    """The server refused the hello (wrong code, side taken, another protocol version...)."""

    def __init__(self, error: p.Error) -> None:
        super().__init__(f"{error.code}: {error.message}")
        self.error = error


@dataclass
class Finish:
    """How a client's session ended.

    Attributes:
        over: the final message (None when adjourned or the connection ended first).
        log_hash: the hash of the client's own copy (equal to ``over.log_hash`` when they agree).
        dice_problem: None when the revealed seed gives every roll (coaches only), else why not.
        resumed: the server said this client had joined before.
        events: every message received, in order (``watch`` prints them).
    """

    over: p.Over | None = None
    log_hash: str = ""
    dice_problem: str | None = None
    resumed: bool = False
    adjourned: bool = False
    events: list[p.Message] = field(default_factory=list)


class RemoteClient:
    """One connection to a match server, as a coach ("player") or a spectator."""

    def __init__(
        self, address: str, code: str, *, role: str = "player", bot: str | None = None, seed: int = 1,
        secret: str | None = None, on_message: Callable[[p.Message], None] | None = None,
        tls: ssl.SSLContext | None = None, fixture: int = 0, login: str = "", password: str = "",
        concede_at_turn: int = 0, open_timeout: float = OPEN_TIMEOUT,
    ) -> None:  # fmt: skip
        self.open_timeout = open_timeout
        """Seconds to wait for the server's handshake."""
        self.concede_at_turn = concede_at_turn
        """With a bot: concede at the start of this side's own team turn of this number (0: never)."""
        self.fixture = fixture
        self.login = login
        self.password = password
        self.address = p.fixture_address(address if "://" in address else f"ws://{address}", fixture)
        """On a league server the path names the fixture (its front sends it on to the room's worker)."""
        self.tls = tls
        self.code = code
        self.role = role
        self.bot: Bot | None = make_bot(bot, seed) if bot else None
        self.secret = secret or new_secret()
        self.on_message = on_message
        self.side: str | None = None
        self.mirror: Mirror | None = None
        self.commitment = ""
        self.finish = Finish()

    async def run(self) -> Finish:
        """Join, then follow (and as a bot coach, play) until the match ends or is adjourned.

        Raises:
            JoinRefused: the server refused the hello.
            CannotJoin: no match server was reached (:func:`~.reach.connect_failure` says why),
                or what answered does not speak the match protocol.
        """
        ws = await open_websocket(self.address, self.tls, self.open_timeout)
        async with ws:
            hello = p.Hello(
                code=self.code, role=self.role, secret=self.secret, fixture=self.fixture,
                login=self.login, password=self.password,
            )  # fmt: skip
            await ws.send(p.encode(hello))
            try:
                async for text in ws:
                    if await self._receive(ws, self._decode(text)):
                        break
            except ConnectionClosed:
                pass
        return self.finish

    def _decode(self, text: str | bytes) -> p.Message:
        """A message of our protocol; before the welcome, anything else means the address is
        no match server (another websocket server); later, a malformed message is reported as
        an error, as the app's connection does."""
        try:
            return p.decode(text)
        except p.ProtocolError as exc:
            if self.side is None and self.mirror is None:
                said = f"the address {self.address} {NOT_OURS} (its first message: {exc})"
                raise CannotJoin(p.Error(code="not_a_match_server", message=said)) from exc
            return p.Error(code="malformed", message=f"the server sent {exc}")

    async def _receive(self, ws: ClientConnection, message: p.Message) -> bool:
        self.finish.events.append(message)
        if self.on_message is not None:
            self.on_message(message)
        if isinstance(message, p.Error):
            if self.side is None and self.mirror is None and message.code != "read_only":
                raise JoinRefused(message)
            if message.code in ("digest", "stale"):
                await ws.send(p.encode(p.Sync()))
            return False
        if isinstance(message, p.Welcome):
            if message.side is not None:
                self.side = message.side
            self.finish.resumed = self.finish.resumed or message.resumed
            self.commitment = message.commitment
            if message.document is not None:
                self.mirror = Mirror(message.document, [int(r) for r in message.rolls], message.actions)
        elif isinstance(message, p.Applied) and self.mirror is not None:
            if message.number != len(self.mirror.actions):
                await ws.send(p.encode(p.Sync()))
                return False
            self.mirror.apply(message.action, [int(r) for r in message.rolls])
            if self.mirror.digest() != message.digest:
                await ws.send(p.encode(p.Sync()))
                return False
        elif isinstance(message, p.Over):
            self._finished(message)
            return True
        elif isinstance(message, p.Adjourned):
            self.finish.adjourned = True
            return True
        await self._play(ws)
        return False

    async def _play(self, ws: ClientConnection) -> None:
        mirror = self.mirror
        if self.bot is None or mirror is None or self.side is None:
            return
        prompt = mirror.match.prompt
        if prompt is None or SIDES[prompt.team] != self.side:
            return
        action = self.bot.choose(mirror.match)
        turn = mirror.match.state.turn[prompt.team]
        if 0 < self.concede_at_turn <= turn and mirror.match.can_concede(prompt.team):
            action = Action(CONCEDE, prompt.team)
        act = p.Act(number=len(mirror.actions), digest=mirror.digest(), action=list(action.to_list()))
        await ws.send(p.encode(act))

    def _finished(self, over: p.Over) -> None:
        self.finish.over = over
        if self.mirror is None:
            return
        self.finish.log_hash = log_hash(self.mirror.actions, self.mirror.rolls)
        if self.role == "player":
            reveal = {"seed": over.seed, "host_secret": over.host_secret, "guest_secret": over.guest_secret}
            self.finish.dice_problem = verify_dice(
                self.mirror.document, self.mirror.actions, self.mirror.rolls, reveal, self.commitment
            )


def run_client(client: RemoteClient) -> Finish:
    """Run a client to its end on a new event loop (for the command line)."""
    return asyncio.run(client.run())
