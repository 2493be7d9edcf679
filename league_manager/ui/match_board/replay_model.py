"""A stored match stepped through: by action, team turn and drive, with its log (no Qt).

The replay viewer (:mod:`league_manager.ui.match_board.replay_view`) shows this model's
match; stepping forward applies the next stored action, stepping back takes the last one
back (the engine restores the turn's snapshot and replays the rest), and a long jump back
rebuilds the match from the seed, so every position is exactly the one played.
"""

from __future__ import annotations

import bisect
import json
from pathlib import Path
from typing import Any

from league_manager.match.actions import Action
from league_manager.match.engine import Match
from league_manager.match.replay import StepMark, drive_starts, play_action, step_marks, turn_starts

UNDO_LIMIT = 60
"""Going back more actions than this rebuilds the match from the start instead of undoing."""


class ReplayModel:
    """One stored match (``Match.to_dict()``) and the position shown.

    Attributes:
        document: the stored match; ``actions`` is the whole action list.
        names: the home and away team names.
        marks: the half, turn, drive and score after each number of actions.
        turns, drives: the action counts at which each team turn and each drive begins.
    """

    def __init__(self, document: dict[str, Any], names: tuple[str, str]) -> None:
        self.document = document
        self.names = names
        self.actions = [Action.from_list(a) for a in document["actions"]]
        self.marks = step_marks(document)
        self.turns = turn_starts(self.marks)
        self.drives = drive_starts(self.marks)
        self.match = self._rebuilt(0)

    def _rebuilt(self, count: int) -> Match:
        return Match.from_dict({**self.document, "actions": self.document["actions"][:count]})

    @property
    def position(self) -> int:
        """The number of actions applied."""
        return len(self.match.actions)

    @property
    def length(self) -> int:
        """The number of actions in the whole match."""
        return len(self.actions)

    @property
    def mark(self) -> StepMark:
        """Half, turn, drive and score at the position shown."""
        return self.marks[self.position]

    def go(self, count: int) -> None:
        """Show the match after ``count`` actions (clamped to the match)."""
        count = max(0, min(self.length, count))
        if count < self.position - UNDO_LIMIT:
            self.match = self._rebuilt(count)
        while self.position > count:
            self.match.undo()
        while self.position < count:
            play_action(self.match, self.actions[self.position])

    def step(self, delta: int) -> None:
        """One (or ``delta``) action(s) forward, or back when negative."""
        self.go(self.position + delta)

    def next_in(self, starts: list[int]) -> None:
        """Forward to the next start in ``starts`` (the end of the match after the last)."""
        i = bisect.bisect_right(starts, self.position)
        self.go(starts[i] if i < len(starts) else self.length)

    def previous_in(self, starts: list[int]) -> None:
        """Back to the start of the current turn or drive, or of the one before when at it."""
        i = bisect.bisect_left(starts, self.position)
        self.go(starts[i - 1] if i > 0 else 0)

    def turn_choices(self) -> list[tuple[int, str]]:
        """Each team turn as (its first action, "Half 1, Orcs turn 3 (0-0)")."""
        return [(k, self.marks[k].label(self.names)) for k in self.turns]

    def export(self, path: str | Path) -> Path:
        """Write the whole match (seed, dice, actions) as a replay file; returns the path."""
        target = Path(path)
        target.write_text(json.dumps(self.document, indent=1), encoding="utf-8")
        return target

    def branch(self) -> Match:
        """A new match from the position shown, with board dice from the same seed (typed
        rolls kept), for a practice match that goes its own way.
        """
        dice = dict(self.document["dice"])
        if "seed" in dice:
            dice.setdefault("typed", {})
        document = {**self.document, "dice": dice, "actions": self.document["actions"][: self.position]}
        return Match.from_dict(document)
