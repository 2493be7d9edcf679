"""The board's session for a match held by a match server (remote play, issue 21).

Same interface as :class:`BoardSession`, so the same board plays it: the coach's decisions
are sent to the server as actions and take effect when the server reports them applied (the
server rolls every die); the other side is played by the other coach, elsewhere. The match
shown is the client's copy (:class:`Mirror`), rebuilt from each welcome. Qt-free: whoever
receives the server's messages hands them to :meth:`RemoteSession.receive` on the thread
that owns the board.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from league_manager.match.actions import Action, IllegalAction
from league_manager.match.engine import CONCEDE, Match
from league_manager.match.events import Event
from league_manager.rules.team_colours import TeamColours, default_colours
from league_manager.services.remote import protocol as p
from league_manager.services.remote.fairness import log_hash, verify_dice
from league_manager.services.remote.mirror import Mirror, MirrorOutOfRolls
from league_manager.ui.match_board.session import FormationStore, MemoryFormations

SIDES = ("home", "away")
REFUSED_HERE = "Not in a remote match: the server keeps every action (there is no undo)."


@dataclass(slots=True)
class RemoteGame:
    """What the board reads of the game: the client's copy of the match and the team names."""

    mirror: Mirror
    fixture_id: int
    side: str
    controllers: dict[str, str] = field(default_factory=dict)
    home_name: str = ""
    away_name: str = ""
    inert: tuple[str, ...] = ()
    colours: tuple[TeamColours, ...] = ()
    turn_seconds: int = 0

    @property
    def match(self) -> Match:
        """The client's copy of the match."""
        return self.mirror.match


@dataclass(slots=True)
class Away:
    """The other coach is away: since when (monotonic) and the grace before an adjournment."""

    side: str
    seconds: int
    since: float

    def left(self, now: float | None = None) -> int:
        """Whole seconds until the present coach may adjourn (0: now)."""
        passed = (time.monotonic() if now is None else now) - self.since
        return max(0, int(self.seconds - passed + 0.999))


