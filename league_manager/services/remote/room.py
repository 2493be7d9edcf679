"""One remote match on the server: who may join, the authoritative match, and every check.

The room holds the fixture's board match (:class:`BoardService`), applies an action only when
it comes from the side the prompt names, carries the action number the server is at and the
digest of its state, and is legal (a ``concede`` action: only at the start of that side's
own team turn, as on the board; the match then ends and its result, conceded, goes to the
post-game like a local concession's); it saves each action to the league database before telling
anyone, and tells clients only the rolls already made (never the seed).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from league_manager.core.errors import LeagueError
from league_manager.match.actions import Action
from league_manager.match.engine import CONCEDE, Match
from league_manager.match.turn_timer import TurnClock, timeout_action
from league_manager.services.match_day.board import BoardGame, BoardService
from league_manager.services.match_day.board_append import BoardAppender
from league_manager.services.match_day.claims import ClaimService
from league_manager.services.remote import protocol as p
from league_manager.services.remote.fairness import commitment, log_hash, seed_from
from league_manager.services.remote.mirror import wire_digest
from league_manager.services.remote.writer import SaveWriter

SIDES = ("home", "away")


class Refused(Exception):
    """A message the room refuses; ``code`` names why (the client gets an :class:`Error`)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class RoomKeys:
    """What the host must keep to resume after a crash: codes, its side and both secrets.

    Attributes:
        fixture: the fixture played; code: the join code (guest and spectators).
        host_key: the host side's own code; host_side: "home" or "away".
        host_secret: the host's seed contribution; guest_secret: the guest's ("" until it joins).
    """

    fixture: int
    code: str
    host_key: str
    host_side: str
    host_secret: str
    guest_secret: str = ""

    def save(self, path: Path) -> None:
        """Write the keys to ``path`` (replaced atomically)."""
        temp = path.with_suffix(path.suffix + ".tmp")
        temp.write_text(json.dumps(asdict(self)), encoding="utf-8")
        temp.replace(path)

    @classmethod
    def load(cls, path: Path) -> RoomKeys:
        """Read keys written by :meth:`save`."""
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return cls(**data)


