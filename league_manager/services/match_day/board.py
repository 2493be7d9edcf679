"""The board service: a fixture's match played on the board, saved after every action.

The board (``ui/match_board``) holds a :class:`BoardGame` and calls :meth:`BoardService.save`
after each action it applies (or takes back), so a closed window, a crash or ``kill -9``
resumes at the same decision with the same upcoming dice (:meth:`BoardService.resume`
replays the stored action list over the stored seed and typed dice). At the final whistle
:meth:`BoardService.finish` hands the result to match day; :meth:`BoardService.abandon`
gives the fixture back to the table (or to a new board match), keeping the reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.match.coverage import inducement_played
from league_manager.match.engine import FORMAT_VERSION, Match, MatchFormatError
from league_manager.match.replay import DIGEST_KEY, state_digest
from league_manager.match.turn_timer import SETTING as TIMER_SETTING
from league_manager.match.undo_policy import (
    DEFAULT_POLICY,
    POLICIES,
    check_policy,
    needs_confirmation,
    refusal,
)
from league_manager.persistence import share_steps
from league_manager.persistence.board_models import CONTROLLERS, BoardMatch
from league_manager.persistence.match_day_models import MatchCorrection, MatchDay
from league_manager.persistence.models import Team, utcnow
from league_manager.rules.dice import BoardDice
from league_manager.rules.loader import load_ruleset
from league_manager.rules.team_colours import TeamColours, default_colours
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.match_day.board_store import (
    BoardStatus,
    board_status,
    find_board,
)
from league_manager.services.match_day.classic_guard import refuse_engine
from league_manager.services.match_day.play import match_settings
from league_manager.services.match_day.result import parse_result, store_result
from league_manager.services.match_day.store import (
    MatchDayView,
    dump_json,
    fixture_and_league,
    lock_fixture_teams,
    match_day_view,
    pregame_record,
    require_match_day,
    set_stage,
    snapshot,
)
from league_manager.services.team_board import team_colours

UNDO_SETTING = "undo_policy"
"""The league house rule that chooses the board's undo policy."""
TIMER_KEY = "turn_timer"
"""Key of the match record holding the turn timer: ``{"seconds": n, "timeouts": [action, ...]}``."""


class FinishedGame(Protocol):
    """What finishing needs of a game: its engine match (a :class:`BoardGame` or the board's game)."""

    @property
    def match(self) -> Match:
        """The engine match, over."""
        ...


class BoardGame:
    """A board match being played: the engine's match plus what the board shows around it.

    Attributes:
        fixture_id: the fixture.
        match: the engine match (``prompt``, ``legal_actions()``, ``apply()``, ``undo()``).
        controllers: "human" or a bot level (``match.bots.BOT_NAMES``) per side ("home"/"away").
        undo_policy: one of :data:`league_manager.match.undo_policy.POLICIES`.
        inert: what the board shows but does not play: the skills, traits and special rules
            without a handler (``Match.inert_skills``), then the inducements bought at the
            pre-game that the engine does not play.
        home_name, away_name: the team names.
        colours: each team's colours (stored, or its race's default), home first; the board
            tells clashing ones apart (``rules.team_colours.board_colours``).
        team_ids: the home and away team ids (their saved formations are offered at set-up).
        turn_seconds: the league's turn timer (seconds per team turn, 0 = none), fixed at start.
        timeouts: indices of the actions the timer applied to end a team turn (kept in the record).
    """

    def __init__(
        self,
        fixture_id: int,
        match: Match,
        controllers: Mapping[str, str],
        undo_policy: str,
        home_name: str,
        away_name: str,
        inert: tuple[str, ...] = (),
        colours: tuple[TeamColours, TeamColours] | None = None,
        team_ids: tuple[int, int] | None = None,
        turn_seconds: int = 0,
        timeouts: list[int] | None = None,
    ) -> None:
        self.fixture_id = fixture_id
        self.turn_seconds = turn_seconds
        self.timeouts: list[int] = list(timeouts or [])
        self.match = match
        self.controllers: dict[str, str] = dict(controllers)
        self.undo_policy = undo_policy
        self.inert = inert
        self.home_name = home_name
        self.away_name = away_name
        self.colours = colours or (default_colours(match.home.race), default_colours(match.away.race))
        self.team_ids = team_ids

    @property
    def dice(self) -> BoardDice:
        """The match's dice; set ``dice.typed_source`` to let coaches type physical rolls."""
        dice = self.match.dice
        assert isinstance(dice, BoardDice), "a board match rolls BoardDice"
        return dice


