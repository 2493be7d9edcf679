"""Every league-affecting result of the classic (LRB 2004) Handicap table (seed 001 lines 1880-1935)."""

from __future__ import annotations

import pytest

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.rules.classic import load_classic
from league_manager.rules.classic_handicaps import effects as h
from league_manager.rules.classic_handicaps.gate import match_gate, roll_gate_dice
from league_manager.rules.classic_handicaps.league import (
    assassin_injury,
    check_illegal_drugs,
    check_match_skill,
    handicap_mvps,
    winnings_terms,
)
from league_manager.rules.classic_handicaps.match_day import (
    appearance_fee,
    extra_player,
    in_the_bag,
    iron_man,
    match_fan_factor,
    match_staff,
    pay_appearance_fee,
    players_missing,
    random_victims,
)
from league_manager.rules.classic_postmatch.spp import mvp_count
from league_manager.rules.classic_postmatch.tables import load_post_match
from league_manager.rules.classic_postmatch.winnings import roll_winnings
from league_manager.rules.classic_pregame import load_pre_match, roll_gate
from league_manager.rules.dice import ScriptedDice

SQUAD = ["p1", "p2", "p3", "p4", "p5"]


def test_every_result_of_the_table_has_a_landing() -> None:
    assert set(h.LANDINGS) == set(load_pre_match().table)
    assert {n for n, landing in h.LANDINGS.items() if landing.league} == {
        h.APPEARANCE_FEE, h.INSPIRATION, h.BAD_PRESS, h.BRIBE_THE_ANNOUNCERS, h.SPONSORSHIP_DEAL,
        h.TEAM_ANTHEM, h.IT_WASNT_ME, h.THAT_BOYS_GOT_TALENT, h.NEWS_FEATURE, h.ASSASSIN, h.VIRUS,
    }  # fmt: skip
    lrb = load_classic()
    every_skill = {s for c in lrb.skill_categories.values() for s in c} | set(lrb.racial_characteristics)
    every_skill |= {s for c in lrb.trait_categories.values() for s in c}
    assert all(skill in every_skill for skills in h.MATCH_SKILLS.values() for skill in skills)


def test_every_tabletop_result_has_a_line_for_the_coaches() -> None:
    table = load_pre_match().table
    tabletop = [d66 for d66, landing in h.LANDINGS.items() if not landing.league]
    assert len(tabletop) == 25
    for d66 in tabletop:
        result = table[d66]
        assert result.d66 == d66 and result.name and len(result.effect) > 10, d66


def test_bad_press_and_team_anthem_change_the_fan_factor_the_gate_is_rolled_with() -> None:
    assert match_fan_factor(5, own=(), against=(h.BAD_PRESS,)) == 3  # halved, rounding up
    assert match_fan_factor(4, own=(h.TEAM_ANTHEM,), against=()) == 5
    assert match_fan_factor(5, own=(h.TEAM_ANTHEM,), against=(h.BAD_PRESS,)) == 4
    home, away = match_fan_factor(5, (), (h.BAD_PRESS,)), match_fan_factor(2, (h.TEAM_ANTHEM,), ())
    dice = ScriptedDice([1] * 6)
    assert roll_gate(dice, (home, away), load_pre_match()) == 6_000 and dice.remaining == 0


def test_the_gate_rolled_first_follows_bad_press_and_team_anthem() -> None:
    rolled = {"home": (6, 5, 4, 3, 2), "away": (1, 2)}
    both = {"home": (h.TEAM_ANTHEM,), "away": (h.BAD_PRESS,)}  # the home side rolled one, away the other
    gate = match_gate(ScriptedDice([]), rolled, {"home": 5, "away": 2}, both, die=6, fans_per_pip=1_000)
    assert gate.fan_factors == {"home": 4, "away": 2}  # 5 halved to 3, +1; the away side untouched
    assert (gate.dice["home"], gate.dropped["home"], gate.fans) == ((6, 5, 4, 3), (2,), 21_000)
    dice = ScriptedDice([4])
    anthem = {"home": (), "away": (h.TEAM_ANTHEM,)}
    gate = match_gate(dice, rolled, {"home": 5, "away": 2}, anthem, die=6, fans_per_pip=1_000)
    assert (gate.added["away"], gate.dice["away"], gate.fans) == ((4,), (1, 2, 4), 27_000)
    assert dice.remaining == 0
    dice = ScriptedDice([1, 2, 3])
    assert roll_gate_dice(dice, {"home": 2, "away": 1}, 6) == {"home": (1, 2), "away": (3,)}


def test_news_feature_and_sponsorship_deal_change_the_winnings() -> None:
    table = load_post_match().winnings
    assert winnings_terms(()) == winnings_terms((h.EXTRA_TRAINING,))
    terms = winnings_terms((h.NEWS_FEATURE, h.SPONSORSHIP_DEAL))
    roll = roll_winnings(
        ScriptedDice([4, 5]), 30_000, 110, False, table, dice_count=terms.dice_count, bonus=terms.bonus
    )
    assert (roll.dice, roll.score, roll.gold) == ((4, 5), 10, 110_000)


def test_inspiration_and_bribe_the_announcers_give_mvps_before_the_game() -> None:
    draws = handicap_mvps(
        ScriptedDice([(1, "mvp")]), (h.INSPIRATION, h.BRIBE_THE_ANNOUNCERS), SQUAD, inspired="p1"
    )
    assert [(d.player, d.lost) for d in draws] == [("p1", False), ("p2", False)]  # p1 already has one
    assert mvp_count(announcers_bribed=True) == 0
    with pytest.raises(RuleViolation, match="Inspiration"):
        handicap_mvps(ScriptedDice([]), (h.INSPIRATION,), SQUAD)
    with pytest.raises(RuleViolation, match="no Inspiration"):
        handicap_mvps(ScriptedDice([]), (), SQUAD, inspired="p1")


