"""The skill registry per edition: shared handlers, overrides, caching, unused hook points."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from league_manager.match.engine import Match
from league_manager.match.skills import points, registry
from league_manager.match.skills.registry import handlers_for, register, registered_skills
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.model import Characteristics, SkillRef

SKILL = "Edition Test Skill"

PENDING_UNWIRED: set[str] = set()
"""Hook points a procedure calls but no skill uses yet (Extra Arms belongs to the skills
work). Each entry is a defect; the set may only shrink."""


@pytest.fixture
def test_skill() -> Iterator[str]:
    yield SKILL
    for by_skill in registry._REGISTRY.values():
        by_skill.pop(SKILL, None)
    registry._CACHE.clear()


def test_shared_handler_serves_every_edition(test_skill: str) -> None:
    register(points.KICK_SKILL, test_skill)(lambda: True)
    for edition in ("bb2020", "bb2025"):
        assert [s for s, _ in handlers_for(frozenset({test_skill}), edition)["kick"]] == [test_skill]


def test_edition_handler_overrides_the_shared_one(test_skill: str) -> None:
    def shared() -> int:
        return 1

    def season3() -> int:
        return 2

    register(points.EXTRA_RUSH, test_skill)(shared)
    register(points.EXTRA_RUSH, test_skill, editions={"bb2025"})(season3)
    assert handlers_for(frozenset({test_skill}))["extra_rush"] == [(test_skill, shared)]
    assert handlers_for(frozenset({test_skill}), "bb2025")["extra_rush"] == [(test_skill, season3)]


def test_edition_only_handler_is_absent_elsewhere(test_skill: str) -> None:
    register(points.JUMP_UP, test_skill, editions=["bb2025"])(lambda: True)
    assert "jump_up" not in handlers_for(frozenset({test_skill}), "bb2020")
    assert test_skill in registered_skills("bb2025")
    assert test_skill not in registered_skills("bb2020")


def test_lookups_are_cached_and_registering_clears_the_cache(test_skill: str) -> None:
    skills = frozenset({"Block", test_skill})
    first = handlers_for(skills)
    assert handlers_for(skills) is first
    register(points.JUMP_UP, test_skill)(lambda: True)
    assert "jump_up" in handlers_for(skills)


def test_match_uses_its_ruleset_edition() -> None:
    players = (
        PlayerSnapshot("p1", "P1", 1, "Lineman", Characteristics(6, 3, 3, 4, 9), (SkillRef("Block"),)),
    )
    side = TeamSnapshot("T", "human", players)
    match = Match(side, side, seed=1, ruleset_id="bb2025")
    assert match.ctx.edition == "bb2025"


def test_every_hook_point_has_a_handler() -> None:
    unused = set(registry.points_without_handlers())
    assert unused - PENDING_UNWIRED == set(), "hook points nobody uses: remove or wire them"
    assert PENDING_UNWIRED - unused == set(), "now wired: take it out of PENDING_UNWIRED"


def test_a_hook_point_name_cannot_be_declared_twice_with_another_meaning() -> None:
    from league_manager.match.skills.registry import hook_point

    try:
        assert hook_point("test_only_point", "fn() -> int: one thing") == "test_only_point"
        assert hook_point("test_only_point", "fn() -> int: one thing") == "test_only_point"
        with pytest.raises(ValueError, match="already declared"):
            hook_point("test_only_point", "fn(c, p) -> bool: something else")
    finally:
        registry.HOOK_POINTS.pop("test_only_point", None)
        registry._REGISTRY.pop("test_only_point", None)
