"""The skill registry: hook points, registered skills and the roster skills it covers."""

from __future__ import annotations

import pytest

from league_manager.match.engine import Match  # noqa: F401 - registers the skills
from league_manager.match.skills.registry import (
    HOOK_POINTS,
    handlers_for,
    register,
    registered_skills,
)

ROSTER_SKILLS = {
    "Always Hungry", "Animal Savagery", "Animosity", "Block", "Bone Head", "Break Tackle",
    "Catch", "Dauntless", "Dirty Player", "Dodge", "Frenzy", "Horns", "Juggernaut", "Leap",
    "Loner", "Mighty Blow", "No Hands", "On the Ball", "Pass", "Prehensile Tail",
    "Projectile Vomit", "Really Stupid", "Regeneration", "Right Stuff", "Secret Weapon",
    "Shadowing", "Stand Firm", "Strong Arm", "Stunty", "Sure Hands", "Tackle", "Take Root",
    "Thick Skull", "Throw Team-mate", "Unchannelled Fury",
}  # fmt: skip
EXTRA = {
    "Guard", "Sidestep", "Wrestle", "Sure Feet", "Sprint", "Fend", "Strip Ball",
    "Diving Tackle", "Kick", "Pro", "Accurate", "Nerves of Steel", "Grab", "Jump Up",
}  # fmt: skip


def test_hook_points_are_documented() -> None:
    assert all(doc for doc in HOOK_POINTS.values())


def test_unknown_hook_point_is_refused() -> None:
    with pytest.raises(KeyError):
        register("no_such_point", "Block")


def test_handlers_group_by_point() -> None:
    found = handlers_for(frozenset({"Dodge"}))
    assert {"skill_reroll", "stumble_safe"} <= set(found)


def test_extra_skills_are_registered() -> None:
    assert registered_skills() >= EXTRA


def test_every_roster_skill_is_registered() -> None:
    assert registered_skills() >= ROSTER_SKILLS
    assert "Multiple Block" in registered_skills()
