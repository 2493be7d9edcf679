"""``rulesets`` and ``races``: what the shipped rulesets contain (no database needed)."""

from __future__ import annotations

import argparse
from typing import Any

from league_manager.cli.context import CliContext
from league_manager.core.money import format_k
from league_manager.rules.classic import CLASSIC_RULESETS, load_classic
from league_manager.rules.loader import list_rulesets, load_ruleset


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rulesets`` and ``races`` commands."""
    p = subparsers.add_parser("rulesets", help="list rulesets with counts of teams, stars, skills")
    p.set_defaults(handler=cmd_rulesets)
    p = subparsers.add_parser("races", help="the teams a coach can draft in a ruleset")
    p.add_argument("ruleset", nargs="?", default="bb2020")
    p.set_defaults(handler=cmd_races)


def cmd_rulesets(args: argparse.Namespace, ctx: CliContext) -> int:
    """Print each ruleset with its counts."""
    rows: list[dict[str, Any]] = []
    for ruleset_id in list_rulesets():
        r = load_ruleset(ruleset_id)
        rows.append({"id": r.id, "name": r.name, "version": r.version, "teams": len(r.teams),
                     "star_players": len(r.star_players), "skills": len(r.skills),
                     "inducements": len(r.inducements), "leagues": True, "engine": True})  # fmt: skip
    for ruleset_id in CLASSIC_RULESETS:
        c = load_classic(ruleset_id)
        rows.append({"id": c.id, "name": c.name, "version": c.version, "teams": len(c.teams),
                     "star_players": None, "skills": sum(map(len, (*c.skill_categories.values(),
                                                                    *c.trait_categories.values()))),
                     "inducements": None, "big_guys": len(c.big_guys), "leagues": True,
                     "engine": False})  # fmt: skip

    def text() -> str:
        return "\n".join(
            f"{r['id']:<8} {r['name']} ({r['version']}): {r['teams']} teams, "
            + (
                f"{r['star_players']} star players, {r['skills']} skills and traits, "
                f"{r['inducements']} inducements"
                if r["engine"]
                else f"{r['big_guys']} Big Guys, {r['skills']} skills and traits "
                "(leagues and tabletop results; no match engine yet)"
            )
            for r in rows
        )

    return ctx.emit(rows, text)


def cmd_races(args: argparse.Namespace, ctx: CliContext) -> int:
    """Print the team lists of a ruleset."""
    if args.ruleset in CLASSIC_RULESETS:
        return _classic_races(args.ruleset, ctx)
    ruleset = load_ruleset(args.ruleset)
    rows: list[dict[str, Any]] = [
        {"id": t.id, "name": t.name, "tier": t.tier, "reroll_cost": t.reroll_cost,
         "apothecary": t.apothecary, "special_rules": list(t.special_rules),
         "positions": [{"name": p.name, "max": p.max_quantity, "cost": p.cost, "keywords": list(p.keywords)}
                       for p in t.positions]}
        for t in sorted(ruleset.teams.values(), key=lambda t: t.name)
    ]  # fmt: skip

    def text() -> str:
        lines = [f"{'id':<18} {'team':<24} tier  re-roll  positions"]
        for r in rows:
            lines.append(
                f"{r['id']:<18} {r['name']:<24} {r['tier'] or '-':<5} {format_k(r['reroll_cost']):<8} "
                + ", ".join(p["name"] for p in r["positions"])
            )
        return "\n".join(lines)

    return ctx.emit(rows, text)


def _classic_races(ruleset_id: str, ctx: CliContext) -> int:
    """The team lists of a classic ruleset: plain profiles without PA, Big Guy allies."""
    ruleset = load_classic(ruleset_id)
    rows: list[dict[str, Any]] = [
        {"id": t.id, "name": t.name, "reroll_cost": t.reroll_cost,
         "reroll_cost_after_creation": t.reroll_cost_after_creation, "apothecary": t.apothecary,
         "special_rules": list(t.special_rules), "big_guys": list(t.big_guys),
         "big_guy_limit": t.big_guy_limit,
         "positions": [{"name": p.name, "max": p.max_quantity, "cost": p.cost, **p.profile.as_dict(),
                        "skills": list(p.skills)} for p in t.positions]}
        for t in sorted(ruleset.teams.values(), key=lambda t: t.name)
    ]  # fmt: skip

    def text() -> str:
        lines = [f"{'id':<14} {'team':<14} re-roll  big guys              positions"]
        for r in rows:
            lines.append(
                f"{r['id']:<14} {r['name']:<14} {format_k(r['reroll_cost']):<8} "
                f"{', '.join(r['big_guys']) or '-':<21} " + ", ".join(p["name"] for p in r["positions"])
            )
        return "\n".join(lines)

    return ctx.emit(rows, text)
