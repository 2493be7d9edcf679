"""Star special rules part 4: Raiding Party is freed at the end of every drive."""

from __future__ import annotations

from types import SimpleNamespace

from league_manager.match import engine  # noqa: F401 - registers handlers
from league_manager.match.skills import star_points
from league_manager.match.skills.registry import handlers_for, used_key


def test_raiding_party_is_used_once_per_drive() -> None:
    key = used_key("Raiding Party", 1)
    c = SimpleNamespace(s=SimpleNamespace(skill_used={(3, key), (3, "Treacherous")}, half=1))
    hooks = handlers_for(frozenset({"Raiding Party"}))
    for _rule, fn in hooks[star_points.DRIVE_ENDED]:
        fn(c, 3, -1)
    assert c.s.skill_used == {(3, "Treacherous")}
