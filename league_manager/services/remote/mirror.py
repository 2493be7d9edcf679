"""A client's copy of a remote match: replayed over the rolls the server sent, never a seed."""

from __future__ import annotations

import hashlib
from typing import Any

from league_manager.match.actions import Action
from league_manager.match.engine import CONCEDE, Match
from league_manager.match.events import Event
from league_manager.match.position import Position
from league_manager.match.state import State
from league_manager.match.teams import TeamSnapshot
from league_manager.rules.dice import Roll


def wire_digest(state: State) -> str:
    """A quick fingerprint of what play changes (squares, statuses, characteristics, ball,
    score, turns, re-rolls, used skills), sent with every action: equal when two copies agree.

    The full ``match.replay.state_digest`` is ten times slower; the final check replays the
    whole match anyway (``fairness.verify_dice``).
    """
    parts = (
        state.pos, state.status, state.ma, state.st, state.ag, state.pa, state.av, state.used,
        state.ball, state.carrier, state.score, state.turn, state.half, state.active, state.kicking,
        state.rerolls, state.extra_rerolls, state.weather, sorted(state.skill_used), state.drive,
    )  # fmt: skip
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


class MirrorOutOfRolls(RuntimeError):
    """The copy needed a die the server has not sent: it disagrees with the server."""


class FeedDice:
    """Dice that give back, in order, the rolls the server reported (the client rolls nothing)."""

    def __init__(self, rolls: list[int]) -> None:
        self.log: list[Roll] = []
        self.feed: list[int] = list(rolls)

    def roll(self, sides: int, label: str = "") -> int:
        """The next reported roll.

        Raises:
            MirrorOutOfRolls: no reported roll is left.
        """
        index = len(self.log)
        if index >= len(self.feed):
            raise MirrorOutOfRolls(f"roll {index} was not reported")
        value = int(self.feed[index])
        self.log.append(Roll(f"D{sides}", value, label, "remote"))
        return value


class Mirror:
    """The client's match: the server's document, its past rolls and its actions replayed.

    Attributes:
        document: the match document (no seed); match: the replayed engine match.
        actions: the actions applied, as lists.
    """

    def __init__(self, document: dict[str, Any], rolls: list[int], actions: list[list[Any]]) -> None:
        self.document = document
        self.dice = FeedDice(rolls)
        self.match = Match(
            TeamSnapshot.from_dict(document["home"]),
            TeamSnapshot.from_dict(document["away"]),
            dice=self.dice,
            settings=dict(document.get("settings") or {}),
            ruleset_id=str(document.get("ruleset", "bb2020")),
            position=Position.from_dict(document["position"]) if document.get("position") else None,
            skill_categories={
                str(k): [str(n) for n in v] for k, v in (document.get("skill_categories") or {}).items()
            },
            snapshots=False,
            allow_inert=True,
        )
        self.match.keep_latest_snapshot()  # a bot's forks start from this team turn
        self.actions: list[list[Any]] = []
        for raw in actions:
            self.apply(raw, [])

    def apply(self, raw: list[Any], rolls: list[int]) -> list[Event]:
        """Apply the server's action ``raw`` after adding the rolls it made; returns its events."""
        self.dice.feed.extend(int(r) for r in rolls)
        action = Action.from_list(raw)
        if action.kind == CONCEDE:  # the server checked it was the start of that side's turn
            events = self.match.forfeit(action.player)
        else:
            events = self.match.apply(action)
        self.actions.append(list(raw))
        return events

    def digest(self) -> str:
        """The state digest of the copy (the server's, when they agree)."""
        return wire_digest(self.match.state)

    @property
    def rolls(self) -> list[int]:
        """Every roll used so far."""
        return [r.result for r in self.dice.log]
