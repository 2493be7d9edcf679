"""``fixture postgame`` for a classic (LRB 2004) fixture: run the classic post-match and print it."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from league_manager.cli.context import CliContext
from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold
from league_manager.services.match_day.classic_prematch_models import ClassicPreMatchView
from league_manager.services.match_day.dice import parse_typed
from league_manager.services.season_read_models import PlayerStatLine

FIGURES = {"td": "td", "cas": "cas", "comp": "completions", "int": "interceptions"}
"""Names of the per-player figures ``--figures`` takes (``PLAYER:td=1,cas=2,comp=0,int=0``)."""


def parse_figures(texts: Sequence[str]) -> list[PlayerStatLine] | None:
    """Per-player figures typed as ``PLAYER_ID:td=1,cas=2`` (None when none were typed).

    Raises:
        RuleViolation: a malformed entry, an unknown figure or a player named twice.
    """
    if not texts:
        return None
    lines: dict[int, PlayerStatLine] = {}
    for text in texts:
        head, _, rest = text.partition(":")
        try:
            player = int(head)
            pairs = [part.split("=", 1) for part in rest.split(",") if part.strip()]
            values = {FIGURES[k.strip().lower()]: int(v) for k, v in pairs}
        except (ValueError, KeyError):
            raise RuleViolation("figures", f"'{text}': write PLAYER_ID:td=N,cas=N,comp=N,int=N") from None
        if player in lines:
            raise RuleViolation("figures", f"player {player} is named twice")
        lines[player] = PlayerStatLine(player, **values)
    return list(lines.values())


def run_classic_postgame(args: argparse.Namespace, ctx: CliContext) -> int:
    """Run the classic post-match with the serious injuries and figures typed on the command line."""
    view = (
        ctx.services()
        .match_day.classic_postgame(
            args.fixture,
            seed=args.seed,
            typed=parse_typed(args.typed),
            injured=args.injured,
            figures=parse_figures(args.figures),
            mvps=[int(m) for m in args.mvp],
        )
        .value
    )
    return ctx.emit(view.to_dict(), lambda: render_classic_postmatch(view))


def _player_lines(p: Mapping[str, Any]) -> list[str]:
    lines = [f"    {p['name']}: +{p['spp_earned']} SPP ({p['spp']})" + (" MVP" if p["mvps"] else "")]
    for roll in p["star_player_rolls"]:
        dice = "+".join(map(str, roll["dice"]))
        gives = "a skill" if roll["result"] == "skill" else f"+{roll['result']} or a skill"
        if roll["result"] != "skill" and not roll["characteristic_allowed"]:
            gives = f"a skill (+{roll['result']} is at its limit)"
        double = (
            " (double: " + ", ".join(roll["skill_categories"]) + " skills or a trait)"
            if roll["double"]
            else ""
        )
        pick = f"; picked {roll['pick']['name']}" if roll.get("pick") else "; pick pending"
        lines.append(f"      {roll['level']}: Star Player roll {dice}: {gives}{double}{pick}")
        ageing = roll["ageing"]
        if ageing and ageing["aged"]:
            effect = "a Niggling Injury" if ageing["result"] == "niggling" else f"-{ageing['result']}"
            ignored = "" if ageing["applied"] else " (ignored at its limit)"
            lines.append(f"      ageing {sum(ageing['dice'])} under {ageing['target']}: {effect}{ignored}")
    injury = p["serious_injury"]
    if injury:
        ignored = "" if injury["applied"] else " (loss ignored at its limit)"
        lines.append(f"    {p['name']}: serious injury {injury['d66']} {injury['name']}{ignored}")
    return lines


STAGES = {"semi_final": "Tournament semi-final", "final": "Tournament final"}


def render_classic_postmatch(view: ClassicPreMatchView) -> str:
    """The classic post-match in words: winnings, fan factor, MVPs, SPP, rolls, every die."""
    post = view.record.get("post_match")
    title = f"Fixture {view.fixture_id}: {view.home} v {view.away} — classic post-match ({view.ruleset})"
    if not post:
        return f"{title}\n  not run yet"
    lines = [title]
    stage = STAGES.get(post.get("stage") or "")
    if stage:
        lines.append(f"  {stage}: every Fan Factor roll of this match is modified for it")
    for side in ("home", "away"):
        s = post["sides"][side]
        w, f = s["winnings"], s["fan_factor"]
        lines.append(f"  {s['name']}" + (" (conceded)" if s["conceded"] else ""))
        rolled = "+".join(map(str, w["dice"]))
        lines.append(
            f"    winnings: rolled {rolled}, modifier {w['modifier']:+d}, won {w['won_bonus']:+d}"
            f" = {w['score']}: {format_gold(w['rolled'])}; paid {format_gold(w['paid'])}"
        )
        roll = f"rolled {f['die']} = {f['score']}" if f["die"] is not None else "no roll (conceded)"
        mods = ", ".join(f"{name} {value:+d}" for name, value in f["modifiers"])
        lines.append(f"    fan factor {f['before']} -> {f['after']} ({roll})" + (f"; {mods}" if mods else ""))
        if s.get("holder_bonus"):
            lines.append(f"    Bloodweiser deal (Blood Bowl holder): {format_gold(s['holder_bonus'])} paid")
        if s.get("final_mvps"):
            lines.append("    Blood Bowl final: every player who played takes a medal MVP (5 SPP)")
        for m in s["mvps"]:
            lost = " (a hired Star: lost)" if m["player_id"] is not None else ": lost to the roster"
            lines.append(f"    MVP: {m['name']}" + (lost if m["lost"] else ""))
        for p in s["players"]:
            lines.extend(_player_lines(p))
        for v in s["veterans"]:
            lines.append(
                f"    veteran {v['name']} ({v['spp']} SPP) rolled {v['die']}: "
                + ("leaves" if v["leaves"] else "stays")
            )
        for name in s["recovered"]:
            lines.append(f"    {name} missed the match and is fit again")
        for e in s.get("missed", []):
            lines.append(f"    {e['name']} missed the match ({e['reason']}): no SPP, no MVP")
    lines.append("  Dice: " + ", ".join(f"{d['label']} {d['result']} ({d['source']})" for d in post["dice"]))
    return "\n".join(lines)