def test_it_wasnt_me_and_virus_keep_players_out_of_the_match() -> None:
    assert players_missing(ScriptedDice([]), (h.VIRUS,), SQUAD, niggled={"p2", "p4"}) == ("p2", "p4")
    out = players_missing(ScriptedDice([(2, "it wasn't me")]), (h.VIRUS, h.IT_WASNT_ME), SQUAD, {"p2"})
    assert out == ("p2", "p3")  # the random pick is among p1, p3, p4, p5
    assert players_missing(ScriptedDice([]), (h.BAD_PRESS,), SQUAD, {"p1"}) == ()


def test_that_boys_got_talent_adds_any_position_for_the_match() -> None:
    human = load_classic().teams["human"]
    assert extra_player(human, "Blitzer").cost == human.position("Blitzer").cost
    with pytest.raises(NotFound):
        extra_player(human, "Dragon")


def test_appearance_fee_names_the_top_spp_player_and_is_paid_from_the_treasury() -> None:
    fee = appearance_fee(ScriptedDice([(4, "appearance fee")]), [("a", 10), ("b", 30), ("c", 5)])
    assert fee is not None and (fee.player, fee.die, fee.fee) == ("b", 4, 20_000)
    tied = appearance_fee(ScriptedDice([(2, "appearance fee player"), 1]), [("a", 30), ("b", 30)])
    assert tied is not None and (tied.player, tied.fee) == ("b", 5_000)
    assert pay_appearance_fee(50_000, fee) == 30_000
    with pytest.raises(RuleViolation, match="treasury"):
        pay_appearance_fee(10_000, fee)
    assert appearance_fee(ScriptedDice([]), []) is None


@pytest.mark.parametrize(
    ("dice", "result"),
    [
        ([3, 3], "stunned"),
        ([4, 4], "ko"),
        ([5, 5, 2], "badly_hurt"),
        ([6, 6, 4], "serious"),
        ([6, 5, 6], "dead"),
    ],
)
def test_the_assassins_injury_roll(dice: list[int], result: str) -> None:
    roll = assassin_injury(ScriptedDice(list(dice)))
    assert roll.result == result
    assert assassin_injury(ScriptedDice([5, 4, 1]), stunty=True).result == "badly_hurt"  # 9 + 1


def test_staff_and_rerolls_for_the_match() -> None:
    plain = match_staff(ScriptedDice([]), 3, 2, 1, True, (), ())
    assert (plain.rerolls, plain.rerolls_first_half, plain.cheerleaders) == (3, 3, 2)
    lucky = match_staff(
        ScriptedDice([(4, "cheerleaders")]), 3, 2, 1, True, (h.EXTRA_TRAINING, h.THAT_BABES_GOT_TALENT), ()
    )
    assert (lucky.rerolls, lucky.cheerleaders, lucky.extra_cheerleaders_die) == (4, 6, 4)
    hit = match_staff(ScriptedDice([]), 3, 2, 1, True, (), (h.BAD_HABITS, h.DOOM_AND_GLOOM, h.MICKEY_FINN),
                      staff_out="apothecary")  # fmt: skip
    assert (hit.rerolls, hit.rerolls_first_half, hit.apothecary, hit.assistant_coaches) == (2, 1, False, 1)
    assert match_staff(ScriptedDice([]), 0, 0, 0, False, (), (h.BAD_HABITS,)).rerolls == 0
    with pytest.raises(RuleViolation, match="Mickey Finn"):
        match_staff(ScriptedDice([]), 1, 0, 0, False, (), (h.MICKEY_FINN,), staff_out="apothecary")
    with pytest.raises(RuleViolation, match="Mickey Finn"):
        match_staff(ScriptedDice([]), 1, 0, 1, False, (), (), staff_out="assistant coach")


def test_players_picked_for_match_only_results() -> None:
    assert random_victims(ScriptedDice([(2, "running late"), 1, 1]), h.RUNNING_LATE, SQUAD) == ("p1", "p2")
    assert len(random_victims(ScriptedDice([(1, "morley's revenge"), 5]), h.MORLEYS_REVENGE, SQUAD)) == 1
    assert random_victims(ScriptedDice([1, 1]), h.I_AM_THE_GREATEST, SQUAD) == ("p1", "p2")
    with pytest.raises(RuleViolation):
        random_victims(ScriptedDice([]), h.PALMED_COIN, SQUAD)
    assert iron_man(ScriptedDice([(3, "iron man")]), SQUAD) == "p3"
    roster = [(f"p{i}", spp) for i, spp in enumerate([0, 50, 3, 0, 90, 7, 1, 2, 0, 0, 4, 6, 8])]
    assert in_the_bag(roster) == tuple(f"p{i}" for i in (0, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12))


def test_intensive_training_and_illegal_drugs_are_checked() -> None:
    lrb = load_classic()
    check_match_skill(lrb, ("G",), "Block", has=())
    with pytest.raises(RuleViolation):
        check_match_skill(lrb, ("G",), "Dodge", has=())
    with pytest.raises(RuleViolation):
        check_match_skill(lrb, ("G",), "Block", has=("Block",))
    assert check_illegal_drugs("AG") == "AG"
    with pytest.raises(RuleViolation):
        check_illegal_drugs("MA")
