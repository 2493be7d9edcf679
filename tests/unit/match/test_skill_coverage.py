"""Every skill, trait and star-player special rule of every ruleset has a handler, or is a
known defect listed here; a Match refuses to start with one unless the caller accepts it."""

from __future__ import annotations

import pytest

from league_manager.match.coverage import NO_MATCH_EFFECT, catalogue, inert_names
from league_manager.match.engine import InertSkills, Match
from league_manager.match.skills.registry import registered_skills
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.loader import list_rulesets, load_ruleset
from league_manager.rules.model import Characteristics, SkillRef

KNOWN_INERT: dict[str, dict[str, frozenset[str]]] = {
    "bb2020": {
        # Issue 11: skills and traits still to be implemented. Each entry is a defect.
        "skill": frozenset({
        }),
        # Issue 12: star players' special rules.
        "star_rule": frozenset({
        }),
    },
    "bb2025": {
        # Issue 22: Season 3 skills and traits still to be played. Each entry is a defect.
        "skill": frozenset({
        }),
        # Season 3 star rules new or renamed since BB2020.
        "star_rule": frozenset({
        }),
    },
}  # fmt: skip
"""Names without a handler today, by ruleset and kind. The set may only shrink."""


def _names(ruleset_id: str) -> dict[str, set[str]]:
    ruleset = load_ruleset(ruleset_id)
    skills = set(ruleset.skills)
    skills |= {ref.name for team in ruleset.teams.values() for pos in team.positions for ref in pos.skills}
    skills |= {ref.name for star in ruleset.star_players.values() for ref in star.skills}
    rules = {star.special_rule for star in ruleset.star_players.values() if star.special_rule}
    return {"skill": skills, "star_rule": rules}


@pytest.mark.parametrize("ruleset_id", list_rulesets())
@pytest.mark.parametrize("kind", ["skill", "star_rule"])
def test_every_name_has_a_handler_or_is_a_known_defect(ruleset_id: str, kind: str) -> None:
    known = registered_skills(ruleset_id) | NO_MATCH_EFFECT
    unhandled = {n for n in _names(ruleset_id)[kind] if n not in known}
    listed = KNOWN_INERT.get(ruleset_id, {}).get(kind, frozenset())
    assert sorted(unhandled - listed) == [], "names without a handler: implement them"
    assert sorted(listed - unhandled) == [], "now handled: take them out of KNOWN_INERT"


def _team(skills: tuple[str, ...], rules: tuple[str, ...] = ()) -> TeamSnapshot:
    stats = Characteristics(6, 3, 3, 4, 9)
    refs = tuple(SkillRef.parse(s) for s in skills)
    player = PlayerSnapshot("p", "P", 1, "Lineman", stats, refs, special_rules=rules)
    return TeamSnapshot("T", "human", (player,))


def test_a_match_with_an_unhandled_name_is_refused_naming_it() -> None:
    with pytest.raises(InertSkills, match="No Such Skill, Some Star Rule"):
        Match(_team(("Block", "No Such Skill")), _team((), ("Some Star Rule",)), seed=1)


def test_a_caller_may_accept_inert_names_and_sees_them() -> None:
    match = Match(_team(("No Such Skill",)), _team(("Block",)), seed=1, allow_inert=True)
    assert match.inert_skills == ["No Such Skill"]
    copy = Match.from_dict(match.to_dict())
    assert copy.inert_skills == ["No Such Skill"]


def test_a_match_with_handled_skills_starts() -> None:
    match = Match(_team(("Block", "Mighty Blow (+1)")), _team(("Dodge",)), seed=1)
    assert match.inert_skills == []
    assert inert_names(match.home.players, "bb2020") == []


def test_catalogue_marks_what_is_implemented() -> None:
    items = {(i.kind, i.name): i for i in catalogue(load_ruleset("bb2020"))}
    assert items["skill", "Block"].implemented and items["skill", "Block"].category == "G"
    assert items["trait", "Bone Head"].implemented
    assert items["inducement", "Bribes"].implemented
    assert items["inducement", "Weather Mage"].implemented
    assert items["inducement", "Slann Mage-Priest"].implemented
    assert items["inducement", "Krot Shockwhisker"].implemented
    assert not items["inducement", "Special Plays"].implemented
    assert {i.kind for i in items.values()} == {"skill", "trait", "star_rule", "inducement"}
