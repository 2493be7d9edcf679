"""The tracker service: a match followed live on the table, saved after every entry.

The tracker window (``ui/match_day/tracker_window.py``) calls :meth:`TrackerService.add`
or :meth:`TrackerService.undo` for each key the coach presses; each call is one
transaction that stores the whole entry list, so a closed window or a crash reopens at
the same entry. At the final whistle the log's result document fills the tabletop result
grid; :meth:`TrackerService.finish` enters the (checked) document as the fixture's result
and the fixture goes on to the post-game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence.models import utcnow
from league_manager.persistence.tracker_models import TrackerMatch
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.match_day.board_store import refuse_if_board_in_progress
from league_manager.services.match_day.result import parse_result, store_result
from league_manager.services.match_day.store import (
    MatchDayView,
    fixture_and_league,
    load_json,
    lock_fixture_teams,
    match_day_view,
    require_match_day,
    set_stage,
)
from league_manager.services.match_day.tracker_log import Roster, TrackerLog

ILLEGAL_SETTING = "illegal_procedure"
"""League setting: the tracker offers Illegal Procedure and the wrong call (off by default)."""
ILLEGAL_KINDS = ("illegal", "wrong_call")

OPEN_STAGES = ("pre_game", "in_progress")
"""A tracker starts at the pre-game (it kicks the match off) or once the match is under way."""


@dataclass(frozen=True)
class TrackerView:
    """A tracked match: its log (with both rosters), the match-day view, and its state."""

    fixture_id: int
    log: TrackerLog
    day: MatchDayView
    state: str
    illegal_procedure: bool = False
    """Whether the league plays the old rules' Illegal Procedure (house rule, off by default)."""


class TrackerService(ServiceBase):
    """Open, add to, undo and finish a fixture's live tabletop tracker."""

    def open(self, fixture: int) -> TrackerView:
        """The fixture's tracker, started (and the match kicked off) if there is none yet.

        Raises:
            RuleViolation: no pre-game yet, a result already entered, or a board match in
                progress for the fixture.
        """
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="board")
            refuse_if_board_in_progress(fixture, "track the match on the table", session=session)
            day = require_match_day(fixture, OPEN_STAGES, "track the match on the table", session=session)
            row = _find(fixture, session=session)
            if row is None or row.state != "in_progress":
                if row is not None:
                    session.delete(row)
                    session.flush()
                row = TrackerMatch(fixture_id=fixture)
                session.add(row)
            if day.stage == "pre_game":
                set_stage(day, "in_progress", session=session)
            session.flush()
            return _view(row, match_day_view(day, session=session), self._illegal(fixture, session))

    def add(self, fixture: int, entry: Mapping[str, Any]) -> TrackerView:
        """Check one entry against the log and store it.

        Raises:
            RuleViolation: the entry does not fit (see ``TrackerLog.check``), or no tracker
                is in progress; nothing is stored.
        """
        return self._change(fixture, lambda log: log.add(entry), str(entry.get("kind", "")))

    def undo(self, fixture: int) -> TrackerView:
        """Take back the last entry.

        Raises:
            RuleViolation: nothing to undo, or no tracker in progress.
        """
        return self._change(fixture, lambda log: log.undo())

    def finish(self, fixture: int, document: Mapping[str, Any]) -> Outcome[MatchDayView]:
        """Enter the final whistle's result document (the grid the log filled, as the coach
        checked it) and close the tracker; the fixture goes on to the post-game.

        Raises:
            RuleViolations: the problems with the document (a score its touchdowns do not
                add up to, among others); nothing is changed.
            RuleViolation: no tracker in progress, or the scores differ from the log's.
        """
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="result")
            row = _require(fixture, session=session)
            day = require_match_day(fixture, OPEN_STAGES, "finish the tracked match", session=session)
            refuse_if_board_in_progress(fixture, "finish the tracked match", session=session)
            log = _log(row, match_day_view(day, session=session))
            for index, side in enumerate(("home", "away")):
                given = document.get(side, {}).get("score")
                if given != log.score(index):
                    raise RuleViolation(
                        "tracker", f"{side} scored {log.score(index)} by the tracker, not {given}"
                    )
            store_result(day, parse_result(dict(document), day), session=session)
            row.state, row.updated_at = "finished", utcnow()
            session.add(row)
            view = match_day_view(day, session=session)
        return Outcome(
            view,
            Changes(
                teams=view.team_ids,
                fixtures=frozenset({fixture}),
                description=f"fixture {fixture}: tracked result",
            ),
        )

    def _change(self, fixture: int, change: Any, kind: str = "") -> TrackerView:
        with self.transaction() as session:
            row = _require(fixture, session=session)
            day = require_match_day(fixture, OPEN_STAGES, "track the match on the table", session=session)
            view = match_day_view(day, session=session)
            log = _log(row, view)
            illegal = self._illegal(fixture, session)
            if kind in ILLEGAL_KINDS and not illegal:
                raise RuleViolation(
                    "tracker",
                    "this league does not play Illegal Procedure (house rule 'illegal_procedure')",
                )
            change(log)
            row.entries_json, row.updated_at = json.dumps(log.to_dict()), utcnow()
            session.add(row)
            return TrackerView(fixture, log, view, row.state, illegal)

    def _illegal(self, fixture: int, session: Session) -> bool:
        _fixture, league = fixture_and_league(fixture, session=session)
        return bool(self.settings_of(league).get(ILLEGAL_SETTING, False))


def _find(fixture: int, *, session: Session) -> TrackerMatch | None:
    return session.exec(select(TrackerMatch).where(TrackerMatch.fixture_id == fixture)).first()


def _require(fixture: int, *, session: Session) -> TrackerMatch:
    row = _find(fixture, session=session)
    if row is None or row.state != "in_progress":
        raise RuleViolation("tracker", f"no tracker in progress for fixture {fixture}")
    return row


def _log(row: TrackerMatch, day: MatchDayView) -> TrackerLog:
    rosters = (Roster.from_snapshot(day.snapshots["home"]), Roster.from_snapshot(day.snapshots["away"]))
    return TrackerLog(rosters, list(load_json(row.entries_json).get("entries", [])))


def _view(row: TrackerMatch, day: MatchDayView, illegal: bool) -> TrackerView:
    return TrackerView(row.fixture_id, _log(row, day), day, row.state, illegal)
