"""Exhibition drafts: budget range, skill pack, access, one skill per player, inducements."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.draft import DraftPlan
from league_manager.rules.exhibition import EventSettings, SkillPick, TierRule, check_roster, check_settings
from league_manager.rules.model import Ruleset

ORCS = {"Lineman": 11}


def _check(ruleset: Ruleset, settings: EventSettings, picks=(), inducements=None, positions=ORCS, rerolls=0):  # type: ignore[no-untyped-def]
    plan = DraftPlan("orc", positions, rerolls=rerolls)
    return check_roster(ruleset, settings, plan, list(positions), list(picks), inducements or {})


def test_budget_must_be_within_exhibition_range() -> None:
    check_settings(EventSettings(budget=1_100_000))
    with pytest.raises(RuleViolation, match="exhibition budget"):
        check_settings(EventSettings(budget=1_000_000))
    with pytest.raises(RuleViolation, match="exhibition budget"):
        check_settings(EventSettings(tiers={"3": TierRule(budget=1_400_000)}))


def test_unspent_gold_is_lost_and_over_budget_is_refused(ruleset: Ruleset) -> None:
    roster = _check(ruleset, EventSettings())
    assert roster.lost == roster.budget - roster.spent > 0
    with pytest.raises(RuleViolation, match="budget"):
        big = {"Lineman": 4, "Blitzer": 4, "Big Un Blocker": 4, "Thrower": 2}
        _check(ruleset, EventSettings(), positions=big, rerolls=3)


def test_skill_pack_primary_one_secondary_two(ruleset: Ruleset) -> None:
    settings = EventSettings(skills=2)
    roster = _check(ruleset, settings, [SkillPick(1, "Block"), SkillPick(2, "Dirty Player")])
    assert roster.players[0][2] == ("Block",)
    assert roster.team_value == roster.spent + 2 * ruleset.advancement.value_increase["chosen_primary"]
    secondary = _check(ruleset, settings, [SkillPick(1, "Guard")])
    assert secondary.team_value == secondary.spent + ruleset.advancement.value_increase["chosen_secondary"]
    with pytest.raises(RuleViolation, match="skill pack"):
        _check(ruleset, settings, [SkillPick(1, "Block"), SkillPick(2, "Guard")])


def test_skill_access_and_one_per_player(ruleset: Ruleset) -> None:
    settings = EventSettings(skills=4)
    with pytest.raises(RuleViolation, match="skill access"):
        _check(ruleset, settings, [SkillPick(1, "Accurate")])
    with pytest.raises(RuleViolation, match="one skill per player"):
        _check(ruleset, settings, [SkillPick(1, "Block"), SkillPick(1, "Dirty Player")])
    two_each = EventSettings(skills=4, skills_per_player=2)
    roster = _check(ruleset, two_each, [SkillPick(1, "Block"), SkillPick(1, "Dirty Player")])
    assert roster.players[0][2] == ("Block", "Dirty Player")
    with pytest.raises(RuleViolation, match="trait"):
        _check(ruleset, settings, [SkillPick(1, "Animosity")])


def test_tier_rule_gives_a_race_its_own_pack(ruleset: Ruleset) -> None:
    settings = EventSettings(skills=0, tiers={"Orc": TierRule(skills=1)})
    assert _check(ruleset, settings, [SkillPick(1, "Block")]).players[0][2] == ("Block",)
    with pytest.raises(RuleViolation, match="skill pack"):
        _check(ruleset, EventSettings(skills=0), [SkillPick(1, "Block")])


def test_inducements_from_the_budget_with_their_limits(ruleset: Ruleset) -> None:
    plain = _check(ruleset, EventSettings())
    bribed = _check(ruleset, EventSettings(), inducements={"Bribes": 1})
    assert bribed.spent == plain.spent + ruleset.inducements["Bribes"].cost
    with pytest.raises(RuleViolation, match="inducements"):
        _check(ruleset, EventSettings(), inducements={"Bribes": 9})
    with pytest.raises(RuleViolation, match="inducements"):
        _check(ruleset, EventSettings(), inducements={"Free Beer": 1})
    with pytest.raises(RuleViolation, match="budget"):
        _check(ruleset, EventSettings(), inducements={"Halfling Master Chef": 1, "Bribes": 3}, rerolls=3)


def test_star_players_only_where_the_organiser_allows_them(ruleset: Ruleset) -> None:
    with pytest.raises(RuleViolation, match="star players: Helmut Wulf: the organiser does not allow"):
        _check(ruleset, EventSettings(), inducements={"Helmut Wulf": 1})
    allowed = EventSettings(stars=True)
    plain = _check(ruleset, allowed)
    roster = _check(ruleset, allowed, inducements={"Helmut Wulf": 1, "Akhorne The Squirrel": 1})
    assert roster.spent == plain.spent + 140_000 + 80_000 and roster.team_value == plain.team_value
    assert roster.stars == ("Helmut Wulf", "Akhorne The Squirrel")
    assert _check(ruleset, allowed, inducements={"Grak": 1}).spent == plain.spent + 250_000
    with pytest.raises(RuleViolation, match="Grak and Crumbleberry are hired together, once"):
        _check(ruleset, allowed, inducements={"Grak": 1, "Crumbleberry": 1})
    with pytest.raises(RuleViolation, match="at most 2 per team"):
        _check(ruleset, allowed, inducements={"Helmut Wulf": 1, "Grak": 1, "Fungus the Loon": 1})
    with pytest.raises(RuleViolation, match="Anqi Panqi does not play for Orc"):
        _check(ruleset, allowed, inducements={"Anqi Panqi": 1})
    with pytest.raises(RuleViolation, match="can be hired once"):
        _check(ruleset, allowed, inducements={"Helmut Wulf": 2})
    with pytest.raises(RuleViolation, match="budget"):
        _check(ruleset, allowed, inducements={"Morg 'n' Thorg": 1, "The Black Gobbo": 1}, rerolls=2)
    assert "Star players: allowed, from the budget" in allowed.lines()
    assert "Star players: not allowed" in EventSettings().lines()
