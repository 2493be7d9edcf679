"""Every value of the classic LRB 2004 data equals the checked reference (tests/data/reference/lrb2004).

The comparison reads the reference files itself (it does not reuse the importer) and takes the
reference's ``chosen`` value; the reference already stores the chosen value in each field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from league_manager.core.errors import NotFound
from league_manager.rules.classic import ClassicProfile, ClassicRuleset, load_classic

REF = Path(__file__).resolve().parents[2] / "data" / "reference" / "lrb2004"


def _ref(name: str) -> Any:
    return yaml.safe_load((REF / name).read_text(encoding="utf-8"))


def _profile(entry: dict[str, Any]) -> ClassicProfile:
    return ClassicProfile(entry["MA"], entry["ST"], entry["AG"], entry["AV"])


@pytest.fixture(scope="module")
def lrb() -> ClassicRuleset:
    return load_classic("lrb2004")


def test_counts(lrb: ClassicRuleset) -> None:
    assert (lrb.id, lrb.version) == ("lrb2004", "LRB 3.0")
    assert len(lrb.teams) == 19
    assert sum(len(t.positions) for t in lrb.teams.values()) == 66
    assert len(lrb.big_guys) == 7
    sizes = {c: len(lrb.skill_categories[c]) + len(lrb.trait_categories[c]) for c in lrb.skill_categories}
    assert sizes == {"G": 13, "A": 9, "P": 6, "S": 6, "Ph": 12}
    assert len(lrb.racial_characteristics) == 11 and len(lrb.secret_weapons) == 8


def test_teams_and_positions_match_the_reference(lrb: ClassicRuleset) -> None:
    for t in _ref("teams.yaml")["teams"]:
        team = lrb.teams[t["id"]]
        assert team.name == t["name"]
        assert (team.reroll_cost, team.reroll_cost_after_creation) == (
            t["reroll_cost"],
            t["reroll_cost_after_creation"],
        )
        assert team.reroll_cost_after_creation == 2 * team.reroll_cost
        assert team.apothecary == t["apothecary_allowed"]
        assert team.big_guys == tuple(t["big_guys_allowed"])
        assert team.big_guy_limit == t["max_big_guys"]
        assert team.special_rules == tuple(t.get("special_rules") or [])
        assert [p.name for p in team.positions] == [p["name"] for p in t["positions"]]
        for p in t["positions"]:
            pos = team.position(p["name"])
            assert (pos.max_quantity, pos.cost) == (p["qty_max"], p["cost"]), (team.id, pos.name)
            assert pos.profile == _profile(p) and pos.profile.pa is None
            assert pos.skills == tuple(p.get("skills") or [])
            assert (pos.normal, pos.double) == (tuple(p["normal"]), tuple(p["double"]))


def test_big_guys_match_the_reference(lrb: ClassicRuleset) -> None:
    for b in _ref("teams.yaml")["big_guys"]:
        big = lrb.big_guys[b["name"]]
        assert (big.cost, big.profile) == (b["cost"], _profile(b))
        assert big.skills == tuple(b["skills_and_traits"])
        assert big.racial == tuple(b["racial_characteristics"])
        assert big.allied_teams == tuple(b["allied_teams"])
        assert (big.normal, big.double) == (tuple(b["normal"]), tuple(b["double"]))
    assert [b.name for b in lrb.allies("chaos")] == ["Minotaur", "Ogre", "Troll"]


def test_skills_match_the_reference(lrb: ClassicRuleset) -> None:
    ref = _ref("skills.yaml")
    for c in ref["categories"]:
        assert lrb.skill_categories[c["code"]] == tuple(
            s["name"] for s in c["skills"] if s["type"] == "skill"
        )
        assert lrb.trait_categories[c["code"]] == tuple(
            s["name"] for s in c["skills"] if s["type"] == "trait"
        )
    assert lrb.racial_characteristics == tuple(r["name"] for r in ref["racial_characteristics"]["items"])
    assert lrb.secret_weapons == {w["name"]: w["penalty_roll_2d6"] for w in ref["secret_weapons"]["items"]}


def test_creation_matches_the_reference(lrb: ClassicRuleset) -> None:
    ref = _ref("team_creation.yaml")
    staff = {s["name"]: s for s in ref["coaching_staff"]}
    c = lrb.creation
    assert (c.budget, c.min_players, c.max_players) == (
        ref["budget_gp"],
        ref["squad"]["min_players"],
        ref["squad"]["max_players"],
    )
    ff = ref["fan_factor"]
    assert (c.fan_factor_cost, c.fan_factor_min, c.fan_factor_max) == (
        ff["cost_each"],
        ff["min_at_creation"],
        ff["max_at_creation"],
    )
    assert (c.assistant_coach_cost, c.cheerleader_cost) == (
        staff["Assistant Coach"]["cost"],
        staff["Cheerleader"]["cost"],
    )
    assert (c.apothecary_cost, c.apothecary_max) == (staff["Apothecary"]["cost"], staff["Apothecary"]["max"])
    assert (c.big_guys_per_team, c.starting_team_rating) == (
        ref["big_guys"]["per_team"],
        ref["starting_team_rating"],
    )


def test_disputed_values_take_the_chosen_reading(lrb: ClassicRuleset) -> None:
    assert lrb.teams["amazon"].reroll_cost == 40000
    assert lrb.teams["orc"].reroll_cost == 60000
    assert lrb.teams["chaos"].position("Chaos Warrior").max_quantity == 4
    assert "Mighty Blow" in lrb.big_guys["Kroxigor"].skills
    assert lrb.big_guys["Minotaur"].normal == ("G", "S") and "Ph" in lrb.big_guys["Minotaur"].double
    assert "Pro" in lrb.trait_categories["G"]


def test_unknown_classic_ruleset_is_refused() -> None:
    with pytest.raises(NotFound, match="unknown classic ruleset"):
        load_classic("lrb1999")


def test_the_star_players_equal_the_reference() -> None:
    from league_manager.rules.classic_stars import load_stars

    stars = load_stars("lrb2004").stars
    ref = _ref("star_players.yaml")["star_players"]
    assert len(stars) == len(ref) == 26
    for entry in ref:
        star = stars[entry["name"]]
        assert (star.plays_for, star.cost, star.freebooted_cost) == (
            tuple(entry["plays_for"]),
            entry["cost"],
            entry["freebooted_cost"],
        )
        assert star.freebooted_cost * 2 == star.cost
        assert dict(star.profile) == {c: entry[c] for c in ("MA", "ST", "AG", "AV")}
        assert set(entry.get("skills") or []) <= set(star.skills)
