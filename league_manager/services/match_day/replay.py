"""Replaying a fixture's stored match: the board's record or the engine's, from seed, dice and actions.

A board match keeps ``Match.to_dict()`` (teams, settings, seed, typed dice, actions) with
the fingerprint of the state it was saved at; ``fixture play`` keeps the seed, the bots'
actions and the final fingerprint in the pre-game record's ``engine`` entry (the teams and
settings are the fixture's kick-off snapshots and pre-game). :meth:`ReplayService.replay`
plays the actions again and says whether the match reaches the stored final state and the
stored result.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.match.actions import Action, IllegalAction
from league_manager.match.engine import Match, MatchFormatError
from league_manager.match.replay import DIGEST_KEY, play_action, state_digest
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import Team
from league_manager.rules.team_colours import TeamColours
from league_manager.services.base import ServiceBase
from league_manager.services.match_day.board_store import find_board
from league_manager.services.match_day.play import engine_match
from league_manager.services.match_day.result import parse_result
from league_manager.services.match_day.store import dump_json, find_match_day, pregame_record
from league_manager.services.team_board import team_colours


@dataclass(frozen=True)
class StoredMatch:
    """A fixture's match as stored: the engine document to replay and what it must reach.

    Attributes:
        source: "board" (played on the board) or "engine" (``fixture play``).
        state: the board record's state ("in_progress", "finished", "abandoned"), or
            "finished" for an engine match.
        document: ``Match.to_dict()`` of the whole match (seed, typed dice, actions).
        final_state: the stored fingerprint of the last saved state (None in records
            written before fingerprints were kept).
        result: the result stored for the fixture (None when no result came from the match).
        home_name, away_name: the team names.
        colours: each team's colours, home first (stored, or the race's default).
    """

    fixture_id: int
    source: str
    state: str
    document: dict[str, Any]
    final_state: str | None
    result: dict[str, Any] | None
    home_name: str
    away_name: str
    colours: tuple[TeamColours, TeamColours]

    def rebuild(self, actions: int | None = None) -> Match:
        """The match replayed to ``actions`` actions (all when None).

        Raises:
            RuleViolation: a record of another engine format version.
        """
        document = dict(self.document)
        if actions is not None:
            document["actions"] = document["actions"][:actions]
        try:
            return Match.from_dict(document)
        except MatchFormatError as exc:
            raise RuleViolation("replay", str(exc)) from exc


@dataclass(frozen=True)
class ReplayReport:
    """What a replay reached, against what was stored.

    ``state_matches`` is None when the record holds no fingerprint; ``result_matches`` None
    when the fixture has no result from this match (a board match in progress or abandoned).
    """

    fixture_id: int
    source: str
    actions: int
    stored_state: str | None
    replayed_state: str
    state_matches: bool | None
    score: tuple[int, int]
    result_matches: bool | None
    differences: tuple[str, ...]

    @property
    def exact(self) -> bool:
        """The replay reached the stored state and result (nothing contradicts the record)."""
        return self.state_matches is not False and self.result_matches is not False

    def summary(self) -> str:
        """One line for the command line."""
        verdict = "replays exactly" if self.exact else "DOES NOT replay: " + "; ".join(self.differences)
        return (
            f"Fixture {self.fixture_id} ({self.source} match, {self.actions} actions, "
            f"{self.score[0]}-{self.score[1]}): {verdict}"
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "fixture_id": self.fixture_id,
            "source": self.source,
            "actions": self.actions,
            "stored_state": self.stored_state,
            "replayed_state": self.replayed_state,
            "state_matches": self.state_matches,
            "score": list(self.score),
            "result_matches": self.result_matches,
            "exact": self.exact,
            "differences": list(self.differences),
            "summary": self.summary(),
        }


class ReplayService(ServiceBase):
    """Read a fixture's stored match and replay it (read only: one transaction each)."""

    def stored(self, fixture: int) -> StoredMatch:
        """The fixture's stored match (its board match if it had one, else its engine match).

        Raises:
            RuleViolation: the fixture has no match played on the board or the engine.
        """
        with self.transaction() as session:
            return _stored(fixture, session=session)

    def available(self, fixture: int) -> bool:
        """Whether the fixture has a stored match to replay (board, or engine with its actions)."""
        with self.transaction() as session:
            if find_board(fixture, session=session) is not None:
                return True
            day = find_match_day(fixture, session=session)
            engine = None if day is None else pregame_record(day).engine
            return engine is not None and bool(engine.actions)

    def replay(self, fixture: int) -> ReplayReport:
        """Play the stored actions again and compare the end with the record.

        Raises:
            RuleViolation: no stored match, or a record of another engine format version.
        """
        with self.transaction() as session:
            stored = _stored(fixture, session=session)
            match = stored.rebuild(0)
            differences: list[str] = []
            actions = stored.document["actions"]
            for i, listed in enumerate(actions):
                try:
                    play_action(match, Action.from_list(listed))
                except IllegalAction as exc:
                    differences.append(f"action {i + 1} of {len(actions)} is not legal in the replay: {exc}")
                    break
            replayed = state_digest(match.state)
            state_matches = None if stored.final_state is None else replayed == stored.final_state
            if state_matches is False:
                differences.append(f"final state {replayed}, stored {stored.final_state}")
            if len(match.actions) != len(actions):
                state_matches = False
            result_matches: bool | None = None
            if stored.result is not None:
                day = find_match_day(fixture, session=session)
                assert day is not None
                result_matches = _result_matches(match, day, stored.result, differences)
            state = match.state
            return ReplayReport(
                fixture_id=fixture,
                source=stored.source,
                actions=len(match.actions),
                stored_state=stored.final_state,
                replayed_state=replayed,
                state_matches=state_matches,
                score=(state.score[0], state.score[1]),
                result_matches=result_matches,
                differences=tuple(differences),
            )


