"""Load a ruleset from its package data files into frozen dataclasses, validating as it reads."""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any

import yaml

from league_manager.core.errors import DataFileError, NotFound
from league_manager.rules.model import (
    ADVANCEMENT_KINDS,
    CHARACTERISTICS,
    SKILL_CATEGORIES,
    AdvancementCost,
    AdvancementRules,
    CharacteristicRoll,
    Characteristics,
    DiceTable,
    DraftRules,
    ExpensiveMistakes,
    HouseRule,
    Inducement,
    Position,
    Prayer,
    Ruleset,
    SkillDef,
    SkillRef,
    StaffRule,
    StarPlayer,
    TableRow,
    TeamRoster,
)
from league_manager.rules.schema import Node, opt_int, opt_str

KNOWN_RULESETS = ("bb2020", "bb2025")
_MATCH_TABLES = {
    "weather": (2, 12),
    "kickoff": (2, 12),
    "injury": (2, 12),
    "stunty_injury": (2, 12),
    "casualty": (1, 16),
    "lasting_injury": (1, 6),
    "argue_the_call": (1, 6),
}

try:  # the C loader is several times faster; fall back where libyaml is missing
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader


def _read(ruleset_id: str, filename: str) -> Node:
    path = resources.files("league_manager.data").joinpath(ruleset_id, filename)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFileError(f"{ruleset_id}/{filename}: file missing") from None
    try:
        return Node(yaml.load(text, Loader=_Loader), f"{ruleset_id}/{filename}")
    except yaml.YAMLError as exc:
        raise DataFileError(f"{ruleset_id}/{filename}: not valid YAML ({exc})") from None


def list_rulesets() -> tuple[str, ...]:
    """Ids of the rulesets shipped with the program."""
    return KNOWN_RULESETS


@functools.cache
def ruleset_name(ruleset_id: str) -> str:
    """The display name of a shipped ruleset, read from its header file alone.

    A page that only names a ruleset (the league page's "Move to Season 3") need not
    load all of it.

    Raises:
        NotFound: the ruleset id is unknown.
        DataFileError: the header file breaks its schema.
    """
    if ruleset_id not in KNOWN_RULESETS and ruleset_id not in _classic_ids():
        raise unknown_ruleset(ruleset_id)
    return _read(ruleset_id, "league_rules.yaml")["ruleset"]["name"].text()


