"""Applying improvements and injuries to a profile, within the characteristic limits."""

from __future__ import annotations

from collections.abc import Mapping

from league_manager.rules.model import AdvancementRules, Characteristics

LOWER_IS_BETTER = frozenset({"AG", "PA"})
"""AG and PA are target numbers an improvement lowers; AV is a target number that goes up."""

NO_PA_IMPROVED = 6
"""A player without PA who improves it gets PA 6+ (common interpretation; see disputes)."""


def adjusted(base: Characteristics, changes: Mapping[str, int], rules: AdvancementRules) -> Characteristics:
    """The profile after net changes, clamped to the ruleset's limits.

    ``changes`` holds "better by" steps per characteristic: +1 is an improvement
    (MA/ST/AV go up, AG/PA target numbers go down), -1 a lasting injury.
    """
    values: dict[str, int | None] = {}
    for name in ("MA", "ST", "AG", "PA", "AV"):
        value = base.get(name)
        step = changes.get(name, 0)
        if value is None:
            values[name] = NO_PA_IMPROVED - (step - 1) if step > 0 else None
            continue
        if step:
            value = value - step if name in LOWER_IS_BETTER else value + step
        values[name] = _clamp(name, value, rules)
    return Characteristics(
        ma=_req(values["MA"]),
        st=_req(values["ST"]),
        ag=_req(values["AG"]),
        pa=values["PA"],
        av=_req(values["AV"]),
    )


def can_improve(
    base: Characteristics,
    changes: Mapping[str, int],
    name: str,
    rules: AdvancementRules,
    improvements: Mapping[str, int] | None = None,
) -> str | None:
    """Why ``name`` cannot be improved once more, or None when it can.

    Args:
        base: the position's profile.
        changes: net changes (improvements minus lasting injuries) for the limit check.
        name: the characteristic.
        rules: the ruleset's advancement rules.
        improvements: improvements bought so far (injuries do not give them back);
            defaults to the positive part of ``changes``.
    """
    bought = (improvements or {}).get(name, 0) if improvements is not None else max(0, changes.get(name, 0))
    if bought >= rules.max_improvements_per_characteristic:
        limit = rules.max_improvements_per_characteristic
        return f"{name} may be improved at most {limit} times"
    current = adjusted(base, changes, rules).get(name)
    if current is None:
        return None
    best = rules.limits_max[name]
    at_limit = current <= best if name in LOWER_IS_BETTER else current >= best
    if at_limit:
        shown = f"{best}+" if name in {"AG", "PA", "AV"} else str(best)
        return f"{name} is already at its limit ({shown})"
    return None


def _clamp(name: str, value: int, rules: AdvancementRules) -> int:
    best, worst = rules.limits_max[name], rules.limits_min[name]
    if name in LOWER_IS_BETTER:
        return min(max(value, best), worst)
    return max(min(value, best), worst)


def _req(value: int | None) -> int:
    assert value is not None
    return value
