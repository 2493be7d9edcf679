"""The BB2020 data files load, validate and hold the known lines of the rulebook."""

import pytest

from league_manager.core.errors import DataFileError, NotFound
from league_manager.rules.model import Characteristics, Ruleset, SkillRef


def test_counts(ruleset: Ruleset) -> None:
    assert ruleset.id == "bb2020"
    assert len(ruleset.teams) == 29
    assert len(ruleset.star_players) == 67
    assert {code: len(names) for code, names in ruleset.skill_categories.items()} == {
        "G": 12, "A": 12, "S": 12, "P": 12, "M": 12,
    }  # fmt: skip
    assert sum(1 for s in ruleset.skills.values() if s.is_trait) == 35
    assert len(ruleset.prayers) == 16


def test_human_blitzer(ruleset: Ruleset) -> None:
    blitzer = ruleset.team("Human").position("Blitzer")
    assert blitzer.name == "Human Blitzer"
    assert (blitzer.max_quantity, blitzer.cost) == (4, 85000)
    assert blitzer.stats == Characteristics(ma=7, st=3, ag=3, pa=4, av=9)
    assert blitzer.skills == (SkillRef("Block"),)
    assert blitzer.primary == {"G", "S"} and blitzer.secondary == {"A", "P"}


def test_black_orc_team_black_orc(ruleset: Ruleset) -> None:
    team = ruleset.team("blackorc")
    assert team.reroll_cost == 60000 and team.apothecary
    orc = team.position("black orc")
    assert (orc.max_quantity, orc.cost) == (6, 90000)
    assert orc.stats == Characteristics(ma=4, st=4, ag=4, pa=5, av=10)
    assert [str(s) for s in orc.skills] == ["Brawler", "Grab"]
    troll = team.position("Trained Troll")
    assert troll.big_guy and SkillRef("Loner", "3+") in troll.skills
    assert SkillRef("Mighty Blow", "+1") in troll.skills
    assert team.big_guy_limit == 1


def test_wood_elf_wardancer(ruleset: Ruleset) -> None:
    dancer = ruleset.team("Wood Elf").position("Wardancer")
    assert (dancer.max_quantity, dancer.cost) == (2, 125000)
    assert dancer.stats == Characteristics(ma=8, st=3, ag=2, pa=4, av=8)
    assert [s.name for s in dancer.skills] == ["Block", "Dodge", "Leap"]
    assert dancer.primary == {"A", "G"}


def test_no_passing_ability_is_allowed(ruleset: Ruleset) -> None:
    troll = ruleset.team("blackorc").position("Trained Troll")
    assert troll.stats.pa == 5
    assert any(p.stats.pa is None for t in ruleset.teams.values() for p in t.positions)
    assert Characteristics(4, 5, 5, None, 10).formatted("PA") == "-"


def test_star_player_with_errata_cost(ruleset: Ruleset) -> None:
    morg = ruleset.star_players["Morg 'n' Thorg"]
    assert morg.cost == 380000
    assert morg.stats.ma == 6 and morg.stats.st == 6
    assert morg.plays_for_team(ruleset.team("human"))
    assert not morg.plays_for_team(ruleset.team("vampire"))  # Sylvanian Spotlight excluded


def test_star_pair_and_restricted_plays_for(ruleset: Ruleset) -> None:
    grak = ruleset.star_players["Grak"]
    assert grak.pair == "Grak and Crumbleberry" and grak.pair_cost == 250000
    bilerot = ruleset.star_players["Bilerot Vomitflesh"]
    assert bilerot.plays_for == ("Favoured of Nurgle",)
    assert any("rs" in d for d in bilerot.disputes)
    chosen = ruleset.team("chaoschosen")
    assert bilerot.plays_for_team(chosen, "Favoured of Nurgle")
    assert not bilerot.plays_for_team(chosen, "Favoured of Khorne")


def test_inducement_discounts(ruleset: Ruleset) -> None:
    bribes = ruleset.inducements["Bribes"]
    assert bribes.cost_for(ruleset.team("human")) == 100000
    assert bribes.cost_for(ruleset.team("blackorc")) == 50000  # Bribery and Corruption
    chef = ruleset.inducements["Halfling Master Chef"]
    assert chef.cost_for(ruleset.team("halfling")) == 100000
    assert chef.cost_for(ruleset.team("human")) == 300000
    thimble = ruleset.team("gnome")
    assert "Halfling Thimble Cup" in thimble.special_rules
    assert chef.cost_for(thimble) == 300000
    assert chef.cost_for(thimble, settings={"master_chef_discount_for_thimble_cup": True}) == 100000


def test_favoured_of_inducements_reach_every_favoured_team(ruleset: Ruleset) -> None:
    sorcerer = ruleset.inducements["Chaos Sorcerer"]
    assert sorcerer.available_for(ruleset.team("khorne"))
    assert sorcerer.available_for(ruleset.team("chaoschosen"), "Favoured of Tzeentch")
    assert not sorcerer.available_for(ruleset.team("human"))


