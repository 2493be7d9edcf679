"""Odds of single tests, blocks and passes against hand-computed fractions."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import away, home

from league_manager.match import scenario as scenario_mod
from league_manager.match.actions import (
    ACTIVATE,
    DECLINE,
    MOVE,
    USE_PRO,
    USE_SKILL_REROLL,
    USE_TEAM_REROLL,
    Action,
)
from league_manager.match.chances import DiceTest, Rerolls, chain_success, kind_bit
from league_manager.match.engine import Match
from league_manager.match.odds import block_odds, p_roll, pass_odds, reroll_odds
from league_manager.match.pitch import sq


def build(players: list[dict[str, Any]], **extra: Any) -> Match:
    """A match at the start of a home turn with the given players."""
    data: dict[str, Any] = {"name": "odds", "players": players, "dice": [], **extra}
    _scenario, match, _dice = scenario_mod.build(data)
    return match


@pytest.mark.parametrize(
    ("target", "rerolls", "expected"),
    [
        (3, False, 4 / 6),
        (3, True, 1 - (1 / 3) ** 2),
        (1, False, 5 / 6),  # a 1 always fails
        (7, False, 1 / 6),  # a 6 always succeeds
        (4, 0.5, 1 / 2 + 1 / 2 * 1 / 2 * 1 / 2),  # team re-roll with Loner (4+)
        (2, 4 / 6, 5 / 6 + 1 / 6 * 4 / 6 * 5 / 6),  # Pro
    ],
)
def test_p_roll(target: int, rerolls: float | bool, expected: float) -> None:
    assert p_roll(target, rerolls) == pytest.approx(expected)


def test_chain_spends_a_once_skill_once() -> None:
    q = 5 / 6
    sure_feet = Rerolls(once=kind_bit("rush"))
    bare, with_rr = chain_success([DiceTest("rush", 2), DiceTest("rush", 2)], sure_feet)
    assert bare == pytest.approx(q * q)
    assert with_rr == pytest.approx(q * q * (1 + 2 * (1 - q)))


def test_chain_uses_skill_before_team_reroll() -> None:
    # Dodge 4+ twice with Dodge and one team re-roll: both failures can be re-rolled.
    rr = Rerolls(team=1, once=kind_bit("dodge"))
    _bare, with_rr = chain_success([DiceTest("dodge", 4), DiceTest("dodge", 4)], rr)
    one = 1 / 2 + 1 / 2 * 1 / 2
    assert with_rr == pytest.approx(one * one)


def test_tackle_cancels_the_dodge_reroll() -> None:
    rr = Rerolls(once=kind_bit("dodge"))
    _bare, with_rr = chain_success([DiceTest("dodge", 3, skill_cancelled=True)], rr)
    assert with_rr == pytest.approx(4 / 6)


def test_always_skill_rerolls_every_failure() -> None:
    rr = Rerolls(always=kind_bit("pick_up"))
    _bare, with_rr = chain_success([DiceTest("pick_up", 4), DiceTest("pick_up", 4)], rr)
    assert with_rr == pytest.approx(0.75 * 0.75)


def test_untouched_trapdoor_is_not_rerolled() -> None:
    _bare, with_rr = chain_success([DiceTest("trapdoor", 2, rerollable=False)], Rerolls(team=3))
    assert with_rr == pytest.approx(5 / 6)


# Blocks ------------------------------------------------------------------------------
def test_one_die_block_plain_players() -> None:
    m = build([home("h1", 5, 7), away("a1", 6, 7)], rerolls=[0, 0])
    odds = block_odds(m, 0, 1, blitz=False)
    assert (odds.dice, odds.attacker_chooses) == (1, True)
    assert odds.outcomes["defender_down"] == pytest.approx(2 / 6)  # Stumble, POW
    assert odds.outcomes["both_down"] == pytest.approx(1 / 6)
    assert odds.outcomes["attacker_down"] == pytest.approx(1 / 6)
    assert odds.p_push_only == pytest.approx(2 / 6)
    assert odds.p_attacker_down == pytest.approx(2 / 6)
    assert odds.outcomes_rr == pytest.approx(odds.outcomes)  # no re-roll left


def test_two_dice_with_an_assist_attacker_chooses() -> None:
    m = build([home("h1", 5, 7), home("h2", 6, 8), away("a1", 6, 7)], rerolls=[0, 0])
    odds = block_odds(m, 0, 2, blitz=False)
    assert (odds.dice, odds.attacker_chooses, odds.st_attacker, odds.st_defender) == (2, True, 4, 3)
    assert odds.outcomes["defender_down"] == pytest.approx(1 - (4 / 6) ** 2)
    # Both Down is taken only over Player Down: {PD, BD} dice with at least one BD.
    assert odds.outcomes["both_down"] == pytest.approx((2 / 6) ** 2 - (1 / 6) ** 2)
    assert odds.outcomes["attacker_down"] == pytest.approx((1 / 6) ** 2)


def test_defender_chooses_two_dice() -> None:
    m = build([home("h1", 5, 7), away("a1", 6, 7, stats=[6, 4, 3, 4, 9])], rerolls=[0, 0])
    odds = block_odds(m, 0, 1, blitz=False)
    assert (odds.dice, odds.attacker_chooses) == (2, False)
    assert odds.outcomes["attacker_down"] == pytest.approx(1 - (5 / 6) ** 2)
    assert odds.outcomes["defender_down"] == pytest.approx((2 / 6) ** 2)


def test_block_dodge_tackle_and_rerolls() -> None:
    players = [home("h1", 5, 7, skills=["Block"]), away("a1", 6, 7, skills=["Dodge"])]
    odds = block_odds(build(players, rerolls=[1, 0]), 0, 1, blitz=False)
    # Block: Both Down knocks only the defender down; Dodge: Stumble is a push.
    assert odds.outcomes["defender_down"] == pytest.approx(2 / 6)
    assert odds.outcomes["attacker_down"] == pytest.approx(1 / 6)
    # A team re-roll is spent on Player Down: 1/6 * (the same distribution again).
    assert odds.outcomes_rr["attacker_down"] == pytest.approx(1 / 36)
    assert odds.outcomes_rr["defender_down"] == pytest.approx(2 / 6 + 1 / 6 * 2 / 6)
    tackler = [home("h1", 5, 7, skills=["Tackle"]), away("a1", 6, 7, skills=["Dodge"])]
    assert block_odds(build(tackler), 0, 1, False).outcomes["defender_down"] == pytest.approx(2 / 6)


def test_juggernaut_wrestle_and_horns() -> None:
    wrestler = [home("h1", 5, 7, skills=["Wrestle"]), away("a1", 6, 7)]
    odds = block_odds(build(wrestler, rerolls=[0, 0]), 0, 1, blitz=False)
    assert odds.outcomes["both_prone"] == pytest.approx(1 / 6)
    jugg = [home("h1", 5, 7, skills=["Juggernaut", "Horns"]), away("a1", 6, 7, skills=["Wrestle"])]
    odds = block_odds(build(jugg, rerolls=[0, 0]), 0, 1, blitz=True)
    assert (odds.dice, odds.st_attacker) == (2, 4)  # Horns +1 on a Blitz
    assert "both_prone" not in odds.outcomes and "both_down" not in odds.outcomes


def test_dauntless_mixes_the_dice_counts() -> None:
    players = [home("h1", 5, 7, skills=["Dauntless"]), away("a1", 6, 7, stats=[6, 5, 3, 4, 9])]
    odds = block_odds(build(players, rerolls=[0, 0]), 0, 1, blitz=False)
    assert (odds.dice, odds.attacker_chooses) == (2, False)
    win = 4 / 6  # D6 + ST 3 must beat ST 5: a 3+; then one die, the attacker choosing
    expected_pd = win * 1 / 6 + (1 - win) * (1 - (5 / 6) ** 2)
    assert odds.outcomes["attacker_down"] == pytest.approx(expected_pd)


# Passes ------------------------------------------------------------------------------
def test_quick_pass_to_a_marked_catcher_with_an_interceptor() -> None:
    players = [
        home("h1", 5, 7, ball=True),
        home("h2", 8, 7),
        away("a1", 7, 7),  # under the ruler, marks the catcher
    ]
    m = build(players, rerolls=[0, 0])
    odds = pass_odds(m, 0, sq(8, 7))
    assert (odds.band, odds.band_name) == (1, "Quick Pass")
    assert odds.need == 4 and odds.p_accurate == pytest.approx(1 / 2)
    assert odds.catch_need == 4 and odds.p_catch == pytest.approx(1 / 2)
    assert odds.interceptors == [(2, 6)]  # AG 3+, accurate pass -3, but a 6 always works
    # Then the catch: 3+ with -1 (interception) and -1 (marked by the catcher) needs a 5.
    assert odds.p_interception == pytest.approx(1 / 6 * 2 / 6)
    assert odds.p_complete == pytest.approx(1 / 2 * (5 / 6) * 1 / 2)


def test_long_pass_with_pass_skill_and_team_rerolls() -> None:
    players = [home("h1", 5, 7, ball=True, skills=["Pass"]), home("h2", 12, 7, skills=["Catch"])]
    m = build(players, rerolls=[2, 0], weather="very_sunny")
    odds = pass_odds(m, 0, sq(12, 7))
    assert odds.band_name == "Long Pass"
    assert odds.need == 6  # PA 4+, long -2, Very Sunny -1: 7 counts as 6
    assert odds.p_accurate == pytest.approx(1 / 6)
    assert odds.p_accurate_rr == pytest.approx(1 / 6 + 5 / 6 * 1 / 6)
    assert odds.p_catch_rr == pytest.approx(1 - (1 / 3) ** 2)
    assert odds.interceptors == []


def test_a_blizzard_leaves_a_long_pass_no_chance_and_a_short_one_its_own() -> None:
    players = [home("h1", 5, 7, ball=True, skills=["Pass"]), home("h2", 12, 7), home("h3", 9, 7)]
    m = build(players, rerolls=[2, 0], weather="blizzard")
    long = pass_odds(m, 0, sq(12, 7))
    assert long.band == -1 and long.p_complete == 0.0  # the engine offers no long pass in a Blizzard
    short = pass_odds(m, 0, sq(9, 7))
    assert short.band_name == "Short Pass" and short.p_complete > 0


def test_no_pa_cannot_pass_accurately() -> None:
    players = [home("h1", 5, 7, ball=True, stats=[6, 3, 3, 0, 9]), home("h2", 7, 7)]
    odds = pass_odds(build(players), 0, sq(7, 7))
    assert odds.need == 0 and odds.p_accurate == 0.0 and odds.p_complete == 0.0


def test_reroll_prompt_shows_each_source_with_its_chance() -> None:
    players = [home("h1", 5, 7, skills=["Dodge", "Pro", "Loner (4+)"]), away("a1", 6, 7), away("a2", 3, 8)]
    data: dict[str, Any] = {"name": "rr", "players": players, "dice": [2], "rerolls": [1, 0]}
    m = scenario_mod.build(data)[1]
    m.apply(Action(ACTIVATE[MOVE], 0))
    m.apply(Action(MOVE, 0, sq(4, 7)))  # dodge 3+ with -1 (a2): a 4+, rolled a 2
    chances = reroll_odds(m)
    assert chances == {
        Action(USE_SKILL_REROLL, 0): pytest.approx(1 / 2),
        Action(USE_TEAM_REROLL, 0): pytest.approx(1 / 2 * 1 / 2),
        Action(USE_PRO, 0): pytest.approx(4 / 6 * 1 / 2),
        Action(DECLINE): 0.0,
    }
    assert reroll_odds(build([home("h1", 5, 7)])) == {}
