"""Advancement rules: costs by advancement number, skill access, random tables, D16 roll."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules import advancement as adv
from league_manager.rules.dice import ScriptedDice
from league_manager.rules.model import Ruleset


def progress(ruleset: Ruleset, spp: int = 100, advancements: int = 0, changes: dict[str, int] | None = None,
             improvements: dict[str, int] | None = None, position: str = "Blitzer",
             team: str = "human") -> adv.PlayerProgress:  # fmt: skip
    pos = ruleset.team(team).position(position)
    return adv.PlayerProgress(pos, pos.skills, advancements, spp, changes or {}, improvements or {})


def test_options_follow_the_cost_table(ruleset: Ruleset) -> None:
    opts = {o.kind: o for o in adv.options(ruleset, progress(ruleset, spp=6, advancements=1))}
    assert opts["random_primary"].cost == 4 and opts["random_primary"].affordable
    assert opts["chosen_primary"].cost == 8 and not opts["chosen_primary"].affordable
    assert opts["characteristic"].cost == 20
    assert opts["random_primary"].categories == ("G", "S")
    assert adv.options(ruleset, progress(ruleset, advancements=6)) == []


def test_chosen_skill_access(ruleset: Ruleset) -> None:
    player = progress(ruleset)
    result = adv.choose_skill(ruleset, player, "chosen_primary", "Tackle")
    assert (result.skill, result.spp_cost, result.value_increase) == ("Tackle", 6, 20000)
    assert adv.choose_skill(ruleset, player, "chosen_primary", "Mighty Blow").skill == "Mighty Blow (+1)"
    with pytest.raises(RuleViolation, match="Agility skill; Human Blitzer has primary access to G, S"):
        adv.choose_skill(ruleset, player, "chosen_primary", "Dodge")
    assert adv.choose_skill(ruleset, player, "chosen_secondary", "Dodge").value_increase == 40000
    with pytest.raises(RuleViolation, match="already has Block"):
        adv.choose_skill(ruleset, player, "chosen_primary", "Block")
    with pytest.raises(RuleViolation, match="trait"):
        adv.choose_skill(ruleset, player, "chosen_primary", "Loner")
    with pytest.raises(RuleViolation, match="costs 6 SPP; the player has 5"):
        adv.choose_skill(ruleset, progress(ruleset, spp=5), "chosen_primary", "Tackle")


def test_random_skill_rerolls_skills_already_held(ruleset: Ruleset) -> None:
    dice = ScriptedDice([1, 1, 4, 4])  # Block (held) -> re-roll -> Sure Hands
    result = adv.roll_skill(ruleset, progress(ruleset), "random_primary", "G", dice)
    assert result.skill == "Sure Hands" and result.rolls == (1, 1, 4, 4) and result.value_increase == 10000
    with pytest.raises(RuleViolation, match="cannot roll on A"):
        adv.roll_skill(ruleset, progress(ruleset), "random_primary", "A", ScriptedDice([]))


def test_characteristic_roll_and_fallback(ruleset: Ruleset) -> None:
    player = progress(ruleset)
    result = adv.roll_characteristic(
        ruleset, player, ScriptedDice([15]), prefer=("AG", "ST"), fallback_skill="Dodge"
    )
    assert result.characteristic == "AG" and result.value_increase == 40000 and result.spp_cost == 18
    assert adv.roll_characteristic(ruleset, player, ScriptedDice([3])).characteristic == "MA"
    maxed = progress(ruleset, changes={"MA": 2, "AV": 2}, improvements={"MA": 2, "AV": 2})
    instead = adv.roll_characteristic(ruleset, maxed, ScriptedDice([5]), fallback_skill="Dodge")
    assert (instead.skill, instead.characteristic, instead.spp_cost) == ("Dodge", None, 18)
    assert instead.value_increase == 40000


def test_characteristic_refusal_spends_no_roll(ruleset: Ruleset) -> None:
    dice = ScriptedDice([5])
    maxed = progress(ruleset, changes={"MA": 2, "AV": 2}, improvements={"MA": 2, "AV": 2})
    with pytest.raises(RuleViolation, match="D16 results 1-7 would offer nothing"):
        adv.roll_characteristic(ruleset, maxed, dice)
    with pytest.raises(RuleViolation, match="name a skill"):
        adv.roll_characteristic(ruleset, progress(ruleset), dice, prefer=("ST",))
    with pytest.raises(RuleViolation, match="skill access"):
        adv.roll_characteristic(ruleset, maxed, dice, fallback_skill="Claws")
    assert dice.remaining == 1


def test_injuries_do_not_give_back_improvements(ruleset: Ruleset) -> None:
    injured = progress(ruleset, changes={"MA": 1}, improvements={"MA": 2})  # +2 bought, -1 injury
    assert adv.improvable(ruleset, injured, ("MA", "AV")) == ["AV"]


def test_random_skill_needs_a_category_when_there_are_several(ruleset: Ruleset) -> None:
    with pytest.raises(RuleViolation, match="choose the category to roll on: G, S"):
        adv.roll_skill(ruleset, progress(ruleset), "random_primary", None, ScriptedDice([]))
