"""What the LRB 2004 handicap and tournament rules write into a classic fixture's record, as
HTML lines for the fixture page: who misses the match and why, the gate changed by Bad Press
or Team Anthem, the players named for tabletop results, the Appearance Fee, the Assassin,
That Boy's Got Talent, what waits for a pick; and after the match the tournament stage, the
Blood Bowl holder's bonus and the final's medals, the players who missed it.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

SIDES = ("home", "away")
STAGES = {"semi_final": "Tournament semi-final", "final": "Tournament final"}
FEE_STATE = {None: "to answer (the button above)", True: "paid", False: "not paid: he misses the match"}


def assassin_text(hit: Mapping[str, Any]) -> str:
    """The Assassin's Injury roll and what came of it, in words."""
    total = sum(hit["dice"]) + hit["modifier"]
    words = f"Injury roll {'+'.join(map(str, hit['dice']))}" + (" +1 Stunty" if hit["modifier"] else "")
    words += f" = {total}" + (f", casualty D6 {hit['casualty_die']}" if hit["casualty_die"] else "")
    words += f": {hit['result']}"
    if hit["apothecary"] is not None:
        healed = "(fails)" if hit["apothecary"] == 1 else "(heals him)"
        words += f"; Apothecary {hit['apothecary']} {healed}"
    if hit["regeneration"] is not None:
        words += f"; Regeneration {hit['regeneration']} " + (
            "(regenerates)" if hit["regeneration"] >= 4 else "(fails)"
        )
    if hit["out"]:
        return words + "; he misses the match"
    return words + ("; he starts Knocked Out" if hit["result"] == "KO'd" else "; he plays")


def side_prematch_lines(record: Mapping[str, Any], side: str) -> list[str]:
    """One side's lines the handicap results add to the pre-match (escaped HTML)."""
    s = record["sides"][side]
    lines: list[str] = []
    if s.get("trophies") and "Blood Bowl" in s["trophies"]:
        lines.append("Blood Bowl holder: +20,000 gp after the match (the Bloodweiser deal)")
    for e in s.get("absences", []):
        if str(e["reason"]).startswith(("Appearance Fee", "Assassin")):
            continue  # their own lines below say he misses the match
        lines.append(f"{escape(e['reason'])}: {escape(e['name'])} misses the match")
    fee = s.get("appearance_fee")
    if fee:
        lines.append(
            f"Appearance Fee: {escape(fee['name'])} will not play unless paid {fee['fee']:,} gp "
            f"(rolled {fee['die']}): {FEE_STATE[fee['paid']]}"
        )
    for pick in s.get("handicap_players", []):
        lines.append(f"{escape(pick['result'])}: {escape(', '.join(pick['players']) or 'nobody')}")
    hit = s.get("assassin")
    if hit:
        lines.append(f"Assassin: {escape(hit['name'])}: {escape(assassin_text(hit))}")
    talent = s.get("talent")
    if talent:
        p = talent["profile"]
        lines.append(
            f"That Boy's Got Talent: a {escape(talent['position'])} joins for this match only "
            f"(MA {p['MA']} ST {p['ST']} AG {p['AG']} AV {p['AV']})"
        )
    return lines


def gate_html(record: Mapping[str, Any]) -> str:
    """What Bad Press and Team Anthem did to the gate (empty for older records or neither)."""
    gate, match = record["gate"], record.get("match_fan_factors", record["fan_factors"])
    lines: list[str] = []
    for side in SIDES:
        name = escape(record["sides"][side]["name"])
        dropped, added = gate.get("dropped", {}).get(side), gate.get("added", {}).get(side)
        if dropped:
            lines.append(
                f"Bad Press: {name}'s fan factor is {match[side]} this match; its gate dice "
                f"{', '.join(map(str, dropped))} no longer count"
            )
        if added:
            lines.append(
                f"Team Anthem: {name}'s fan factor is {match[side]} this match; one more gate die "
                f"({', '.join(map(str, added))})"
            )
    return "".join(f"<p>{line}</p>" for line in lines)


def pending_picks(record: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The picks that wait before the post-match, as (result, side of the coach who answers)."""
    waits = [("Inspiration", side) for side in record.get("inspiration_pending", [])]
    return waits + [(str(w["result"]), str(w["side"])) for w in record.get("handicap_pending", [])]


def pending_names(record: Mapping[str, Any]) -> list[str]:
    """The picks that wait, in words ("Assassin for Greenskins")."""
    return [f"{result} for {record['sides'][side]['name']}" for result, side in pending_picks(record)]


def pending_html(record: Mapping[str, Any]) -> str:
    """The picks that wait before the post-match, pointing at the page's buttons."""
    names = pending_names(record)
    if not names:
        return ""
    return (
        f"<p><b>Before the post-match</b>: {escape(', '.join(names))} "
        "(the buttons at the top of this page)</p>"
    )


def side_postmatch_lines(side_record: Mapping[str, Any]) -> list[str]:
    """One side's post-match lines from the tournament rules and the absences (escaped HTML)."""
    lines: list[str] = []
    if side_record.get("holder_bonus"):
        lines.append(f"Bloodweiser deal (Blood Bowl holder): {side_record['holder_bonus']:,} gp paid")
    if side_record.get("final_mvps"):
        lines.append("Blood Bowl final: every player who played takes a medal MVP (5 SPP)")
    mods = ", ".join(f"{escape(str(n))} {v:+d}" for n, v in side_record["fan_factor"].get("modifiers", []))
    if mods:
        lines.append(f"fan factor modifiers: {mods}")
    for e in side_record.get("missed", []):
        lines.append(f"{escape(e['name'])} missed the match ({escape(e['reason'])}): no SPP, no MVP")
    return lines


def stage_html(post: Mapping[str, Any]) -> str:
    """The tournament stage of the match, when it modifies the Fan Factor rolls."""
    stage = STAGES.get(str(post.get("stage") or ""))
    return f"<p>{stage}: every Fan Factor roll of this match is modified for it</p>" if stage else ""
