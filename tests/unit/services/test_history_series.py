"""History in numbers: career leader boards, a player's match-by-match record, a team's
figures over its games and the standings race, each checked against a hand count."""

from __future__ import annotations

from collections import Counter

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView, PlayerStatLine
from league_manager.services.season_results import ResultEntry

TEAMS = [name for _race, name, _coach in DEMO_TEAMS][:4]


def _season(svc: Services, name: str, seed: int = 11) -> list[FixtureView]:
    svc.seasons.create_season(DEMO_LEAGUE, name, seed=seed)
    svc.seasons.add_teams(name, TEAMS)
    svc.seasons.schedule(name, "round-robin")
    return svc.seasons.fixtures(name)


def _play_all(svc: Services, fixtures: list[FixtureView]) -> None:
    """Every game 2-1 to the home team."""
    for f in fixtures:
        svc.seasons.set_result(f.id or 0, ResultEntry(home_td=2, away_td=1))


def test_standings_race_adds_up_each_round_by_hand(demo: Services) -> None:
    fixtures = _season(demo, "S")
    played = [f for f in fixtures if f.round <= 2]
    _play_all(demo, played)
    race = demo.history.standings_race("S")
    assert race.rounds == ("Round 1", "Round 2")
    win = demo.seasons.standings("S").points["win"]
    expected: dict[str, list[int]] = {}
    for team in TEAMS:
        wins = [sum(1 for f in played if f.round <= r and f.home == team) for r in (1, 2)]
        expected[team] = [w * win for w in wins]
    assert {line.team: list(line.points) for line in race.lines} == expected
    table = {r.team: r.points for r in demo.seasons.standings("S").overall.rows}
    assert {line.team: line.points[-1] for line in race.lines} == table
    assert race.lines[0].points[-1] == max(table.values())  # leaders first


def test_player_record_and_career_leaders_count_every_season(demo: Services) -> None:
    first = _season(demo, "S1")
    _play_all(demo, first)
    game = first[0]
    home = demo.teams.get_team(game.home or "")
    star = home.players[0]
    demo.seasons.record_player_stats(game.id or 0, [PlayerStatLine(star.id, td=2, cas=1, mvp=1, spp=12)])
    second = _season(demo, "S2", seed=12)
    again = next(f for f in second if home.name in {f.home, f.away})
    _play_all(demo, second)
    demo.seasons.record_player_stats(again.id or 0, [PlayerStatLine(star.id, td=1, completions=2, spp=5)])

    record = demo.history.player_matches(star.id)
    assert [(m.season, m.fixture_id) for m in record.matches] == [("S1", game.id), ("S2", again.id)]
    one, two = record.matches
    assert (one.opponent, one.result, one.td, one.cas, one.mvp, one.spp, one.career_spp) == (
        game.away,
        "W 2-1",
        2,
        1,
        1,
        12,
        12,
    )
    won = again.home == home.name
    other = again.away if won else again.home
    assert (two.opponent, two.result, two.completions, two.career_spp) == (
        other,
        "W 2-1" if won else "L 1-2",
        2,
        17,
    )

    season = {b.category: b for b in demo.seasons.leaders("S2").players}
    career_view = demo.seasons.leaders("S2", scope="career")
    career = {b.category: b for b in career_view.players}
    assert career_view.seasons == ("S1", "S2") and career_view.scope == "career"
    assert [(e.player_id, e.value) for e in season["td"].entries] == [(star.id, 1)]
    assert [(e.player_id, e.value) for e in career["td"].entries] == [(star.id, 3)]
    assert career["spp"].entries[0].value == 17
    # S1's career view counts only S1: a season's history does not change with later ones
    assert demo.seasons.leaders("S1", scope="career").seasons == ("S1",)
    teams = {b.category: b for b in career_view.teams}
    hand = Counter[str]()
    for table in (demo.seasons.standings(s).overall.rows for s in ("S1", "S2")):
        for row in table:
            hand[row.team] += row.points
    assert {e.name: e.value for e in teams["points"].entries} == dict(hand.most_common(5))
    with pytest.raises(RuleViolation, match="unknown scope"):
        demo.seasons.leaders("S2", scope="ever")


def test_team_series_follows_the_post_game_records(demo: Services) -> None:
    before = {name: demo.teams.get_team(name) for name in TEAMS}
    demo.seasons.create_season(DEMO_LEAGUE, "Sim", seed=4)
    demo.seasons.add_teams("Sim", TEAMS)
    demo.seasons.schedule("Sim", "round-robin")
    report = demo.season_simulation.simulate("Sim", bot="random", seed=4).value
    name = TEAMS[0]
    series = demo.history.team_series(name)
    start, *games = series.points
    assert (start.fixture_id, start.treasury, start.dedicated_fans) == (
        None,
        before[name].treasury,
        before[name].dedicated_fans,
    )
    mine = [f for f in report.played if name in {f.home, f.away}]
    assert [p.fixture_id for p in games] == [f.fixture_id for f in mine]
    gold, fans = before[name].treasury, before[name].dedicated_fans
    for point, fixture in zip(games, mine, strict=True):
        day = demo.match_day.get(fixture.fixture_id)
        assert day.post is not None
        side = "home" if day.home == name else "away"
        post = day.post.teams[side]
        gold += post.winnings - post.mistake_loss
        fans += post.fans_change
        assert (point.treasury, point.dedicated_fans) == (gold, fans)
        assert point.team_value is not None
    assert games[0].team_value == before[name].current_team_value
    after = demo.teams.get_team(name)
    assert (games[-1].treasury, games[-1].dedicated_fans) == (after.treasury, after.dedicated_fans)