@functools.cache
def load_ruleset(ruleset_id: str = "bb2020") -> Ruleset:
    """Load and validate a ruleset (cached: the result is immutable).

    Raises:
        NotFound: the ruleset id is unknown.
        DataFileError: a data file breaks its schema; the message names the spot.
    """
    if ruleset_id in _classic_ids():
        from league_manager.rules.classic_league import classic_league_ruleset

        return classic_league_ruleset(ruleset_id)
    if ruleset_id not in KNOWN_RULESETS:
        raise unknown_ruleset(ruleset_id)
    texts = _descriptions(ruleset_id)
    skills_file = _read(ruleset_id, "skills.yaml")
    skills, categories = _skills(skills_file, texts["skills"])
    rules = _read(ruleset_id, "league_rules.yaml")
    head = rules["ruleset"]
    teams = _teams(_read(ruleset_id, "teams.yaml"), skills)
    stars_file = _read(ruleset_id, "star_players.yaml")
    stars = _stars(stars_file, skills)
    inducements_file = _read(ruleset_id, "inducements.yaml")
    tables = _tables(_read(ruleset_id, "match_tables.yaml"))
    prayer_texts = {k: v["text"].text() for k, v in texts["prayers"].items()}
    winnings = rules["winnings"]
    prayers = tuple(
        Prayer(
            roll=p["roll"].number(minimum=1, maximum=16),
            name=p["name"].text(),
            lasts=p["lasts"].one_of("drive", "half", "game"),
            description=prayer_texts.get(p["name"].text(), ""),
        )
        for p in rules["prayers"].entries()
    )
    em = rules["expensive_mistakes"]
    group = inducements_file["group_limits"]
    merc = inducements_file["mercenary"]
    ruleset = Ruleset(
        id=head["id"].text(),
        version=head["version"].text(),
        name=head["name"].text(),
        teams=teams,
        star_players=stars,
        max_stars_per_team=stars_file["max_per_team"].number(minimum=0),
        skills=skills,
        skill_categories=categories,
        inducements=_inducements(inducements_file),
        inducement_group_limits={k: v.number(minimum=0) for k, v in group.items()},
        mercenary_surcharge=merc["surcharge"].number(minimum=0),
        mercenary_extra_skill_cost=merc["extra_skill_cost"].number(minimum=0),
        draft=_draft(rules["draft"]),
        advancement=_advancement(rules, skills_file),
        tables=tables,
        prayers=prayers,
        prayer_gap=rules["prayer_gap"].number(minimum=1),
        expensive_mistakes=ExpensiveMistakes(
            min_treasury=em["min_treasury"].number(minimum=0),
            bands=tuple(n.number() for n in em["bands"].entries()),
            table={int(k): v.texts() for k, v in em["table"].items()},
        ),
        winnings_unit=winnings["per_half_attendance_and_td"].number(minimum=0),
        league_points={k: v.number() for k, v in rules["league_points"].items()},
        prizes={k: v.number() for k, v in rules["prizes"].items()},
        star_rules={k: v["text"].text() for k, v in texts["star_rules"].items()},
        inducement_texts={k: v["text"].text() for k, v in texts["inducements"].items()},
        house_rules=_house_rules(_read(ruleset_id, "house_rules.yaml")),
        underdog_prayers=rules["underdog_prayers"].flag() if rules.has("underdog_prayers") else True,
        winnings_not_stalling=(
            winnings["not_stalling_bonus"].number(minimum=0) if winnings.has("not_stalling_bonus") else 0
        ),
        position_keywords=rules["position_keywords"].flag() if rules.has("position_keywords") else False,
        mvp_nominees=rules["mvp_nominees"].number(minimum=1) if rules.has("mvp_nominees") else 0,
        concession_loses_spp=(
            rules["concession_loses_spp"].flag() if rules.has("concession_loses_spp") else False
        ),
        getting_even_roll=(
            rules["getting_even_roll"].number(minimum=2) if rules.has("getting_even_roll") else 0
        ),
        skill_requires=(
            {k: v.texts() for k, v in skills_file["requires"].items()} if skills_file.has("requires") else {}
        ),
        skill_conflicts=tuple(_pair(n) for n in skills_file["conflicts"].entries())
        if skills_file.has("conflicts")
        else (),
    )
    _cross_check(ruleset)
    return ruleset


def _descriptions(ruleset_id: str) -> Node:
    """The edition's summaries; ``based_on`` fills every section from an older edition's file."""
    texts = _read(ruleset_id, "descriptions.yaml")
    if not texts.has("based_on"):
        return texts
    base = _read(texts["based_on"].one_of(*KNOWN_RULESETS), "descriptions.yaml")
    merged = {
        section: {**base[section].value, **(texts[section].value if texts.has(section) else {})}
        for section in ("skills", "star_rules", "prayers", "inducements")
    }
    return Node(merged, f"{ruleset_id}/descriptions.yaml (based on {texts['based_on'].text()})")


def _pair(node: Node) -> tuple[str, str]:
    names = node.texts()
    if len(names) != 2:
        raise DataFileError(f"{node.path}: a conflict names exactly two skills")
    return names[0], names[1]


def _skills(node: Node, texts: Node) -> tuple[dict[str, SkillDef], dict[str, tuple[str, ...]]]:
    descriptions = {name: entry["text"].text() for name, entry in texts.items()}
    params = {name: kind.one_of("modifier") for name, kind in node["parameterised"].items()}
    skills: dict[str, SkillDef] = {}
    categories: dict[str, tuple[str, ...]] = {}

    def add(name: str, category: str, parameter: str | None, where: str) -> None:
        if name in skills:
            raise DataFileError(f"{where}: '{name}' is listed twice")
        if name not in descriptions:
            raise DataFileError(f"descriptions.yaml: no description for '{name}'")
        skills[name] = SkillDef(name, category, parameter, descriptions[name])

    for cat in node["categories"].entries():
        code = cat["code"].one_of(*SKILL_CATEGORIES)
        names = cat["skills"].texts()
        if len(names) != 12:
            raise DataFileError(f"{cat.path}.skills: expected 12 skills, found {len(names)}")
        categories[code] = names
        for name in names:
            add(name, code, params.get(name), cat.path)
    for trait in node["traits"].entries():
        trait.only("name", "parameter")
        param = trait.get("parameter")
        add(trait["name"].text(), "T", param.one_of("target", "text") if param else None, trait.path)
    return skills, categories


