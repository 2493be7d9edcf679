"""A bot that plays a fixed list of actions (replays, tests, tutorials)."""

from __future__ import annotations

from collections.abc import Iterable

from league_manager.match.actions import Action, IllegalAction
from league_manager.match.engine import Match


class ScriptedBot:
    """Plays the given actions in order; raises when the script runs out."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions = list(actions)
        self._next = 0

    @property
    def remaining(self) -> int:
        """Actions not played yet."""
        return len(self._actions) - self._next

    def choose(self, match: Match) -> Action:
        """The next scripted action.

        Raises:
            IllegalAction: the script is used up.
        """
        if self._next >= len(self._actions):
            raise IllegalAction("the scripted bot has no action left")
        action = self._actions[self._next]
        self._next += 1
        return action