class BoardService(ServiceBase):
    """Start, save, resume, finish and abandon a fixture's board match (one transaction each)."""

    def start(
        self,
        fixture: int,
        *,
        controllers: Mapping[str, str] | None = None,
        seed: int | None = None,
        undo_policy: str | None = None,
    ) -> BoardGame:
        """Start the board match of a fixture whose pre-game ran, and save its first record.

        The match uses the kick-off snapshots (inducements included), the pre-game's weather
        and kicking team; the match day moves to ``in_progress``.

        Args:
            fixture: the fixture id.
            controllers: "human" (default) or a bot level per side.
            seed: seed of the program's dice (random when None).
            undo_policy: overrides the league's ``undo_policy`` setting for this match.

        Raises:
            RuleViolation: no pre-game, a board match already in progress, the match
                already kicked off or played, an unknown controller or undo policy.
        """
        sides = _controllers(controllers)
        with self.transaction() as session:
            refuse_engine(fixture, "start a board match", session=session)
            lock_fixture_teams(fixture, session=session, step="board")
            row = find_board(fixture, session=session)
            if row is not None and row.state == "in_progress":
                raise RuleViolation(
                    "board match",
                    f"fixture {fixture} already has a board match in progress "
                    f"({row.action_count} actions); resume it, or abandon it first with a reason",
                )
            day = require_match_day(fixture, ("pre_game",), "start a board match", session=session)
            _fixture, league = fixture_and_league(fixture, session=session)
            settings = self.settings_of(league)
            policy = _policy(undo_policy or str(settings.get(UNDO_SETTING, DEFAULT_POLICY)))
            seconds = max(0, int(settings.get(TIMER_SETTING, 0) or 0))
            match = Match(
                snapshot(day, "home"),
                snapshot(day, "away"),
                dice=BoardDice(seed),
                settings=match_settings(day),
                ruleset=load_ruleset(day.ruleset_id),  # its skill categories: Intensive Training
                snapshots=True,
                allow_inert=True,  # shown on the board as "not played" (BoardGame.inert)
            )
            if row is not None:
                _archive(row, session=session)  # the abandoned one stays on the fixture's record
                session.delete(row)
                session.flush()
            row = BoardMatch(
                fixture_id=fixture,
                engine_format=FORMAT_VERSION,
                ruleset_id=day.ruleset_id,
                home_controller=sides["home"],
                away_controller=sides["away"],
                undo_policy=policy,
                match_json="{}",
            )
            _write(row, match, match.to_dict(), {"seconds": seconds, "timeouts": []})
            session.add(row)
            set_stage(day, "in_progress", session=session)
            return _game(fixture, match, row, day, session=session)

    def resume(self, fixture: int) -> BoardGame:
        """The board match in progress, rebuilt at the same decision with the same upcoming dice.

        Raises:
            RuleViolation: no board match in progress, or a record of another engine format
                version (nothing is changed; abandon it with a reason to go on).
        """
        with self.transaction() as session:
            row = _require(fixture, "resume the board match", session=session)
            day = require_match_day(fixture, ("in_progress",), "resume the board match", session=session)
            return _game(fixture, _rebuilt(fixture, row), row, day, session=session)

    def status(self, fixture: int) -> BoardStatus | None:
        """The fixture's board match as the fixture page shows it (None if it never had one)."""
        with self.transaction() as session:
            row = find_board(fixture, session=session)
            return None if row is None else board_status(row)

    def save(
        self, fixture: int, game: FinishedGame, *, undo_by: str | None = None, confirmed_by: str | None = None
    ) -> None:
        """Store the match after an action, or after an undo (recorded with who and the policy).

        Args:
            fixture: the fixture id.
            game: the board match, with its new action list.
            undo_by: who took actions back (the game's actions are then a prefix of the
                stored ones); None for a save after actions were applied.
            confirmed_by: who confirmed the undo (required under the ``confirm`` policy).

        Raises:
            RuleViolation: no board match in progress, or the game's actions do not extend
                (after an undo: shorten) the stored ones, or the undo policy refuses the undo.
        """
        with self.transaction() as session:
            _save(fixture, game, undo_by, confirmed_by, session=session)

    def save_many(self, games: Sequence[tuple[int, FinishedGame]]) -> None:
        """Store several fixtures' matches after actions, in one transaction (a match server
        saving many rooms at once); all are stored or none.

        Raises:
            RuleViolation: as :meth:`save`, for any of them (nothing is stored).
        """
        with self.transaction() as session:
            for fixture, game in games:
                _save(fixture, game, None, None, session=session)

    def finish(self, fixture: int, game: FinishedGame) -> Outcome[MatchDayView]:
        """Hand the final whistle's result to match day (standings updated; stage
        ``result_entered``) and keep the action list and dice with the fixture.

        Raises:
            RuleViolation: the match is not over, no board match in progress, or the game
                does not continue the stored record.
        """
        with self.transaction() as session:
            view = finish_board(fixture, game, session=session)
        return Outcome(view, _changes(view, "board match finished"))

    def abandon(self, fixture: int, reason: str) -> Outcome[MatchDayView]:
        """Stop the board match for good, keeping it with its reason; the fixture goes back to
        its pre-game stage, ready for a tabletop result or a new board match.

        Raises:
            RuleViolation: no reason, or no board match in progress.
        """
        with self.transaction() as session:
            view = abandon_board(fixture, reason, session=session)
        return Outcome(view, _changes(view, f"board match abandoned ({reason.strip()})"))


