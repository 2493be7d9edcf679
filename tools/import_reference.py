"""Transcribe the checked BB2020 reference data into the project's own data files.

Developer tool, not part of the package: it reads ``../shared/reference/bb2020`` and
writes normalised YAML into ``league_manager/data/bb2020``. The output is committed;
the program never reads the reference folder. Facts only (names, numbers, lists);
descriptions live in ``descriptions.yaml``, written in our own words.

Run: ``.venv/bin/python tools/import_reference.py [--edition bb2025] [REFERENCE_DIR]``
(``--edition bb2025`` hands over to ``tools/import_bb2025.py``, which writes ``data/bb2025``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from reference_fields import dump_data, load_reference, position_fields, reference_folder

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "league_manager" / "data" / "bb2020"
DEFAULT_REF = reference_folder(ROOT, "bb2020")

ROLE_WORDS = {
    "Lineman": "Lineman",
    "Linemen": "Lineman",
    "Linewoman": "Lineman",
    "Blitzer": "Blitzer",
    "Blitzers": "Blitzer",
    "Thrower": "Thrower",
    "Catcher": "Catcher",
    "Blocker": "Blocker",
    "Runner": "Runner",
}

HEADER = (
    "# Transcribed by tools/import_reference.py from the checked BB2020 reference data.\n"
    "# Facts only (names, numbers, lists). Edit the reference and re-run, or edit here and\n"
    "# keep the reference's dispute notes in step.\n"
)


def _load(ref: Path, name: str) -> Any:
    return load_reference(ref, name)


def _dump(name: str, header: str, data: Any) -> None:
    dump_data(OUT / name, HEADER + header, data)


def _dispute_text(d: dict[str, Any]) -> str:
    others = "; ".join(f"{src}: {val}" for src, val in (d.get("other_values") or {}).items())
    by = ", ".join(d.get("chosen_by") or [])
    chosen = d.get("chosen")
    return f"{d['field']}: {chosen}" + (f" ({by})" if by else "") + f"; other sources: {others}"


def _keywords(team_name: str, pos: dict[str, Any]) -> list[str]:
    words = pos["name"].replace("-", " ").split()
    keywords: list[str] = []
    if pos.get("big_guy"):
        keywords.append("Big Guy")
    roles = [ROLE_WORDS[w] for w in words if w in ROLE_WORDS]
    if roles:
        keywords.append(roles[-1])
    elif not pos.get("big_guy"):
        keywords.append("Special")
    return keywords


def _big_guy_limit(team: dict[str, Any]) -> tuple[int, str | None]:
    """The limit (wr first, then rs, cz) and a dispute note when the sources differ."""
    by_source = team.get("max_big_guys") or {}
    values = {src: int(v) for src, v in by_source.items()}
    for src in ("wr", "rs", "cz"):
        if src in values:
            others = {k: v for k, v in values.items() if v != values[src]}
            note = None
            if others:
                rest = "; ".join(f"{k}: {v}" for k, v in others.items())
                note = f"big_guy_limit: {values[src]} ({src}); other sources: {rest}"
            return values[src], note
    return sum(1 for p in team["positions"] if p.get("big_guy")), None


def convert_teams(ref: Path) -> None:
    src = _load(ref, "teams.yaml")
    teams = []
    for t in src["teams"]:
        positions = []
        for p in t["positions"]:
            pos = position_fields(p, _keywords(t["name"], p))
            if p.get("aliases"):
                pos["aliases"] = list(p["aliases"])
            if p.get("disputes"):
                pos["disputes"] = [_dispute_text(d) for d in p["disputes"]]
            positions.append(pos)
        tier = t["tier"]
        big_guys, big_guy_dispute = _big_guy_limit(t)
        team: dict[str, Any] = {
            "id": t["id"],
            "name": t["name"],
            "tier": tier.get("may_2025_gw_list"),
            "tiers": {
                "original_2020": tier.get("original_2020_rulebook"),
                "nov_2021": tier.get("nov_2021_gw_list"),
                "may_2025": tier.get("may_2025_gw_list"),
            },
            "reroll_cost": t["reroll_cost"],
            "apothecary": bool(t["apothecary_allowed"]),
            "special_rules": list(t.get("special_rules") or []),
            "big_guy_limit": big_guys,
            "journeyman": t["journeyman_position"],
            "positions": positions,
        }
        if t.get("special_rule_choice"):
            team["special_rule_choice"] = list(t["special_rule_choice"]["choose_one_of"])
        disputes = [_dispute_text(d) for d in t.get("disputes") or []]
        if big_guy_dispute:
            disputes.append(big_guy_dispute)
        if disputes:
            team["disputes"] = disputes
        teams.append(team)
    _dump(
        "teams.yaml",
        "# AG, PA and AV are target numbers (3 means 3+); PA null means no Passing Ability.\n"
        "# keywords are derived from position names (the reference lists none).\n"
        "# disputes: minority values from the sources, kept visible for commissioners.\n",
        {"teams": teams},
    )


def convert_stars(ref: Path) -> None:
    src = _load(ref, "star_players.yaml")
    stars = []
    for s in src["star_players"]:
        star: dict[str, Any] = {
            "name": s["name"],
            "cost": s["cost"],
            "MA": s["MA"],
            "ST": s["ST"],
            "AG": s["AG"],
            "PA": s["PA"],
            "AV": s["AV"],
            "skills": list(s.get("skills") or []),
            "special_rule": s.get("special_rule"),
            "plays_for": [],
            "mega_star": bool(s.get("mega_star_gw_may_2025")),
        }
        for rule in s.get("plays_for") or []:
            if rule.startswith("any team except "):
                star["plays_for"].append("any team")
                excluded = rule.removeprefix("any team except ").removesuffix(" teams")
                star["never_plays_for"] = [excluded]
            else:
                star["plays_for"].append(rule)
        if s.get("hired_as_pair"):
            star["pair"] = s["hired_as_pair"]
            star["pair_cost"] = s["pair_cost"]
        if s.get("disputes"):
            star["disputes"] = [_dispute_text(d) for d in s["disputes"]]
        stars.append(star)
    hiring = src["meta"]["hiring_rules"]
    _dump(
        "star_players.yaml",
        "# plays_for: regional/team special rule names; 'any team' = every team.\n",
        {"max_per_team": hiring["max_per_team"], "star_players": stars},
    )


_PARAM = re.compile(r"^(?P<base>.+?) \((?P<param>[^)]*)\)$")


def convert_skills(ref: Path) -> None:
    src = _load(ref, "skills.yaml")
    categories = []
    for c in src["categories"]:
        table = c["random_table"]
        order = list(table["first_d6_1_to_3"]) + list(table["first_d6_4_to_6"])
        categories.append({"code": c["code"], "name": c["name"], "skills": order})
    param_kind = {"Mighty Blow": "modifier", "Dirty Player": "modifier"}
    traits = []
    for t in src["traits"]:
        m = _PARAM.match(t["name"])
        base = m.group("base") if m else t["name"]
        entry: dict[str, Any] = {"name": base}
        if m:
            entry["parameter"] = "target" if m.group("param").endswith("+") else "text"
        traits.append(entry)
    _dump(
        "skills.yaml",
        "# Categories list skills in random-table order: first D6 1-3 -> entries 1-6,\n"
        "# 4-6 -> entries 7-12; the second D6 picks within the half.\n"
        "# parameter: modifier = (+N), target = (N+), text = free text (Animosity).\n",
        {
            "categories": categories,
            "parameterised": param_kind,
            "traits": traits,
            "star_special_rules": list(src["star_player_special_rules"]),
        },
    )


def _availability(value: Any) -> list[str]:
    if value in (None, "any"):
        return ["any"]
    if value == "teams that can hire an apothecary":
        return ["apothecary"]
    if value == "Tier 3 teams":
        return ["tier:3"]
    return list(value)


def _reduced(value: dict[str, int] | None) -> dict[str, int]:
    out: dict[str, int] = {}
    for key, cost in (value or {}).items():
        out["team:halfling" if key == "Halfling team" else key] = cost
    return out


def convert_inducements(ref: Path) -> None:
    src = _load(ref, "inducements.yaml")
    items: list[dict[str, Any]] = []

    def add(kind: str, entry: dict[str, Any], default_max: int | None) -> None:
        raw_max = entry.get("max", default_max)
        item: dict[str, Any] = {
            "name": entry["name"],
            "kind": kind,
            "max": raw_max if isinstance(raw_max, int) else None,
            "cost": entry["cost"],
            "available_to": _availability(entry.get("available_to")),
        }
        if entry.get("reduced_cost"):
            item["reduced_cost"] = _reduced(entry["reduced_cost"])
        if entry.get("disputes"):
            item["disputes"] = [str(entry["disputes"])]
        items.append(item)

    for entry in src["common_inducements"]:
        if entry["name"] in {"Mercenary Players", "Star Players", "(In)Famous Coaching Staff"}:
            continue
        if entry["name"] in {"Wizard", "Biased Referee"}:
            continue
        add("common", entry, 1)
    for entry in src["infamous_coaching_staff"]:
        add("coaching_staff", entry, 1)
    for entry in src["wizards"]:
        add("wizard", entry, 1)
    for entry in src["biased_referees"]:
        add("referee", entry, 1)
    for entry in src["team_specific_death_zone"]:
        add("team_specific", entry, 1)
    chef = next(i for i in items if i["name"] == "Halfling Master Chef")
    chef["house_rule_reduced_cost"] = {
        "setting": "master_chef_discount_for_thimble_cup",
        "reduced_cost": {"Halfling Thimble Cup": 100000},
    }
    _dump(
        "inducements.yaml",
        "# available_to: 'any', 'apothecary' (teams that may hire one), 'tier:N', or special\n"
        "# rule names ('Favoured of...' = any Favoured of alignment).\n"
        "# group_limits: at most this many inducements of a kind per team and game.\n",
        {
            "group_limits": {"coaching_staff": 2, "wizard": 1, "referee": 1, "star": 2},
            "mercenary": {"surcharge": 30000, "extra_skill_cost": 50000, "gains": "Loner (4+)"},
            "inducements": items,
        },
    )


def convert_league_rules(ref: Path) -> None:
    adv = _load(ref, "advancement.yaml")
    creation = _load(ref, "team_creation.yaml")["league_team_draft"]
    post = _load(ref, "post_game.yaml")
    prayers = _load(ref, "prayers.yaml")
    league = _load(ref, "league.yaml")

    staff = creation["sideline_staff"]
    fans = creation["dedicated_fans"]
    cost_rows = []
    for row in adv["spp_cost_table"]["rows"]:
        cost_rows.append(
            {
                "advancement": row["advancement_number"],
                "level": row["level_reached"],
                "random_primary": row["random_primary"],
                "chosen_primary": row["chosen_primary_or_random_secondary"],
                "random_secondary": row["chosen_primary_or_random_secondary"],
                "chosen_secondary": row["chosen_secondary"],
                "characteristic": row["random_characteristic"],
            }
        )

    def _range(text: Any) -> dict[str, int]:
        parts = str(text).split("-")
        return {"min": int(parts[0]), "max": int(parts[-1])}

    d16 = []
    for row in adv["characteristic_improvement_d16"]["table"]:
        opts = row["options"]
        if opts == ["any characteristic"]:
            opts = ["MA", "ST", "AG", "PA", "AV"]
        d16.append({**_range(row["roll"]), "options": list(opts)})

    def _target(v: Any) -> int:
        return int(str(v).rstrip("+"))

    limits = adv["characteristic_limits"]
    em = post["expensive_mistakes"]
    bands = [100000, 200000, 300000, 400000, 500000, 600000]
    data = {
        "ruleset": {"id": "bb2020", "version": "2025.05", "name": "Blood Bowl 2020"},
        "draft": {
            "budget": creation["budget_gp"],
            "min_players": creation["players"]["min"],
            "max_players": creation["players"]["max"],
            "max_rerolls": creation["team_rerolls"]["max"],
            "reroll_multiplier_after_draft": 2,
            "assistant_coach": {"cost": staff["assistant_coaches"]["cost"], "max": 6},
            "cheerleader": {"cost": staff["cheerleaders"]["cost"], "max": 12},
            "apothecary": {"cost": staff["apothecary"]["cost"], "max": 1},
            "dedicated_fans": {
                "free": fans["start"],
                "cost": fans["cost_per_extra"],
                "max_at_draft": fans["max_at_draft"],
                "min": 1,
                "max": 7,
            },
        },
        "spp_awards": {
            "COMP": 1,
            "DEF": 1,
            "INT": 2,
            "CAS": 2,
            "TD": 3,
            "MVP": 4,
        },
        "advancement": {
            "max_advancements": adv["spp_cost_table"]["max_advancements"],
            "costs": cost_rows,
            "characteristic_d16": d16,
            "value_increase": {
                **adv["value_increase"]["skills"],
                **adv["value_increase"]["characteristics"],
            },
            "max_improvements_per_characteristic": 2,
            "limits": {
                "max": {
                    "MA": limits["max"]["MA"],
                    "ST": limits["max"]["ST"],
                    "AG": _target(limits["max"]["AG"]),
                    "PA": _target(limits["max"]["PA"]),
                    "AV": _target(limits["max"]["AV"]),
                },
                "min": {
                    "MA": limits["min"]["MA"],
                    "ST": limits["min"]["ST"],
                    "AG": _target(limits["min"]["AG"]),
                    "PA": _target(limits["min"]["PA"]),
                    "AV": _target(limits["min"]["AV"]),
                },
            },
        },
        "winnings": {"per_half_attendance_and_td": 10000},
        "expensive_mistakes": {
            "min_treasury": 100000,
            "bands": bands,
            "table": {int(k): list(v) for k, v in em["table"].items()},
            "disputes": ["600,000+ with D6 5-6: Minor Incident (rules text); cz: Major Incident"],
        },
        "prayers": [
            {"roll": p["roll"], "name": p["name"], "lasts": p["lasts_until_end_of"]}
            for p in prayers["league_table_d16"]
        ],
        "prayer_gap": 50000,
        "league_points": {
            "win": league["league_points"]["win"],
            "draw": league["league_points"]["draw"],
            "loss": league["league_points"]["loss"],
            "no_show": int(re.search(r"docks (\d+) League points", league["structure"]["no_shows"]).group(1)),
        },
        "prizes": dict(league["prizes_gp"]) | {},
    }
    data["prizes"] = {k: v for k, v in data["prizes"].items() if isinstance(v, int)}
    _dump(
        "league_rules.yaml",
        "# Characteristic limits: MA/ST plain numbers; AG/PA/AV target numbers (1 = 1+).\n"
        "# Expensive mistakes: bands are the lower bound of each treasury column; table rows\n"
        "# are the D6 result.\n",
        data,
    )


def main() -> int:
    args = sys.argv[1:]
    if args[:2] == ["--edition", "bb2025"]:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import import_bb2025

        return import_bb2025.main(Path(args[2]) if len(args) > 2 else import_bb2025.DEFAULT_REF)
    if args[:1] == ["--edition"] and args[1:2] != ["bb2020"]:
        print(f"unknown edition {args[1:2]} (known: bb2020, bb2025)", file=sys.stderr)
        return 2
    args = args[2:] if args[:1] == ["--edition"] else args
    ref = Path(args[0]) if args else DEFAULT_REF
    OUT.mkdir(parents=True, exist_ok=True)
    convert_teams(ref)
    convert_stars(ref)
    convert_skills(ref)
    convert_inducements(ref)
    convert_league_rules(ref)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
