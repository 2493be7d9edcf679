"""SQLModel table of a fixture's board match: the match document saved after every action.

One :class:`BoardMatch` row per fixture holds the match as ``Match.to_dict()`` (teams,
settings, seed and typed dice, actions), enough to resume it at the same decision with the
same upcoming dice, plus what the fixture page shows without replaying it (action count,
awaited decision) and the undo records. No ``from __future__ import annotations`` here:
SQLModel reads the annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.match.bots import BOT_NAMES
from league_manager.persistence.models import utcnow

BOARD_STATES = ("in_progress", "finished", "abandoned")
CONTROLLERS = ("human", *BOT_NAMES)


class BoardMatch(SQLModel, table=True):
    """A fixture's match played on the board.

    ``prompt_kind``/``prompt_team`` (0 home, 1 away) are the decision awaited; ``active_team``,
    ``half``, the turn markers and the score are copied from the match state at each save so
    the fixture page reads them without replaying the match. ``state`` is ``in_progress``
    until ``finished`` (the result went to match day) or ``abandoned`` (with
    ``abandon_reason``). ``match_json`` is the engine's match document;
    ``undo_json`` a list of ``{"action": index, "by": who, "when": iso time, "policy": ...}``.
    """

    id: int | None = Field(default=None, primary_key=True)
    fixture_id: int = Field(foreign_key="fixture.id", unique=True)
    engine_format: int
    ruleset_id: str
    home_controller: str = "human"
    away_controller: str = "human"
    undo_policy: str
    match_json: str
    action_count: int = 0
    prompt_kind: str | None = None
    prompt_team: int | None = None
    active_team: int | None = None
    half: int = 0
    home_turn: int = 0
    away_turn: int = 0
    home_score: int = 0
    away_score: int = 0
    state: str = "in_progress"
    abandon_reason: str | None = None
    undo_json: str = "[]"
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