def _save(
    fixture: int, game: FinishedGame, undo_by: str | None, confirmed_by: str | None, *, session: Session
) -> None:
    """:meth:`BoardService.save` inside the caller's transaction."""
    document = game.match.to_dict()
    share_steps.open_step(session.connection(), fixture, "board")
    row = _require(fixture, "save the board match", session=session)
    stored = json.loads(row.match_json)
    _check_continues(stored, document, fixture)
    if undo_by is not None:
        _record_undo(row, stored, document, undo_by, confirmed_by)
    elif len(document["actions"]) < len(stored["actions"]):
        raise RuleViolation(
            "board match", "the game has fewer actions than the record: save an undo with undo_by"
        )
    _write(row, game.match, document, _timer(game, stored))
    session.add(row)


def save_board(fixture: int, game: FinishedGame, *, session: Session) -> None:
    """:meth:`BoardService.save` after actions were applied, inside the caller's transaction
    (a match server's ``BoardAppender`` saves a fixture's first time through it)."""
    _save(fixture, game, None, None, session=session)


def finish_board(fixture: int, game: FinishedGame, *, session: Session) -> MatchDayView:
    """:meth:`BoardService.finish` inside the caller's transaction (an awarded claim too)."""
    result = game.match.outcome()
    if result is None:
        raise RuleViolation("board match", "the match is not over yet")
    document = game.match.to_dict()
    lock_fixture_teams(fixture, session=session, step="result")
    row = _require(fixture, "finish the board match", session=session)
    stored = json.loads(row.match_json)
    _check_continues(stored, document, fixture)
    if len(document["actions"]) < len(stored["actions"]):
        raise RuleViolation("board match", "the game has fewer actions than the record")
    day = require_match_day(fixture, ("in_progress",), "finish the board match", session=session)
    store_result(day, parse_result(result, day), session=session)
    _write(row, game.match, document, _timer(game, stored))
    row.state = "finished"
    session.add(row)
    return match_day_view(day, session=session)


def abandon_board(fixture: int, reason: str, *, session: Session) -> MatchDayView:
    """:meth:`BoardService.abandon` inside the caller's transaction (a replay ordered too)."""
    if not reason.strip():
        raise RuleViolation("reason", "say why the board match is abandoned (it stays on the record)")
    lock_fixture_teams(fixture, session=session, step="board")
    row = _require(fixture, "abandon the board match", session=session, any_format=True)
    day = require_match_day(fixture, ("in_progress",), "abandon the board match", session=session)
    row.state, row.abandon_reason, row.updated_at = "abandoned", reason.strip(), utcnow()
    session.add(row)
    set_stage(day, "pre_game", session=session)
    return match_day_view(day, session=session)


