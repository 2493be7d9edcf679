"""Transcribe the LRB 3.0 (2004) reference data into ``league_manager/data/lrb2004``.

Developer tool: ``python tools/import_lrb2004.py [REFERENCE_DIR]``. Same rules as for the other
editions: facts only (names, numbers, lists), the output is committed, the program never reads
the reference. The reference's ``chosen`` value is taken for every disputed entry; the choices
are recorded in ``docs/rules-decisions.md`` ("LRB 2004 (classic) data choices").
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from reference_fields import dump_data, load_reference, reference_folder

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "league_manager" / "data" / "lrb2004"
DEFAULT_REF = reference_folder(ROOT, "lrb2004")
HEADER = (
    "# Transcribed by tools/import_lrb2004.py from the LRB 3.0 (2004) reference data.\n"
    "# Facts only (names, numbers, lists). Choices on disputed values: docs/rules-decisions.md,\n"
    '# "LRB 2004 (classic) data choices".\n'
)


def _profile(entry: dict[str, Any]) -> dict[str, int]:
    return {key: entry[key] for key in ("MA", "ST", "AG", "AV")}


def convert_teams(ref: Path) -> None:
    """Team lists (positions without PA) and the Big Guys with their allied teams."""
    data = load_reference(ref, "teams.yaml")
    teams = [
        {
            "id": t["id"],
            "name": t["name"],
            "reroll_cost": t["reroll_cost"],
            "reroll_cost_after_creation": t["reroll_cost_after_creation"],
            "apothecary": bool(t["apothecary_allowed"]),
            "big_guys": list(t["big_guys_allowed"]),
            "big_guy_limit": t["max_big_guys"],
            "special_rules": list(t.get("special_rules") or []),
            "positions": [
                {
                    "name": p["name"],
                    "max": p["qty_max"],
                    "cost": p["cost"],
                    **_profile(p),
                    "skills": list(p.get("skills") or []),
                    "normal": list(p["normal"]),
                    "double": list(p["double"]),
                }
                for p in t["positions"]
            ],
        }
        for t in data["teams"]
    ]
    big_guys = [
        {
            "name": b["name"],
            "cost": b["cost"],
            **_profile(b),
            "skills": list(b["skills_and_traits"]),
            "racial": list(b["racial_characteristics"]),
            "allied_teams": list(b["allied_teams"]),
            "normal": list(b["normal"]),
            "double": list(b["double"]),
        }
        for b in data["big_guys"]
    ]
    dump_data(OUT / "teams.yaml", HEADER, {"teams": teams, "big_guys": big_guys})


def convert_skills(ref: Path) -> None:
    """Skill and trait categories, racial characteristics and secret weapons (names only)."""
    data = load_reference(ref, "skills.yaml")
    out = {
        "categories": [
            {
                "code": c["code"],
                "name": c["name"],
                "skills": [s["name"] for s in c["skills"] if s["type"] == "skill"],
                "traits": [s["name"] for s in c["skills"] if s["type"] == "trait"],
            }
            for c in data["categories"]
        ],
        "racial_characteristics": [r["name"] for r in data["racial_characteristics"]["items"]],
        "secret_weapons": [
            {"name": w["name"], "penalty_roll": w["penalty_roll_2d6"]}
            for w in data["secret_weapons"]["items"]
        ],
        "name_variants": dict(data["name_variants"]),
    }
    dump_data(OUT / "skills.yaml", HEADER, out)


def convert_league_rules(ref: Path) -> None:
    """The ruleset header and the team-creation figures."""
    data = load_reference(ref, "team_creation.yaml")
    staff = {s["name"]: s for s in data["coaching_staff"]}
    out = {
        "ruleset": {"id": "lrb2004", "version": "LRB 3.0", "name": "Living Rulebook 2004 (classic)"},
        "creation": {
            "budget": data["budget_gp"],
            "min_players": data["squad"]["min_players"],
            "max_players": data["squad"]["max_players"],
            "fan_factor_cost": data["fan_factor"]["cost_each"],
            "fan_factor_min": data["fan_factor"]["min_at_creation"],
            "fan_factor_max": data["fan_factor"]["max_at_creation"],
            "assistant_coach_cost": staff["Assistant Coach"]["cost"],
            "cheerleader_cost": staff["Cheerleader"]["cost"],
            "apothecary_cost": staff["Apothecary"]["cost"],
            "apothecary_max": staff["Apothecary"]["max"],
            "big_guys_per_team": data["big_guys"]["per_team"],
            "starting_team_rating": data["starting_team_rating"],
        },
    }
    dump_data(OUT / "league_rules.yaml", HEADER, out)


def _band(text: str) -> tuple[int, int | None]:
    low, _, high = str(text).rstrip("+").partition("-")
    return int(low), (int(high) if high else None)


def convert_pre_match(ref: Path) -> None:
    """The gate dice, the handicap-roll count by rating difference and the D66 handicap table."""
    data = load_reference(ref, "pre_match.yaml")
    rows = []
    for row in data["handicap_roll_table"]["rows"]:
        low, high = _band(row["difference"])
        rows.append({"min": low, "max": high, "rolls": row["rolls"], "chosen": 1 if row.get("plus") else 0})
    out = {
        "gate": {"die_per_fan_factor": 6, "fans_per_pip": 1000},
        "handicap_rolls": rows,
        "handicap_table": [
            {"d66": r["d66"], "name": r["name"], "effect": r["effect"]}
            for r in data["handicap_table"]["results"]
        ],
    }
    dump_data(OUT / "pre_match.yaml", HEADER, out)


def _range(text: object) -> tuple[int, int | None]:
    """``"0-20,000"`` -> (0, 20000); ``"160,001+"`` -> (160001, None); ``"61"`` -> (61, 61)."""
    clean = str(text).replace(",", "").strip()
    if clean.endswith("+"):
        return int(clean[:-1]), None
    low, _, high = clean.partition("-")
    return int(low), int(high or low)


def convert_post_match(ref: Path) -> None:
    """Winnings, fan factor, SPP, levels, Star Player and ageing rolls, serious injuries, conceding."""
    post = load_reference(ref, "post_match.yaml")
    adv = load_reference(ref, "advancement.yaml")
    inj = load_reference(ref, "injuries.yaml")
    table = post["winnings"]["table"]
    columns = [list(_range(c)) for c in table["team_rating_columns"]]
    columns[0][0] = 0  # the seed's first column starts at 1; pbem's at 0 (a rating is never 0 in play)
    spp = {a["abbr"]: a["spp"] for a in adv["spp_awards"]["awards"]}
    characteristic = {"+1 MA": "MA", "+1 AG": "AG", "+1 ST": "ST"}
    out = {
        "winnings": {
            "unit": 10_000,
            "won_match": table["won_match"],
            "rating_columns": columns,
            "gate_rows": [
                {"gate": list(_range(r["gate"])), "modifiers": r["modifiers"]} for r in table["rows"]
            ],
        },
        "fan_factor": {
            "down_at_most": 1,
            "up_at_least": 6,
            "minimum": 1,
            "won": 1,
            "lost": -1,
            "two_touchdowns": 1,
            "two_casualties": 1,
            "semi_final": 1,
            "final": 2,
            "per_ten_fan_factor": -1,
        },
        "spp": {
            "completion": spp["COMP"],
            "casualty": spp["CAS"],
            "interception": spp["INT"],
            "touchdown": spp["TD"],
            "mvp": spp["MVP"],
        },
        "levels": [
            {
                "min_spp": _range(row["spp"])[0],
                "title": row["title"],
                "rolls": row["star_player_rolls"],
                "ageing": int(str(row["ageing"]).rstrip("+")) if row["ageing"] else None,
            }
            for row in adv["levels"]["table"]
        ],
        "star_player_roll": [
            {"roll": list(_range(row["roll"])), "result": characteristic.get(row["result"], "skill")}
            for row in adv["star_player_roll"]["table"]
        ],
        "ageing_results": [
            {"roll": list(_range(row["roll"])), "result": _ageing(row["result"])}
            for row in adv["ageing"]["results_table"]
        ],
        "serious_injuries": [
            {"d66": list(_range(row["d66"])), "name": row["result"], "effect": _injury(row["effect"])}
            for row in inj["serious_injury_table_d66"]
        ],
        "conceding": {
            "winner_fan_factor_bonus": 2,
            "loser_fan_factor": -1,
            "veteran_spp": 51,
            "leaves_on_at_most": 3,
        },
    }
    dump_data(OUT / "post_match.yaml", HEADER, out)


def _ageing(text: str) -> str:
    if text.startswith(("Niggling", "Gain Niggling")):
        return "niggling"
    return re.sub(r"^-1 ", "", text)


def _injury(text: str) -> str:
    return {"Miss next game": "miss", "Niggling Injury": "niggling"}.get(text) or re.sub(r"^-1 ", "", text)


def convert_tournaments(ref: Path) -> None:
    """Play-off points, challenges, the Major Tournaments' prizes and the minor-tournament cap."""
    data = load_reference(ref, "tournaments.yaml")
    play_offs = data["format"]["play_offs"]
    prizes = {p["tournament"]: p for p in data["prizes"]}
    chaos = prizes["Chaos Cup"]
    out = {
        "play_offs": {
            "results_counted": 3,
            "win": play_offs["points"]["win"],
            "loss": play_offs["points"]["loss"],
            "draw": 10,  # not in the seed: halfway between a loss and a win (docs/rules-decisions.md)
            "semi_finalists": 4,
            "quarter_finals_above_teams": 8,
        },
        "refused_challenge_score": [2, 0],
        "majors": [
            {
                "name": "Spike! Magazine Trophy",
                "winner": prizes["Spike! Magazine Trophy"]["winner"],
                "runner_up": prizes["Spike! Magazine Trophy"]["runner_up"],
            },
            {
                "name": "Dungeonbowl",
                "winner": prizes["Dungeonbowl"]["winner"],
                "runner_up": prizes["Dungeonbowl"]["runner_up"],
            },
            {"name": "Chaos Cup", "total": chaos["total"]},
            {
                "name": "Blood Bowl",
                "winner": prizes["Blood Bowl"]["winner"],
                "runner_up": prizes["Blood Bowl"]["runner_up"],
            },
        ],
        "chaos_cup_split": [
            {"roll": list(_range(r["roll"])), "winner": r["winner"], "runner_up": r["runner_up"]}
            for r in chaos["table"]
        ],
        "chaos_cup_modifiers": [
            {"teams": ["chaos", "norse", "chaos_dwarf"], "modifier": 1},
            {"teams": ["dwarf", "high_elf", "wood_elf"], "modifier": -1},
        ],
        "blood_bowl_match_bonus": 20_000,
        "dungeonbowl_wizard_cost": 25_000,
        "minor_prize_cap": 150_000,
    }
    dump_data(OUT / "tournaments.yaml", HEADER, out)


