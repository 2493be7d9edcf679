"""One fixture played on the engine inside the caller's transaction: pre-game when needed,
the match, its result and the engine run kept for the replay.
"""

from __future__ import annotations

import time

from sqlmodel import Session

from league_manager.match.replay import state_digest
from league_manager.persistence.match_day_models import MatchDay
from league_manager.services.match_day.board_store import refuse_if_board_in_progress
from league_manager.services.match_day.classic_guard import refuse_engine
from league_manager.services.match_day.dice import MatchDayDice
from league_manager.services.match_day.play import play_match
from league_manager.services.match_day.pregame import run_pregame
from league_manager.services.match_day.records import EngineRun
from league_manager.services.match_day.result import parse_result, store_result
from league_manager.services.match_day.store import (
    find_match_day,
    lock_fixture_teams,
    pregame_record,
    require_match_day,
    save_pregame,
)

RESULT_STAGES = ("pre_game", "in_progress")


def play_on_engine(
    fixture: int,
    dice: MatchDayDice,
    bot: str,
    *,
    session: Session,
    timings: dict[str, float] | None = None,
) -> MatchDay:
    """Play ``fixture`` on the engine with ``bot`` for both teams and store its result.

    The pre-game runs first (no inducements bought) when the fixture has none yet.

    Args:
        fixture: the fixture's id.
        dice: the program dice; its seed also seeds the engine and the bots.
        bot: a bot name from ``play.BOTS``.
        session: the caller's transaction.
        timings: when given, the seconds spent in the pre-game (``pregame``) and on the
            engine (``engine``) are added to it.

    Returns:
        The match-day record at stage ``result_entered``.

    Raises:
        RuleViolation: a fixture that cannot be played now (board match under way,
            already played, a side unknown).
    """
    refuse_engine(fixture, "play the match on the engine", session=session)
    lock_fixture_teams(fixture, session=session, step="play")
    refuse_if_board_in_progress(fixture, "play the match on the engine", session=session)
    started = time.perf_counter()
    day = find_match_day(fixture, session=session)
    if day is None:
        day = run_pregame(fixture, {}, dice, session=session)
    day = require_match_day(fixture, RESULT_STAGES, "play the match", session=session)
    kicked_off = time.perf_counter()
    result, decisions, match = play_match(day, dice.seed, bot)
    if timings is not None:
        timings["pregame"] = timings.get("pregame", 0.0) + kicked_off - started
        timings["engine"] = timings.get("engine", 0.0) + time.perf_counter() - kicked_off
    store_result(day, parse_result(result, day), session=session)
    engine = EngineRun(
        seed=dice.seed,
        bot=bot,
        decisions=decisions,
        inert_skills=tuple(match.inert_skills),
        actions=tuple(tuple(a.to_list()) for a in match.actions),
        final_state=state_digest(match.state),
    )
    save_pregame(day, pregame_record(day).model_copy(update={"engine": engine}))
    session.add(day)
    return day