def _check_skill(ref: SkillRef, skills: dict[str, SkillDef], where: str) -> SkillRef:
    definition = skills.get(ref.name)
    if definition is None:
        raise DataFileError(f"{where}: unknown skill or trait '{ref}'")
    if bool(definition.parameter) != bool(ref.param):
        raise DataFileError(f"{where}: '{ref}' does not match the parameter of {ref.name}")
    return ref


def _stats(node: Node) -> Characteristics:
    return Characteristics(
        ma=node["MA"].number(minimum=1, maximum=10),
        st=node["ST"].number(minimum=1, maximum=8),
        ag=node["AG"].number(minimum=1, maximum=6),
        pa=opt_int(node.get("PA")),
        av=node["AV"].number(minimum=3, maximum=12),
    )


def _skill_list(node: Node, skills: dict[str, SkillDef]) -> tuple[SkillRef, ...]:
    return tuple(_check_skill(SkillRef.parse(n.text()), skills, n.path) for n in node.entries())


def _teams(node: Node, skills: dict[str, SkillDef]) -> dict[str, TeamRoster]:
    teams: dict[str, TeamRoster] = {}
    for t in node["teams"].entries():
        t.only(
            "id", "name", "tier", "tiers", "reroll_cost", "apothecary", "special_rules",
            "special_rule_choice", "big_guy_limit", "journeyman", "positions", "disputes",
        )  # fmt: skip
        positions = []
        for p in t["positions"].entries():
            p.only(
                "name", "max", "cost", *CHARACTERISTICS, "skills", "primary", "secondary",
                "keywords", "big_guy", "aliases", "disputes",
            )  # fmt: skip
            access = {c: p[c].texts() for c in ("primary", "secondary")}
            for key, codes in access.items():
                bad = [c for c in codes if c not in SKILL_CATEGORIES]
                if bad:
                    raise DataFileError(f"{p.path}.{key}: unknown categories {bad}")
            positions.append(
                Position(
                    name=p["name"].text(),
                    max_quantity=p["max"].number(minimum=1, maximum=16),
                    cost=p["cost"].number(minimum=0),
                    stats=_stats(p),
                    skills=_skill_list(p["skills"], skills),
                    primary=frozenset(access["primary"]),
                    secondary=frozenset(access["secondary"]),
                    keywords=p["keywords"].texts(),
                    big_guy=p["big_guy"].flag(),
                    aliases=p["aliases"].texts() if p.has("aliases") else (),
                    disputes=p["disputes"].texts() if p.has("disputes") else (),
                )
            )
        tiers = {k: opt_int(v) for k, v in t["tiers"].items()}
        team = TeamRoster(
            id=t["id"].text(),
            name=t["name"].text(),
            tier=opt_int(t.get("tier")),
            tiers=tiers,
            reroll_cost=t["reroll_cost"].number(minimum=0),
            apothecary=t["apothecary"].flag(),
            special_rules=t["special_rules"].texts(),
            special_rule_choice=(t["special_rule_choice"].texts() if t.has("special_rule_choice") else ()),
            big_guy_limit=t["big_guy_limit"].number(minimum=0),
            journeyman=t["journeyman"].text(),
            positions=tuple(positions),
            disputes=t["disputes"].texts() if t.has("disputes") else (),
        )
        if team.id in teams:
            raise DataFileError(f"{t.path}: duplicate team id '{team.id}'")
        team.position(team.journeyman)  # raises if the journeyman line is missing
        teams[team.id] = team
    return teams


def _stars(node: Node, skills: dict[str, SkillDef]) -> dict[str, StarPlayer]:
    stars: dict[str, StarPlayer] = {}
    for s in node["star_players"].entries():
        star = StarPlayer(
            name=s["name"].text(),
            cost=s["cost"].number(minimum=0),
            stats=_stats(s),
            skills=_skill_list(s["skills"], skills),
            special_rule=opt_str(s.get("special_rule")),
            plays_for=s["plays_for"].texts(),
            mega_star=s["mega_star"].flag(),
            pair=opt_str(s.get("pair")),
            pair_cost=opt_int(s.get("pair_cost")),
            never_plays_for=(s["never_plays_for"].texts() if s.has("never_plays_for") else ()),
            disputes=s["disputes"].texts() if s.has("disputes") else (),
            keywords=s["keywords"].texts() if s.has("keywords") else (),
        )
        stars[star.name] = star
    return stars


