"""Golden numbers of the BB2020 re-draft (reference ``league.yaml`` ``re_draft``): the budget,
re-hire prices, carried-over staff and re-rolls, niggling-injury and retirement-return rolls."""

from league_manager.rules.dice import ScriptedDice
from league_manager.rules.redraft import (
    BB2020_REDRAFT,
    SeasonRecord,
    carry_over_cost,
    niggling_gained,
    niggling_rolls,
    raise_funds,
    rehire_cost,
    return_rolls,
    rolls_needed,
)


def test_budget_is_base_plus_treasury_plus_gold_per_game_win_and_draw() -> None:
    # 1,000,000 + 205,000 treasury + 6 games x 20,000 + 3 wins x 20,000 + 2 draws x 10,000
    budget = raise_funds(BB2020_REDRAFT, 205_000, SeasonRecord(played=6, won=3, drawn=2))
    assert (budget.games, budget.wins, budget.draws) == (120_000, 60_000, 20_000)
    assert budget.raised == budget.total == 1_405_000 and budget.capped_by == 0


def test_the_optional_cap_takes_off_what_is_over_it() -> None:
    budget = raise_funds(BB2020_REDRAFT, 205_000, SeasonRecord(6, 3, 2), cap=BB2020_REDRAFT.suggested_cap)
    assert budget.cap == 1_300_000 and budget.total == 1_300_000 and budget.capped_by == 105_000
    below = raise_funds(BB2020_REDRAFT, 0, SeasonRecord(2, 0, 0), cap=1_300_000)
    assert below.total == 1_040_000 and below.capped_by == 0


def test_a_kept_player_costs_his_value_plus_20000_per_season_played() -> None:
    assert rehire_cost(BB2020_REDRAFT, 85_000, 1) == 105_000
    assert rehire_cost(BB2020_REDRAFT, 85_000, 3) == 145_000
    assert rehire_cost(BB2020_REDRAFT, 85_000, 0) == 85_000


def test_staff_and_rerolls_are_carried_over_at_their_draft_cost() -> None:
    costs = {"assistant_coach": 10_000, "cheerleader": 10_000, "apothecary": 50_000}
    staff = {"assistant_coach": 2, "cheerleader": 1, "apothecary": 1}
    assert carry_over_cost(staff, costs, rerolls=3, reroll_cost=60_000) == 260_000


def test_niggling_injury_goes_on_4_plus_with_plus_1_for_an_apothecary() -> None:
    plain = niggling_rolls(BB2020_REDRAFT, 7, 2, False, ScriptedDice([3, 4]))
    assert [r.success for r in plain] == [False, True]
    assert plain[0].describe() == "niggling injury: D6 3, 4+ needed: stays"
    helped = niggling_rolls(BB2020_REDRAFT, 7, 1, True, ScriptedDice([(3, "niggling recovery")]))
    assert helped[0].success and helped[0].describe() == "niggling injury: D6 3 +1 = 4, 4+ needed: removed"
    assert not niggling_rolls(BB2020_REDRAFT, 7, 1, True, ScriptedDice([2]))[0].success


def test_a_returning_player_restores_each_reduction_on_4_plus_and_gains_a_niggling_injury() -> None:
    dice = ScriptedDice([(4, "characteristic restored"), 1, 3])
    rolls = return_rolls(BB2020_REDRAFT, 9, {"MA": 1, "AV": 2}, True, dice)
    assert [(r.characteristic, r.success) for r in rolls] == [("AV", True), ("AV", False), ("MA", True)]
    assert niggling_gained(rolls) == 2
    assert rolls_needed(1, {"MA": 1, "AV": 2}, returning=True) == 4
    assert rolls_needed(1, {"MA": 1}, returning=False) == 1
