"""A classic (LRB 2004) ruleset seen through the league model, so leagues and teams use the ordinary services.

The team lists become :class:`~league_manager.rules.model.TeamRoster` lines (profiles without PA;
each allied Big Guy a ``big_guy`` line within the team's limit); creation becomes
:class:`~league_manager.rules.model.DraftRules` (fan factor bought 1-9 at 10,000 gp, no free
fans; re-rolls at double cost afterwards). What has no classic meaning is left empty: no match
tables, prayers, inducements, star players or BB2020 advancements, and the ``classic`` flag
makes the engine, the BB2020 pre-game and post-game refuse such a league's fixtures.
"""

from __future__ import annotations

import functools
from importlib import resources

import yaml

from league_manager.core.errors import DataFileError
from league_manager.rules.classic import BigGuy, ClassicPosition, ClassicRuleset, ClassicTeam, load_classic
from league_manager.rules.model import (
    AdvancementRules,
    Characteristics,
    DraftRules,
    ExpensiveMistakes,
    HouseRule,
    Position,
    Ruleset,
    SkillDef,
    SkillRef,
    StaffRule,
    TeamRoster,
)
from league_manager.rules.schema import Node

MAX_REROLLS = 8
"""Re-roll boxes on the LRB 3 team roster (docs/rules-decisions.md, LRB 2004 league)."""
STAFF_MAX = 99
"""LRB 3 sets no maximum for assistant coaches or cheerleaders; the budget bounds them."""
CLASSIC_SPP = {"completion": 1, "interception": 2, "casualty": 2, "touchdown": 3, "mvp": 5}
"""LRB 3 SPP awards (reference advancement.yaml)."""
RACIAL = "R"
SECRET_WEAPON = "SW"
TRAIT_SUFFIX = "T"
_NAMES = {"G": "General", "A": "Agility", "P": "Passing", "S": "Strength", "Ph": "Physical"}
CLASSIC_CATEGORY_LABELS = {
    **{code: f"{name} skill" for code, name in _NAMES.items()},
    **{code + TRAIT_SUFFIX: f"{name} trait" for code, name in _NAMES.items()},
    RACIAL: "Racial characteristic",
    SECRET_WEAPON: "Secret weapon",
}
"""What each classic skill category code is called on a roster (traits carry a ``T``: ``GT``)."""


def _stats(profile: ClassicPosition | BigGuy) -> Characteristics:
    p = profile.profile
    return Characteristics(ma=p.ma, st=p.st, ag=p.ag, pa=None, av=p.av)


def _position(p: ClassicPosition) -> Position:
    return Position(
        name=p.name,
        max_quantity=p.max_quantity,
        cost=p.cost,
        stats=_stats(p),
        skills=tuple(SkillRef(name) for name in p.skills),
        primary=frozenset(p.normal),
        secondary=frozenset(p.double),
        keywords=(),
        big_guy=False,
    )


def _big_guy(b: BigGuy, limit: int) -> Position:
    return Position(
        name=b.name,
        max_quantity=limit,
        cost=b.cost,
        stats=_stats(b),
        skills=tuple(SkillRef(name) for name in (*b.skills, *b.racial)),
        primary=frozenset(b.normal),
        secondary=frozenset(b.double),
        keywords=("Big Guy",),
        big_guy=True,
    )


def _roster(classic: ClassicRuleset, team: ClassicTeam) -> TeamRoster:
    own = [_position(p) for p in team.positions]
    names = {p.name for p in own}
    allies = [_big_guy(b, team.big_guy_limit) for b in classic.allies(team.id)]
    clash = [b.name for b in allies if b.name in names]
    if clash:
        raise DataFileError(f"{classic.id}/teams.yaml: {team.name} has a position named like an ally {clash}")
    lineman = max(team.positions, key=lambda p: (p.max_quantity, -p.cost))
    return TeamRoster(
        id=team.id,
        name=team.name,
        tier=None,
        tiers={},
        reroll_cost=team.reroll_cost,
        apothecary=team.apothecary,
        special_rules=team.special_rules,
        special_rule_choice=(),
        big_guy_limit=team.big_guy_limit,
        journeyman=lineman.name,
        positions=(*own, *allies),
    )


