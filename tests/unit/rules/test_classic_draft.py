"""Classic (LRB 2004) team creation costs, limits and team rating."""

from __future__ import annotations

import pytest

from league_manager.rules.classic import ClassicRuleset, load_classic
from league_manager.rules.classic_draft import (
    ClassicDraft,
    draft_cost,
    draft_problems,
    draft_rating,
    team_rating,
)


@pytest.fixture(scope="module")
def lrb() -> ClassicRuleset:
    return load_classic("lrb2004")


HUMANS = ClassicDraft(
    team_id="human",
    players={"Lineman": 7, "Blitzer": 2, "Thrower": 1},
    big_guys={"Ogre": 1},
    rerolls=3,
    fan_factor=5,
    assistant_coaches=1,
    cheerleaders=2,
    apothecary=True,
)


def test_a_full_budget_human_team_with_an_ogre(lrb: ClassicRuleset) -> None:
    # 600k players + 120k Ogre + 150k re-rolls + 50k fan factor + 50k apothecary + 30k staff
    assert draft_cost(lrb, HUMANS) == 1_000_000
    assert draft_problems(lrb, HUMANS) == []
    assert draft_rating(lrb, HUMANS) == lrb.creation.starting_team_rating == 100


def _rules(lrb: ClassicRuleset, draft: ClassicDraft) -> list[str]:
    return [p.rule for p in draft_problems(lrb, draft)]


def test_each_creation_rule_is_enforced(lrb: ClassicRuleset) -> None:
    assert _rules(lrb, ClassicDraft("human", {"Lineman": 10})) == ["players"]
    assert _rules(lrb, ClassicDraft("human", {"Lineman": 11, "Thrower": 3})) == ["Thrower"]
    assert _rules(lrb, ClassicDraft("human", {"Lineman": 11}, {"Troll": 1})) == ["Big Guy"]
    assert _rules(lrb, ClassicDraft("halfling", {"Halfling": 11}, {"Treeman": 2})) == []
    assert _rules(lrb, ClassicDraft("orc", {"Lineman": 11}, {"Troll": 2})) == ["Big Guy"]
    assert _rules(lrb, ClassicDraft("human", {"Lineman": 11}, fan_factor=0)) == ["fan factor"]
    assert _rules(lrb, ClassicDraft("human", {"Lineman": 11}, fan_factor=10)) == ["fan factor"]
    assert _rules(lrb, ClassicDraft("undead", {"Skeleton": 11}, apothecary=True)) == ["apothecary"]
    assert _rules(lrb, ClassicDraft("human", {"Lineman": 11, "Blitzer": 4}, rerolls=2)) == ["budget"]
    assert _rules(lrb, ClassicDraft("human", {"Lineman": 12, "Catcher": 4, "Blitzer": 4})) == [
        "players",
        "budget",
    ]


def test_team_rating_counts_value_and_spp() -> None:
    assert team_rating(1_234_567, 0) == 123
    assert team_rating(1_000_000, 14) == 102
