"""The classic (LRB 2004) gate, handicap count and D66 handicap rolls, on scripted dice."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic_pregame import (
    choose_handicap,
    handicap_count,
    load_pre_match,
    roll_gate,
    roll_handicaps,
)
from league_manager.rules.dice import DiceExhausted, ScriptedDice

REF = Path(__file__).resolve().parents[2] / "data" / "reference" / "lrb2004" / "pre_match.yaml"


def test_the_handicap_table_matches_the_reference() -> None:
    ref = yaml.safe_load(REF.read_text(encoding="utf-8"))
    table = load_pre_match().table
    assert len(table) == 36
    for entry in ref["handicap_table"]["results"]:
        assert (table[entry["d66"]].name, table[entry["d66"]].effect) == (entry["name"], entry["effect"])
    bands = [(b.low, b.high, b.rolls, b.chosen) for b in load_pre_match().bands]
    assert bands == [(0, 10, 0, 0), (11, 25, 1, 0), (26, 50, 2, 0), (51, 75, 3, 0), (76, 100, 4, 0),
                     (101, None, 4, 1)]  # fmt: skip


def test_gate_rolls_one_die_per_combined_fan_factor_point() -> None:
    dice = ScriptedDice([6, 5, 4, 3, 2, 1])
    assert roll_gate(dice, (2, 4), load_pre_match()) == 21_000
    assert dice.remaining == 0


@pytest.mark.parametrize(
    ("home", "away", "underdog", "rolls", "chosen"),
    [(120, 130, "home", 0, 0), (120, 131, "home", 1, 0), (175, 125, "away", 2, 0), (100, 151, "home", 3, 0),
     (200, 100, "away", 4, 0), (100, 201, "home", 4, 1), (150, 150, None, 0, 0)],
)  # fmt: skip
def test_handicap_count_from_the_rating_difference(
    home: int, away: int, underdog: str | None, rolls: int, chosen: int
) -> None:
    count = handicap_count({"home": home, "away": away}, load_pre_match())
    assert (count.underdog, count.difference, count.rolls, count.chosen) == (
        underdog,
        abs(home - away),
        rolls,
        chosen,
    )


def test_handicap_rolls_are_d66_and_a_repeat_is_rolled_again() -> None:
    dice = ScriptedDice([1, 2, 1, 2, 6, 6])  # 12, 12 again (re-rolled), 66
    results = roll_handicaps(dice, 2, load_pre_match())
    assert [r.d66 for r in results] == [12, 66]
    assert results[0].name == "Extra Training"
    with pytest.raises(DiceExhausted):
        roll_handicaps(ScriptedDice([1, 1]), 2, load_pre_match())


def test_the_chosen_fifth_result_may_not_repeat_a_rolled_one() -> None:
    tables = load_pre_match()
    rolled = (tables.table[12],)
    assert choose_handicap(21, rolled, tables).name == "Bad Press"
    with pytest.raises(RuleViolation, match="already rolled"):
        choose_handicap(12, rolled, tables)
    with pytest.raises(RuleViolation, match="not a D66 result"):
        choose_handicap(17, rolled, tables)