def test_inducement_availability(ruleset: Ruleset) -> None:
    apothecaries = ruleset.inducements["Wandering Apothecaries"]
    assert apothecaries.available_for(ruleset.team("human"))
    assert not apothecaries.available_for(ruleset.team("shamblingundead"))
    plague = ruleset.inducements["Plague Doctor"]
    assert plague.available_for(ruleset.team("nurgle"))
    assert not plague.available_for(ruleset.team("human"))


def test_skills_have_descriptions_and_parameters(ruleset: Ruleset) -> None:
    assert all(len(s.description) >= 15 for s in ruleset.skills.values())
    assert ruleset.skill("Mighty Blow (+1)").parameter == "modifier"
    assert ruleset.skill("Loner (4+)").parameter == "target"
    assert ruleset.skill("Animosity").parameter == "text"
    assert ruleset.skill_categories["G"][:3] == ("Block", "Dauntless", "Dirty Player")
    with pytest.raises(NotFound):
        ruleset.skill("Teleport")


def test_every_star_rule_prayer_and_inducement_is_described(ruleset: Ruleset) -> None:
    assert all(s.special_rule in ruleset.star_rules for s in ruleset.star_players.values() if s.special_rule)
    assert all(p.description for p in ruleset.prayers)
    assert set(ruleset.inducements) <= set(ruleset.inducement_texts)


def test_tables(ruleset: Ruleset) -> None:
    assert ruleset.tables["casualty"].lookup(7).result == "Seriously Hurt"
    assert ruleset.tables["casualty"].lookup(16).result.lower() == "dead"
    assert ruleset.tables["lasting_injury"].lookup(3).characteristic == "MA"
    assert ruleset.tables["injury"].lookup(8).result.startswith("KO")
    assert ruleset.tables["stunty_injury"].lookup(9).result == "Badly Hurt"
    assert ruleset.tables["weather"].lookup(7).result == "Perfect Conditions"
    assert ruleset.tables["kickoff"].lookup(2).result == "Get the Ref"
    assert ruleset.tables["kickoff"].lookup(12).result == "Pitch Invasion"


def test_advancement_and_post_game_tables(ruleset: Ruleset) -> None:
    adv = ruleset.advancement
    assert adv.cost(1, "random_primary") == 3 and adv.cost(6, "characteristic") == 50
    assert adv.cost(2, "chosen_primary") == adv.cost(2, "random_secondary") == 8
    assert adv.value_increase["chosen_secondary"] == 40000 and adv.value_increase["ST"] == 80000
    assert adv.spp_awards == {"COMP": 1, "DEF": 1, "INT": 2, "CAS": 2, "TD": 3, "MVP": 4}
    assert [r.options for r in adv.characteristic_d16 if r.low == 16] == [("MA", "ST", "AG", "PA", "AV")]
    em = ruleset.expensive_mistakes
    assert em.result(90000, 1) == "Crisis Averted"
    assert em.result(150000, 1) == "Minor Incident"
    assert em.result(650000, 1) == "Catastrophe"
    assert em.result(650000, 6) == "Minor Incident"
    assert ruleset.prayers[0].name == "Treacherous Trapdoor" and ruleset.prayer_gap == 50000


def test_house_rules_keep_disputed_alternatives(ruleset: Ruleset) -> None:
    defaults = ruleset.house_rule_defaults()
    assert defaults["budget"] == 1000000
    assert defaults["dedicated_fans_in_tv"] is True
    assert defaults["petty_cash"] == "errata_2025"
    assert all(rule.help for rule in ruleset.house_rules)


def test_disputes_stay_visible(ruleset: Ruleset) -> None:
    thrall = ruleset.team("vampire").position("Thrall Lineman")
    assert thrall.disputes and "12" in thrall.disputes[0]


def test_position_lookup_errors(ruleset: Ruleset) -> None:
    human = ruleset.team("human")
    assert human.position("lineman").name == "Human Lineman"
    assert human.position("HUMAN LINEMAN").name == "Human Lineman"
    with pytest.raises(NotFound, match="positions:"):
        human.position("Wardancer")
    with pytest.raises(NotFound, match="teams:"):
        ruleset.team("Space Marines")


def test_schema_errors_name_the_spot() -> None:
    from league_manager.rules.schema import Node

    node = Node({"teams": [{"cost": "lots"}]}, "teams.yaml")
    with pytest.raises(DataFileError, match=r"teams.yaml.teams\[0\].cost: expected a whole number"):
        node["teams"].entries()[0]["cost"].number()
    with pytest.raises(DataFileError, match="unknown key"):
        node["teams"].entries()[0].only("name")
    with pytest.raises(DataFileError, match="missing 'name'"):
        node["teams"].entries()[0]["name"]


def test_a_rulesets_name_is_read_without_loading_it() -> None:
    from league_manager.rules.loader import KNOWN_RULESETS, load_ruleset, ruleset_name

    for ruleset_id in KNOWN_RULESETS:
        assert ruleset_name(ruleset_id) == load_ruleset(ruleset_id).name
    with pytest.raises(NotFound, match="unknown ruleset 'bb1987'"):
        ruleset_name("bb1987")
