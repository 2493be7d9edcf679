"""House rules after creation: what each affects, and refusing changes that rewrite played history."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.loader import load_ruleset
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_results import ResultEntry

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def play_one(svc: Services) -> None:
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=3)
    svc.seasons.add_teams("S", TEAMS[:4])
    svc.seasons.schedule("S", "round-robin")
    game = svc.seasons.fixtures("S")[0]
    svc.seasons.set_result(game.id or 0, ResultEntry(home_td=1, away_td=0))


def test_every_setting_says_what_it_affects(demo: Services) -> None:
    effects = demo.leagues.setting_effects(DEMO_LEAGUE)
    keys = [rule.key for rule in load_ruleset(demo.leagues.get_league(DEMO_LEAGUE).ruleset).house_rules]
    assert [e.key for e in effects] == keys
    assert all(e.affects and not e.locked_because for e in effects)


def test_scoring_settings_change_freely_before_any_result(demo: Services) -> None:
    view = demo.leagues.update_settings(DEMO_LEAGUE, {"points_win": 2, "tiebreakers": "swiss"}).value
    assert (view.settings["points_win"], view.settings["tiebreakers"]) == (2, "swiss")


def test_a_played_result_locks_the_scoring_settings(demo: Services) -> None:
    play_one(demo)
    before = demo.leagues.get_league(DEMO_LEAGUE).settings
    locked = {e.key for e in demo.leagues.setting_effects(DEMO_LEAGUE) if e.locked_because}
    assert "points_win" in locked and "tiebreakers" in locked and "budget" not in locked
    with pytest.raises(RuleViolation, match="rewrite the tables of rounds already played") as refused:
        demo.leagues.update_settings(DEMO_LEAGUE, {"budget": 900_000, "points_win": 2})
    assert refused.value.rule == "points_win" and "1 fixture(s)" in str(refused.value)
    assert demo.leagues.get_league(DEMO_LEAGUE).settings == before  # the budget did not change either
    # The same value is no change; settings that act from now on still change.
    same = demo.leagues.update_settings(DEMO_LEAGUE, {"points_win": before["points_win"], "budget": 900_000})
    assert same.value.settings["budget"] == 900_000
