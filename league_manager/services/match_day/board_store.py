"""A fixture's board-match record: finding it, its read model, and the in-progress guard."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence.board_models import BoardMatch

SIDE_NAMES = ("home", "away")

PROMPT_WORDS: dict[str, str] = {
    "coin_toss": "choose to kick or receive",
    "setup": "set up",
    "kicker": "choose the kicker",
    "kick": "place the kick",
    "touchback": "give the ball to a player (touchback)",
    "turn": "take a turn",
    "activation": "act with a player",
    "reroll": "decide on a re-roll",
    "block_die": "choose a block die",
    "push": "choose a push square",
    "follow_up": "decide on a follow-up",
    "apothecary": "decide on the apothecary",
    "casualty_choice": "choose a casualty result",
    "interference": "decide on pass interference",
    "high_kick": "decide on a high kick",
    "quick_snap": "move a player (quick snap)",
    "argue": "decide on arguing the call",
    "bribe": "decide on a bribe",
    "use_skill": "decide on using a skill",
    "on_the_ball": "move a player (on the ball)",
    "lash_out": "decide on lashing out",
    "prayer": "choose a player for a prayer",
    "declare_target": "declare a target",
}
"""What the coach is asked to do at each prompt kind, for "away to choose a block die"."""


@dataclass(frozen=True)
class BoardStatus:
    """A board match as the fixture page and ``fixture match-day`` show it (no replay needed).

    Attributes:
        prompt_kind, prompt_team: the decision awaited and the side ("home"/"away") to take it.
        turn_team: the side whose team turn it is (None before the first kick-off).
        turns: each side's turn marker; score: each side's touchdowns.
        controllers: "human" or a bot level (``match.bots.BOT_NAMES``) per side.
        state: "in_progress", "finished" or "abandoned" (with ``reason``).
    """

    fixture_id: int
    state: str
    actions: int
    prompt_kind: str | None
    prompt_team: str | None
    turn_team: str | None
    half: int
    turns: tuple[int, int]
    score: tuple[int, int]
    controllers: dict[str, str]
    undo_policy: str
    undo_count: int
    reason: str | None
    engine_format: int
    updated_at: datetime

    @property
    def in_progress(self) -> bool:
        """The match is being played (the fixture takes no other result meanwhile)."""
        return self.state == "in_progress"

    def summary(self) -> str:
        """One line: "Board match in progress: 143 actions, away to choose a block die"."""
        if self.state == "finished":
            return f"Board match finished after {self.actions} actions ({self.score[0]}-{self.score[1]})"
        if self.state == "abandoned":
            return f"Board match abandoned after {self.actions} actions: {self.reason}"
        awaited = ""
        if self.prompt_kind is not None:
            words = PROMPT_WORDS.get(self.prompt_kind, self.prompt_kind.replace("_", " "))
            awaited = f", {self.prompt_team} to {words}"
        return f"Board match in progress: {self.actions} actions{awaited}"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "fixture_id": self.fixture_id,
            "state": self.state,
            "actions": self.actions,
            "awaited": {"prompt": self.prompt_kind, "team": self.prompt_team},
            "turn_team": self.turn_team,
            "half": self.half,
            "turns": list(self.turns),
            "score": list(self.score),
            "controllers": dict(self.controllers),
            "undo_policy": self.undo_policy,
            "undo_count": self.undo_count,
            "reason": self.reason,
            "engine_format": self.engine_format,
            "updated_at": self.updated_at.isoformat(timespec="seconds"),
            "summary": self.summary(),
        }


def find_board(fixture_id: int, *, session: Session) -> BoardMatch | None:
    """The fixture's board-match record, if a board match was ever started."""
    return session.exec(select(BoardMatch).where(BoardMatch.fixture_id == fixture_id)).first()


def _side(team: int | None) -> str | None:
    return None if team is None else SIDE_NAMES[team]


def board_status(row: BoardMatch) -> BoardStatus:
    """Read model of a board-match record."""
    return BoardStatus(
        fixture_id=row.fixture_id,
        state=row.state,
        actions=row.action_count,
        prompt_kind=row.prompt_kind,
        prompt_team=_side(row.prompt_team),
        turn_team=_side(row.active_team),
        half=row.half,
        turns=(row.home_turn, row.away_turn),
        score=(row.home_score, row.away_score),
        controllers={"home": row.home_controller, "away": row.away_controller},
        undo_policy=row.undo_policy,
        undo_count=len(json.loads(row.undo_json)),
        reason=row.abandon_reason,
        engine_format=row.engine_format,
        updated_at=row.updated_at,
    )


def refuse_if_board_in_progress(fixture_id: int, action: str, *, session: Session) -> None:
    """Refuse ``action`` on a fixture whose board match is being played.

    Raises:
        RuleViolation: a board match is in progress for the fixture.
    """
    row = find_board(fixture_id, session=session)
    if row is not None and row.state == "in_progress":
        raise RuleViolation(
            "board match",
            f"cannot {action}: a board match is in progress for fixture {fixture_id} "
            f"({row.action_count} actions); abandon it first, with a reason: "
            f'fixture board-abandon {fixture_id} --reason "..."',
        )
