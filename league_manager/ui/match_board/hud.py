"""Texts of the heads-up display and the player card (no Qt: rich text strings)."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from league_manager.match.engine import Match
from league_manager.match.inducements import mascot
from league_manager.match.skills.registry import limit_of, used_key
from league_manager.match.state import STATUS_NAMES, WEATHER_NAMES, PlayerStats
from league_manager.rules.model import Ruleset
from league_manager.rules.postgame.spp import PlayerTally, spp_earned


def rerolls_used_this_turn(match: Match, team: int) -> int:
    """Team re-rolls the team spent since its current team turn began."""
    used = 0
    for event in reversed(match.events):
        if event.kind == "turn":
            return used if event.team == team else 0
        if event.kind == "team_reroll" and event.team == team:
            used += 1
    return used


def team_line(match: Match, team: int, name: str) -> str:
    """One team's counters: turn, re-rolls (left / used this turn), apothecary, bribes."""
    s = match.state
    snap = s.teams[team]
    rr = s.rerolls[team] + s.extra_rerolls[team] + mascot.counted(s, team)
    used = rerolls_used_this_turn(match, team)
    parts = [
        f"<b>{escape(name)}</b>",
        f"Turn {s.turn[team]}/8" + (" ◀" if s.active == team and match.prompt is not None else ""),
        f"Re-rolls {rr}" + (f" (used {used} this turn)" if used else ""),
        "Apothecary ✓" if s.apothecary[team] else "Apothecary –",
    ]
    if s.extra_rerolls[team]:
        parts.append(f"incl. {s.extra_rerolls[team]} for this drive")
    if mascot.counted(s, team):
        parts.append(f"incl. Team Mascot ({match.ctx.ed.mascot_target}+ this half)")
    for p in match.stalling(team):
        player = s.teams[team].players[p if team == 0 else p - len(s.teams[0].players)]
        parts.append(f"<span style='color:#b00020'>⚠ #{player.number} {escape(player.name)} is stalling: "
                     "score this turn or it counts</span>")  # fmt: skip
    secured = match.secure_the_ball_used(team)
    if secured is not None:
        parts.append("Secure the Ball used" if secured else "Secure the Ball ready")
    if s.cheering[team]:
        parts.append("Cheering Fans: +1 assist on the first Block")
    if s.bribes[team]:
        parts.append(f"Bribes {s.bribes[team]}")
    if snap.assistant_coaches or snap.cheerleaders:
        parts.append(f"Coaches {snap.assistant_coaches} · Cheerleaders {snap.cheerleaders}")
    induced = [f"{escape(name)} {left}" for name, left in sorted(s.induced[team].items()) if left > 0]
    if induced:
        parts.append("Inducements left: " + ", ".join(induced))
    prayers = [n.replace("_", " ").title() for t, n, _ in s.prayers if t == team]
    if prayers:
        parts.append("Prayers: " + ", ".join(prayers))
    return " · ".join(parts)


def scoreline(match: Match, names: tuple[str, str]) -> str:
    """Score, half and weather."""
    s = match.state
    weather = WEATHER_NAMES.get(s.weather, s.weather)
    half = "Full time" if match.prompt is None else f"Half {max(1, s.half)}"
    return (
        f"<span style='font-size:15pt'><b>{escape(names[0])} {s.score[0]} – {s.score[1]} "
        f"{escape(names[1])}</b></span> &nbsp; {half} · {weather}"
    )


NOT_PLAYED = "not played by the board"


def inert_line(inert: tuple[str, ...]) -> str:
    """The HUD line naming what the board shows but does not play (empty when nothing)."""
    if not inert:
        return ""
    return f"<span style='color:#c0392b'><b>Not played by the board:</b> {escape(', '.join(inert))}</span>"


_USE_WORDS = {
    "game": (" (once per game: used)", " (once per game: not used yet)"),
    "half": (" (once per half: used this half)", " (once per half: not used this half)"),
    "drive": (" (once per drive: used this drive)", " (once per drive: not used this drive)"),
}
"""Card marks of a limited rule: (spent, still available), by ``registry.limit`` period."""


def used_mark(match: Match, p: int, name: str) -> str:
    """The limit of a once-per-game, -half or -drive rule and whether p has spent it ("" when
    the rule has no such limit).

    Uses are the lasting ``skill_used`` entries (``registry.limit``).
    """
    per = limit_of(name)
    if per not in _USE_WORDS:
        return ""
    s = match.state
    spent, free = _USE_WORDS[per]
    return spent if (p, used_key(name, s.half)) in s.skill_used else free


