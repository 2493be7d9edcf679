"""The turn timer on a league's board match: the setting reaches the match, timeouts are kept
with its record, survive a resume, cannot be undone on the board, and the match replays exactly."""

from __future__ import annotations

import json

from sqlmodel import Session, select

from league_manager.match import actions as a
from league_manager.match.bots import make_bot
from league_manager.match.turn_timer import timeout_action, turn_started
from league_manager.persistence.board_models import BoardMatch
from league_manager.services.facade import Services
from league_manager.services.match_day.board import TIMER_KEY, BoardGame
from league_manager.services.season_read_models import FixtureView


def _start(demo: Services, fixture: FixtureView) -> BoardGame:
    assert fixture.id is not None
    demo.match_day.pregame(fixture.id, seed=5)
    return demo.board.start(fixture.id, seed=21)


def _to_own_turn_prompt(demo: Services, game: BoardGame, kind: str) -> None:
    bots = (make_bot("random", 3), make_bot("random", 4))
    for _ in range(3000):
        prompt = game.match.prompt
        assert prompt is not None
        own = prompt.team == game.match.state.active and turn_started(game.match) is not None
        if prompt.kind == kind and own:
            return
        game.match.apply(bots[prompt.team].choose(game.match))
        demo.board.save(game.fixture_id, game)
    raise AssertionError(f"no {kind} prompt came")


def _time_out(demo: Services, game: BoardGame) -> None:
    """What the board does at zero: the engine's own actions, each noted as a timeout."""
    while (action := timeout_action(game.match)) is not None:
        game.timeouts.append(len(game.match.actions))
        game.match.apply(action)
        demo.board.save(game.fixture_id, game)
        if action.kind == a.END_TURN:
            return


def _record(demo: Services, fixture: int) -> dict[str, object]:
    with Session(demo.engine) as session:
        row = session.exec(select(BoardMatch).where(BoardMatch.fixture_id == fixture)).one()
        document: dict[str, object] = json.loads(row.match_json)
        return document


def test_off_by_default(demo: Services, fixtures: list[FixtureView]) -> None:
    game = _start(demo, fixtures[0])
    assert game.turn_seconds == 0 and game.timeouts == []
    assert _record(demo, game.fixture_id)[TIMER_KEY] == {"seconds": 0, "timeouts": []}


def test_the_league_setting_reaches_the_match_and_a_timeout_is_kept_and_replays(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    demo.leagues.update_settings("Demo League", {"turn_timer_seconds": 240})
    game = _start(demo, fixtures[0])
    assert game.turn_seconds == 240
    _to_own_turn_prompt(demo, game, a.ACTIVATION)
    team, turn = game.match.state.active, game.match.state.turn[game.match.state.active]
    first = len(game.match.actions)
    _time_out(demo, game)
    assert game.match.actions[first:] == [a.Action(a.END_ACTIVATION), a.Action(a.END_TURN)]
    assert (game.match.state.active, game.match.state.turn[team]) != (team, turn) or game.match.prompt is None
    assert _record(demo, game.fixture_id)[TIMER_KEY] == {"seconds": 240, "timeouts": [first, first + 1]}
    resumed = demo.board.resume(game.fixture_id)
    assert resumed.turn_seconds == 240 and resumed.timeouts == [first, first + 1]
    report = demo.replays.replay(game.fixture_id)
    assert report.exact and report.state_matches and report.actions == len(game.match.actions)
