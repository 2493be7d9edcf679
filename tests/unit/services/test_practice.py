"""Practice matches: two of the file's teams on the engine, nothing written back to the league."""

import pytest

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.match.bots import make_bot, play
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services


def _ids(services: Services) -> dict[str, int]:
    return {t.name: t.id for t in services.teams.list_teams()}


def test_every_engine_team_is_offered_and_a_match_is_built_from_the_rosters(demo: Services) -> None:
    offered = demo.practice.teams()
    assert {t.name for t in offered} == set(_ids(demo))
    assert all(t.ruleset_id == "bb2020" and t.league == "Demo League" for t in offered)
    home, away = offered[0], offered[1]
    practice = demo.practice.match(home.id, away.id, seed=5)
    match = practice.match
    assert (practice.home, practice.away) == (home.name, away.name)
    roster = demo.teams.get_team(home.id)
    assert [p.name for p in match.home.players] == [p.name for p in roster.players if p.available]
    assert practice.journeymen == (0, 0) and practice.ruleset_id == "bb2020"
    assert len(practice.colours) == 2


def test_a_practice_match_played_to_the_end_changes_nothing_in_the_league(demo: Services) -> None:
    ids = _ids(demo)
    before = {name: demo.teams.get_team(i).to_dict() for name, i in ids.items()}
    fixtures_before = len(demo.seasons.list_seasons())
    practice = demo.practice.match(ids["Gutrot Ironjaws"], ids["Middenheim Marauders"], seed=3)
    play(practice.match, (make_bot("greedy", 1), make_bot("greedy", 2)))
    assert practice.match.prompt is None  # the final whistle
    after = {name: demo.teams.get_team(i).to_dict() for name, i in ids.items()}
    assert after == before and len(demo.seasons.list_seasons()) == fixtures_before


def test_the_same_seed_gives_the_same_dice(demo: Services) -> None:
    ids = sorted(_ids(demo).values())
    scores = []
    for _ in range(2):
        practice = demo.practice.match(ids[0], ids[1], seed=11)
        play(practice.match, (make_bot("random", 1), make_bot("random", 2)))
        scores.append((tuple(practice.match.state.score), len(practice.match.actions)))
    assert scores[0] == scores[1]


def test_a_short_team_is_filled_with_journeymen(demo: Services) -> None:
    ids = _ids(demo)
    team = demo.teams.get_team(ids["Gutrot Ironjaws"])
    for player in team.players[:2]:
        demo.roster.fire_player(player.id)
    practice = demo.practice.match(ids["Gutrot Ironjaws"], ids["Sotek Sunscales"], seed=1)
    assert practice.journeymen == (2, 0)
    assert len(practice.match.home.players) == 11
    assert sum(p.journeyman for p in practice.match.home.players) == 2


def test_refusals_name_the_reason(demo: Services) -> None:
    ids = _ids(demo)
    one = ids["Karak Stonefists"]
    with pytest.raises(RuleViolation, match="cannot play itself"):
        demo.practice.match(one, one)
    with pytest.raises(NotFound, match="no team with id 9999"):
        demo.practice.match(one, 9999)
    demo.leagues.create_league("Old World", "lrb2004")
    orcs = DraftPlan("orc", {"Lineman": 7, "Blitzer": 4}, rerolls=1, dedicated_fans=1)
    classic = demo.teams.draft_team("Old World", "Greenskins", "Ann", orcs).value
    assert classic.id not in {t.id for t in demo.practice.teams()}
    with pytest.raises(RuleViolation, match="does not play that edition"):
        demo.practice.match(one, classic.id)
    demo.leagues.create_league("Third", ruleset_id="bb2025")
    third = demo.teams.draft_team("Third", "New Boys", "Bo", DraftPlan("orc", {"Lineman": 11})).value
    with pytest.raises(RuleViolation, match="teams of two editions cannot meet"):
        demo.practice.match(one, third.id)
