"""Post-match step 2, second half: Star Player rolls (2D6) and the ageing roll after each.

2-9 a new skill from the position's normal categories; 10/11/12 +1 MA/AG/ST (never more than
+2 over the start; a skill may always be taken instead). On a double the coach may instead
take a skill from the normal and double categories, or one trait from a normal category.
After every Star Player roll the player rolls 2D6 against the ageing target of the level just
reached; under it, he rolls on the Ageing Results table.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic import ClassicRuleset
from league_manager.rules.classic_postmatch.tables import ClassicPostMatch, Level, change_allowed
from league_manager.rules.dice import Dice


@dataclass(frozen=True, slots=True)
class AgeingRoll:
    """The ageing check: target, dice, and when aged the Ageing Results roll and whether it applies.

    ``result`` is ``niggling`` or the characteristic that drops; ``applied`` is False when the
    drop is ignored at its limit.
    """

    target: int
    dice: tuple[int, int]
    aged: bool
    result_dice: tuple[int, int] | None = None
    result: str | None = None
    applied: bool = False


@dataclass(frozen=True, slots=True)
class StarPlayerRoll:
    """A Star Player roll and what the coach may take for it; ``ageing`` is the roll after it."""

    level: Level
    dice: tuple[int, int]
    result: str
    double: bool
    characteristic_allowed: bool
    skill_categories: tuple[str, ...]
    trait_categories: tuple[str, ...]
    ageing: AgeingRoll | None


@dataclass(frozen=True, slots=True)
class Advance:
    """The coach's pick for a Star Player roll: a skill, a trait or the rolled characteristic."""

    kind: Literal["skill", "trait", "characteristic"]
    name: str


def _two_d6(dice: Dice, label: str) -> tuple[int, int]:
    return dice.roll(6, label), dice.roll(6, label)


def roll_ageing(
    dice: Dice, target: int, profile: Mapping[str, int], start: Mapping[str, int], tables: ClassicPostMatch
) -> AgeingRoll:
    """The ageing roll (labels ``ageing``, then ``ageing result``): under ``target`` the player ages."""
    check = _two_d6(dice, "ageing")
    if sum(check) >= target:
        return AgeingRoll(target, check, False)
    rolled = _two_d6(dice, "ageing result")
    result = next(r for band, r in tables.ageing_results if band.holds(sum(rolled)))
    applied = result == "niggling" or change_allowed(result, -1, profile[result], start[result])
    return AgeingRoll(target, check, True, rolled, result, applied)


def roll_star_player(
    dice: Dice,
    level: Level,
    normal: Sequence[str],
    double: Sequence[str],
    profile: Mapping[str, int],
    start: Mapping[str, int],
    tables: ClassicPostMatch,
) -> StarPlayerRoll:
    """Make the Star Player roll for a level reached (label ``star player roll``) and its ageing roll.

    Args:
        dice: where the rolls come from.
        level: the level just reached (its ageing target is used).
        normal: the position's normal skill categories.
        double: the categories a double adds (skills only).
        profile: the player's current MA/ST/AG/AV.
        start: the position's starting MA/ST/AG/AV.
        tables: the ruleset's post-match tables.
    """
    rolled = _two_d6(dice, "star player roll")
    result = next(r for band, r in tables.star_player_roll if band.holds(sum(rolled)))
    is_double = rolled[0] == rolled[1]
    characteristic_allowed = result != "skill" and change_allowed(result, 1, profile[result], start[result])
    skills = tuple(normal) + (tuple(c for c in double if c not in normal) if is_double else ())
    ageing = roll_ageing(dice, level.ageing, profile, start, tables) if level.ageing is not None else None
    return StarPlayerRoll(
        level=level,
        dice=rolled,
        result=result,
        double=is_double,
        characteristic_allowed=characteristic_allowed,
        skill_categories=skills,
        trait_categories=tuple(normal) if is_double else (),
        ageing=ageing,
    )


def check_advance(
    roll: StarPlayerRoll, advance: Advance, ruleset: ClassicRuleset, has: Collection[str]
) -> None:
    """Refuse a pick the roll does not allow.

    Args:
        roll: the Star Player roll.
        advance: the coach's pick.
        ruleset: the classic ruleset (its skill and trait categories).
        has: the skills, traits and racial characteristics the player already has.

    Raises:
        RuleViolation: the pick is not open to this roll, or the player already has it.
    """
    if advance.kind == "characteristic":
        if advance.name != roll.result:
            raise RuleViolation("Star Player roll", f"the roll gives {roll.result}, not +1 {advance.name}")
        if not roll.characteristic_allowed:
            raise RuleViolation(
                "Star Player roll", f"{advance.name} is already 2 over its start: take a skill"
            )
        return
    if advance.name in has:
        raise RuleViolation("Star Player roll", f"the player already has {advance.name}")
    if advance.name in ruleset.racial_characteristics:
        raise RuleViolation("Star Player roll", f"{advance.name} is a racial characteristic: never gained")
    pools = ruleset.skill_categories if advance.kind == "skill" else ruleset.trait_categories
    open_to = roll.skill_categories if advance.kind == "skill" else roll.trait_categories
    if not open_to:
        raise RuleViolation("Star Player roll", "a trait needs a double")
    if not any(advance.name in pools.get(c, ()) for c in open_to):
        raise RuleViolation(
            "Star Player roll",
            f"{advance.name} is not a {advance.kind} of {', '.join(open_to)} for this roll",
        )
