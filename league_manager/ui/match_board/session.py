"""The board's session: applies actions to the match, saves after every action and undo, runs bots.

Qt-free, so the controller and its property test can drive it fast. Whoever holds the session
saves the game through ``saver(game)``; the league app passes ``BoardService.save``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from league_manager.match.actions import Action, IllegalAction
from league_manager.match.bots import BOT_NAMES, Bot, choose_unless_stopped, make_bot
from league_manager.match.engine import Match
from league_manager.match.events import Event
from league_manager.match.formations import SavedFormation
from league_manager.match.turn_timer import timeout_action
from league_manager.rules.team_colours import TeamColours, default_colours

SEARCHING_LEVELS = ("veteran", "legend")
"""Bot levels that search before they move: the board runs them on a worker thread."""

SIDES = ("home", "away")
CONTROLLER_KINDS = ("human", *BOT_NAMES)


class Game(Protocol):
    """What the board needs of a game (``services.board.BoardGame`` or a :class:`LocalGame`)."""

    fixture_id: int
    match: Match
    controllers: dict[str, str]
    home_name: str
    away_name: str
    inert: tuple[str, ...]

    @property
    def colours(self) -> tuple[TeamColours, ...]:
        """Home and away colours (as stored, or the races' defaults)."""
        ...


class FormationStore(Protocol):
    """Where the board finds and keeps each team's saved formations (team 0 home, 1 away)."""

    def formations(self, team: int) -> list[SavedFormation]:
        """The team's saved formations, by name."""
        ...

    def save_formation(self, team: int, formation: SavedFormation) -> None:
        """Keep a formation for the team (replacing one of its name).

        Raises:
            LeagueError: it cannot be kept (the message says why).
        """
        ...


@dataclass(slots=True)
class MemoryFormations:
    """Saved formations kept only while the board is open (practice matches, tests)."""

    saved: tuple[dict[str, SavedFormation], dict[str, SavedFormation]] = field(
        default_factory=lambda: ({}, {})
    )

    def formations(self, team: int) -> list[SavedFormation]:
        """The team's formations, by name."""
        return [self.saved[team][name] for name in sorted(self.saved[team])]

    def save_formation(self, team: int, formation: SavedFormation) -> None:
        """Keep a formation for this board's lifetime."""
        self.saved[team][formation.name] = formation


@dataclass(slots=True)
class LocalGame:
    """A game held only in memory (tests, benchmarks, practice)."""

    match: Match
    controllers: dict[str, str] = field(default_factory=lambda: {"home": "human", "away": "human"})
    home_name: str = ""
    away_name: str = ""
    fixture_id: int = 0
    inert: tuple[str, ...] = ()
    colours: tuple[TeamColours, ...] = ()

    def __post_init__(self) -> None:
        self.home_name = self.home_name or self.match.home.name
        self.away_name = self.away_name or self.match.away.name
        if len(self.colours) != 2:
            self.colours = (default_colours(self.match.home.race), default_colours(self.match.away.race))


class BoardSession:
    """Applies board decisions to a game's match and saves the game after each change.

    Args:
        game: the game (its ``match`` is changed in place).
        saver: called with the game after every action and concession, and with ``undo_by``
            and ``confirmed_by`` after an undo (``BoardService.save``'s keywords).
        undo_refusal: returns why an undo is refused now (None when allowed).
        bot_seed: seed for the bots of bot-controlled sides.
        confirm_undo: the opponent confirms each undo (the board asks before undoing).
        formations: where saved formations are found and kept (in memory when None).
    """

    def __init__(
        self,
        game: Game,
        saver: Callable[..., None] | None = None,
        undo_refusal: Callable[[Match | _Batch], str | None] | None = None,
        bot_seed: int = 0,
        confirm_undo: bool = False,
        formations: FormationStore | None = None,
    ) -> None:
        self.game = game
        self.formations: FormationStore = formations or MemoryFormations()
        self._batches: list[tuple[int, int]] = []
        """(first, end) action indices applied as one decision (a saved formation)."""
        self.confirm_undo = confirm_undo
        self.saver = saver
        self.undo_refusal = undo_refusal
        self.listeners: list[Callable[[list[Event]], None]] = []
        self._bots: dict[int, Bot] = {}
        self._searching: set[int] = set()
        self._last_bot = -1
        self._kept_thought: tuple[Match, tuple[Action, ...], Action] | None = None
        """The last thought of a searching bot: the match, its actions then, the action chosen
        (:meth:`bot_thinker`)."""
        for team, side in enumerate(SIDES):
            kind = game.controllers.get(side, "human")
            if kind != "human":
                self._bots[team] = make_bot(kind, bot_seed * 2 + team)
            if kind in SEARCHING_LEVELS:
                self._searching.add(team)

    @property
    def match(self) -> Match:
        """The match being played."""
        return self.game.match

    def team_names(self) -> tuple[str, str]:
        """Home and away team names."""
        return self.game.home_name, self.game.away_name

    def is_human(self, team: int) -> bool:
        """Whether a coach at the screen decides for this team."""
        return team not in self._bots

    def both_human(self) -> bool:
        """Hot-seat: both teams are played at this screen."""
        return not self._bots

    def bot_to_play(self) -> bool:
        """True when the decision now belongs to a bot."""
        prompt = self.match.prompt
        return prompt is not None and prompt.team in self._bots

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action, save, and tell the listeners.

        Raises:
            IllegalAction: the action is not legal now; nothing changes.
        """
        events = self.match.apply(action)
        self._changed(events)
        return events

    def apply_all(
        self, actions: list[Action], keep_going: Callable[[Match], bool] | None = None
    ) -> list[Event]:
        """Apply several actions as one decision (a saved formation, a walked path): one save, one undo.

        Stops at the first action that is not legal then, or when ``keep_going`` says the
        match now asks something else (those before it stay applied).
        """
        first = len(self.match.actions)
        events: list[Event] = []
        for action in actions:
            if keep_going is not None and not keep_going(self.match):
                break
            if not self.match.is_legal(action):
                break
            events.extend(self.match.apply(action))
        end = len(self.match.actions)
        if end > first:
            if end - first > 1:
                self._batches.append((first, end))
            self._changed(events)
        return events

    def play_bot(self) -> list[Event]:
        """Let the bot whose decision it is play one action."""
        prompt = self.match.prompt
        if prompt is None or prompt.team not in self._bots:
            raise IllegalAction("no bot to play now")
        self._last_bot = prompt.team
        return self.apply(self._bots[prompt.team].choose(self.match))

    def bot_thinker(self) -> Callable[[threading.Event], Action] | None:
        """The decision of a searching bot (:data:`SEARCHING_LEVELS`) as a function to run off
        the GUI thread (it reads the match, it does not change it); None when no such bot
        decides now (the other levels answer within a frame and play in :meth:`play_bot`).

        The function takes a stop event: set, the bot gives its search up
        (:func:`~league_manager.match.bots.choose_unless_stopped`). A thought that ended but was
        dropped (the board paused as it arrived) is kept and handed back for the same position:
        the bot moved on in its plan when it chose it, so choosing again could skip a step.
        """
        prompt = self.match.prompt
        if prompt is None or prompt.team not in self._searching:
            return None
        bot, match = self._bots[prompt.team], self.match
        played = tuple(match.actions)
        kept = self._kept_thought
        if kept is not None and kept[0] is match and kept[1] == played:
            action = kept[2]
            return lambda stop: action

        def think(stop: threading.Event) -> Action:
            action = choose_unless_stopped(bot, match, stop)
            self._kept_thought = (match, played, action)
            return action

        return think

    def play_bot_action(self, action: Action) -> list[Event]:
        """Apply the action a bot chose through :meth:`bot_thinker`.

        Raises:
            IllegalAction: no bot decides now, or the action is not legal now.
        """
        prompt = self.match.prompt
        if prompt is None or prompt.team not in self._bots:
            raise IllegalAction("no bot to play now")
        self._last_bot = prompt.team
        self._kept_thought = None
        return self.apply(action)

    def bot_reason(self) -> str:
        """ "Why this move?": the reason the bot that played last gave for its activation
        ("" when no bot has played, or its level gives no reasons)."""
        bot = self._bots.get(self._last_bot)
        reason = str(getattr(bot, "reason", "") or "")
        if not reason:
            return ""
        return f"{self.team_names()[self._last_bot]} (bot): {reason}"

    def concede(self, team: int) -> list[Event]:
        """A coach concedes the match."""
        events = self.match.concede(team)
        self._changed(events)
        return events

    def time_out(self) -> bool:
        """The turn timer ran out: apply the engine action that ends the turn now (an action
        in progress first, then the team turn) and note it in the game's ``timeouts``.

        Returns False while a dice decision must be answered first (nothing is applied).
        """
        action = timeout_action(self.match)
        if action is None:
            return False
        timeouts = getattr(self.game, "timeouts", None)
        if isinstance(timeouts, list):
            timeouts.append(len(self.match.actions))
        self.apply(action)
        return True

    def _timed_out(self, index: int) -> bool:
        timeouts = getattr(self.game, "timeouts", None)
        return isinstance(timeouts, list) and index in timeouts

    def undo_needs_confirmation(self) -> bool:
        """Whether the opponent must confirm an undo (the league's ``confirm`` policy)."""
        return self.confirm_undo

    def undo(self, by: str = "", confirmed_by: str | None = None) -> str | None:
        """Take back the last decision of a coach at this screen; returns why not when refused.

        Bot actions after it are taken back with it (the bot plays them again), so an undo in
        a match against a bot returns to the coach's own last decision. A decision applied
        as several actions (a formation, a walked path) is taken back whole or not at all:
        the policy judges it by every die its actions rolled.
        """
        match = self.match
        if not match.actions:
            return "Nothing to undo."
        undone = 0
        self._batches = [b for b in self._batches if b[1] <= len(match.actions)]
        batch = self._batches[-1] if self._batches and self._batches[-1][1] == len(match.actions) else None
        if self._timed_out(len(match.actions) - 1):
            return "The turn timer ended that turn; it cannot be taken back."
        while match.actions:
            if self.undo_refusal is not None:
                whole = _Batch(match, batch[0]) if batch is not None else match
                refusal = self.undo_refusal(whole) if batch is None or undone == 0 else None
                if refusal:
                    if undone:
                        break
                    return refusal[0].upper() + refusal[1:]
            match.undo()
            undone += 1
            if batch is not None and len(match.actions) > batch[0]:
                continue  # the rest of a formation applied as one decision
            if batch is not None:
                self._batches.pop()
                batch = None
            prompt = match.prompt
            if prompt is None or self.is_human(prompt.team):
                break
        if self.saver is not None:
            self.saver(self.game, undo_by=by or "board", confirmed_by=confirmed_by)
        for listener in list(self.listeners):
            listener([])
        return None

    def _changed(self, events: list[Event]) -> None:
        if self.saver is not None:
            self.saver(self.game)
        for listener in list(self.listeners):
            listener(events)


@dataclass(frozen=True, slots=True)
class _Batch:
    """A match seen by the undo policy as if a batch of actions were its last action."""

    match: Match
    first: int

    @property
    def actions(self) -> list[Action]:
        """The match's actions."""
        return self.match.actions

    def rolls_since_last_action(self) -> int:
        """Dice rolled by every action of the batch."""
        return self.match.rolls_since(self.first)
