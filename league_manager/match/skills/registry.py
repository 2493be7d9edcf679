"""The skill registry: hook point name -> skill name -> handler.

Procedures call handlers of the skills a player has at named points ("armour_modifier",
"both_down_safe" …). A skill is added by registering handlers for points; procedures
never test skill names in if-ladders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Handler = Callable[..., Any]

_REGISTRY: dict[str, dict[str, Handler]] = {}
HOOK_POINTS: dict[str, str] = {}
"""Documented hook points: name -> what handlers receive and return."""
LIMITS: dict[str, str] = {}
"""Skills used at most once per "game" or per "half" (star players' special rules)."""


def hook_point(name: str, doc: str) -> str:
    """Declare a hook point (idempotent) and return its name."""
    HOOK_POINTS.setdefault(name, doc)
    _REGISTRY.setdefault(name, {})
    return name


def register(point: str, skill: str) -> Callable[[Handler], Handler]:
    """Decorator: ``@register("armour_modifier", "Mighty Blow")``."""
    if point not in HOOK_POINTS:
        raise KeyError(f"unknown hook point {point!r}")

    def deco(fn: Handler) -> Handler:
        _REGISTRY[point][skill] = fn
        return fn

    return deco


def handlers_for(skills: frozenset[str]) -> dict[str, list[tuple[str, Handler]]]:
    """Every handler a player with these skills has, grouped by hook point."""
    found: dict[str, list[tuple[str, Handler]]] = {}
    for point, by_skill in _REGISTRY.items():
        for skill, fn in by_skill.items():
            if skill in skills:
                found.setdefault(point, []).append((skill, fn))
    return found


def registered_skills() -> set[str]:
    """Names of skills with at least one handler."""
    return {skill for by_skill in _REGISTRY.values() for skill in by_skill}


def limit(skill: str, per: str) -> None:
    """Declare that ``skill`` may be used once per ``per`` ("game" or "half")."""
    LIMITS[skill] = per


def used_key(skill: str, half: int) -> str:
    """The ``skill_used`` name recording a use of ``skill``: a once-per-half skill's names the half."""
    return f"{skill} half {half}" if LIMITS.get(skill) == "half" else skill


def lasting_use(name: str) -> bool:
    """True when a ``skill_used`` name outlives the team turn (once per game or per half)."""
    return name.split(" half ")[0] in LIMITS
