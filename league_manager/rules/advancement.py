"""Player advancement (BB2020 post-game step 3): what a player may buy with SPP, and the rolls.

Kinds: random primary, chosen primary, random secondary, chosen secondary, and a
characteristic improvement (D16 table, with a skill instead when the rolled
characteristics cannot or should not be improved).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from league_manager.core.errors import RuleViolation
from league_manager.rules.characteristics import can_improve
from league_manager.rules.dice import Dice
from league_manager.rules.model import SKILL_CATEGORIES, Characteristics, Position, Ruleset, SkillRef

KINDS: tuple[str, ...] = (
    "random_primary",
    "chosen_primary",
    "random_secondary",
    "chosen_secondary",
    "characteristic",
)


@dataclass(frozen=True)
class PlayerProgress:
    """What advancement needs to know about a player."""

    position: Position
    skills: tuple[SkillRef, ...]
    advancements: int
    spp: int
    changes: Mapping[str, int]
    improvements: Mapping[str, int] = field(default_factory=dict)

    def has_skill(self, name: str) -> bool:
        """True when the player already has a skill or trait of this base name."""
        return any(s.name == name for s in self.skills)


@dataclass(frozen=True)
class AdvanceOption:
    """One kind of advancement with its SPP cost and whether the player can afford it now."""

    kind: str
    cost: int
    affordable: bool
    categories: tuple[str, ...]


@dataclass(frozen=True)
class AdvancementResult:
    """The advancement gained: a skill or a characteristic, what it cost and its value increase.

    ``rolls`` lists the dice used ("D6 4, D6 2" or "D16 14") for the record.
    """

    kind: str
    spp_cost: int
    value_increase: int
    skill: str | None = None
    characteristic: str | None = None
    rolls: tuple[int, ...] = ()
    note: str = ""


def categories_for(position: Position, kind: str) -> tuple[str, ...]:
    """Skill categories a kind of advancement draws from, in table order."""
    access = position.primary if "primary" in kind else position.secondary
    return tuple(c for c in SKILL_CATEGORIES if c in access)


def options(ruleset: Ruleset, player: PlayerProgress) -> list[AdvanceOption]:
    """Every kind of advancement open to the player, with its cost for the next advancement.

    Returns an empty list once the player has the maximum number of advancements.
    """
    rules = ruleset.advancement
    if player.advancements >= rules.max_advancements:
        return []
    number = player.advancements + 1
    out = []
    for kind in rules.kinds:
        cats = categories_for(player.position, kind) if kind != "characteristic" else ()
        if kind != "characteristic" and not cats:
            continue
        cost = rules.cost(number, kind)
        out.append(AdvanceOption(kind, cost, player.spp >= cost, cats))
    return out


def chosen_skills(ruleset: Ruleset, player: PlayerProgress, kind: str) -> list[str]:
    """Skills the player may choose for a chosen (or fallback) advancement, by category."""
    names: list[str] = []
    for category in categories_for(player.position, kind):
        names.extend(
            n
            for n in ruleset.skill_categories[category]
            if not player.has_skill(n) and cannot_take(ruleset, player, n) is None
        )
    return names


def cannot_take(ruleset: Ruleset, player: PlayerProgress, skill: str) -> str | None:
    """Why the player may not gain ``skill`` under the edition's prerequisites and conflicts
    (Season 3: Bullseye needs Throw Team-mate, Frenzy excludes Grab...), or None."""
    needs = ruleset.skill_requires.get(skill, ())
    if needs and not any(player.has_skill(n) for n in needs):
        return f"{skill} needs {' or '.join(needs)}"
    for first, second in ruleset.skill_conflicts:
        other = second if skill == first else first if skill == second else None
        if other is not None and player.has_skill(other):
            return f"{skill} cannot be taken by a player with {other}"
    return None


def check_affordable(ruleset: Ruleset, player: PlayerProgress, kind: str) -> int:
    """The SPP cost of ``kind`` for this player.

    Raises:
        RuleViolation: unknown kind, six advancements already, no access, or too few SPP.
    """
    rules = ruleset.advancement
    if kind not in rules.kinds:
        kinds = ", ".join(rules.kinds)
        raise RuleViolation("advancement", f"unknown kind '{kind}' in {ruleset.name} (kinds: {kinds})")
    if player.advancements >= rules.max_advancements:
        raise RuleViolation("advancement", f"a player may advance at most {rules.max_advancements} times")
    if kind != "characteristic" and not categories_for(player.position, kind):
        access = "primary" if "primary" in kind else "secondary"
        raise RuleViolation("skill access", f"{player.position.name} has no {access} skills")
    cost = rules.cost(player.advancements + 1, kind)
    if player.spp < cost:
        raise RuleViolation("SPP", f"{kind.replace('_', ' ')} costs {cost} SPP; the player has {player.spp}")
    return cost


def choose_skill(ruleset: Ruleset, player: PlayerProgress, kind: str, skill: str) -> AdvancementResult:
    """A chosen primary or secondary skill.

    Raises:
        RuleViolation: the skill is outside the player's access or already held.
    """
    cost = check_affordable(ruleset, player, kind)
    definition = ruleset.skill(skill)
    if definition.is_trait:
        raise RuleViolation("skill access", f"{definition.name} is a trait and cannot be chosen")
    if player.has_skill(definition.name):
        raise RuleViolation("skill", f"the player already has {definition.name}")
    reason = cannot_take(ruleset, player, definition.name)
    if reason:
        raise RuleViolation("skill", reason)
    allowed = categories_for(player.position, kind)
    if definition.category not in allowed:
        access = "primary" if "primary" in kind else "secondary"
        raise RuleViolation(
            "skill access",
            f"{definition.name} is a {SKILL_CATEGORIES[definition.category]} skill; "
            f"{player.position.name} has {access} access to {', '.join(allowed) or 'nothing'}",
        )
    name = _with_parameter(definition.name, definition.parameter)
    return AdvancementResult(kind, cost, _skill_value(ruleset, kind, name), skill=name)


def roll_skill(
    ruleset: Ruleset,
    player: PlayerProgress,
    kind: str,
    category: str | None,
    dice: Dice,
    keep: Sequence[str] = (),
) -> AdvancementResult:
    """A random skill: two D6 on the category's table, re-rolled while the player has the result.

    Season 3 rolls two different skills (``random_skills_rolled``) and the coach keeps one:
    the first of ``keep`` (skills in order of preference, stated before the roll, as for a
    characteristic) that was rolled, or else the first skill rolled.

    Raises:
        RuleViolation: the category is not open to the player or holds nothing new, or a
            skill in ``keep`` is unknown.
    """
    cost = check_affordable(ruleset, player, kind)
    allowed = categories_for(player.position, kind)
    if category is None:
        if len(allowed) > 1:
            raise RuleViolation("category", f"choose the category to roll on: {', '.join(allowed)}")
        category = allowed[0]
    if category not in allowed:
        raise RuleViolation("skill access", f"{player.position.name} cannot roll on {category} for {kind}")
    table = ruleset.skill_categories[category]
    known = {n.casefold(): n for n in ruleset.skills}
    wanted = [known.get(SkillRef.parse(name).name.casefold(), "") for name in keep]
    unknown = [name for name, found in zip(keep, wanted, strict=True) if not found]
    if unknown:  # refused before any die is rolled
        raise RuleViolation("skill", f"{ruleset.name} has no skill {', '.join(map(repr, unknown))} to keep")

    def open_to(name: str) -> bool:
        return not player.has_skill(name) and cannot_take(ruleset, player, name) is None

    open_names = [n for n in table if open_to(n)]
    if not open_names:
        raise RuleViolation("skill", f"the player already has every {SKILL_CATEGORIES[category]} skill")
    rolls: list[int] = []
    rolled: list[str] = []
    while len(rolled) < min(ruleset.advancement.random_skills_rolled, len(open_names)):
        half = dice.roll(6, "random skill: half")
        pick = dice.roll(6, "random skill: skill")
        rolls += [half, pick]
        name = table[(0 if half <= 3 else 6) + pick - 1]
        if open_to(name) and name not in rolled:
            rolled.append(name)
    name = next((n for n in wanted if n in rolled), rolled[0])
    definition = ruleset.skill(name)
    note = f"rolled on {SKILL_CATEGORIES[category]}"
    if len(rolled) > 1:
        note += f": {' or '.join(rolled)}, kept {name}"
    return AdvancementResult(
        kind, cost, _skill_value(ruleset, kind, name), skill=_with_parameter(name, definition.parameter),
        rolls=tuple(rolls), note=note,
    )  # fmt: skip


def characteristic_options(ruleset: Ruleset, roll: int) -> tuple[str, ...]:
    """The characteristics a result of the characteristic table (D16, Season 3 D8) offers."""
    for row in ruleset.advancement.characteristic_d16:
        if row.low <= roll <= row.high:
            return row.options
    die = f"D{ruleset.advancement.characteristic_die}"
    raise RuleViolation(die, f"{roll} is not a {die} result")


def improvable(ruleset: Ruleset, player: PlayerProgress, names: Sequence[str]) -> list[str]:
    """The characteristics among ``names`` that may still be improved."""
    stats: Characteristics = player.position.stats
    return [
        n
        for n in names
        if can_improve(stats, player.changes, n, ruleset.advancement, player.improvements) is None
    ]


def roll_characteristic(
    ruleset: Ruleset,
    player: PlayerProgress,
    dice: Dice,
    prefer: Sequence[str] = (),
    fallback_skill: str | None = None,
) -> AdvancementResult:
    """Roll the D16 characteristic table and apply the coach's stated preference.

    The first characteristic in ``prefer`` that the roll offers and that may still be
    improved is taken; with no preference the first allowed option is. When none fits,
    ``fallback_skill`` (a primary or secondary skill) is taken instead, at the
    characteristic's SPP cost. Everything is checked before the die is rolled, so a
    refused advancement never spends a roll (no re-rolling until a result pleases).

    Raises:
        RuleViolation: some D16 result would fit nothing and no usable fallback skill was
            named, or the fallback skill is outside the player's access.
    """
    cost = check_affordable(ruleset, player, "characteristic")
    fallback = None
    if fallback_skill is not None:
        kind = _fallback_kind(ruleset, player, fallback_skill)
        fallback = choose_skill(ruleset, replace(player, spp=10**6), kind, fallback_skill)
    unresolved = [
        row
        for row in ruleset.advancement.characteristic_d16
        if not _wanted(ruleset, player, row.options, prefer)
    ]
    if unresolved and fallback is None:
        rolls = ", ".join(f"{r.low}-{r.high}" if r.low != r.high else str(r.low) for r in unresolved)
        raise RuleViolation(
            "characteristic",
            f"D{ruleset.advancement.characteristic_die} results {rolls} would offer nothing you can take; "
            "name a skill to take instead "
            "before rolling (the roll is not made)",
        )
    die = ruleset.advancement.characteristic_die
    roll = dice.roll(die, "characteristic improvement")
    offered = characteristic_options(ruleset, roll)
    wanted = _wanted(ruleset, player, offered, prefer)
    if wanted:
        name = wanted[0]
        return AdvancementResult(
            "characteristic", cost, ruleset.advancement.value_increase[name], characteristic=name,
            rolls=(roll,), note=f"D{die} {roll}: {'/'.join(offered)}",
        )  # fmt: skip
    assert fallback is not None
    return AdvancementResult(
        "characteristic", cost, fallback.value_increase, skill=fallback.skill, rolls=(roll,),
        note=f"D{die} {roll}: {'/'.join(offered)}; took {fallback.skill} instead",
    )  # fmt: skip


def _wanted(
    ruleset: Ruleset, player: PlayerProgress, offered: Sequence[str], prefer: Sequence[str]
) -> list[str]:
    allowed = improvable(ruleset, player, offered)
    return [c for c in prefer if c in allowed] if prefer else allowed


def _fallback_kind(ruleset: Ruleset, player: PlayerProgress, skill: str) -> str:
    category = ruleset.skill(skill).category
    if category in player.position.primary:
        return "chosen_primary"
    return "chosen_secondary"


def _skill_value(ruleset: Ruleset, kind: str, skill: str) -> int:
    """The value a skill adds: by kind, plus the extra of an elite skill (Season 3)."""
    rules = ruleset.advancement
    return rules.value_increase[kind] + (rules.elite_extra if skill in rules.elite_skills else 0)


def _with_parameter(name: str, parameter: str | None) -> str:
    return f"{name} (+1)" if parameter == "modifier" else name
