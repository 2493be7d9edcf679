"""League rules: deadlines and their enforcement, concessions before the match, friendlies."""

from datetime import date

import pytest

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView
from league_manager.services.season_results import ResultEntry

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]
NORTH, SOUTH = TEAMS[:4], TEAMS[4:]
TODAY = date(2026, 11, 26)


def season(svc: Services) -> list[FixtureView]:
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11, divisions=["North", "South"])
    svc.seasons.add_teams("S", NORTH, division="North")
    svc.seasons.add_teams("S", SOUTH, division="South")
    svc.seasons.schedule("S", "round-robin")
    return svc.seasons.fixtures("S")


def row(svc: Services, team: str):
    return next(r for r in svc.seasons.standings("S").overall.rows if r.team == team)


def test_overdue_fixtures_become_a_loss_for_both_and_no_shows_lose_points(demo: Services) -> None:
    first, second = season(demo)[:2]
    demo.deadlines.set_deadline(first.id or 0, date(2026, 11, 1))
    demo.deadlines.set_deadline(second.id or 0, date(2026, 12, 1))
    assert [o.fixture_id for o in demo.deadlines.overdue("S", TODAY)] == [first.id]
    assert demo.deadlines.overdue("S", date(2026, 11, 1)) == []  # the deadline day itself is still in time
    done = demo.deadlines.enforce("S", TODAY, no_shows=[first.home or ""]).value
    assert [(d.fixture_id, d.no_show) for d in done] == [(first.id, (first.home,))]
    view = demo.seasons.get_fixture(first.id or 0)
    assert view.status == "administrative" and view.result is not None
    assert (view.result.home_verdict, view.result.away_verdict) == ("L", "L")
    home, away = row(demo, first.home or ""), row(demo, first.away or "")
    assert (home.lost, home.points, away.lost, away.points) == (1, -3, 1, 0)
    assert demo.adjustments.adjustments(first.home or "")[0].reason.startswith("No-show")
    with pytest.raises(RuleViolation, match="past its deadline"):
        demo.deadlines.enforce("S", TODAY)  # nothing left overdue


def test_bad_deadline_requests_change_nothing(demo: Services) -> None:
    first, second = season(demo)[:2]
    demo.deadlines.set_deadline(first.id or 0, date(2026, 11, 1))
    with pytest.raises(RuleViolation, match="no fixture past its deadline"):
        demo.deadlines.enforce("S", TODAY, no_shows=[second.home or ""])
    assert demo.seasons.get_fixture(first.id or 0).status == "scheduled"
    assert demo.adjustments.adjustments(second.home or "") == []
    demo.seasons.set_result(second.id or 0, ResultEntry(home_td=1, away_td=0))
    with pytest.raises(RuleViolation, match="only unplayed fixtures"):
        demo.deadlines.set_deadline(second.id or 0, TODAY)
    with pytest.raises(NotFound):
        demo.deadlines.set_deadline(999, TODAY)


def test_a_concession_before_the_match_pays_the_winner(demo: Services) -> None:
    game = season(demo)[0]
    loser, winner = game.home or "", game.away or ""
    gold_before = demo.teams.get_team(winner).treasury
    conceded = demo.concessions.concede_before(game.id or 0, loser, seed=4).value
    assert conceded.winner == winner and conceded.gold == conceded.gold_die * 10_000
    assert len(conceded.mvps) == 2 and len(set(conceded.mvps)) == 2
    assert demo.teams.get_team(winner).treasury == gold_before + conceded.gold
    spp = {p.name: p.spp for p in demo.teams.get_team(winner).players}
    assert all(spp[name] == 4 for name in conceded.mvps)
    view = demo.seasons.get_fixture(game.id or 0)
    assert view.status == "conceded" and view.result is not None and view.result.score == "0-1"
    assert not view.score_only
    assert row(demo, winner).points == 3
    with pytest.raises(RuleViolation, match="result stands"):
        demo.seasons.clear_result(game.id or 0)


