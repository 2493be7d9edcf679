"""``fixture pregame`` for a classic (LRB 2004) fixture: run the classic pre-match and print it."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from league_manager.cli.context import CliContext
from league_manager.core.money import format_gold
from league_manager.services.match_day.classic_prematch_models import ClassicPreMatchView, classic_hires
from league_manager.services.match_day.classic_record_text import gate_change_lines, side_handicap_lines
from league_manager.services.match_day.dice import parse_typed
from league_manager.services.match_day.inducements import Purchase


def run_classic_pregame(
    args: argparse.Namespace, purchases: Mapping[str, Sequence[Purchase]], ctx: CliContext
) -> int:
    """Run the classic pre-match with the hires asked for on the command line."""
    hires = {side: classic_hires([(p.name, p.quantity) for p in asked]) for side, asked in purchases.items()}
    view = (
        ctx.services()
        .match_day.classic_pregame(
            args.fixture, seed=args.seed, typed=parse_typed(args.typed), hires=hires, pick=args.pick
        )
        .value
    )
    return ctx.emit(view.to_dict(), lambda: render_classic_prematch(view))


def render_classic_prematch(view: ClassicPreMatchView) -> str:
    """The classic pre-match in words: hires, gate, handicaps, niggling injuries, every die."""
    r = view.record
    lines = [f"Fixture {view.fixture_id}: {view.home} v {view.away} — classic pre-match ({view.ruleset})"]
    for side in ("home", "away"):
        s = r["sides"][side]
        lines.append(f"  {s['name']}: team rating {r['ratings'][side]}, fan factor {r['fan_factors'][side]}")
        for line in s["hires"]:
            lines.append(
                f"    hired {line['quantity']} x {line['name']} at {format_gold(line['unit_cost'])}"
                + {"freebooter": " (freebooted, half cost)", "star": " (freebooted Star Player)"}.get(
                    line["kind"], ""
                )
            )
        if s["paid"]:
            lines.append(f"    paid {format_gold(s['paid'])} from the treasury")
        if s.get("head_coach"):
            lines.append(f"    head coach: {s['head_coach']}")
        if s.get("trophies"):
            lines.append(
                f"    holds {', '.join(s['trophies'])}: {s['trophy_rerolls']} Trophy Re-roll(s), each once"
                " this match (used like a team re-roll)"
                + ("; Blood Bowl: +20,000 gp after the match" if "Blood Bowl" in s["trophies"] else "")
            )
        if s.get("rune"):
            lines.append(
                f"    Runesmith rolled {s['rune']['roll']}: {s['rune']['result']} ({s['rune']['effect']})"
            )
        for n in s["niggles"]:
            verdict = (
                "plays (apothecary)" if n["apothecary"] else "misses the match" if n["misses"] else "plays"
            )
            lines.append(
                f"    niggling injury: {n['name']} rolled {', '.join(map(str, n['dice']))}: {verdict}"
            )
        lines.extend(f"    {line}" for line in side_handicap_lines(r, side))
    for name in r.get("stars_hired_by_both", []):
        lines.append(f"  {name} was hired by both teams: he plays for neither and keeps both fees")
    gate = r["gate"]
    lines.append(f"  Gate: {gate['fans']:,} fans ({gate['dice']} D6 x 1,000)")
    lines.extend(f"    {line}" for line in gate_change_lines(r))
    h = r["handicap"]
    if not h["rolls"] and not h["picked"]:
        lines.append(f"  Handicap: ratings {h['difference']} apart, no handicap roll")
    else:
        who = r["sides"][h["underdog"]]["name"]
        lines.append(f"  Handicap: ratings {h['difference']} apart: {who} rolls {h['rolls']} time(s)")
        for result in [*h["results"], *([h["picked"]] if h["picked"] else [])]:
            lines.append(f"    {result['d66']} {result['name']}: {result['effect']}")
    extra = h.get("extra")
    if extra:
        lines.append(f"  {r['sides'][extra['side']]['name']} rolls once more ({extra['reason']})")
        for result in extra["results"]:
            lines.append(f"    {result['d66']} {result['name']}: {result['effect']}")
    for side, entries in r.get("handicap_mvps", {}).items():
        for e in entries:
            rolls = ", ".join(f"{x['level']} roll {'+'.join(map(str, x['dice']))}: {x['result']}"
                              for x in e["star_player_rolls"])  # fmt: skip
            lines.append(
                f"  {e['handicap']}: {e['name']} ({r['sides'][side]['name']}) takes an MVP now, "
                f"{e['spp_earned']} SPP" + (f"; {rolls} (player star-roll to pick)" if rolls else "")
            )
    for side in r.get("inspiration_pending", []):
        lines.append(
            f"  Inspiration: {r['sides'][side]['name']} picks the player for an extra MVP "
            f"(fixture inspire {view.fixture_id} PLAYER) before the post-match"
        )
    for wait in r.get("handicap_pending", []):
        lines.append(
            f"  {wait['result']}: {r['sides'][wait['side']]['name']} answers before the post-match"
            f" ({wait['command']})"
        )
    lines.append("  Dice: " + ", ".join(f"{d['label']} {d['result']} ({d['source']})" for d in r["dice"]))
    return "\n".join(lines)
