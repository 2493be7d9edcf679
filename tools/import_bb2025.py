"""Transcribe the Season 3 (BB2025) reference data into ``league_manager/data/bb2025``.

Developer tool, called by ``tools/import_reference.py --edition bb2025``. Same rules as
for BB2020: facts only, the output is committed, the program never reads the reference.
Where the reference leaves a value open (``UNRESOLVED``) or disputed, the choice made here
is recorded in ``docs/rules-decisions.md`` ("Season 3 (bb2025) data choices").
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from reference_fields import dump_data, load_reference, position_fields, reference_folder

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "league_manager" / "data" / "bb2025"
DEFAULT_REF = reference_folder(ROOT, "bb2025")

HEADER = (
    "# Transcribed by tools/import_reference.py --edition bb2025 from the Season 3 reference data.\n"
    "# Facts only (names, numbers, lists). Choices on disputed values: docs/rules-decisions.md,\n"
    '# "Season 3 (bb2025) data choices (issue 22)".\n'
)

# Where only cz and rs give a star value and they disagree, take rs: it follows the 2026
# errata and the Legends PDF fees, while cz still carries BB2020 values for many stars.
UNRESOLVED_SOURCE = "rs"
# Star special rule names spelled differently from our descriptions (quotes, "!").
STAR_RULE_NAMES = {
    "Beer Barrel Bash": "Beer Barrel Bash!",
    "\u201cBlastin' Solves Everything\u201d": "Blastin' Solves Everything",
    "\u201cExcuse me, are you a Zoat?\u201d": "Excuse Me, Are You a Zoat?",
}
TRAIT_ACTION_WORDS = {"X": "text", "X+": "target"}
# Table results spelled as the engine and the BB2020 tables spell them.
RESULT_NAMES = {"DEAD": "Dead", "Casualty": "Casualty!"}


def _load(ref: Path, name: str) -> Any:
    return load_reference(ref, name)


def _dump(name: str, header: str, data: Any) -> None:
    dump_data(OUT / name, HEADER + header, data)


def _dispute_text(d: dict[str, Any]) -> str:
    others = d.get("other_values") or d.get("source_values") or {}
    rest = "; ".join(f"{src}: {val}" for src, val in others.items())
    by = ", ".join(d.get("chosen_by") or [])
    return f"{d['field']}: {d.get('chosen')}" + (f" ({by})" if by else "") + f"; other sources: {rest}"


def _voted(value: Any) -> Any:
    """A plain value, or the chosen one of a ``{chosen: ...}`` vote."""
    return value["chosen"] if isinstance(value, dict) else value


def convert_teams(ref: Path) -> None:
    src = _load(ref, "teams.yaml")
    teams = []
    for t in src["teams"]:
        positions = []
        for p in t["positions"]:
            pos = position_fields(p, list(p["keywords"]))
            aliases = [a for a in (p.get("aliases") or []) if a != p["name"]]
            if p.get("bb2020_position") and p["bb2020_position"] not in (p["name"], *aliases):
                aliases.append(p["bb2020_position"])
            if aliases:
                pos["aliases"] = aliases
            disputes = [_dispute_text(d) for d in p.get("disputes") or []]
            for change in p.get("errata_may_2026") or []:
                disputes.append(f"{change['field']}: May 2026 errata, {change['change']}")
            if disputes:
                pos["disputes"] = disputes
            positions.append(pos)
        tier = _voted(t["tier"])
        team: dict[str, Any] = {
            "id": t["id"],
            "name": t["name"],
            "tier": tier,
            "tiers": {"season3": tier},
            "reroll_cost": t["reroll_cost"],
            "apothecary": bool(t["apothecary_allowed"]),
            "special_rules": [*(t.get("regional_special_rules") or []), *(t.get("team_special_rules") or [])],
            "big_guy_limit": int((t.get("max_big_guys") or {}).get("rs", 0)),
            "journeyman": t["journeyman_position_rs"],
            "positions": positions,
        }
        if t.get("special_rule_choice"):
            team["special_rule_choice"] = list(t["special_rule_choice"]["choose_one_of"])
        disputes = [_dispute_text(d) for d in t.get("disputes") or []]
        if isinstance(t["tier"], dict) and t["tier"].get("other_values"):
            disputes.append(_dispute_text({"field": "tier", **t["tier"]}))
        if disputes:
            team["disputes"] = disputes
        teams.append(team)
    _dump(
        "teams.yaml",
        "# AG, PA and AV are target numbers (3 means 3+); PA null means no Passing Ability.\n"
        "# keywords are the Season 3 position keywords (cz, rs).\n"
        "# special_rules: regional leagues, then team special rules.\n"
        "# disputes: minority values from the sources and the May 2026 errata.\n",
        {"teams": teams},
    )


def _star_value(star: dict[str, Any], field: str) -> tuple[Any, str | None]:
    """The value of a star field and, for an UNRESOLVED one, a note of the choice."""
    value = star[field]
    if value != "UNRESOLVED":
        return value, None
    entry = next(u for u in star["unresolved"] if u["field"] == field)
    values = entry["values"]
    chosen = values[UNRESOLVED_SOURCE]
    rest = "; ".join(f"{src}: {val}" for src, val in values.items() if src != UNRESOLVED_SOURCE)
    return chosen, f"{field}: {chosen} ({UNRESOLVED_SOURCE}, unresolved); other sources: {rest}"


def convert_stars(ref: Path) -> None:
    src = _load(ref, "star_players.yaml")
    stars = []
    for s in src["star_players"]:
        notes: list[str] = []
        values: dict[str, Any] = {}
        for field in ("cost", "MA", "ST", "AG", "PA", "AV", "plays_for"):
            values[field], note = _star_value(s, field)
            if note:
                notes.append(note)
        rule = s.get("special_rule")
        star: dict[str, Any] = {
            "name": s["name"],
            "cost": values["cost"],
            **{k: values[k] for k in ("MA", "ST", "AG", "PA", "AV")},
            "skills": list(s.get("skills") or []),
            "special_rule": STAR_RULE_NAMES.get(rule, rule),
            "plays_for": [],
            "mega_star": bool(s.get("mega_star_rs")),
            "keywords": list(s.get("keywords") or []),
        }
        for team_rule in values["plays_for"]:
            if team_rule.startswith("any team except "):
                star["plays_for"].append("any team")
                star["never_plays_for"] = [team_rule.removeprefix("any team except ")]
            else:
                star["plays_for"].append(team_rule)
        if s.get("hired_as_pair"):
            star["pair"] = s["hired_as_pair"]
            star["pair_cost"] = s["pair_cost"]
        disputes = [_dispute_text(d) for d in s.get("disputes") or []] + notes
        if disputes:
            star["disputes"] = disputes
        stars.append(star)
    hiring = src["meta"]["hiring_rules"]
    _dump(
        "star_players.yaml",
        "# plays_for: regional/team special rule names; 'any team' = every team.\n"
        "# mega_star: rs marks these five as Mega Stars (single source).\n",
        {"max_per_team": hiring["max_per_team"]["value"], "star_players": stars},
    )


_PARAM = re.compile(r"^(?P<base>.+?) \((?P<param>[^)]*)\)$")


def convert_skills(ref: Path) -> None:
    src = _load(ref, "skills.yaml")
    categories = []
    for c in src["categories"]:
        table = c["random_table"]
        order = list(table["first_d6_1_to_3"]) + list(table["first_d6_4_to_6"])
        categories.append({"code": c["code"], "name": c["name"], "skills": order})
    traits = []
    for t in src["traits"]:
        m = _PARAM.match(t["name"])
        entry: dict[str, Any] = {"name": m.group("base") if m else t["name"]}
        if m:
            entry["parameter"] = TRAIT_ACTION_WORDS[m.group("param")]
        traits.append(entry)
    relations = src["skill_relations"]
    requires = {
        name: [n for n in needs if not n.startswith("one trait")]
        for name, needs in relations["requires"].items()
    }
    special_action_traits = ["Ball & Chain", "Bombardier", "Breathe Fire", "Chainsaw", "Kick Team-mate"]
    special_action_traits += ["Projectile Vomit", "Stab", "Throw Team-mate"]
    _dump(
        "skills.yaml",
        "# Categories list skills in random-table order: first D6 1-3 -> entries 1-6,\n"
        "# 4-6 -> entries 7-12; the second D6 picks within the half.\n"
        "# parameter: target = (N+), text = free text (Animosity (All), Hatred (Troll)).\n"
        "# requires: a skill may only be gained by a player who has one of the listed skills.\n",
        {
            "categories": categories,
            "parameterised": {},
            "traits": traits,
            "elite": list(src["elite_skills"]["skills"]),
            "requires": requires | {"Violent Innovator": special_action_traits},
            "conflicts": [list(pair) for pair in relations["conflicts"]],
        },
    )


def _availability(value: Any) -> list[str]:
    if value in (None, "any"):
        return ["any"]
    if value == "teams that can hire an apothecary":
        return ["apothecary"]
    return list(value)


def convert_inducements(ref: Path) -> None:
    src = _load(ref, "inducements.yaml")
    items: list[dict[str, Any]] = []
    skip = {"Mercenary Players", "Star Players", "Infamous Coaching Staff", "Wizard", "Biased Referee"}

    def add(kind: str, entry: dict[str, Any], name: str | None = None) -> None:
        item: dict[str, Any] = {
            "name": name or entry["name"],
            "kind": kind,
            "max": entry.get("max", 1),
            "cost": entry["cost"],
            "available_to": _availability(entry.get("available_to")),
        }
        if entry.get("reduced_cost"):
            item["reduced_cost"] = {
                ("team:halfling" if k == "Halfling team" else k): v for k, v in entry["reduced_cost"].items()
            }
        if entry.get("reduced_max"):
            item["reduced_max"] = dict(entry["reduced_max"])
        if isinstance(entry.get("disputes"), dict):
            item["disputes"] = [_dispute_text({"field": "cost", **entry["disputes"]})]
        items.append(item)

    for entry in src["common_inducements"]:
        if entry["name"] not in skip:
            add("common", entry)
    for entry in src["infamous_coaching_staff"]:
        add("coaching_staff", entry)
    for entry in src["wizards"]:
        add("wizard", entry, name="Hireling Sports-Wizard")
    for entry in src["biased_referees"]:
        add("referee", entry)
    mercs = next(e for e in src["common_inducements"] if e["name"] == "Mercenary Players")
    _dump(
        "inducements.yaml",
        "# available_to: 'any', 'apothecary' (teams that may hire one), or special rule names.\n"
        "# reduced_max: a higher (or lower) maximum for teams with that special rule.\n"
        "# group_limits: at most this many inducements of a kind per team and game.\n",
        {
            "group_limits": {
                "coaching_staff": 1,
                "wizard": 1,
                "referee": 1,
                "star": 2,
                "mercenary": mercs["max"],
            },
            "mercenary": {"surcharge": 30000, "extra_skill_cost": 50000, "gains": "Loner (4+)"},
            "inducements": items,
        },
    )


def _range(text: Any) -> dict[str, int]:
    parts = str(text).split("-")
    return {"min": int(parts[0]), "max": int(parts[-1])}


def _target(v: Any) -> int:
    return int(str(v).rstrip("+"))


def convert_league_rules(ref: Path) -> None:
    adv = _load(ref, "advancement.yaml")
    creation = _load(ref, "team_creation.yaml")["league_team_draft"]
    post = _load(ref, "post_game.yaml")
    prayers = _load(ref, "prayers.yaml")
    league = _load(ref, "league.yaml")

    staff = creation["sideline_staff"]
    fans = creation["dedicated_fans"]
    cost_rows = [
        {
            "advancement": row["advancement_number"],
            "level": row["level_reached"],
            "random_primary": row["random_primary"],
            "chosen_primary": row["chosen_primary"],
            "chosen_secondary": row["chosen_secondary"],
            "characteristic": row["random_characteristic"],
        }
        for row in adv["spp_cost_table"]["rows"]
    ]
    d8 = []
    for row in adv["characteristic_improvement_d8"]["table"]:
        opts = row["options"]
        if opts == ["any characteristic"]:
            opts = ["MA", "ST", "AG", "PA", "AV"]
        d8.append({**_range(row["roll"]), "options": list(opts)})
    limits = adv["characteristic_limits"]
    awards = {a["event"].split(" (")[0]: a for a in adv["spp_awards"]["awards"]}
    em = post["expensive_mistakes"]
    value = adv["value_increase"]
    skills_value = value["skills"]
    data = {
        "ruleset": {"id": "bb2025", "version": "2026.05", "name": "Blood Bowl Season 3"},
        "draft": {
            "budget": creation["budget_gp"]["value"],
            "min_players": creation["players"]["min"],
            "max_players": creation["players"]["max"],
            "max_rerolls": creation["team_rerolls"]["max"],
            "reroll_multiplier_after_draft": 2,
            "assistant_coach": dict(staff["assistant_coaches"]),
            "cheerleader": dict(staff["cheerleaders"]),
            "apothecary": {"cost": staff["apothecary"]["cost"], "max": staff["apothecary"]["max"]},
            "dedicated_fans": {
                "free": fans["start"],
                "cost": fans["cost_per_extra"],
                "max_at_draft": 6,
                "min": fans["overall_min"],
                "max": fans["overall_max"],
            },
            "insignificant_at_most_half": True,
        },
        "spp_awards": {
            "COMP": awards["Completion"]["spp"],
            "DEF": awards["Deflection"]["spp"],
            "INT": awards["Interception"]["spp"],
            "CAS": awards["Casualty"]["spp"],
            "TD": awards["Touchdown"]["spp"],
            "MVP": awards["Most Valuable Player"]["spp"],
            "THROW": awards["Throwing Completion"]["spp"],
            "LAND": awards["Landing"]["spp"],
        },
        "spp_awards_by_rule": {
            "Brawlin' Brutes": {
                "CAS": awards["Casualty"]["brawlin_brutes"],
                "TD": awards["Touchdown"]["brawlin_brutes"],
            }
        },
        "mvp_nominees": 6,
        "concession_loses_spp": True,
        "getting_even_roll": adv["getting_even"]["roll"],
        "position_keywords": True,
        "advancement": {
            "max_advancements": adv["spp_cost_table"]["max_advancements"],
            "costs": cost_rows,
            "characteristic_die": 8,
            "random_skills_rolled": 2,
            "characteristic_table": d8,
            "value_increase": {
                "random_primary": skills_value["random_primary"],
                "chosen_primary": skills_value["primary"],
                "chosen_secondary": skills_value["secondary"],
                **value["characteristics"],
            },
            "elite_extra": skills_value["elite_extra"],
            "max_improvements_per_characteristic": 2,
            "limits": {
                side: {
                    "MA": limits[side]["MA"],
                    "ST": limits[side]["ST"],
                    "AG": _target(limits[side]["AG"]),
                    "PA": _target(limits[side]["PA"]),
                    "AV": _target(limits[side]["AV"]),
                }
                for side in ("max", "min")
            },
        },
        "winnings": {"per_half_attendance_and_td": 10000, "not_stalling_bonus": 10000},
        "expensive_mistakes": {
            "min_treasury": 100000,
            "bands": [100000, 200000, 300000, 400000, 500000, 600000],
            "table": {int(k): list(v) for k, v in em["table_ry_season3"].items()},
            "disputes": [
                "Season 3 table from ry-comp only (4 cells differ from BB2020); cz keeps the BB2020 table"
            ],
        },
        "prayers": [
            {"roll": p["roll"], "name": p["name"], "lasts": p["lasts_until_end_of"]}
            for p in prayers["league_table_d16"]
        ],
        "prayer_gap": 50000,
        "underdog_prayers": False,
        # no Season 3 no-show text: the BB2020 penalty stays (docs/rules-decisions.md, league rules)
        "league_points": dict(league["league_points"]["cz"]) | {"no_show": 3},
        "prizes": {k: v for k, v in league["end_of_season_cz"]["prizes_gp"].items() if isinstance(v, int)},
    }
    data["league_points"] = {k: v for k, v in data["league_points"].items() if isinstance(v, int)}
    _dump(
        "league_rules.yaml",
        "# Characteristic limits: MA/ST plain numbers; AG/PA/AV target numbers (1 = 1+).\n"
        "# characteristic_table: rolled on a D8 (characteristic_die); no random secondary skills.\n"
        "# Expensive mistakes: bands are the lower bound of each treasury column; table rows\n"
        "# are the D6 result.\n",
        data,
    )


def convert_tables(ref: Path) -> None:
    """Match tables: numbers from the reference, effects from ``tools/bb2025_effects.yaml``."""
    kickoff = _load(ref, "kickoff_weather.yaml")
    injuries = _load(ref, "injuries.yaml")
    effects = yaml.safe_load((ROOT / "tools" / "bb2025_effects.yaml").read_text(encoding="utf-8"))

    def rows(table: str, entries: list[tuple[Any, str, str | None]]) -> list[dict[str, Any]]:
        out = []
        for roll, name, characteristic in entries:
            result = RESULT_NAMES.get(name, name)
            row: dict[str, Any] = {**_range(roll), "result": result, "effect": effects[table][result]}
            if characteristic:
                row["characteristic"] = characteristic
            out.append(row)
        return out

    casualty = [(r["roll"], r["result"], None) for r in injuries["casualty_table_d16"]["table"]]
    lasting = [
        (r["roll"], r["result"], r["reduction"].split()[0])
        for r in injuries["lasting_injury_table_d6"]["table"]
    ]
    weather = [(r["roll"], r["name"], None) for r in kickoff["weather_table_2d6"]]
    kick = [(r["roll"], r["name"], None) for r in kickoff["kick_off_table_2d6"]]
    two_d6 = injuries["injury_tables_2d6"]
    injury = [(str(k).rstrip("+"), v.split(" (")[0], None) for k, v in two_d6["standard"].items()]
    stunty = [(str(k).rstrip("+"), v.split(" (")[0].split(":")[0], None) for k, v in two_d6["stunty"].items()]
    argue = [(k, v, None) for k, v in effects["argue_rolls"]]
    data = {
        "weather": {"dice": "2D6", "rows": rows("weather", weather)},
        "kickoff": {"dice": "2D6", "rows": rows("kickoff", kick)},
        "injury": {"dice": "2D6", "rows": rows("injury", injury)},
        "stunty_injury": {"dice": "2D6", "rows": rows("stunty_injury", stunty)},
        "casualty": {"dice": "D16", "rows": rows("casualty", casualty)},
        "lasting_injury": {"dice": "D6", "rows": rows("lasting_injury", lasting)},
        "argue_the_call": {"dice": "D6", "rows": rows("argue_the_call", argue)},
    }
    for name in ("injury", "stunty_injury"):
        data[name]["rows"][-1]["max"] = 12
    _dump(
        "match_tables.yaml",
        "# Dice ranges and result names from the reference; every effect is a summary in this\n"
        "# project's own words (tools/bb2025_effects.yaml).\n",
        data,
    )


def main(ref: Path) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    convert_teams(ref)
    convert_stars(ref)
    convert_skills(ref)
    convert_inducements(ref)
    convert_league_rules(ref)
    convert_tables(ref)
    print(f"wrote {OUT}")
    return 0
