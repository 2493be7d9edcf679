"""Replays of a stored match: the fingerprint of its final state, and where its turns and drives begin.

A stored match is its teams, settings, seed and typed dice plus the ordered action list
(``Match.to_dict()``); replaying the actions over the same dice reaches the same state
bit for bit. :func:`state_digest` names that state in a short string kept with the
record, so a replay can prove it arrived at the same place; :func:`step_marks` reads,
action by action, the half, turn and drive a replay viewer steps through.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from league_manager.match.actions import Action
from league_manager.match.engine import CONCEDE, Match
from league_manager.match.state import State

DIGEST_KEY = "state_digest"
"""Key of a stored match document holding the fingerprint of the state it was saved at."""


_SCALARS = frozenset({int, str, float, bool, type(None)})
"""Types that are their own plain form (exact types: an enum or other subclass takes the long way)."""


def _plain(value: Any) -> Any:
    """A value as JSON-ready data with a fixed order (sets sorted, dataclasses as dicts)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:  # most of a state: lists of numbers, copied at once
        if _SCALARS.issuperset(map(type, value)):
            return list(value)
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return sorted(([_plain(k), _plain(v)] for k, v in value.items()), key=json.dumps)
    if isinstance(value, set | frozenset):
        return sorted((_plain(v) for v in value), key=json.dumps)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def state_digest(state: State) -> str:
    """A fingerprint of everything in a match state (equal states, equal digests).

    Args:
        state: the match state, usually at the final whistle.

    Returns:
        The first 16 hex digits of the SHA-256 of the state's canonical JSON.
    """
    text = json.dumps(_plain(state), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class StepMark:
    """Where the match stands after a number of actions.

    Attributes:
        half: 0 before the first kick-off, then 1, 2 (3 for extra time).
        turns: each team's turn marker.
        active: the team whose turn it is.
        drive: the number of kick-offs so far.
        score: each team's touchdowns.
    """

    half: int
    turns: tuple[int, int]
    active: int
    drive: int
    score: tuple[int, int]

    @property
    def turn_key(self) -> tuple[int, int, int]:
        """(half, team, its turn marker): changes exactly when a new team turn begins."""
        return self.half, self.active, self.turns[self.active]

    def label(self, names: tuple[str, str], score: bool = True) -> str:
        """ "Half 1, Orcs turn 3 (2-1)" (without the score when not ``score``), or
        "Pre-match" before the first kick-off."""
        if self.half == 0:
            return "Pre-match"
        half = "Extra time" if self.half > 2 else f"Half {self.half}"
        line = f"{half}, {names[self.active]} turn {self.turns[self.active]}"
        return f"{line} ({self.score[0]}-{self.score[1]})" if score else line


def mark_of(state: State) -> StepMark:
    """The step mark of a state."""
    return StepMark(
        state.half,
        (state.turn[0], state.turn[1]),
        state.active,
        state.drive,
        (state.score[0], state.score[1]),
    )


def play_action(match: Match, action: Action) -> None:
    """Apply a stored action as the record holds it (a concession ends the match)."""
    if action.kind == CONCEDE:
        match.forfeit(action.player)  # records the action itself (also an awarded claim's)
    else:
        match.apply(action)


def step_marks(document: dict[str, Any]) -> list[StepMark]:
    """The mark after each number of actions (index 0: before any action), by one replay.

    Args:
        document: a stored match (``Match.to_dict()``).

    Returns:
        ``len(actions) + 1`` marks.
    """
    actions = [Action.from_list(a) for a in document["actions"]]
    match = Match.from_dict({**document, "actions": []})
    marks = [mark_of(match.state)]
    for action in actions:
        play_action(match, action)
        marks.append(mark_of(match.state))
    return marks


def turn_starts(marks: list[StepMark]) -> list[int]:
    """The action counts at which a team turn begins (the first action of each turn)."""
    starts: list[int] = []
    for i in range(1, len(marks)):
        if marks[i].half and marks[i].turn_key != marks[i - 1].turn_key:
            starts.append(i)
    return starts


def drive_starts(marks: list[StepMark]) -> list[int]:
    """The action counts at which a drive (a kick-off's set-up) begins."""
    return [i for i in range(1, len(marks)) if marks[i].drive != marks[i - 1].drive]
