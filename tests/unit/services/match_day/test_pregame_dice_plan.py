"""The pre-game's dice listed in order for typing physical dice, and typing every one of them."""

from collections.abc import Callable

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.dice import Roll
from league_manager.services.facade import Services
from league_manager.services.match_day.dice_slots import DiceSlot, PlanningDice, slots_of
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.season_read_models import FixtureView


def test_consecutive_rolls_of_one_label_make_one_slot() -> None:
    rolls = [
        Roll("D3", 1, "fan factor A"),
        Roll("D3", 1, "fan factor B"),
        Roll("D6", 1, "weather"),
        Roll("D6", 2, "weather"),
        Roll("D16", 1, "prayers to nuffle"),
        Roll("D6", 1, "coin toss"),
    ]
    slots = slots_of(rolls)
    assert [s.caption for s in slots] == [
        "Fan factor A D3", "Fan factor B D3", "Weather 2D6", "Prayers to nuffle D16", "Coin toss D6",
    ]  # fmt: skip
    assert [s.distinct for s in slots] == [False, False, False, True, False]
    assert slots[2] == DiceSlot("weather", 6, 2)


def test_planning_dice_give_different_results_to_repeated_rolls() -> None:
    dice = PlanningDice()
    assert [dice.roll(16, "prayers to nuffle") for _ in range(3)] == [1, 2, 3]
    assert dice.roll(3, "fans") == 1 and len(dice.log) == 4


def test_plan_lists_the_prayers_owed_and_the_typed_dice_run_the_pregame(
    demo: Services, fixtures: list[FixtureView], give_gold: Callable[[int, int], None]
) -> None:
    game = next(f for f in fixtures if {f.home, f.away} == {"Middenheim Marauders", "Gutrot Ironjaws"})
    orcs = "home" if game.home == "Gutrot Ironjaws" else "away"
    give_gold(demo.teams.get_team("Gutrot Ironjaws").id, 300_000)
    purchases = {orcs: [Purchase("Bribes", 2), Purchase("Bloodweiser Kegs")]}
    slots = demo.match_day.pregame_dice(game.id or 0, purchases)
    captions = [s.caption for s in slots]
    assert captions[:3] == [f"Fan factor {game.home} D3", f"Fan factor {game.away} D3", "Weather 2D6"]
    prayers = next(s for s in slots if s.label == "prayers to nuffle")
    assert prayers.distinct and prayers.count >= 1
    assert captions[-1] == "Coin toss D6"
    with pytest.raises(RuleViolation, match="no pre-game yet"):
        demo.match_day.get(game.id or 0)  # the plan is a dry run
    typed = [i + 1 for s in slots for i in range(s.count)]
    view = demo.match_day.pregame(game.id or 0, typed=typed, purchases=purchases, all_typed=True).value
    assert [r["result"] for r in view.pregame["rolls"]] == typed
    assert len(view.pregame["prayers"]["results"]) == prayers.count
    assert view.pregame["seed"] is None  # no program die was rolled
