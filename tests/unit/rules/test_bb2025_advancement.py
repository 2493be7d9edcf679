"""Season 3 advancement: no random secondary, the D8 characteristic table, elite skills' extra value."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules import advancement as adv
from league_manager.rules.dice import ScriptedDice
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import SkillRef

S3 = load_ruleset("bb2025")


def progress(position: str = "Blitzer", team: str = "human", spp: int = 100) -> adv.PlayerProgress:
    pos = S3.team(team).position(position)
    return adv.PlayerProgress(pos, pos.skills, 0, spp, {}, {})


def test_options_have_no_random_secondary_and_season3_costs() -> None:
    opts = {o.kind: o.cost for o in adv.options(S3, progress())}
    assert opts == {"random_primary": 3, "chosen_primary": 6, "chosen_secondary": 10, "characteristic": 14}
    with pytest.raises(RuleViolation, match="unknown kind 'random_secondary' in Blood Bowl Season 3"):
        adv.check_affordable(S3, progress(), "random_secondary")


def test_elite_skills_add_their_extra_value() -> None:
    catcher = progress("Catcher")
    assert adv.choose_skill(S3, catcher, "chosen_primary", "Block").value_increase == 30000
    assert adv.choose_skill(S3, catcher, "chosen_primary", "Wrestle").value_increase == 20000
    assert adv.choose_skill(S3, progress("Lineman"), "chosen_secondary", "Dodge").value_increase == 50000
    assert adv.choose_skill(S3, progress(), "chosen_primary", "Mighty Blow").skill == "Mighty Blow"


def test_random_primary_is_worth_as_much_as_a_chosen_one() -> None:
    # Season 3 rolls two skills (Wrestle, Dauntless); with no preference the first is kept
    result = adv.roll_skill(S3, progress(), "random_primary", "G", ScriptedDice([4, 6, 1, 2]))
    assert (result.skill, result.value_increase) == ("Wrestle", 20000)


def test_characteristic_improvement_rolls_a_d8() -> None:
    result = adv.roll_characteristic(
        S3, progress(), ScriptedDice([7]), prefer=("ST",), fallback_skill="Wrestle"
    )
    assert (result.characteristic, result.value_increase, result.spp_cost) == ("ST", 60000, 14)
    assert result.note.startswith("D8 7")
    assert adv.characteristic_options(S3, 8) == ("MA", "ST", "AG", "PA", "AV")
    with pytest.raises(RuleViolation, match="9 is not a D8 result"):
        adv.characteristic_options(S3, 9)


def test_prerequisites_and_conflicts_refuse_a_skill() -> None:
    blitzer = progress()
    with pytest.raises(RuleViolation, match="Bullseye needs Throw Team-mate"):
        adv.choose_skill(S3, blitzer, "chosen_secondary", "Bullseye")
    frenzied = adv.PlayerProgress(
        blitzer.position, (*blitzer.position.skills, SkillRef("Frenzy")), 0, 100, {}, {}
    )
    with pytest.raises(RuleViolation, match="Grab cannot be taken by a player with Frenzy"):
        adv.choose_skill(S3, frenzied, "chosen_secondary", "Grab")
    assert "Grab" not in adv.chosen_skills(S3, frenzied, "chosen_secondary")
    ogre = progress("Ogre")
    assert adv.choose_skill(S3, ogre, "chosen_primary", "Bullseye").skill == "Bullseye"
    # a random roll re-rolls a skill the player cannot take: Grab (S 1-3, 5) -> Guard (S 1-3, 6),
    # then the second skill of the two: Mighty Blow (S 4-6, 2)
    result = adv.roll_skill(S3, frenzied, "random_primary", "S", ScriptedDice([2, 5, 2, 6, 4, 2]))
    assert result.skill == "Guard" and result.rolls == (2, 5, 2, 6, 4, 2)
