"""The turn timer house rule: each team turn limited to some seconds (seed 004's four minutes).

The clock reads the time from an injected ``now`` (``time.monotonic`` on the board, a fake in
tests); it starts when a new team turn asks its first decision and runs through the turn's
prompts. When it runs out the turn ends through the engine's ordinary actions
(:func:`timeout_action`), so the match record replays to the same state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from league_manager.match.actions import ACTIVATION, END_ACTIVATION, END_TURN, TURN, Action, Prompt
from league_manager.match.events import Event
from league_manager.match.state import State

SETTING = "turn_timer_seconds"
"""The league house rule: seconds per team turn, 0 = no timer."""
WARNING_SECONDS = 30
"""The board warns in the last seconds of a turn."""


class Timed(Protocol):
    """What the clock reads of a match."""

    @property
    def state(self) -> State:
        """The match state."""
        ...

    @property
    def prompt(self) -> Prompt | None:
        """The decision awaited."""
        ...

    @property
    def events(self) -> list[Event]:
        """What happened so far."""
        ...


def turn_started(match: Timed) -> int | None:
    """Index of the ``turn`` event that began the team turn being played; None outside team turns
    (set-up, the kick-off and its events: a Blitz! is not timed, it is no team turn).
    """
    events = match.events
    for i in range(len(events) - 1, -1, -1):
        kind = events[i].kind
        if kind == "turn":
            return i
        if kind == "kick":
            return None
    return None


def timeout_action(match: Timed) -> Action | None:
    """The engine action that ends a timed-out turn now, or None while a dice decision is pending.

    A player's action in progress ends at once (``end_activation``, as after a turnover), then
    the team turn ends (``end_turn``); a re-roll, block die, push or other pending prompt is
    answered first, since the engine cannot leave a roll half-resolved.
    """
    prompt = match.prompt
    if prompt is None or prompt.team != match.state.active:
        return None
    if prompt.kind == ACTIVATION:
        return Action(END_ACTIVATION)
    if prompt.kind == TURN:
        return Action(END_TURN)
    return None


class TurnClock:
    """Time left in the active team's turn.

    Args:
        seconds: seconds per team turn (over 0).
        now: the clock, in seconds (monotonic).
    """

    def __init__(self, seconds: int, now: Callable[[], float]) -> None:
        if seconds <= 0:
            raise ValueError("a turn timer needs a positive number of seconds")
        self.seconds = seconds
        self.now = now
        self._turn: int | None = None
        self._started = 0.0

    def remaining(self, match: Timed) -> float | None:
        """Seconds left in the team turn being played (0 when out), None outside team turns.

        The clock of a turn starts the first time it is read in that turn.
        """
        turn = None if match.prompt is None else turn_started(match)
        if turn is None:
            return None
        if turn != self._turn:
            self._turn, self._started = turn, self.now()
        return max(0.0, self.seconds - (self.now() - self._started))

    def hold(self, seconds: float) -> None:
        """Give the turn being played ``seconds`` back (the match was paused that long)."""
        if self._turn is not None:
            self._started += max(0.0, seconds)

    def warning(self, left: float | None) -> bool:
        """True in the last :data:`WARNING_SECONDS` of a turn."""
        return left is not None and left <= WARNING_SECONDS


def describe(seconds: int) -> str:
    """The setting in words: "4:00 per team turn" or "no turn timer"."""
    if seconds <= 0:
        return "no turn timer"
    return f"{seconds // 60}:{seconds % 60:02d} per team turn"
