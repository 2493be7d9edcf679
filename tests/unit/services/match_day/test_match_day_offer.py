"""The inducement offer: what a team may buy before the pre-game, by the purchase rules."""

from collections.abc import Callable

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.services.facade import Services
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.season_read_models import FixtureView


def _game(fixtures: list[FixtureView]) -> FixtureView:
    return next(f for f in fixtures if {f.home, f.away} == {"Middenheim Marauders", "Gutrot Ironjaws"})


def test_offer_prices_limits_and_budgets(
    demo: Services, fixtures: list[FixtureView], give_gold: Callable[[int, int], None]
) -> None:
    game = _game(fixtures)
    orcs = demo.teams.get_team("Gutrot Ironjaws")
    give_gold(orcs.id, 100_000)
    side = {game.home: "home", game.away: "away"}
    fav, dog = side[orcs.name], side["Middenheim Marauders"]
    offer = demo.match_day.inducement_offer(game.id or 0)
    assert offer.problem is None
    assert (offer.sides[fav].role, offer.sides[fav].budget) == ("favourite", 100_000)
    assert (offer.sides[dog].role, offer.sides[dog].budget, offer.sides[dog].petty_cash) == (
        "underdog",
        40_000,
        40_000,
    )
    kegs = next(line for line in offer.sides[fav].lines if line.name == "Bloodweiser Kegs")
    assert (kegs.unit_cost, kegs.may_add, kegs.limit) == (50_000, 2, 2)
    assert not any(line.name == "Barik Farblast" for line in offer.sides[fav].lines)
    assert any(line.is_star for line in offer.sides[fav].lines)
    # the favourite buys a keg: one more keg allowed, the underdog's petty cash grows by its price
    chosen = {fav: [Purchase("Bloodweiser Kegs")]}
    offer = demo.match_day.inducement_offer(game.id or 0, chosen)
    kegs = next(line for line in offer.sides[fav].lines if line.name == "Bloodweiser Kegs")
    assert (kegs.chosen, kegs.may_add) == (1, 1)
    assert kegs.why_not and "at most 2" in kegs.why_not  # the rules' own words for the third
    assert (offer.sides[fav].spent, offer.sides[dog].budget) == (50_000, 90_000)
    cheer = next(line for line in offer.sides[dog].lines if line.name == "Temp Agency Cheerleaders")
    assert cheer.may_add == min(cheer.limit or 99, 90_000 // cheer.unit_cost)
    # a refused choice says why, in the purchase validation's words
    offer = demo.match_day.inducement_offer(game.id or 0, {fav: [Purchase("Bloodweiser Kegs", 3)]})
    assert offer.problem and "at most 2" in offer.problem
    # the offer changes nothing, and is gone once the pre-game was run
    assert demo.teams.get_team(orcs.name).treasury == 100_000
    demo.match_day.pregame(game.id or 0, seed=1, purchases=chosen)
    with pytest.raises(RuleViolation, match="already"):
        demo.match_day.inducement_offer(game.id or 0)


def test_offer_under_the_original_printing_adds_the_underdogs_treasury(
    demo: Services, fixtures: list[FixtureView], give_gold: Callable[[int, int], None]
) -> None:
    game = _game(fixtures)
    humans = demo.teams.get_team("Middenheim Marauders")  # the underdog
    demo.leagues.update_settings(humans.league_id, {"petty_cash": "original"})
    side = "home" if game.home == humans.name else "away"
    offer = demo.match_day.inducement_offer(game.id or 0)
    dog = offer.sides[side]
    assert (dog.role, dog.procedure) == ("underdog", "original")
    assert dog.budget == 40_000 + humans.treasury
