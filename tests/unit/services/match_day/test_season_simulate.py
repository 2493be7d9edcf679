"""Season simulation: open fixtures played on the engine with pre-game and post-game, one
transaction each, in round order; a limited or cancelled run keeps what it finished."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.match import bots
from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView
from league_manager.services.season_simulate import fixture_seed
from league_manager.services.season_simulate_models import SimulatedFixture


def _stage(demo: Services, fixture: int) -> str:
    return demo.match_day.get(fixture).stage


def test_every_open_fixture_is_played_with_its_post_game(demo: Services, fixtures: list[FixtureView]) -> None:
    seen: list[tuple[int, int]] = []
    report = demo.season_simulation.simulate(
        "S", bot="greedy", seed=3, progress=lambda done, total, _f: seen.append((done, total))
    ).value
    assert len(report.played) == len(fixtures) == 6
    assert not report.cancelled
    assert [f.round for f in report.fixtures] == sorted(f.round for f in report.fixtures)
    assert seen == [(n, 6) for n in range(1, 7)]
    for f in report.played:
        assert _stage(demo, f.fixture_id) == "post_game_applied"
        view = demo.seasons.get_fixture(f.fixture_id)
        assert view.status == "played"
        assert view.result is not None
        assert (view.result.home_td, view.result.away_td) == (f.home_td, f.away_td)
        assert set(f.seconds) == {"pregame", "engine", "postgame", "database"}
    table = demo.seasons.standings("S")
    assert sum(row.played for row in table.overall.rows) == 12
    with pytest.raises(RuleViolation, match="no open fixture"):
        demo.season_simulation.simulate("S")


def test_rounds_limit_plays_only_the_next_rounds(demo: Services, fixtures: list[FixtureView]) -> None:
    report = demo.season_simulation.simulate("S", rounds=1, seed=1).value
    first = {f.id for f in fixtures if f.round == 1}
    assert {f.fixture_id for f in report.played} == first
    rest = demo.season_simulation.simulate("S", rounds=1, seed=1).value
    assert {f.fixture_id for f in rest.played} == {f.id for f in fixtures if f.round == 2}
    with pytest.raises(RuleViolation, match="at least one round"):
        demo.season_simulation.simulate("S", rounds=0)


def test_a_cancelled_run_keeps_the_fixtures_it_finished(demo: Services, fixtures: list[FixtureView]) -> None:
    done: list[SimulatedFixture] = []
    report = demo.season_simulation.simulate(
        "S", seed=2, progress=lambda _d, _t, f: done.append(f), cancelled=lambda: len(done) >= 2
    ).value
    assert report.cancelled
    assert len(report.played) == 2
    for f in fixtures:
        assert f.id is not None
        status = demo.seasons.get_fixture(f.id).status
        assert status == ("played" if f.id in {d.fixture_id for d in done} else "scheduled")


def test_a_fixture_that_cannot_be_played_is_listed_and_the_run_goes_on(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    first = fixtures[0].id
    assert first is not None
    demo.match_day.pregame(first, seed=1)
    demo.board.start(first, seed=1)
    report = demo.season_simulation.simulate("S", seed=4).value
    refused = [f for f in report.fixtures if f.refused]
    assert [f.fixture_id for f in refused] == [first]
    assert "board" in refused[0].refused
    assert len(report.played) == 5


def test_an_unknown_bot_is_refused_and_seeds_are_per_fixture(demo: Services) -> None:
    with pytest.raises(RuleViolation, match="unknown bot"):
        demo.season_simulation.simulate("S", bot="nobody")
    assert fixture_seed(7, 1) == fixture_seed(7, 1)
    assert fixture_seed(7, 1) != fixture_seed(7, 2)


def test_a_fixture_whose_bots_stall_is_listed_unplayed_and_the_run_goes_on(
    demo: Services, fixtures: list[FixtureView], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bots, "MOST_DECISIONS", 300)  # every real match is longer: each one "stalls"
    report = demo.season_simulation.simulate("S", rounds=1, seed=4).value
    first = [f for f in fixtures if f.round == 1]
    assert not report.played and len(report.fixtures) == len(first)
    assert all("did not end in 300 decisions" in (f.refused or "") for f in report.fixtures)
    for f in first:
        assert f.id is not None
        assert demo.seasons.get_fixture(f.id).status == "scheduled"  # the fixture's changes rolled back