def _result_matches(match: Match, day: MatchDay, stored: dict[str, Any], differences: list[str]) -> bool:
    outcome = match.outcome()
    if outcome is None:
        differences.append("the replayed match is not over, but a result is stored")
        return False
    replayed = json.loads(dump_json(parse_result(outcome, day).to_dict()))
    if replayed == stored:
        return True
    keys = sorted(k for k in set(replayed) | set(stored) if replayed.get(k) != stored.get(k))
    differences.append("result differs in " + ", ".join(keys))
    return False


def _stored(fixture: int, *, session: Session) -> StoredMatch:
    day = find_match_day(fixture, session=session)
    if day is None:
        raise RuleViolation("replay", f"fixture {fixture} has no match day yet; nothing to replay")
    home_team, away_team = session.get(Team, day.home_team_id), session.get(Team, day.away_team_id)
    assert home_team is not None and away_team is not None
    names = (home_team.name, away_team.name)
    colours = (team_colours(home_team, session=session), team_colours(away_team, session=session))
    pre = pregame_record(day)
    result = json.loads(day.result_json) if day.result_json else None
    row = find_board(fixture, session=session)
    engine = pre.engine
    played_after = row is not None and row.state == "abandoned" and engine is not None and engine.actions
    if row is not None and not played_after:  # an abandoned board match, then one on the engine
        document = json.loads(row.match_json)
        document["allow_inert"] = True  # records saved before the board accepted them
        final = document.pop(DIGEST_KEY, None)
        return StoredMatch(
            fixture_id=fixture,
            source="board",
            state=row.state,
            document=document,
            final_state=final,
            result=result if row.state == "finished" else None,
            home_name=names[0],
            away_name=names[1],
            colours=colours,
        )
    if engine is None:
        raise RuleViolation(
            "replay", f"fixture {fixture} was not played on the board or the engine; nothing to replay"
        )
    if not engine.actions:
        raise RuleViolation(
            "replay",
            f"fixture {fixture} was played on the engine before its actions were kept; it cannot be replayed",
        )
    match = engine_match(day, engine.seed)
    document = match.to_dict()
    document["actions"] = [list(a) for a in engine.actions]
    return StoredMatch(
        fixture_id=fixture,
        source="engine",
        state="finished",
        document=document,
        final_state=engine.final_state,
        result=result,
        home_name=names[0],
        away_name=names[1],
        colours=colours,
    )
