"""Every value of the Season 3 ruleset equals the checked reference (tests/data/reference/bb2025).

The comparison reads the reference files itself (it does not reuse the importer), takes the
reference's voted value and, for a value the reference leaves UNRESOLVED, the choice recorded
in docs/rules-decisions.md (rs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Characteristics, Ruleset

REF = Path(__file__).resolve().parents[2] / "data" / "reference" / "bb2025"


def _ref(name: str) -> Any:
    return yaml.safe_load((REF / name).read_text(encoding="utf-8"))


def _voted(value: Any) -> Any:
    return value["chosen"] if isinstance(value, dict) else value


def _stats(entry: dict[str, Any]) -> Characteristics:
    return Characteristics(entry["MA"], entry["ST"], entry["AG"], entry["PA"], entry["AV"])


def _range(text: Any) -> tuple[int, int]:
    parts = str(text).rstrip("+").split("-")
    return int(parts[0]), int(parts[-1])


@pytest.fixture(scope="module")
def s3() -> Ruleset:
    return load_ruleset("bb2025")


def test_counts(s3: Ruleset) -> None:
    assert (s3.id, s3.name) == ("bb2025", "Blood Bowl Season 3")
    assert len(s3.teams) == 30
    assert sum(len(t.positions) for t in s3.teams.values()) == 159
    assert len(s3.star_players) == 66
    assert {code: len(names) for code, names in s3.skill_categories.items()} == {
        "G": 12, "A": 12, "S": 12, "P": 12, "M": 12, "D": 12,
    }  # fmt: skip
    assert sum(1 for s in s3.skills.values() if s.is_trait) == 36
    assert len(s3.prayers) == 16


def test_teams_and_positions_match_the_reference(s3: Ruleset) -> None:
    for t in _ref("teams.yaml")["teams"]:
        team = s3.teams[t["id"]]
        assert team.name == t["name"]
        assert team.tier == _voted(t["tier"])
        assert team.reroll_cost == t["reroll_cost"], team.name
        assert team.apothecary == t["apothecary_allowed"], team.name
        rules = [*t["regional_special_rules"], *t["team_special_rules"]]
        assert team.special_rules == tuple(rules), team.name
        choice = t.get("special_rule_choice")
        assert team.special_rule_choice == tuple(choice["choose_one_of"] if choice else ())
        assert team.big_guy_limit == t["max_big_guys"]["rs"], team.name
        assert team.journeyman == t["journeyman_position_rs"]
        assert [p.name for p in team.positions] == [p["name"] for p in t["positions"]]
        for p, pos in zip(t["positions"], team.positions, strict=True):
            where = f"{team.name} {pos.name}"
            assert (pos.max_quantity, pos.cost) == (p["qty_max"], p["cost"]), where
            assert pos.stats == _stats(p), where
            assert [str(s) for s in pos.skills] == p["skills"], where
            assert pos.primary == set(p["primary"]) and pos.secondary == set(p["secondary"]), where
            assert pos.keywords == tuple(p["keywords"]), where
            assert pos.big_guy == p["big_guy"], where
            if p.get("bb2020_position"):
                assert team.position(p["bb2020_position"]) is pos, where


def test_star_players_match_the_reference(s3: Ruleset) -> None:
    for s in _ref("star_players.yaml")["star_players"]:
        star = s3.star_players[s["name"]]
        chosen = {u["field"]: u["values"]["rs"] for u in s.get("unresolved") or []}

        def value(field: str, entry: dict[str, Any] = s, picks: dict[str, Any] = chosen) -> Any:
            return picks[field] if entry[field] == "UNRESOLVED" else entry[field]

        assert star.cost == value("cost"), star.name
        assert star.stats == Characteristics(*(value(c) for c in ("MA", "ST", "AG", "PA", "AV"))), star.name
        assert [str(k) for k in star.skills] == s["skills"], star.name
        plays = [("any team" if p.startswith("any team except ") else p) for p in value("plays_for")]
        assert star.plays_for == tuple(plays), star.name
        assert star.keywords == tuple(s["keywords"])
        assert star.mega_star == s["mega_star_rs"]
        assert (star.pair, star.pair_cost) == (s.get("hired_as_pair"), s.get("pair_cost")), star.name
        assert (star.special_rule is None) == (s.get("special_rule") is None)
    morg = s3.star_players["Morg 'n' Thorg"]
    assert morg.never_plays_for == ("Sylvanian Spotlight",)
    assert not morg.plays_for_team(s3.team("vampire")) and morg.plays_for_team(s3.team("human"))


def test_skills_match_the_reference(s3: Ruleset) -> None:
    ref = _ref("skills.yaml")
    for category in ref["categories"]:
        table = category["random_table"]
        assert s3.skill_categories[category["code"]] == (*table["first_d6_1_to_3"], *table["first_d6_4_to_6"])
        assert set(s3.skill_categories[category["code"]]) == set(category["skills"])
    traits = {t["name"].split(" (")[0] for t in ref["traits"]}
    assert {s.name for s in s3.skills.values() if s.is_trait} == traits
    assert s3.skill("Loner (4+)").parameter == "target" and s3.skill("Hatred (Troll)").parameter == "text"
    assert s3.skill("Mighty Blow").parameter is None and s3.skill("Dirty Player").category == "D"
    assert s3.advancement.elite_skills == set(ref["elite_skills"]["skills"])
    assert s3.skill_requires["Lethal Flight"] == ("Right Stuff",)
    assert len(s3.skill_conflicts) == len(ref["skill_relations"]["conflicts"])
    assert all(len(s.description) >= 15 for s in s3.skills.values())


def test_inducements_match_the_reference(s3: Ruleset) -> None:
    ref = _ref("inducements.yaml")
    human, blackorc = s3.team("human"), s3.team("blackorc")
    sold = [
        e for e in ref["common_inducements"] if isinstance(e["cost"], int) and e["name"] != "Biased Referee"
    ]
    for entry in sold:
        item = s3.inducements[entry["name"]]
        assert (item.cost, item.max_quantity) == (entry["cost"], entry["max"]), item.name
        for rule, cost in (entry.get("reduced_cost") or {}).items():
            team = s3.team("halfling") if rule == "Halfling team" else blackorc
            assert item.cost_for(team) == cost, item.name
    assert s3.inducements["Bribes"].max_for(human) == 3 and s3.inducements["Bribes"].max_for(blackorc) == 6
    assert s3.inducements["Josef Bugman"].cost == ref["infamous_coaching_staff"][0]["cost"]
    assert s3.inducements["Hireling Sports-Wizard"].cost == ref["wizards"][0]["cost"]
    rep = s3.inducements["Dodgy League Rep"]
    assert (rep.cost, rep.cost_for(blackorc)) == (120000, 80000)
    assert s3.inducements["Mortuary Assistant"].available_for(s3.team("vampire"))
    assert not s3.inducements["Mortuary Assistant"].available_for(human)
    assert s3.inducement_group_limits["mercenary"] == 3 and s3.max_stars_per_team == 2
    assert "Special Plays" not in s3.inducements
    assert set(s3.inducements) <= set(s3.inducement_texts)


def test_advancement_matches_the_reference(s3: Ruleset) -> None:
    ref = _ref("advancement.yaml")
    adv = s3.advancement
    for row in ref["spp_cost_table"]["rows"]:
        n = row["advancement_number"]
        assert adv.cost(n, "random_primary") == row["random_primary"]
        assert adv.cost(n, "chosen_primary") == row["chosen_primary"]
        assert adv.cost(n, "chosen_secondary") == row["chosen_secondary"]
        assert adv.cost(n, "characteristic") == row["random_characteristic"]
    assert "random_secondary" not in adv.kinds and adv.characteristic_die == 8
    table = {(r.low, r.high): set(r.options) for r in adv.characteristic_d16}
    for row in ref["characteristic_improvement_d8"]["table"]:
        options = (
            set(row["options"])
            if row["options"] != ["any characteristic"]
            else {"MA", "ST", "AG", "PA", "AV"}
        )
        assert table[_range(row["roll"])] == options
    value = ref["value_increase"]
    assert adv.value_increase["chosen_primary"] == value["skills"]["primary"]
    assert adv.value_increase["chosen_secondary"] == value["skills"]["secondary"]
    assert adv.value_increase["random_primary"] == value["skills"]["random_primary"]
    assert adv.elite_extra == value["skills"]["elite_extra"]
    assert {k: adv.value_increase[k] for k in value["characteristics"]} == value["characteristics"]
    assert adv.spp_awards == {
        "COMP": 1,
        "DEF": 0,
        "INT": 2,
        "CAS": 2,
        "TD": 3,
        "MVP": 4,
        "THROW": 1,
        "LAND": 1,
    }
    assert adv.awards_for(s3.team("orc"))["CAS"] == 3 and adv.awards_for(s3.team("orc"))["TD"] == 2
    assert adv.awards_for(s3.team("human"))["TD"] == 3
    assert adv.limits_max == {"MA": 9, "ST": 8, "AG": 1, "PA": 1, "AV": 11}
    assert adv.limits_min == {"MA": 1, "ST": 1, "AG": 6, "PA": 6, "AV": 3}


def test_match_tables_match_the_reference(s3: Ruleset) -> None:
    injuries = _ref("injuries.yaml")
    casualty = s3.tables["casualty"]
    for row in injuries["casualty_table_d16"]["table"]:
        low, high = _range(row["roll"])
        assert (casualty.lookup(low).result.lower(), casualty.lookup(high).result.lower()) == (
            row["result"].lower(),
            row["result"].lower(),
        )
    lasting = s3.tables["lasting_injury"]
    for row in injuries["lasting_injury_table_d6"]["table"]:
        hit = lasting.lookup(_range(row["roll"])[0])
        assert (hit.result, hit.characteristic) == (row["result"], row["reduction"].split()[0])
    kickoff = _ref("kickoff_weather.yaml")
    assert [s3.tables["kickoff"].lookup(r["roll"]).result for r in kickoff["kick_off_table_2d6"]] == [
        r["name"] for r in kickoff["kick_off_table_2d6"]
    ]
    for row in kickoff["weather_table_2d6"]:
        low, high = _range(row["roll"])
        assert (
            s3.tables["weather"].lookup(low).result == s3.tables["weather"].lookup(high).result == row["name"]
        )
    assert s3.tables["injury"].lookup(10).result == "Casualty!"
    assert s3.tables["stunty_injury"].lookup(9).result == "Badly Hurt"


def test_prayers_and_post_game_match_the_reference(s3: Ruleset) -> None:
    prayers = _ref("prayers.yaml")["league_table_d16"]
    assert [(p.roll, p.name, p.lasts) for p in s3.prayers] == [
        (p["roll"], p["name"], p["lasts_until_end_of"]) for p in prayers
    ]
    assert all(p.description and "half" not in p.description for p in s3.prayers)
    assert not s3.underdog_prayers
    post = _ref("post_game.yaml")
    table = post["expensive_mistakes"]["table_ry_season3"]
    em = s3.expensive_mistakes
    for roll, row in table.items():
        assert [em.result(band, roll) for band in em.bands] == row
    assert (s3.winnings_unit, s3.winnings_not_stalling, s3.mvp_nominees) == (10000, 10000, 6)


def test_draft_matches_the_reference(s3: Ruleset) -> None:
    draft_ref = _ref("team_creation.yaml")["league_team_draft"]
    draft = s3.draft
    assert draft.budget == draft_ref["budget_gp"]["value"]
    assert (draft.min_players, draft.max_players) == (11, 16) and draft.max_rerolls == 8
    staff = draft_ref["sideline_staff"]
    assert (draft.assistant_coach.cost, draft.assistant_coach.max) == (
        10000,
        staff["assistant_coaches"]["max"],
    )
    assert (draft.cheerleader.cost, draft.cheerleader.max) == (10000, staff["cheerleaders"]["max"])
    assert draft.apothecary.cost == staff["apothecary"]["cost"]
    fans = draft_ref["dedicated_fans"]
    assert (draft.fans_free, draft.fans_cost, draft.fans_max) == (
        1,
        fans["cost_per_extra"],
        fans["overall_max"],
    )
    assert draft.fans_max_at_draft == 6 and draft.insignificant_at_most_half
    assert s3.house_rule_defaults()["dedicated_fans_in_tv"] is False
    assert s3.house_rule_defaults()["petty_cash"] == "season3"


def test_bb2020_keeps_its_defaults() -> None:
    old = load_ruleset("bb2020")
    assert old.advancement.characteristic_die == 16 and "random_secondary" in old.advancement.kinds
    assert old.underdog_prayers and old.winnings_not_stalling == 0 and not old.advancement.elite_skills
    assert "D" not in old.skill_categories