def _inducements(node: Node) -> dict[str, Inducement]:
    out: dict[str, Inducement] = {}
    for i in node["inducements"].entries():
        i.only(
            "name", "kind", "max", "cost", "available_to", "reduced_cost", "reduced_max",
            "house_rule_reduced_cost", "disputes",
        )  # fmt: skip
        house = i.get("house_rule_reduced_cost")
        item = Inducement(
            name=i["name"].text(),
            kind=i["kind"].one_of("common", "coaching_staff", "wizard", "referee", "team_specific"),
            max_quantity=opt_int(i.get("max")),
            cost=i["cost"].number(minimum=0),
            available_to=i["available_to"].texts(),
            reduced_cost=(
                {k: v.number() for k, v in i["reduced_cost"].items()} if i.has("reduced_cost") else {}
            ),
            house_rule_reduced_cost=(
                (house["setting"].text(), {k: v.number() for k, v in house["reduced_cost"].items()})
                if house
                else None
            ),
            disputes=i["disputes"].texts() if i.has("disputes") else (),
            reduced_max=(
                {k: v.number(minimum=0) for k, v in i["reduced_max"].items()} if i.has("reduced_max") else {}
            ),
        )
        out[item.name] = item
    return out


def _draft(node: Node) -> DraftRules:
    def staff(key: str) -> StaffRule:
        return StaffRule(cost=node[key]["cost"].number(minimum=0), max=node[key]["max"].number(minimum=0))

    fans = node["dedicated_fans"]
    return DraftRules(
        budget=node["budget"].number(minimum=0),
        min_players=node["min_players"].number(minimum=1),
        max_players=node["max_players"].number(minimum=1),
        max_rerolls=node["max_rerolls"].number(minimum=0),
        reroll_multiplier_after_draft=node["reroll_multiplier_after_draft"].number(minimum=1),
        assistant_coach=staff("assistant_coach"),
        cheerleader=staff("cheerleader"),
        apothecary=staff("apothecary"),
        fans_free=fans["free"].number(minimum=0),
        fans_cost=fans["cost"].number(minimum=0),
        fans_max_at_draft=fans["max_at_draft"].number(minimum=0),
        fans_min=fans["min"].number(minimum=0),
        fans_max=fans["max"].number(minimum=0),
        insignificant_at_most_half=(
            node["insignificant_at_most_half"].flag() if node.has("insignificant_at_most_half") else False
        ),
    )


def _advancement(rules: Node, skills_file: Node) -> AdvancementRules:
    adv = rules["advancement"]
    rows = adv["costs"].entries()
    # Season 3 has no random secondary skill: its rows leave that column out.
    kinds = tuple(k for k in ADVANCEMENT_KINDS if all(c.has(k) for c in rows))
    costs = tuple(
        AdvancementCost(
            advancement=c["advancement"].number(minimum=1),
            level=c["level"].text(),
            random_primary=c["random_primary"].number(minimum=0),
            chosen_primary=c["chosen_primary"].number(minimum=0),
            random_secondary=c["random_secondary"].number(minimum=0) if "random_secondary" in kinds else 0,
            chosen_secondary=c["chosen_secondary"].number(minimum=0),
            characteristic=c["characteristic"].number(minimum=0),
        )
        for c in rows
    )
    die = adv["characteristic_die"].number(minimum=2) if adv.has("characteristic_die") else 16
    table = adv["characteristic_table"] if adv.has("characteristic_table") else adv["characteristic_d16"]
    characteristic_rows = tuple(
        CharacteristicRoll(
            low=r["min"].number(minimum=1, maximum=die),
            high=r["max"].number(minimum=1, maximum=die),
            options=tuple(o for o in r["options"].texts() if o in CHARACTERISTICS),
        )
        for r in table.entries()
    )
    _check_coverage([(r.low, r.high) for r in characteristic_rows], 1, die, table.path)
    by_rule = rules["spp_awards_by_rule"] if rules.has("spp_awards_by_rule") else None
    return AdvancementRules(
        spp_awards={k: v.number(minimum=0) for k, v in rules["spp_awards"].items()},
        max_advancements=adv["max_advancements"].number(minimum=1),
        costs=costs,
        characteristic_d16=characteristic_rows,
        value_increase={k: v.number(minimum=0) for k, v in adv["value_increase"].items()},
        max_improvements_per_characteristic=adv["max_improvements_per_characteristic"].number(minimum=1),
        limits_max={k: v.number() for k, v in adv["limits"]["max"].items()},
        limits_min={k: v.number() for k, v in adv["limits"]["min"].items()},
        characteristic_die=die,
        random_skills_rolled=(
            adv["random_skills_rolled"].number(minimum=1) if adv.has("random_skills_rolled") else 1
        ),
        kinds=kinds,
        elite_skills=frozenset(skills_file["elite"].texts()) if skills_file.has("elite") else frozenset(),
        elite_extra=adv["elite_extra"].number(minimum=0) if adv.has("elite_extra") else 0,
        spp_awards_by_rule=(
            {rule: {k: v.number(minimum=0) for k, v in awards.items()} for rule, awards in by_rule.items()}
            if by_rule
            else {}
        ),
    )