class RemoteSession:
    """A board session over a match server connection.

    Args:
        send: queues a message to the server (``ClientLink.send``).
        secret: this coach's seed secret (sent in the hello), kept for the final dice check.

    Attributes:
        game: the :class:`RemoteGame` (None until the match has started).
        side: this coach's side ("home"/"away"; None for a spectator or before the welcome).
        away: the coach who is away, or None.
        over: the final message; dice_problem: why the revealed seed does not give every roll
            (None when it does); hash_ok: the copy's log hash equals the server's.
        adjourned: the match was adjourned; claim: the claim filed with it (0: none).
        error: the server's last refusal ("" when none).
        listeners: called with the events of every change (``[]`` after a rebuild).
    """

    remote = True
    saver: Callable[..., None] | None = None
    confirm_undo = False

    def __init__(self, send: Callable[[p.Message], bool], secret: str = "") -> None:
        self.send = send
        self.secret = secret
        self.game: RemoteGame | None = None
        self.side: str | None = None
        self.fixture_id = 0
        self.commitment = ""
        self.resumed = False
        self.away: Away | None = None
        self.over: p.Over | None = None
        self.dice_problem: str | None = None
        self.hash_ok = False
        self.adjourned = False
        self.claim = 0
        self.error = ""
        self.formations: FormationStore = MemoryFormations()
        self.listeners: list[Callable[[list[Event]], None]] = []
        self.status_listeners: list[Callable[[], None]] = []
        self._pending = -1
        """The action number sent and not yet reported (-1: none)."""
        self._queue: list[Action] = []
        self._keep_going: Callable[[Match], bool] | None = None

    # the board's session interface -----------------------------------------------------
    @property
    def match(self) -> Match:
        """The client's copy of the match.

        Raises:
            RuntimeError: the match has not started (no welcome with a match yet).
        """
        if self.game is None:
            raise RuntimeError("the remote match has not started")
        return self.game.match

    def team_names(self) -> tuple[str, str]:
        """Home and away team names."""
        if self.game is None:
            return "", ""
        return self.game.home_name, self.game.away_name

    def is_human(self, team: int) -> bool:
        """True for this coach's side while no action of theirs awaits the server."""
        return self.side == SIDES[team] and self._pending < 0 and self.playable()

    def playable(self) -> bool:
        """Whether this coach may act now (started, not paused, not over or adjourned)."""
        return self.game is not None and self.away is None and not self.adjourned and self.over is None

    def both_human(self) -> bool:
        """Never: the other side is the other coach's (no hand-over screen)."""
        return False

    def bot_to_play(self) -> bool:
        """Never: no bot plays at this screen."""
        return False

    def play_bot(self) -> list[Event]:
        """No bot plays here.

        Raises:
            IllegalAction: always.
        """
        raise IllegalAction("no bot plays at this screen")

    def bot_reason(self) -> str:
        """No bot plays here."""
        return ""

    def waiting_text(self) -> str:
        """Why the board does not take input now."""
        if self.over is not None:
            return "the match is over."
        if self.adjourned:
            return "the match is adjourned."
        if self.away is not None:
            return "paused: a coach is away."
        if self._pending >= 0:
            return "waiting for the server…"
        return "the other coach is deciding…"

    def apply(self, action: Action) -> list[Event]:
        """Send a legal action to the server; it takes effect when the server applies it.

        Raises:
            IllegalAction: not this coach's decision now, or not legal; nothing is sent.
        """
        self._send_act(action)
        return []

    def apply_all(
        self, actions: list[Action], keep_going: Callable[[Match], bool] | None = None
    ) -> list[Event]:
        """Send several actions one after another, each once the previous one is applied,
        while each is legal and ``keep_going`` says the match still asks for them."""
        if not actions:
            return []
        self._send_act(actions[0])
        self._queue = list(actions[1:])
        self._keep_going = keep_going
        return []

    def concede(self, team: int) -> list[Event]:
        """This coach concedes (at the start of their own team turn): sent to the server, which
        ends the match; the board shows it when the server reports it applied.

        Raises:
            IllegalAction: not this coach's team turn start, or not connected; nothing is sent.
        """
        if not self.match.can_concede(team):
            raise IllegalAction("a team may concede only at the start of its own team turn")
        self._send_act(Action(CONCEDE, team))
        return []

    def time_out(self) -> bool:
        """The board's own turn timer does not run in remote play."""
        return False

    def undo_needs_confirmation(self) -> bool:
        """No undo in remote play."""
        return False

    def undo(self, by: str = "", confirmed_by: str | None = None) -> str | None:
        """Refused: the server keeps every action."""
        return REFUSED_HERE

    # the coach's choices while the other is away -------------------------------------
    def decide(self, choice: str) -> bool:
        """Send "wait", "adjourn" or "claim" while the other coach is away (False when not away)."""
        if self.away is None or self.away.side == self.side:
            return False
        return self.send(p.Decide(choice=choice))

    # the server's messages ------------------------------------------------------------
    def receive(self, message: p.Message) -> None:
        """Take one message from the server (on the board's thread)."""
        if isinstance(message, p.Welcome):
            self._welcome(message)
        elif isinstance(message, p.Applied):
            self._applied(message)
        elif isinstance(message, p.Paused):
            self.away = Away(message.side, message.seconds, time.monotonic())
            self._status()
        elif isinstance(message, p.Resumed):
            self.away = None
            self._status()
        elif isinstance(message, p.Adjourned):
            self.adjourned = True
            self.claim = message.claim
            self._status()
        elif isinstance(message, p.Over):
            self._over(message)
        elif isinstance(message, p.Error):
            self._refused(message)

    def _welcome(self, message: p.Welcome) -> None:
        if message.side is not None:
            self.side = message.side
        self.fixture_id = message.fixture
        self.commitment = message.commitment
        self.resumed = self.resumed or message.resumed
        self.away = None
        if message.paused is not None and message.paused != self.side:
            self.away = Away(message.paused, 0, time.monotonic())
        self._pending = -1
        self._queue = []
        if message.document is not None:
            mirror = Mirror(message.document, [int(r) for r in message.rolls], message.actions)
            self.game = _game(mirror, message, self.side or "")
            for listener in list(self.listeners):
                listener([])
        self._status()

    def _applied(self, message: p.Applied) -> None:
        game = self.game
        if game is None:
            return
        mirror = game.mirror
        if message.number != len(mirror.actions):
            self.send(p.Sync())
            return
        try:
            events = mirror.apply(message.action, [int(r) for r in message.rolls])
        except (IllegalAction, MirrorOutOfRolls):
            self.send(p.Sync())
            return
        if mirror.digest() != message.digest:
            self.send(p.Sync())
            return
        mine = message.number == self._pending
        if mine:
            self._pending = -1
            self._send_next()
        for listener in list(self.listeners):
            listener(events)

    def _over(self, message: p.Over) -> None:
        self.over = message
        game = self.game
        if game is not None:
            mirror = game.mirror
            self.hash_ok = log_hash(mirror.actions, mirror.rolls) == message.log_hash
            if self.side is not None:
                reveal = {"seed": message.seed, "host_secret": message.host_secret,
                          "guest_secret": message.guest_secret}  # fmt: skip
                self.dice_problem = verify_dice(
                    mirror.document, mirror.actions, mirror.rolls, reveal, self.commitment
                )
        self._status()

    def _refused(self, message: p.Error) -> None:
        self.error = message.message
        self._queue = []
        if message.code in ("digest", "stale"):
            self.send(p.Sync())
        self._pending = -1
        self._status()
        for listener in list(self.listeners):
            listener([])

    # helpers ------------------------------------------------------------------------
    def _send_act(self, action: Action) -> None:
        prompt = self.match.prompt
        if prompt is None or not self.is_human(prompt.team):
            raise IllegalAction(f"wait: {self.waiting_text()}")
        if action.kind != CONCEDE and not self.match.is_legal(action):
            raise IllegalAction(f"{action.kind} is not legal now")
        mirror = self.game.mirror if self.game is not None else None
        assert mirror is not None
        number = len(mirror.actions)
        act = p.Act(number=number, digest=mirror.digest(), action=list(action.to_list()))
        if not self.send(act):
            raise IllegalAction("not connected to the server")
        self.error = ""
        self._pending = number

    def _send_next(self) -> None:
        while self._queue:
            action = self._queue.pop(0)
            keep = self._keep_going
            if keep is not None and not keep(self.match):
                break
            try:
                self._send_act(action)
            except IllegalAction:
                break
            return
        self._queue = []
        self._keep_going = None

    def _status(self) -> None:
        for listener in list(self.status_listeners):
            listener()


def _game(mirror: Mirror, message: p.Welcome, side: str) -> RemoteGame:
    home, away = mirror.match.home, mirror.match.away
    controllers = {s: ("human" if s == side else "remote") for s in SIDES}
    return RemoteGame(
        mirror=mirror, fixture_id=message.fixture, side=side, controllers=controllers,
        home_name=home.name, away_name=away.name, turn_seconds=message.turn_seconds,
        colours=(default_colours(home.race), default_colours(away.race)),
    )  # fmt: skip
