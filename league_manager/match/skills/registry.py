"""The skill registry: hook point name -> skill name -> handler, per edition.

Procedures call handlers of the skills a player has at named points ("armour_modifier",
"both_down_safe" …). A skill is added by registering handlers for points; procedures
never test skill names in if-ladders.

Editions. A handler registered without ``editions`` serves every edition (``bb2020`` and,
later, ``bb2025``); a handler registered with ``editions={"bb2025"}`` serves only those
and, for them, replaces the shared handler of the same skill at the same point. So a
later edition reuses every shared handler and overrides only what its text changed::

    @register(points.STUMBLE_SAFE, "Dodge")                       # every edition
    @register(points.STUMBLE_SAFE, "Dodge", editions={"bb2025"})  # Season 3 only

A skill can also be taken away from an edition by registering ``None``-returning handlers
there; the engine asks ``handlers_for(skills, edition)`` with the ruleset id the Match
was created with. Look-ups are cached per (skill set, edition); registering a handler
clears the cache.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Handler = Callable[..., Any]
Hooks = dict[str, list[tuple[str, Handler]]]

ALL = "*"
"""Edition key of handlers shared by every edition."""

_REGISTRY: dict[str, dict[str, dict[str, Handler]]] = {}
"""point -> skill -> edition (or ALL) -> handler."""
HOOK_POINTS: dict[str, str] = {}
"""Documented hook points: name -> what handlers receive and return."""
_CACHE: dict[tuple[frozenset[str], str], Hooks] = {}
LIMITS: dict[str, str] = {}
"""Skills used at most once per "game" or per "half" (star players' special rules)."""


def hook_point(name: str, doc: str) -> str:
    """Declare a hook point and return its name.

    Declaring the same point again with the same text is harmless (a module imported twice);
    a second point of the same name with another meaning is refused, so two skill modules can
    never share a point by accident (their handlers would be called with each other's
    arguments).

    Raises:
        ValueError: ``name`` is already declared with a different description.
    """
    if HOOK_POINTS.get(name, doc) != doc:
        raise ValueError(f"hook point {name!r} is already declared: {HOOK_POINTS[name]!r}")
    HOOK_POINTS.setdefault(name, doc)
    _REGISTRY.setdefault(name, {})
    return name


def register(
    point: str, skill: str, *, editions: Iterable[str] | None = None
) -> Callable[[Handler], Handler]:
    """Decorator: ``@register("armour_modifier", "Mighty Blow")``.

    Args:
        point: a declared hook point.
        skill: the skill or trait name as on rosters.
        editions: ruleset ids the handler serves; None for every edition. An
            edition-specific handler wins over the shared one for its editions.

    Raises:
        KeyError: the hook point is not declared.
    """
    if point not in HOOK_POINTS:
        raise KeyError(f"unknown hook point {point!r}")
    keys = [ALL] if editions is None else list(editions)

    def deco(fn: Handler) -> Handler:
        by_edition = _REGISTRY[point].setdefault(skill, {})
        for key in keys:
            by_edition[key] = fn
        _CACHE.clear()
        return fn

    return deco


def handlers_for(skills: frozenset[str], edition: str = "bb2020") -> Hooks:
    """Every handler a player with these skills has in an edition, grouped by hook point."""
    key = (skills, edition)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    found: Hooks = {}
    for point, by_skill in _REGISTRY.items():
        for skill, by_edition in by_skill.items():
            if skill not in skills:
                continue
            fn = by_edition.get(edition) or by_edition.get(ALL)
            if fn is not None:
                found.setdefault(point, []).append((skill, fn))
    _CACHE[key] = found
    return found


def registered_skills(edition: str | None = None) -> set[str]:
    """Names of skills with at least one handler (in ``edition``, or in any edition)."""
    return {
        skill
        for by_skill in _REGISTRY.values()
        for skill, by_edition in by_skill.items()
        if edition is None or edition in by_edition or ALL in by_edition
    }


def points_without_handlers() -> list[str]:
    """Declared hook points no skill has a handler for (in any edition)."""
    return sorted(point for point, by_skill in _REGISTRY.items() if not by_skill)


def limit(skill: str, per: str) -> None:
    """Declare that ``skill`` may be used once per ``per`` ("game", "half" or "drive").

    A once-per-drive use is kept like a once-per-game one; the rule's ``drive_ended`` handler
    frees it when the drive ends.
    """
    LIMITS[skill] = per


def used_key(skill: str, half: int) -> str:
    """The ``skill_used`` name recording a use of ``skill``: a once-per-half skill's names the half."""
    return f"{skill} half {half}" if LIMITS.get(skill) == "half" else skill


def limit_of(skill: str) -> str:
    """How often ``skill`` may be used: "game", "half", "drive", or "" (no declared limit)."""
    return LIMITS.get(skill, "")


def lasting_use(name: str) -> bool:
    """True when a ``skill_used`` name outlives the team turn (once per game or per half)."""
    return name.split(" half ")[0] in LIMITS


def alias(new: str, old: str, *, editions: Iterable[str]) -> None:
    """Register ``new`` in ``editions`` with every handler ``old`` has there (a renamed skill).

    Call it after the modules registering ``old`` are imported: Season 3's No Ball is BB2020's
    No Hands under a new name, so it reuses No Hands' handlers instead of copying them.
    """
    for by_skill in _REGISTRY.values():
        by_edition = by_skill.get(old)
        if not by_edition:
            continue
        for edition in editions:
            fn = by_edition.get(edition) or by_edition.get(ALL)
            if fn is not None:
                by_skill.setdefault(new, {})[edition] = fn
    _CACHE.clear()


def same_handlers(skill: str, edition: str, other: str) -> bool:
    """Whether ``skill`` is played by the very same handlers in two editions (a shared rule,
    so a golden scenario of one edition tests it for the other too)."""
    found = False
    for by_skill in _REGISTRY.values():
        by_edition = by_skill.get(skill)
        if not by_edition:
            continue
        found = True
        if (by_edition.get(edition) or by_edition.get(ALL)) is not (
            by_edition.get(other) or by_edition.get(ALL)
        ):
            return False
    return found
