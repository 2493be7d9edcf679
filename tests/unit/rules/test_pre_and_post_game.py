"""Pre-game and post-game rules with scripted dice and hand-computed numbers."""

import pytest

from league_manager.rules.dice import ScriptedDice
from league_manager.rules.model import Ruleset
from league_manager.rules.postgame.expensive_mistakes import expensive_mistake
from league_manager.rules.postgame.fans import fans_change
from league_manager.rules.postgame.mvp import pick_mvp
from league_manager.rules.postgame.spp import PlayerTally, spp_earned, spp_lines
from league_manager.rules.postgame.winnings import winnings
from league_manager.rules.pregame.fans import fan_factor
from league_manager.rules.pregame.journeymen import journeymen_needed
from league_manager.rules.pregame.petty_cash import petty_cash, underdog_budget
from league_manager.rules.pregame.prayers import prayers_owed, roll_prayers


def test_fan_factor_and_journeymen() -> None:
    assert fan_factor(ScriptedDice([2]), 3) == (2, 5)
    assert journeymen_needed(9) == 2 and journeymen_needed(12) == 0


def test_season3_winnings_add_the_not_stalling_bonus() -> None:
    assert winnings(5, 2, 10_000, not_stalling=10_000) == 25_000 + 20_000 + 10_000
    assert winnings(5, 2, 10_000, opponent_conceded=True, not_stalling=10_000) == 80_000
    assert winnings(5, 2, 10_000, conceded=True, not_stalling=10_000) == 0


def test_petty_cash_season3_lets_the_underdog_add_50k() -> None:
    cash = petty_cash(1_000_000, 1_150_000, 80_000, 200_000, "season3")
    assert (cash.underdog, cash.petty_cash, cash.underdog_treasury_cap) == ("home", 150_000, 50_000)
    assert underdog_budget(cash, 30_000, 80_000) == 150_000 + 30_000 + 50_000
    assert underdog_budget(cash, 0, 20_000) == 170_000
    assert petty_cash(1_000_000, 1_000_000, 1, 1, "season3").underdog is None


def test_petty_cash_errata_and_original() -> None:
    cash = petty_cash(1_000_000, 1_150_000, 50_000, 200_000)
    assert (cash.underdog, cash.petty_cash, cash.favourite_may_spend) == ("home", 150_000, 200_000)
    assert underdog_budget(cash, favourite_spent=100_000, underdog_treasury=50_000) == 250_000
    original = petty_cash(1_000_000, 1_150_000, 50_000, 200_000, "original")
    assert underdog_budget(original, 0, 50_000) == 200_000
    assert petty_cash(1_000_000, 1_000_000, 1, 1).underdog is None


def test_prayers(ruleset: Ruleset) -> None:
    assert prayers_owed(149_999, 50_000) == 2 and prayers_owed(40_000, 50_000) == 0
    prayers = roll_prayers(ruleset, 2, ScriptedDice([10, 10, 1]))  # duplicate re-rolled
    assert [p.name for p in prayers] == ["Perfect Passing", "Treacherous Trapdoor"]
    assert prayers[0].lasts == "game"


@pytest.mark.parametrize(
    "attendance, tds, conceded, opp_conceded, expected",
    [
        (9, 2, False, False, 65_000),
        (8, 0, False, False, 40_000),
        (9, 1, True, False, 0),
        (9, 1, False, True, 100_000),
    ],
)
def test_winnings(attendance: int, tds: int, conceded: bool, opp_conceded: bool, expected: int) -> None:
    assert winnings(attendance, tds, 10_000, conceded=conceded, opponent_conceded=opp_conceded) == expected


def test_dedicated_fans() -> None:
    assert fans_change("won", 3, ScriptedDice([3])) == (1, 3)
    assert fans_change("won", 3, ScriptedDice([2])) == (0, 2)
    assert fans_change("lost", 3, ScriptedDice([2])) == (-1, 2)
    assert fans_change("lost", 3, ScriptedDice([3])) == (0, 3)
    assert fans_change("drawn", 3, ScriptedDice([])) == (0, None)
    assert fans_change("conceded", 2, ScriptedDice([3])) == (-1, 3)  # never below 1
    assert fans_change("won", 7, ScriptedDice([6])) == (0, 6)


def test_expensive_mistakes(ruleset: Ruleset) -> None:
    table = ruleset.expensive_mistakes
    assert expensive_mistake(table, 95_000, ScriptedDice([])).loss == 0
    minor = expensive_mistake(table, 150_000, ScriptedDice([1, 2]))
    assert (minor.incident, minor.loss) == ("Minor Incident", 20_000)
    major = expensive_mistake(table, 315_000, ScriptedDice([1]))
    assert (major.incident, major.loss) == ("Major Incident", 155_000)
    cat = expensive_mistake(table, 650_000, ScriptedDice([1, 3, 4]))
    assert (cat.incident, cat.loss) == ("Catastrophe", 580_000)
    assert expensive_mistake(table, 250_000, ScriptedDice([6])).incident == "Crisis Averted"


def test_spp_and_mvp(ruleset: Ruleset) -> None:
    awards = ruleset.advancement.spp_awards
    tally = PlayerTally(td=2, comp=1, interceptions=1, cas=1, mvp=1)
    assert spp_earned(tally, awards) == 6 + 1 + 2 + 2 + 4
    assert spp_earned(tally, awards, {"COMP": 2}) == 16  # Perfect Passing
    assert spp_lines(PlayerTally(td=1, cas=2), awards) == [("1 TD", 3), ("2 CAS", 4)]
    assert pick_mvp([11, 12, 13, 14, 15], ScriptedDice([6, 2])) == 12  # D6: 6 re-rolled
    assert pick_mvp([], ScriptedDice([])) is None
    assert pick_mvp(list(range(12)), ScriptedDice([16, 12])) == 11