class Room:
    """A fixture's remote match: its keys, the game once the guest has joined, and pauses.

    Attributes:
        keys: the room's :class:`RoomKeys`; game: the board game (None until kick-off).
        seen: the sides that have joined at least once (a later join is a resume).
        paused: the side whose coach is away, and since when (monotonic seconds).
        grace: seconds the other coach waits before it may adjourn.
        finished: the final message, once the match is over.
    """

    def __init__(
        self, board: BoardService, keys: RoomKeys, *, grace: int = 60, keys_path: Path | None = None,
        claims: ClaimService | None = None, now: Callable[[], float] = time.monotonic,
    ) -> None:  # fmt: skip
        self.board = board
        self.appender = BoardAppender(board.engine)
        """Saves this room's actions when there is no writer thread (appended, not rewritten)."""
        self.claims = claims
        self.now = now
        self.clock: TurnClock | None = None
        """The league's turn timer, enforced here (None when the league has none)."""
        self.writer: SaveWriter | None = None
        """The server's writer thread (set by the server); None: saves on the caller's thread."""
        self._saving: asyncio.Future[None] | None = None
        self.keys = keys
        self.keys_path = keys_path
        self.grace = grace
        self.game: BoardGame | None = None
        self.digest = ""
        self.seen: set[str] = set()
        self.paused: str | None = None
        self.paused_at = 0.0
        self.finished: p.Over | None = None
        self.adjourned = False
        status = board.status(keys.fixture)
        if status is not None and status.in_progress:
            if not keys.guest_secret:
                raise LeagueError(
                    f"fixture {keys.fixture} already has a board match in progress "
                    "that this host did not start"
                )
            self.game = board.resume(keys.fixture)
            self.digest = wire_digest(self.game.match.state)
            self.seen.update(SIDES)  # both coaches had joined before the host stopped
            self._start_clock()

    @property
    def guest_side(self) -> str:
        """The side the join code plays."""
        return SIDES[1 - SIDES.index(self.keys.host_side)]

    def side_for(self, code: str) -> str:
        """The side a player's code plays.

        Raises:
            Refused: the code is neither the join code nor the host's key.
        """
        if secrets.compare_digest(code.encode(), self.keys.host_key.encode()):
            return self.keys.host_side
        if secrets.compare_digest(code.encode(), self.keys.code.encode()):
            return self.guest_side
        raise Refused("wrong_code", "no match with this code")

    def start(self, guest_secret: str) -> None:
        """Kick-off: the guest's secret and the host's make the seed; the board match starts.

        Raises:
            Refused: the secret is missing or not hexadecimal.
        """
        if not guest_secret or any(c not in "0123456789abcdef" for c in guest_secret.lower()):
            raise Refused("bad_secret", "a coach joins with a hexadecimal secret for the dice seed")
        self.keys.guest_secret = guest_secret
        if self.keys_path is not None:
            self.keys.save(self.keys_path)
        seed = seed_from(self.keys.host_secret, guest_secret)
        self.game = self.board.start(self.keys.fixture, seed=seed)
        self.digest = wire_digest(self.game.match.state)
        self._start_clock()

    def _start_clock(self) -> None:
        seconds = self.game.turn_seconds if self.game is not None else 0
        self.clock = TurnClock(seconds, self.now) if seconds > 0 else None

    def welcome(self, side: str | None, resumed: bool) -> p.Welcome:
        """The match as it stands, for a client that joins (no seed, past rolls only)."""
        document: dict[str, Any] | None = None
        rolls: list[Any] = []
        actions: list[Any] = []
        if self.game is not None:
            document = self.game.match.to_dict()
            document.pop("dice")
            actions = document.pop("actions")
            document.pop("rolls_at", None)
            rolls = [r.result for r in self.game.match.dice.log]
        return p.Welcome(
            side=side, fixture=self.keys.fixture, commitment=commitment(self.keys.host_secret),
            document=document, rolls=rolls, actions=actions, digest=self.digest, resumed=resumed,
            paused=self.paused, turn_seconds=self.clock.seconds if self.clock is not None else 0,
        )  # fmt: skip

    def act(self, side: str, message: p.Act) -> p.Applied:
        """Check and apply one action, save it, and say what it rolled.

        Raises:
            Refused: no match yet, paused, over, out of turn, a stale number, another state,
                an illegal action, or the database refused the save (nothing changed).
        """
        return self._apply(*self._checked(side, message))

    async def act_async(self, side: str, message: p.Act) -> p.Applied:
        """:meth:`act` with the save on the server's writer thread (other rooms play on meanwhile).

        Raises:
            Refused: as :meth:`act`, or the last action is still being saved ("busy").
        """
        game, action = self._checked(side, message)
        return await self._apply_async(game, action)

    async def settled(self) -> None:
        """Wait until no action of this room awaits its save (a welcome shows saved actions only)."""
        saving = self._saving
        if saving is not None:
            await asyncio.wait([saving])

    def _checked(self, side: str, message: p.Act) -> tuple[BoardGame, Action]:
        game = self.game
        if game is None:
            raise Refused("not_started", "the match starts when the guest joins")
        if self._saving is not None:
            raise Refused("busy", "the last action is still being saved; wait for it")
        if self.paused is not None:
            raise Refused("paused", f"the {self.paused} coach is away; the match is paused")
        match = game.match
        prompt = match.prompt
        if prompt is None:
            raise Refused("over", "the match is over")
        if SIDES[prompt.team] != side:
            raise Refused("out_of_turn", f"it is {SIDES[prompt.team]} to decide, not {side}")
        if message.number != len(match.actions):
            raise Refused("stale", f"the next action is number {len(match.actions)}, not {message.number}")
        if message.digest != self.digest:
            raise Refused("digest", "your state differs from the server's; ask to sync")
        action = Action.from_list(message.action)
        if action.kind == CONCEDE:  # the coach concedes: the engine's concession, on this state
            if action.player != prompt.team or not match.can_concede(prompt.team):
                raise Refused("illegal", "a team may concede only at the start of its own team turn")
        elif not match.is_legal(action):
            raise Refused("illegal", f"{action.kind} is not a legal action now")
        if self.clock is not None and self.clock.remaining(match) == 0 and timeout_action(match):
            raise Refused("time_up", "the turn timer ran out: the server ends the turn")
        return game, action

    async def _apply_async(self, game: BoardGame, action: Action, timed_out: bool = False) -> p.Applied:
        writer = self.writer
        if writer is None:
            return self._apply(game, action, timed_out)
        match = game.match
        before = len(match.dice.log)
        _play(match, action)
        if timed_out:
            game.timeouts.append(len(match.actions) - 1)
        saving = self._saving = writer.submit_async(self.keys.fixture, game)
        try:
            await saving
        except Exception as exc:  # refused, or the database failed: the action is taken back
            match.undo()
            if timed_out:
                game.timeouts.pop()
            raise Refused("not_saved", f"the action was not saved: {exc}") from exc
        finally:
            self._saving = None
        return self._applied(game, action, before)

    def _apply(self, game: BoardGame, action: Action, timed_out: bool = False) -> p.Applied:
        match = game.match
        before = len(match.dice.log)
        _play(match, action)
        if timed_out:
            game.timeouts.append(len(match.actions) - 1)
        try:
            self.appender.save(self.keys.fixture, game)
        except LeagueError as exc:
            match.undo()
            if timed_out:
                game.timeouts.pop()
            raise Refused("not_saved", f"the action was not saved: {exc}") from exc
        return self._applied(game, action, before)

    def _applied(self, game: BoardGame, action: Action, before: int) -> p.Applied:
        match = game.match
        self.digest = wire_digest(match.state)
        rolls = [r.result for r in match.dice.log[before:]]
        return p.Applied(
            number=len(match.actions) - 1, action=list(action.to_list()), rolls=rolls, digest=self.digest
        )

    def expire(self) -> list[p.Applied]:
        """Enforce the turn timer: when the active team's time is up, end its action in
        progress and its turn through the engine's ordinary actions (saved, and noted as
        timeouts like the board's own timer); nothing while paused or a dice decision is due.

        Raises:
            Refused: the database refused a save (nothing more is applied).
        """
        applied: list[p.Applied] = []
        while (due := self._timed_out()) is not None:
            applied.append(self._apply(*due, timed_out=True))
        return applied

    async def expire_async(self) -> list[p.Applied]:
        """:meth:`expire` with the saves on the server's writer thread."""
        applied: list[p.Applied] = []
        while (due := self._timed_out()) is not None:
            applied.append(await self._apply_async(*due, timed_out=True))
        return applied

    def _timed_out(self) -> tuple[BoardGame, Action] | None:
        """The game and the action the turn timer applies now, if any."""
        game, clock = self.game, self.clock
        if game is None or clock is None or self.paused is not None or self.adjourned or self._saving:
            return None
        if clock.remaining(game.match) != 0:
            return None
        action = timeout_action(game.match)
        return None if action is None else (game, action)

    def finish(self) -> p.Over:
        """Hand the result to the fixture (the ordinary result path) and reveal the secrets."""
        game = self.game
        assert game is not None and game.match.prompt is None
        self.board.finish(self.keys.fixture, game)
        result = game.match.outcome()
        assert result is not None
        actions = [list(a.to_list()) for a in game.match.actions]
        rolls = [r.result for r in game.match.dice.log]
        self.finished = p.Over(
            result=result.to_dict(), log_hash=log_hash(actions, rolls),
            seed=seed_from(self.keys.host_secret, self.keys.guest_secret),
            host_secret=self.keys.host_secret, guest_secret=self.keys.guest_secret,
        )  # fmt: skip
        return self.finished

    def away(self, side: str) -> p.Paused | None:
        """A coach dropped: pause the match (None when there is nothing to pause)."""
        if self.game is None or self.game.match.prompt is None or self.adjourned:
            return None
        self.paused, self.paused_at = side, self.now()
        return p.Paused(side=side, seconds=self.grace)

    def back(self, side: str) -> p.Resumed | None:
        """The away coach rejoined: play goes on (the turn timer stood still meanwhile)."""
        if self.paused != side:
            return None
        if self.clock is not None:
            self.clock.hold(self.now() - self.paused_at)
        self.paused = None
        return p.Resumed(side=side)

    def decide(self, side: str, choice: str) -> p.Message:
        """The present coach's choice while the other is away: wait longer, adjourn, or claim
        (adjourn, and a claim is recorded for the commissioner).

        Raises:
            Refused: nobody is away, the caller is the one away, the countdown still runs, or
                a claim cannot be recorded (no claim service here, or the league refused it).
        """
        if self.paused is None or self.paused == side:
            raise Refused("not_paused", "the other coach is not away")
        left = self.grace - (self.now() - self.paused_at)
        if choice == "wait":
            if self.clock is not None:
                self.clock.hold(self.now() - self.paused_at)
            self.paused_at = self.now()
            return p.Paused(side=self.paused, seconds=self.grace)
        if left > 0:
            raise Refused("countdown", f"you may adjourn in {int(left) + 1} s")
        claim = 0
        if choice == "claim":
            if self.claims is None:
                raise Refused("no_claims", "this server records no claims; adjourn instead")
            try:
                filed = self.claims.file(self.keys.fixture, side, self.grace)
            except LeagueError as exc:
                raise Refused("refused", str(exc)) from exc
            claim = filed.value.id
        self.adjourned = True
        return p.Adjourned(by=side, claim=claim)


def _play(match: Match, action: Action) -> None:
    """Apply a checked action; a concession ends the match (``Match.concede``)."""
    if action.kind == CONCEDE:
        match.concede(action.player)
    else:
        match.apply(action)
