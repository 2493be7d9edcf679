"""Draft pricing and the rules a draft may break, each named in plain words."""

import pytest

from league_manager.core.errors import NotFound
from league_manager.rules.draft import DraftPlan, check_draft, suggest_draft
from league_manager.rules.model import Ruleset


def rules_broken(ruleset: Ruleset, plan: DraftPlan, budget: int | None = None) -> dict[str, str]:
    return {v.rule: v.detail for v in check_draft(ruleset, plan, budget).violations}


def test_legal_human_draft_is_priced(ruleset: Ruleset) -> None:
    plan = DraftPlan("human", {"Lineman": 7, "Blitzer": 4}, rerolls=3, apothecary=True)
    check = check_draft(ruleset, plan)
    assert check.legal
    assert check.players == 11
    assert check.cost == 7 * 50000 + 4 * 85000 + 3 * 50000 + 50000
    assert check.remaining == 1000000 - check.cost


def test_over_budget_names_the_amount(ruleset: Ruleset) -> None:
    plan = DraftPlan(
        "human", {"Lineman": 6, "Blitzer": 4, "Ogre": 1}, rerolls=4, apothecary=True, dedicated_fans=2
    )
    check = check_draft(ruleset, plan)
    assert check.cost == 1040000
    assert str(check.violations[0]) == "budget: 1,040,000 gp of 1,000,000 (40,000 gp over)"


def test_position_maximum(ruleset: Ruleset) -> None:
    broken = rules_broken(ruleset, DraftPlan("human", {"Lineman": 6, "Blitzer": 5}))
    assert broken["Human Blitzer"] == "at most 4 (asked for 5)"


def test_the_same_position_named_two_ways_is_counted_once(ruleset: Ruleset) -> None:
    plan = DraftPlan("human", {"Blitzer": 4, "Human Blitzer": 4, "Lineman": 4})
    assert rules_broken(ruleset, plan, budget=10**7)["Human Blitzer"] == "at most 4 (asked for 8)"
    with pytest.raises(NotFound):
        check_draft(ruleset, DraftPlan("human", {"Lineman": 11, "Foo": 0}))


@pytest.mark.parametrize("linemen, players", [(5, 9), (13, 17)])
def test_player_count(ruleset: Ruleset, linemen: int, players: int) -> None:
    plan = DraftPlan(
        "human", {"Lineman": min(linemen, 12), "Halfling Hopeful": max(0, linemen - 12), "Blitzer": 4}
    )
    broken = rules_broken(ruleset, plan, budget=10**7)
    assert broken["players"].startswith(f"{players} on the roster")


def test_big_guy_limit_and_apothecary(ruleset: Ruleset) -> None:
    plan = DraftPlan("chaosrenegade", {"Renegade Human Lineman": 7, "Renegade Ogre": 1, "Renegade Troll": 1,
                                       "Renegade Minotaur": 1, "Renegade Rat Ogre": 1})  # fmt: skip
    assert "big guys" in rules_broken(ruleset, plan, budget=10**7)
    undead = DraftPlan("shamblingundead", {"Skeleton": 11}, apothecary=True)
    assert rules_broken(ruleset, undead)["apothecary"] == "Shambling Undead may not hire an apothecary"


def test_staff_rerolls_and_fans_limits(ruleset: Ruleset) -> None:
    plan = DraftPlan(
        "human", {"Lineman": 11}, rerolls=9, assistant_coaches=7, cheerleaders=13, dedicated_fans=7
    )
    broken = rules_broken(ruleset, plan, budget=10**7)
    assert broken["re-rolls"] == "0-8 allowed (asked for 9)"
    assert broken["assistant coaches"] == "0-6 allowed (asked for 7)"
    assert broken["cheerleaders"] == "0-12 allowed (asked for 13)"
    assert broken["dedicated fans"] == "1-6 at the draft (asked for 7)"


def test_extras_are_priced(ruleset: Ruleset) -> None:
    plan = DraftPlan("human", {"Lineman": 11}, assistant_coaches=2, cheerleaders=1, dedicated_fans=3)
    check = check_draft(ruleset, plan)
    assert check.cost == 11 * 50000 + 3 * 10000 + 2 * 10000


def test_special_rule_choice(ruleset: Ruleset) -> None:
    plan = DraftPlan("chaoschosen", {"Beastman Lineman": 11})
    assert "must choose one of" in rules_broken(ruleset, plan)["special rule"]
    chosen = DraftPlan("chaoschosen", {"Beastman Lineman": 11}, special_rule_choice="Favoured of Khorne")
    assert check_draft(ruleset, chosen).legal
    human = DraftPlan("human", {"Lineman": 11}, special_rule_choice="Favoured of Khorne")
    assert "special rule" in rules_broken(ruleset, human)


def test_suggested_drafts_are_legal_for_every_team(ruleset: Ruleset) -> None:
    for team in ruleset.teams:
        check = check_draft(ruleset, suggest_draft(ruleset, team))
        assert check.legal, (team, check.violations)
        assert check.players >= 11
