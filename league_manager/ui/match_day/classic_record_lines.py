"""What the LRB 2004 handicap and tournament rules write into a classic fixture's record, as
HTML lines for the fixture page: who misses the match and why, the gate changed by Bad Press
or Team Anthem, the players named for tabletop results, the Appearance Fee, the Assassin,
That Boy's Got Talent, what waits for a pick; and after the match the tournament stage, the
Blood Bowl holder's bonus and the final's medals, the players who missed it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from html import escape
from typing import Any

from league_manager.services.match_day.classic_record_text import gate_change_lines, side_handicap_lines

SIDES = ("home", "away")
STAGES = {"semi_final": "Tournament semi-final", "final": "Tournament final"}
FEE_UNANSWERED = "to answer (the button above)"


def side_prematch_lines(record: Mapping[str, Any], side: str) -> list[str]:
    """One side's lines the handicap results add to the pre-match (escaped HTML)."""
    lines: list[str] = []
    if record["sides"][side].get("trophies") and "Blood Bowl" in record["sides"][side]["trophies"]:
        lines.append("Blood Bowl holder: +20,000 gp after the match (the Bloodweiser deal)")
    return lines + [escape(line) for line in side_handicap_lines(record, side, FEE_UNANSWERED)]


def gate_html(record: Mapping[str, Any]) -> str:
    """What Bad Press and Team Anthem did to the gate (empty for older records or neither)."""
    return "".join(f"<p>{escape(line)}</p>" for line in gate_change_lines(record))


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


def classic_roster_html(team: Any, missed: Collection[str] = ()) -> str:
    """A classic side's roster for the fixture page, two short lines a player (the panel is
    narrow): number, name and position, then MA/ST/AG/AV, skills and SPP; a player who misses the
    match (the pre-match's ``missed`` names, or an earlier injury) is greyed and marked so."""
    active = [p for p in team.players if p.status == "active"]
    title = f"<p><b>{escape(team.name)}</b>: team rating {team.rating}, fan factor {team.dedicated_fans}</p>"
    if not active:
        return title + "<p>No active players.</p>"
    names = active[0].characteristic_names
    entries = []
    for p in active:
        out = p.name in missed or p.misses_next_game
        profile = " ".join(f"{n} {p.shown(n)}" for n in names)
        details = " · ".join(x for x in (profile, ", ".join(s.name for s in p.skills), f"{p.spp} SPP") if x)
        line = (
            f"<b>#{p.number} {escape(p.name)}</b> {escape(p.position)}<br/><small>{escape(details)}</small>"
        )
        if out:
            line = f"<span style='color:gray'>{line}<br/><small>misses the match</small></span>"
        entries.append(f"<p style='margin:2px 0'>{line}</p>")
    return title + "".join(entries)
