"""A score typed on the season page is marked "score only — post-game not done" until a match day runs."""

from __future__ import annotations

from league_manager.cli.season_commands import render_fixtures
from league_manager.services.facade import Services
from league_manager.services.season_read_models import SCORE_ONLY, FixtureView, ResultEntry


def _fixture(demo: Services, fixture_id: int) -> FixtureView:
    return demo.seasons.get_fixture(fixture_id)


def test_typed_score_is_marked_and_match_day_clears_the_mark(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    typed, other = fixtures[0].id or 0, fixtures[1].id or 0
    demo.seasons.set_result(typed, ResultEntry(home_td=2, away_td=1))
    demo.seasons.set_result(other, ResultEntry(conceded_by="home", home_td=0, away_td=1))
    assert _fixture(demo, typed).score_only and _fixture(demo, typed).post_game_pending == SCORE_ONLY
    assert _fixture(demo, other).score_only  # a typed concession skipped the post-game too
    listed = {f.id: f for f in demo.seasons.fixtures("S")}
    assert listed[typed].score_only and listed[typed].to_dict()["score_only"] is True
    assert not listed[fixtures[2].id].score_only  # no result yet: nothing pending
    assert f"2-1 (CAS 0-0)  [{SCORE_ONLY}: `fixture clear-result {typed}`" in render_fixtures(
        list(listed.values())
    )
    # finishing it: clear the bare score, then the match day runs to its post-game
    demo.seasons.clear_result(typed)
    demo.match_day.pregame(typed, seed=4)
    demo.match_day.play(typed, seed=4)
    demo.match_day.postgame(typed, seed=4)
    done = _fixture(demo, typed)
    assert done.result is not None and not done.score_only and done.post_game_pending == ""


def test_forfeit_and_bye_are_not_score_only(demo: Services, fixtures: list[FixtureView]) -> None:
    fid = fixtures[0].id or 0
    demo.seasons.set_result(fid, ResultEntry(forfeit="away"))
    assert not _fixture(demo, fid).score_only