DISTRACTED_NOTE = " · <b>Distracted</b> (no tackle zone, no Active skills until activated)"
"""Season 3's Distracted status on the player card."""


def career_line(career: int, this_match: int, advancements: int, ruleset: Ruleset | None) -> str:
    """Career SPP (before and with this match) and the SPP still needed for the next advancement.

    The next advancement is the edition's cheapest kind (a random primary skill).
    """
    total = career + this_match
    line = f"Career SPP {career}" + (f" (+{this_match} this match = {total})" if this_match else "")
    if ruleset is None:
        return line
    rules = ruleset.advancement
    if advancements >= rules.max_advancements:
        return line + " · no further advancements"
    cost = min(rules.cost(advancements + 1, kind) for kind in rules.kinds)
    short = cost - total
    return line + (
        f" · next advancement at {cost} SPP ({short} to go)"
        if short > 0
        else f" · next advancement ({cost} SPP) open"
    )


BB2020_AWARDS = {"TD": 3, "COMP": 1, "DEF": 1, "INT": 2, "CAS": 2, "MVP": 4}
"""The awards used when the board has no ruleset at hand (a bare scenario)."""


def match_spp(stats: PlayerStats, race: str, ruleset: Ruleset | None) -> int:
    """SPP a player has earned so far this match, by the edition's awards for the team.

    Season 3 pays other awards than BB2020 (and Brawlin' Brutes more for casualties), so the
    card uses the ruleset's awards after the team's special rules, as the post-game will.
    """
    awards: Mapping[str, int] = BB2020_AWARDS
    if ruleset is not None and race in ruleset.teams:
        awards = ruleset.advancement.awards_for(ruleset.teams[race])
    tally = PlayerTally(
        td=stats.td, comp=stats.comp, deflections=stats.defl, interceptions=stats.intc, cas=stats.cas
    )
    return spp_earned(tally, awards) + stats.bonus_spp


def player_card(match: Match, p: int, ruleset: Ruleset | None, inert: tuple[str, ...] = ()) -> str:
    """Characteristics, skills with their text, special rule, status and this match's SPP events.

    A skill or special rule named in ``inert`` is marked as not played by the board.
    """
    s = match.state
    team = s.team[p]
    local = p - (0 if team == 0 else len(s.teams[0].players))
    snap = s.teams[team].players[local]
    pa = f"{s.pa[p]}+" if s.pa[p] else "–"
    rows = [
        f"<b>#{snap.number} {escape(snap.name)}</b>",
        f"<i>{escape(snap.position)}</i> · {escape(s.teams[team].name)}",
        f"MA {s.ma[p]} · ST {s.st[p]} · AG {s.ag[p]}+ · PA {pa} · AV {s.av[p]}+",
        f"Status: {STATUS_NAMES[s.status[p]].replace('_', ' ')}"
        + (
            " · <b>Distracted</b> (no tackle zone, no Active skills until activated)"
            if match.distracted(p)
            else ""
        )
        + (" · used" if s.used[p] else ""),
    ]
    st = s.stats[p]
    spp = match_spp(st, s.teams[team].race, ruleset)
    rows.append(f"This match: TD {st.td} · Comp {st.comp} · Cas {st.cas} · Int {st.intc} · SPP {spp}")
    if not snap.induced:
        rows.append(career_line(snap.spp, spp, snap.advancements, ruleset))
    skills = []
    for ref in snap.skills:
        text = ""
        if ruleset is not None and ref.name in ruleset.skills:
            text = ruleset.skills[ref.name].description
        mark = f" <i>({NOT_PLAYED})</i>" if ref.name in inert else escape(used_mark(match, p, ref.name))
        skills.append(f"<b>{escape(str(ref))}</b>{mark}" + (f": {escape(text)}" if text else ""))
    rows.append("<br>".join(skills) if skills else "<i>No skills</i>")
    for rule in snap.special_rules:
        mark = f" <i>({NOT_PLAYED})</i>" if rule in inert else escape(used_mark(match, p, rule))
        rows.append(f"Special rule: <b>{escape(rule)}</b>{mark}")
    return "<br>".join(rows)