def _check_coverage(ranges: list[tuple[int, int]], low: int, high: int, where: str) -> None:
    expected = low
    for first, last in ranges:
        if first != expected or last < first:
            raise DataFileError(f"{where}: rows must cover {low}-{high} in order without gaps")
        expected = last + 1
    if expected != high + 1:
        raise DataFileError(f"{where}: rows must cover {low}-{high} in order without gaps")


def _tables(node: Node) -> dict[str, DiceTable]:
    tables: dict[str, DiceTable] = {}
    for name, (low, high) in _MATCH_TABLES.items():
        table = node[name]
        rows = tuple(
            TableRow(
                low=r["min"].number(),
                high=r["max"].number(),
                result=r["result"].text(),
                effect=r["effect"].text() if r.has("effect") else "",
                characteristic=opt_str(r.get("characteristic")),
            )
            for r in table["rows"].entries()
        )
        _check_coverage([(r.low, r.high) for r in rows], low, high, table.path)
        tables[name] = DiceTable(name=name, dice=table["dice"].text(), rows=rows)
    return tables


def _house_rules(node: Node) -> tuple[HouseRule, ...]:
    rules = []
    for h in node["house_rules"].entries():
        kind = h["kind"].one_of("bool", "int", "choice")
        default_node = h["default"]
        default: bool | int | str
        if kind == "bool":
            default = default_node.flag()
        elif kind == "int":
            default = default_node.number()
        else:
            default = default_node.text()
        choices = h["choices"].texts() if h.has("choices") else ()
        if kind == "choice" and default not in choices:
            raise DataFileError(f"{h.path}: default '{default}' is not among the choices")
        rules.append(
            HouseRule(
                key=h["key"].text(),
                label=h["label"].text(),
                kind=kind,
                default=default,
                help=h["help"].text(),
                choices=choices,
                maximum=h["max"].number() if h.has("max") else None,
            )
        )
    return tuple(rules)


def _cross_check(ruleset: Ruleset) -> None:
    """Checks that span files: names referenced in one file exist in another."""
    known_rules = {r for t in ruleset.teams.values() for r in t.special_rules}
    known_rules |= {r for t in ruleset.teams.values() for r in t.special_rule_choice}
    known_rules |= {"any team", "Favoured of..."}
    for star in ruleset.star_players.values():
        unknown = [r for r in (*star.plays_for, *star.never_plays_for) if r not in known_rules]
        if unknown:
            raise DataFileError(f"star_players.yaml: {star.name} plays for unknown {unknown}")
        if star.special_rule and star.special_rule not in ruleset.star_rules:
            raise DataFileError(f"descriptions.yaml: no text for star rule '{star.special_rule}'")
    for inducement in ruleset.inducements.values():
        if inducement.name not in ruleset.inducement_texts:
            raise DataFileError(f"descriptions.yaml: no text for inducement '{inducement.name}'")
    if len(ruleset.advancement.costs) != ruleset.advancement.max_advancements:
        raise DataFileError("league_rules.yaml: one cost row per advancement is required")


def _classic_ids() -> tuple[str, ...]:
    from league_manager.rules.classic import CLASSIC_RULESETS

    return CLASSIC_RULESETS


def league_rulesets() -> tuple[str, ...]:
    """Ids of every ruleset a league can be created under: the match rulesets and the classic ones."""
    return (*KNOWN_RULESETS, *_classic_ids())


def unknown_ruleset(ruleset_id: str) -> NotFound:
    """The refusal of a ruleset the program does not know."""
    return NotFound(f"unknown ruleset '{ruleset_id}' (known: {', '.join(league_rulesets())})")