def stored_match(fixture: int, *, session: Session) -> Match:
    """The fixture's board match in progress, rebuilt from its record (as :meth:`BoardService.resume`).

    Raises:
        RuleViolation: no board match in progress, or a record this program cannot replay.
    """
    return _rebuilt(fixture, _require(fixture, "read the board match", session=session))


def _rebuilt(fixture: int, row: BoardMatch) -> Match:
    """The match a board record replays to, checked against its action count."""
    try:
        document = json.loads(row.match_json)
        document["allow_inert"] = True  # records saved before the board accepted them
        match = Match.from_dict(document)
    except MatchFormatError as exc:
        raise RuleViolation("board match", _format_refusal(row)) from exc
    if len(match.actions) != row.action_count:
        raise RuleViolation(
            "board match",
            f"the record of fixture {fixture} replays to {len(match.actions)} actions, not "
            f"{row.action_count}; abandon it with a reason and start again",
        )
    return match


def _controllers(given: Mapping[str, str] | None) -> dict[str, str]:
    sides = {"home": "human", "away": "human"}
    for side, who in (given or {}).items():
        if side not in sides:
            raise RuleViolation("controllers", f"'{side}' is not a side (home or away)")
        if who not in CONTROLLERS:
            choices = ", ".join(CONTROLLERS)
            raise RuleViolation("controllers", f"'{who}' cannot play {side} (choose {choices})")
        sides[side] = who
    return sides


def _policy(name: str) -> str:
    try:
        return check_policy(name)
    except ValueError:
        choices = ", ".join(POLICIES)
        raise RuleViolation("undo policy", f"'{name}' is not an undo policy ({choices})") from None


def _require(fixture: int, action: str, *, session: Session, any_format: bool = False) -> BoardMatch:
    """The board match in progress, of the engine format this program reads (unless
    ``any_format``: a record of another version may still be abandoned).
    """
    row = find_board(fixture, session=session)
    if row is None:
        raise RuleViolation("board match", f"cannot {action}: fixture {fixture} has no board match")
    if row.state != "in_progress":
        raise RuleViolation(
            "board match", f"cannot {action}: the board match of fixture {fixture} is {row.state}"
        )
    if row.engine_format != FORMAT_VERSION and not any_format:
        raise RuleViolation("board match", _format_refusal(row))
    return row


def _format_refusal(row: BoardMatch) -> str:
    return (
        f"the board match of fixture {row.fixture_id} was saved by engine format {row.engine_format}; "
        f"this program plays format {FORMAT_VERSION} and cannot resume it. Abandon it with a reason "
        f"(fixture board-abandon {row.fixture_id} --reason ...) and enter the result or start again"
    )


def _check_continues(stored: dict[str, Any], document: dict[str, Any], fixture: int) -> None:
    """The game is the stored match going on: same teams and dice, one action list a prefix of
    the other (the stored one longer only after an undo, checked by the caller).
    """
    if stored.get("dice", {}).get("seed") != document["dice"].get("seed") or (
        stored.get("home") != document["home"] or stored.get("away") != document["away"]
    ):
        raise RuleViolation("board match", f"this game is not the board match of fixture {fixture}")
    old, new = stored["actions"], document["actions"]
    shorter = min(len(old), len(new))
    if old[:shorter] != new[:shorter]:
        raise RuleViolation(
            "board match",
            f"the game's actions part from the record of fixture {fixture}; reload it with resume",
        )


