"""A match server's quick save of a board match: only the new actions are encoded and checked.

:meth:`BoardService.save` reads the stored record back, compares it with the game, rebuilds
the whole document and fingerprints the whole state after every action: right for the board,
where any save may be an undo, but most of a match server's time under load. A server's room
only ever adds actions to the match it holds, so :class:`BoardAppender` checks the record once
(the first save of a fixture goes through the board's own save and checks), then keeps what
it wrote: each later save encodes only the new actions (the fixed part of the document and
the earlier actions are kept as JSON text) and stores the record with one UPDATE that matches
only if the row is still the one it wrote (same action count and stamp, still in progress).
A record someone else changed meanwhile is refused, and the next save checks it in full.
The record's text is still written whole (the one ``match_json`` column; no action table).

The document written is the same ``Match.to_dict()`` (with the turn timer) as the board's, so
resume, replay and the final whistle read it as before; what it leaves out is the stored
fingerprint of the state (``match.replay.DIGEST_KEY``), which the final whistle writes
(``finish_board``): an in-progress record saved this way has none, and a replay of it says so.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, bindparam, text
from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.match.engine import FORMAT_VERSION, Match
from league_manager.persistence import share_steps
from league_manager.persistence.board_models import BoardMatch
from league_manager.persistence.models import utcnow
from league_manager.rules.dice import BoardDice
from league_manager.services.base import ServiceBase
from league_manager.services.match_day.board import TIMER_KEY, FinishedGame, save_board
from league_manager.services.match_day.board_store import find_board

_GROWING = ("dice", "actions", "rolls_at")
"""The keys of ``Match.to_dict()`` that change during play (the others are fixed at kick-off)."""


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


@dataclass
class _Tail:
    """What the appender last wrote for one fixture.

    Attributes:
        match: the match it belongs to (another match object is checked again).
        head: the JSON text of the fixed keys, ``{"format":...,"allow_inert":...`` (not closed).
        order: the document's keys in ``Match.to_dict()`` order.
        timer_seconds: the turn timer's seconds; stamp, count: the row's ``updated_at`` and
            action count as last written.
        actions, rolls_at: each action and roll mark already encoded.
    """

    match: Match
    head: str
    order: tuple[str, ...]
    timer_seconds: int
    stamp: datetime
    count: int
    actions: list[str] = field(default_factory=list)
    rolls_at: list[str] = field(default_factory=list)


_APPEND = text(
    "UPDATE boardmatch SET match_json = :match_json, action_count = :action_count, "
    "prompt_kind = :prompt_kind, prompt_team = :prompt_team, active_team = :active_team, "
    "half = :half, home_turn = :home_turn, away_turn = :away_turn, home_score = :home_score, "
    "away_score = :away_score, updated_at = :updated_at WHERE fixture_id = :fixture "
    "AND state = 'in_progress' AND action_count = :count AND updated_at = :stamp "
    "AND engine_format = :format"
).bindparams(bindparam("updated_at", type_=DateTime()), bindparam("stamp", type_=DateTime()))
"""One record's quick save: matched only while the row is the one the appender last wrote."""

_Written = tuple[int, _Tail, int, datetime]
"""A save made in the open transaction: fixture, its tail, the new action count and stamp."""


class BoardAppender(ServiceBase):
    """Saves the matches of a server's rooms, appending their new actions (one transaction a call).

    Attributes:
        tails: per fixture, what was last written (dropped when a write is refused or the
            match is over, so a long-running server keeps none of its finished matches).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tails: dict[int, _Tail] = {}

    def save(self, fixture: int, game: FinishedGame) -> None:
        """Store the match after actions were applied (none taken back).

        Raises:
            RuleViolation: no board match in progress, or the record is not the one this
                appender wrote (the game is then checked against it, as ``BoardService.save``).
        """
        self.save_many([(fixture, game)])

    def save_many(self, games: Sequence[tuple[int, FinishedGame]]) -> None:
        """Store several fixtures' matches in one transaction; all are stored or none.

        Raises:
            RuleViolation: as :meth:`save`, for any of them (nothing is stored).
        """
        written: list[_Written] = []
        try:
            with self.transaction() as session:
                quick: list[dict[str, Any]] = []
                for fixture, game in games:
                    written.append(self._store(fixture, game, quick, session=session))
                _update(quick, session=session)
        except Exception:
            for fixture, _game in games:
                self.tails.pop(fixture, None)
            raise
        for fixture, tail, count, stamp in written:
            tail.count, tail.stamp = count, stamp
            if tail.match.prompt is None:  # over: the final whistle writes the record next
                self.tails.pop(fixture, None)
            else:
                self.tails[fixture] = tail

    def _store(
        self, fixture: int, game: FinishedGame, quick: list[dict[str, Any]], *, session: Session
    ) -> _Written:
        """Save one game: in full (the board's save) the first time, else its UPDATE's values
        are added to ``quick``."""
        match = game.match
        tail = self.tails.get(fixture)
        fresh = tail is None or tail.match is not match or len(match.actions) < tail.count
        if fresh or not isinstance(match.dice, BoardDice):
            save_board(fixture, game, session=session)  # the board's own checks, once
            session.flush()
            row = find_board(fixture, session=session)
            assert row is not None
            return fixture, _tail(match, row), row.action_count, row.updated_at
        assert tail is not None
        share_steps.open_step(session.connection(), fixture, "board")
        document = _text(tail, match, list(getattr(game, "timeouts", [])))
        state, prompt = match.state, match.prompt
        stamp = utcnow()
        quick.append({
            "match_json": document, "action_count": len(match.actions),
            "prompt_kind": None if prompt is None else prompt.kind,
            "prompt_team": None if prompt is None else prompt.team,
            "active_team": state.active if state.half else None, "half": state.half,
            "home_turn": state.turn[0], "away_turn": state.turn[1],
            "home_score": state.score[0], "away_score": state.score[1], "updated_at": stamp,
            "fixture": fixture, "count": tail.count, "stamp": tail.stamp, "format": FORMAT_VERSION,
        })  # fmt: skip
        return fixture, tail, len(match.actions), stamp


def _update(quick: list[dict[str, Any]], *, session: Session) -> None:
    """Run the quick saves' UPDATEs (one statement for all where the driver counts the rows
    of a batch); every one must match its row.

    Raises:
        RuleViolation: a record is no longer the one the appender wrote (nothing is kept).
    """
    if not quick:
        return
    conn = session.connection()
    batches = [quick] if conn.dialect.supports_sane_multi_rowcount else [[v] for v in quick]
    for batch in batches:
        changed = conn.execute(_APPEND, batch if len(batch) > 1 else batch[0])
        if changed.rowcount != len(batch):
            fixtures = ", ".join(str(v["fixture"]) for v in batch)
            raise RuleViolation(
                "board match",
                f"the board match of fixture {fixtures} changed since this server saved it "
                "(or is no longer in progress); reload it with resume",
            )


def _tail(match: Match, row: BoardMatch) -> _Tail:
    """The appender's memory of a record just written in full by the board's save."""
    document = match.to_dict()
    fixed = {k: v for k, v in document.items() if k not in _GROWING}
    head = _dump(fixed)[:-1]
    stored = json.loads(row.match_json)
    timer = stored.get(TIMER_KEY) or {"seconds": 0, "timeouts": []}
    return _Tail(
        match=match, head=head, order=tuple(document), timer_seconds=int(timer.get("seconds", 0)),
        stamp=row.updated_at, count=row.action_count,
        actions=[_dump(a) for a in document["actions"]], rolls_at=[_dump(r) for r in document["rolls_at"]],
    )  # fmt: skip


def _text(tail: _Tail, match: Match, timeouts: list[int]) -> str:
    """The record's JSON (``Match.to_dict()`` with the timer), encoding only what is new."""
    count = len(match.actions)
    for action in match.actions[len(tail.actions) :]:
        tail.actions.append(_dump(action.to_list()))
    for index in range(len(tail.rolls_at), count + 1):
        tail.rolls_at.append(str(match.roll_mark(index)))
    dice = match.dice
    assert isinstance(dice, BoardDice), "a board match rolls BoardDice"
    growing = {
        "dice": _dump({"seed": dice.seed, "typed": {str(i): v for i, v in sorted(dice.typed.items())}}),
        "actions": "[" + ",".join(tail.actions) + "]",
        "rolls_at": "[" + ",".join(tail.rolls_at) + "]",
    }
    timer = {"seconds": tail.timer_seconds, "timeouts": [i for i in timeouts if i < count]}
    parts = [tail.head]
    parts.extend(f",{_dump(key)}:{growing[key]}" for key in tail.order if key in growing)
    parts.append(f",{_dump(TIMER_KEY)}:{_dump(timer)}}}")
    return "".join(parts)