def test_bad_concessions_change_nothing(demo: Services) -> None:
    game = season(demo)[0]
    outsider = next(t for t in TEAMS if t not in (game.home, game.away))
    with pytest.raises(RuleViolation, match="does not play"):
        demo.concessions.concede_before(game.id or 0, outsider)
    demo.match_day.pregame(game.id or 0, seed=1)
    with pytest.raises(RuleViolation, match="match day"):
        demo.concessions.concede_before(game.id or 0, game.home or "")
    assert demo.seasons.get_fixture(game.id or 0).result is None


def test_friendlies_are_across_divisions_once_per_pair(demo: Services) -> None:
    season(demo)
    friendly = demo.concessions.friendly("S", NORTH[0], SOUTH[0]).value
    assert friendly.stage == "friendly"
    with pytest.raises(RuleViolation, match="already have a friendly"):
        demo.concessions.friendly("S", SOUTH[0], NORTH[0])
    with pytest.raises(RuleViolation, match="same division"):
        demo.concessions.friendly("S", NORTH[0], NORTH[1])
    demo.seasons.set_result(friendly.id or 0, ResultEntry(home_td=3, away_td=0))
    assert row(demo, NORTH[0]).points == 0  # no league points


def test_a_friendly_post_game_has_no_mvp(demo: Services) -> None:
    season(demo)
    friendly = demo.concessions.friendly("S", NORTH[0], SOUTH[0]).value
    fixture = friendly.id or 0
    demo.match_day.pregame(fixture, seed=2)
    demo.match_day.record(fixture, {"home": {"score": 0}, "away": {"score": 0}})
    some_player = str(demo.teams.get_team(NORTH[0]).players[0].id)
    with pytest.raises(RuleViolation, match="friendlies have no MVP"):
        demo.match_day.postgame(fixture, seed=3, mvp=[some_player])
    post = demo.match_day.postgame(fixture, seed=3).value.postgame
    assert post is not None
    assert all(side["mvp"] is None for side in post["teams"].values())


def test_a_concession_at_the_table_gives_the_editions_score_and_penalties(demo: Services) -> None:
    game = season(demo)[0]
    fixture = game.id or 0
    with pytest.raises(RuleViolation, match="no pre-game yet"):
        demo.table_concessions.concede_during(fixture, game.home or "", score=(1, 2))
    demo.match_day.pregame(fixture, seed=2)
    outsider = next(t for t in TEAMS if t not in (game.home, game.away))
    with pytest.raises(RuleViolation, match="does not play"):
        demo.table_concessions.concede_during(fixture, outsider)
    view = demo.table_concessions.concede_during(fixture, game.home or "", score=(1, 2), seed=1).value
    assert view.score == (0, 4) and not view.penalty_free  # BB2020: +1 and the conceding team's touchdown
    stored = demo.seasons.get_fixture(fixture)
    assert stored.status == "conceded" and stored.result is not None and stored.result.score == "0-4"
    post = demo.match_day.postgame(fixture, seed=3).value.postgame
    assert post is not None
    home = post["teams"]["home"]
    assert home["outcome"] == "conceded" and home["winnings"] == 0 and home["mvp"] is None
    with pytest.raises(RuleViolation):
        demo.table_concessions.concede_during(fixture, game.home or "")  # the result is in


def test_a_team_of_three_players_concedes_without_penalty(demo: Services) -> None:
    game = season(demo)[0]
    fixture = game.id or 0
    demo.match_day.pregame(fixture, seed=2)
    view = demo.table_concessions.concede_during(fixture, game.home or "", score=(1, 1), players_left=3).value
    assert view.score == (1, 1) and view.penalty_free and view.quit_rolls == ()
    stored = demo.seasons.get_fixture(fixture)
    assert stored.result is not None and stored.result.winner == game.away
    post = demo.match_day.postgame(fixture, seed=3).value.postgame
    assert post is not None
    home = post["teams"]["home"]
    assert home["outcome"] == "lost" and home["winnings"] > 0
