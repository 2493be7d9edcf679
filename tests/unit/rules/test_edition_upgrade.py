"""The BB2020 -> Season 3 map: every BB2020 position lands on a Season 3 one, skills renamed or lost."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.edition_upgrade import check_upgrade, edition_map
from league_manager.rules.loader import load_ruleset

OLD = load_ruleset("bb2020")
S3 = load_ruleset("bb2025")


def test_every_bb2020_position_maps_onto_a_season3_position_of_the_same_team() -> None:
    emap = edition_map("bb2025")
    mapped = 0
    for team_id, roster in OLD.teams.items():
        new_roster = S3.team(team_id)
        for position in roster.positions:
            assert new_roster.position(emap.position(team_id, position.name)) in new_roster.positions
            mapped += 1
    assert mapped == 155  # migration.yaml: 146 changed + 9 unchanged
    assert emap.position("highelf", "High Elf Blitzer") == "White Lion"


def test_gained_skills_are_renamed_or_have_no_season3_form() -> None:
    emap = edition_map("bb2025")
    assert emap.skill("Mighty Blow (+1)", S3) == "Mighty Blow"
    assert emap.skill("Pogo Stick", S3) == "Pogo"
    assert emap.skill("No Hands", S3) == "No Ball"
    assert emap.skill("Block", S3) == "Block"
    assert emap.skill("Running Pass", S3) is None


def test_only_known_moves_are_accepted() -> None:
    check_upgrade("bb2020", "bb2025")
    with pytest.raises(RuleViolation, match="already plays bb2025"):
        check_upgrade("bb2025", "bb2025")
    with pytest.raises(RuleViolation, match="no upgrade from bb2025 to bb2020"):
        check_upgrade("bb2025", "bb2020")
