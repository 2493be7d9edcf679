"""Replays: every match played on the engine or the board replays from its seed, dice and actions."""

import json

import pytest
from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.match.bots import make_bot, play
from league_manager.services.facade import Services
from league_manager.services.match_day.board_store import find_board
from league_manager.services.season_read_models import FixtureView


def _id(fixture: FixtureView) -> int:
    assert fixture.id is not None
    return fixture.id


def _board_match(demo: Services, fixture: int, undo_at: int = 0) -> None:
    """A board match played to the end by bots (with an undo when ``undo_at``), then finished."""
    demo.match_day.pregame(fixture, seed=5)
    game = demo.board.start(fixture, seed=21)
    bots = (make_bot("random", 3), make_bot("random", 4))
    if undo_at:
        for _ in range(undo_at):
            prompt = game.match.prompt
            assert prompt is not None
            game.match.apply(bots[prompt.team].choose(game.match))
        demo.board.save(fixture, game)
        game.match.undo()
        demo.board.save(fixture, game, undo_by="home coach", confirmed_by="away coach")
    play(game.match, bots)
    demo.board.save(fixture, game)
    demo.board.finish(fixture, game)


def test_every_stored_match_of_the_demo_league_replays_exactly(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    engine_played = [_id(f) for f in fixtures[:2]]
    for seed, fixture in enumerate(engine_played, start=11):
        demo.match_day.play(fixture, seed=seed, bot="greedy" if seed % 2 else "random")
    _board_match(demo, _id(fixtures[2]))
    _board_match(demo, _id(fixtures[3]), undo_at=30)
    reports = []
    for fixture in fixtures:
        try:
            reports.append(demo.replays.replay(_id(fixture)))
        except RuleViolation:
            continue  # not played yet
    assert [r.fixture_id for r in reports] == [_id(f) for f in fixtures[:4]]
    assert [r.source for r in reports] == ["engine", "engine", "board", "board"]
    for report in reports:
        assert report.exact, report.summary()
        assert report.state_matches is True and report.result_matches is True
        assert report.stored_state == report.replayed_state
    view = demo.match_day.get(engine_played[0])
    assert view.pre.engine is not None
    assert len(view.pre.engine.actions) == reports[0].actions > 100


def test_a_record_that_does_not_reach_its_stored_state_is_reported(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    fixture = _id(fixtures[2])
    _board_match(demo, fixture)
    with Session(demo.engine) as session:
        row = find_board(fixture, session=session)
        assert row is not None
        document = json.loads(row.match_json)
        document["state_digest"] = "0" * 16
        document["dice"]["seed"] = document["dice"]["seed"] + 1  # other dice: another match
        row.match_json = json.dumps(document)
        session.add(row)
        session.commit()
    report = demo.replays.replay(fixture)
    assert not report.exact
    assert report.state_matches is False
    assert "DOES NOT replay" in report.summary()


def test_an_in_progress_board_match_replays_to_its_last_save(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    fixture = _id(fixtures[0])
    demo.match_day.pregame(fixture, seed=5)
    game = demo.board.start(fixture, seed=8)
    bots = (make_bot("random", 1), make_bot("random", 2))
    for _ in range(50):
        prompt = game.match.prompt
        assert prompt is not None
        game.match.apply(bots[prompt.team].choose(game.match))
    demo.board.save(fixture, game)
    report = demo.replays.replay(fixture)
    assert report.exact and report.state_matches is True and report.result_matches is None
    assert report.actions == 50
    stored = demo.replays.stored(fixture)
    assert stored.source == "board" and stored.state == "in_progress"
    assert stored.rebuild(20).actions == game.match.actions[:20]


def test_a_fixture_without_a_played_match_is_refused(demo: Services, fixtures: list[FixtureView]) -> None:
    with pytest.raises(RuleViolation, match="no match day"):
        demo.replays.replay(_id(fixtures[0]))
    demo.match_day.pregame(_id(fixtures[0]), seed=5)
    with pytest.raises(RuleViolation, match="not played on the board or the engine"):
        demo.replays.replay(_id(fixtures[0]))


def test_board_rows_keep_the_state_fingerprint(demo: Services, fixtures: list[FixtureView]) -> None:
    fixture = _id(fixtures[0])
    demo.match_day.pregame(fixture, seed=5)
    demo.board.start(fixture, seed=8)
    with Session(demo.engine) as session:
        row = find_board(fixture, session=session)
        assert row is not None and len(json.loads(row.match_json)["state_digest"]) == 16