NOT_DOUBLED = {
    "Deeproot Strongbranch": ["Halfling"],  # a Treeman: Halflings pay no double for him
    "'Ripper' Bolgrot": ["Goblin"],  # a Troll: Goblins pay no double for him
}
"""Star Players a Halfling or Goblin team hires without paying double (seed lines 717-739): Treemen
for Halflings, Trolls and the Goblin secret-weapon stars for Goblins (added below by their weapon)."""


def convert_star_players(ref: Path) -> None:
    """The 26 Star Players: who they play for, listed and freebooted cost, profile, skills."""
    data = load_reference(ref, "star_players.yaml")
    stars = []
    for s in data["star_players"]:
        skills = [
            *(s.get("skills") or []),
            *(s.get("traits") or []),
            *(s.get("racial_characteristics") or []),
            *(s.get("secret_weapons") or []),
        ]
        not_doubled = list(NOT_DOUBLED.get(s["name"], []))
        if s.get("secret_weapons") and "Goblin" in s["plays_for"]:
            not_doubled.append("Goblin")
        stars.append(
            {
                "name": s["name"],
                "plays_for": list(s["plays_for"]),
                "cost": s["cost"],
                "freebooted_cost": s["freebooted_cost"],
                **_profile(s),
                "skills": skills,
                "not_doubled_for": not_doubled,
            }
        )
    out = {
        "double_cost_for": ["Halfling", "Goblin"],
        "also_plays_for": {"Nurgle": "Chaos", "Necromantic": "Undead"},
        "only_own_stars": ["Khemri"],
        "star_players": stars,
    }
    dump_data(OUT / "star_players.yaml", HEADER, out)


def main(ref: Path) -> int:
    """Write every lrb2004 data file from the reference folder ``ref``."""
    OUT.mkdir(parents=True, exist_ok=True)
    convert_teams(ref)
    convert_skills(ref)
    convert_league_rules(ref)
    convert_pre_match(ref)
    convert_post_match(ref)
    convert_tournaments(ref)
    convert_star_players(ref)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_REF))
