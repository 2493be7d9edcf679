"""Limits on what a user types: one rule for every name, a range for every number."""

from __future__ import annotations

import unicodedata

from league_manager.core.errors import RuleViolation

NAME_MAX = 60
"""Characters in any name: player, team, coach, league, season, division."""

NUMBER_MAX = 1_000_000_000
"""The largest number a user may type where no tighter range applies (a billion)."""

SEED_MAX = 2**31 - 1
"""The largest dice or schedule seed."""

_INVISIBLE = {"\u200b", "\u200e", "\u200f", "\u2028", "\u2029", "\ufeff"} | {
    chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))
}
"""Zero-width and text-direction characters that make a name look like another one."""


def clean_name(text: str | None, what: str, *, rule: str = "name") -> str:
    """A name as it will be stored: stripped, one line, at most :data:`NAME_MAX` characters.

    Args:
        text: what the user typed.
        what: the kind of thing named, for the message ("team", "player", "coach").
        rule: the rule name reported ("name", "coach", "divisions").

    Returns:
        The name with surrounding spaces removed.

    Raises:
        RuleViolation: the name is empty, too long, or holds control characters
            (line breaks, tabs, invisible direction marks).
    """
    name = (text or "").strip()
    if not name:
        raise RuleViolation(rule, f"a {what} needs a name")
    bad = next((ch for ch in name if unicodedata.category(ch) in {"Cc", "Cs"} or ch in _INVISIBLE), None)
    if bad is not None:
        raise RuleViolation(rule, f"a {what} name cannot hold control characters (found U+{ord(bad):04X})")
    if len(name) > NAME_MAX:
        raise RuleViolation(
            rule, f"a {what} name has at most {NAME_MAX} characters (this one has {len(name)})"
        )
    return name


def check_range(value: int, rule: str, low: int, high: int) -> int:
    """Refuse a whole number outside ``low``–``high`` with a message naming the range.

    Returns:
        The value, unchanged.

    Raises:
        RuleViolation: the value is not a whole number in the range.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleViolation(rule, f"must be a whole number from {low:,} to {high:,} (got {value!r})")
    return value


def check_seed(seed: int | None) -> int | None:
    """A dice or schedule seed in 0–:data:`SEED_MAX` (None: a random one is drawn)."""
    return None if seed is None else check_range(seed, "seed", 0, SEED_MAX)