def _record_undo(
    row: BoardMatch, stored: dict[str, Any], document: dict[str, Any], by: str, confirmed_by: str | None
) -> None:
    """Check an undo against the record's policy and append it to the undo records."""
    kept, before = len(document["actions"]), len(stored["actions"])
    if not by.strip():
        raise RuleViolation("undo", "say who takes the action back (it is kept with the match)")
    if kept >= before:
        raise RuleViolation("undo", "an undo must take back at least one stored action")
    policy = row.undo_policy
    rolls_at: list[int] = stored.get("rolls_at", [])
    problem = refusal(policy, rolls_at[before] - rolls_at[kept] if len(rolls_at) > before else 1)
    if problem is not None:
        raise RuleViolation("undo", problem)
    if needs_confirmation(policy) and not (confirmed_by or "").strip():
        raise RuleViolation("undo", "the opponent must confirm an undo in this league")
    records = json.loads(row.undo_json)
    records.append({"action": kept, "undone": before - kept, "by": by, "confirmed_by": confirmed_by,
                    "when": utcnow().isoformat(timespec="seconds"), "policy": policy})  # fmt: skip
    row.undo_json = dump_json(records)


def _timer(game: FinishedGame, stored: dict[str, Any]) -> dict[str, Any]:
    """The record's turn timer with the game's timeouts (those still within its actions)."""
    timer: dict[str, Any] = dict(stored.get(TIMER_KEY) or {"seconds": 0, "timeouts": []})
    actions = len(game.match.actions)
    kept: list[int] = list(getattr(game, "timeouts", timer.get("timeouts", [])))
    timer["timeouts"] = [i for i in kept if i < actions]
    return timer


def _write(row: BoardMatch, match: Match, document: dict[str, Any], timer: dict[str, Any]) -> None:
    """Copy the match document, its turn timer and what the fixture page shows of it into the record."""
    state, prompt = match.state, match.prompt
    whole = {**document, TIMER_KEY: timer, DIGEST_KEY: state_digest(state)}
    row.match_json = json.dumps(whole, separators=(",", ":"))
    row.action_count = len(document["actions"])
    row.prompt_kind = None if prompt is None else prompt.kind
    row.prompt_team = None if prompt is None else prompt.team
    row.active_team = state.active if state.half else None
    row.half = state.half
    row.home_turn, row.away_turn = state.turn
    row.home_score, row.away_score = state.score
    row.updated_at = utcnow()


def _archive(row: BoardMatch, *, session: Session) -> None:
    """Keep an earlier (abandoned) board match as a record of the fixture before reusing its row."""
    kept = {
        "board_match": board_status(row).to_dict(),
        "match": json.loads(row.match_json),
        "undo": json.loads(row.undo_json),
    }
    session.add(
        MatchCorrection(
            fixture_id=row.fixture_id,
            reason=f"board match {row.state}: {row.abandon_reason or ''}".rstrip(": "),
            previous_result_json=dump_json(kept),
            new_result_json="{}",
            changes_json="[]",
        )
    )


def _game(fixture: int, match: Match, row: BoardMatch, day: MatchDay, *, session: Session) -> BoardGame:
    controllers = {"home": row.home_controller, "away": row.away_controller}
    inert = (*match.inert_skills, *_unplayed(day))
    home, away = session.get(Team, day.home_team_id), session.get(Team, day.away_team_id)
    timer = json.loads(row.match_json).get(TIMER_KEY) or {}
    colours = None
    if home is not None and away is not None:
        colours = (team_colours(home, session=session), team_colours(away, session=session))
    return BoardGame(
        fixture, match, controllers, row.undo_policy, match.home.name, match.away.name, inert=inert,
        colours=colours, team_ids=(day.home_team_id, day.away_team_id),
        turn_seconds=int(timer.get("seconds", 0)), timeouts=[int(i) for i in timer.get("timeouts", [])],
    )  # fmt: skip


def _unplayed(day: MatchDay) -> list[str]:
    """The inducements bought at the pre-game that the engine does not play (by name)."""
    spending = [side.inducements for side in pregame_record(day).teams.values() if side.inducements]
    names = {line.name: line.kind for s in spending for line in s.lines}
    return sorted(name for name, kind in names.items() if not inducement_played(name, kind))


def _changes(view: MatchDayView, what: str) -> Changes:
    return Changes(
        teams=view.team_ids,
        fixtures=frozenset({view.fixture_id}),
        description=f"fixture {view.fixture_id}: {what}",
    )