def _skills(classic: ClassicRuleset) -> dict[str, SkillDef]:
    skills: dict[str, SkillDef] = {}
    for code, listed in classic.skill_categories.items():
        for name in listed:
            skills[name] = SkillDef(name, code, None, f"LRB 3 {_NAMES[code]} skill.")
    for code, listed in classic.trait_categories.items():
        for name in listed:
            skills[name] = SkillDef(
                name,
                code + TRAIT_SUFFIX,
                None,
                f"LRB 3 {_NAMES[code]} trait: gained only on a Star Player roll double.",
            )
    for name in classic.racial_characteristics:
        skills[name] = SkillDef(name, RACIAL, None, "LRB 3 racial characteristic: never gained or lost.")
    for name, roll in classic.secret_weapons.items():
        skills[name] = SkillDef(
            name, SECRET_WEAPON, None, f"LRB 3 secret weapon: sent off at the end of a drive on {roll}+."
        )
    return skills


def _creation(classic: ClassicRuleset) -> DraftRules:
    c = classic.creation
    return DraftRules(
        budget=c.budget,
        min_players=c.min_players,
        max_players=c.max_players,
        max_rerolls=MAX_REROLLS,
        reroll_multiplier_after_draft=2,
        assistant_coach=StaffRule(c.assistant_coach_cost, STAFF_MAX),
        cheerleader=StaffRule(c.cheerleader_cost, STAFF_MAX),
        apothecary=StaffRule(c.apothecary_cost, c.apothecary_max),
        fans_free=0,
        fans_cost=c.fan_factor_cost,
        fans_max_at_draft=c.fan_factor_max,
        fans_min=0,
        fans_max=99,
        fans_min_at_draft=c.fan_factor_min,
        fans_label="fan factor",
    )


def _house_rules(ruleset_id: str) -> tuple[HouseRule, ...]:
    path = resources.files("league_manager.data").joinpath(ruleset_id, "house_rules.yaml")
    node = Node(yaml.safe_load(path.read_text(encoding="utf-8")), f"{ruleset_id}/house_rules.yaml")
    rules = []
    for h in node["house_rules"].entries():
        h.only("key", "label", "kind", "default", "max", "help")
        rules.append(
            HouseRule(
                key=h["key"].text(),
                label=h["label"].text(),
                kind=h["kind"].one_of("int"),
                default=h["default"].number(minimum=0),
                help=h["help"].text(),
                maximum=h["max"].number(minimum=0),
            )
        )
    return tuple(rules)


@functools.cache
def classic_league_ruleset(ruleset_id: str = "lrb2004") -> Ruleset:
    """The classic ruleset as the league services read it (cached: immutable).

    Raises:
        NotFound: the id is not a classic ruleset.
        DataFileError: a data file breaks its schema, or a team skill is not in the skill lists.
    """
    classic = load_classic(ruleset_id)
    skills = _skills(classic)
    teams = {team.id: _roster(classic, team) for team in classic.teams.values()}
    for roster in teams.values():
        for position in roster.positions:
            unknown = [s.name for s in position.skills if s.name not in skills]
            if unknown:
                raise DataFileError(f"{ruleset_id}: {roster.name} {position.name}: unknown skills {unknown}")
    return Ruleset(
        id=classic.id,
        version=classic.version,
        name=classic.name,
        teams=teams,
        star_players={},
        max_stars_per_team=0,
        skills=skills,
        skill_categories={
            code: (*classic.skill_categories[code], *classic.trait_categories[code])
            for code in classic.skill_categories
        },
        inducements={},
        inducement_group_limits={},
        mercenary_surcharge=0,
        mercenary_extra_skill_cost=0,
        draft=_creation(classic),
        advancement=AdvancementRules(
            spp_awards=CLASSIC_SPP,
            max_advancements=0,
            costs=(),
            characteristic_d16=(),
            value_increase={},
            max_improvements_per_characteristic=0,
            limits_max={},
            limits_min={},
        ),
        tables={},
        prayers=(),
        prayer_gap=1,
        expensive_mistakes=ExpensiveMistakes(min_treasury=0, bands=(), table={}),
        winnings_unit=0,
        league_points={},
        prizes={},
        star_rules={},
        inducement_texts={},
        house_rules=_house_rules(ruleset_id),
        underdog_prayers=False,
        classic=True,
    )
