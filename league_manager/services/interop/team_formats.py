"""Teams from other tools, read into our team-from-paper shape (docs/team-from-file.md).

- OBBLM/NAFLM team XML (``<teams><team>``), read with entity declarations refused;
- FUMBBL team JSON (``/api/team/get/<id>``, saved as a file);
- a BBRoster roster code (:mod:`league_manager.services.interop.bbroster_code`), as text.

Each reader returns the paper data and the notes on what our rules cannot represent
(achievements, OBBLM's numeric ids, FUMBBL's SPP bookkeeping...). A broken file raises
:class:`TeamFileError` with the reason.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any
from xml.etree import ElementTree as ET

from league_manager.core.errors import LeagueError

STAT_KEYS = ("MA", "ST", "AG", "PA", "AV")


class TeamFileError(LeagueError):
    """A team file of another tool that cannot be read."""


@dataclass
class ForeignTeam:
    """What an import would create (``paper``) and what it leaves out or changes (``notes``)."""

    source: str
    paper: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    gained_skills: dict[int, list[str]] = field(default_factory=dict)
    """Skills a player gained, by its place in ``paper["players"]``, whose advancement kind
    the file does not tell (the service reads them as chosen, primary or secondary)."""


def detect(text: str) -> str:
    """The format of a team file's text: ``obblm``, ``fumbbl``, ``paper`` (our own team
    file, docs/team-from-file.md: a JSON object with ``race`` and ``players``, no ``roster``)
    or ``bbroster`` (a roster code).

    Raises:
        TeamFileError: none of them.
    """
    start = text.lstrip()[:1]
    if start == "<":
        return "obblm"
    if start == "{":
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            return "fumbbl"  # read_fumbbl names what is broken
        if isinstance(data, dict) and "roster" not in data and {"race", "players"} <= data.keys():
            return "paper"
        return "fumbbl"
    if re.match(r"t[a-z]*\d+t-?\d+", text.strip()):
        return "bbroster"
    raise TeamFileError(
        "not a team file: expected a League Manager team file, OBBLM team XML, FUMBBL team JSON "
        "or a BBRoster roster code"
    )


def read_team(text: str, coach: str | None = None) -> ForeignTeam:
    """Read a team file (the format is told from its first character and, for JSON, its keys)."""
    kind = detect(text)
    if kind == "paper":
        return read_paper(text, coach)
    if kind == "bbroster":
        from league_manager.services.interop.bbroster_code import read_bbroster  # it imports this module

        return read_bbroster(text, coach)
    return read_obblm(text, coach) if kind == "obblm" else read_fumbbl(text, coach)


def read_paper(text: str, coach: str | None = None) -> ForeignTeam:
    """Our own file of a team joining from paper (docs/team-from-file.md), taken as it is:
    the league's rules check every value when the team is created (``coach`` replaces the
    file's coach)."""
    data = json.loads(text)
    if coach:
        data["coach"] = coach
    return ForeignTeam("League Manager team file", data)


def _safe_xml(text: str) -> ET.Element:
    """Parse XML refusing any DOCTYPE (so no entity can expand), as defusedxml does."""
    if re.search(r"<!DOCTYPE|<!ENTITY", text, re.IGNORECASE):
        raise TeamFileError("the XML declares a DOCTYPE or entities; refused for safety")
    try:
        return ET.fromstring(text)
    except ET.ParseError as exc:
        raise TeamFileError(f"the XML is broken ({exc})") from exc


def _number(el: ET.Element, tag: str, where: str, default: int = 0) -> int:
    text = el.findtext(tag)
    if text is None or not text.strip():
        return default
    try:
        return int(text.strip())
    except ValueError as exc:
        raise TeamFileError(f"{where}: <{tag}> is not a whole number ({text.strip()!r})") from exc


def read_obblm(text: str, coach: str | None = None) -> ForeignTeam:
    """An OBBLM team import XML with one team.

    Raises:
        TeamFileError: broken XML, no single team, a missing name or race, a number that is none.
    """
    root = _safe_xml(text)
    teams = root.findall("team") if root.tag == "teams" else []
    if len(teams) != 1:
        raise TeamFileError(f"expected <teams> holding one <team>, found {len(teams)} teams")
    team = teams[0]
    name = (team.findtext("name") or "").strip()
    race = (team.findtext("race_id") or "").strip()
    if not name or not race:
        raise TeamFileError("the team needs <name> and <race_id>")
    notes = []
    if race.isdigit():
        notes.append(f"race_id {race} is an OBBLM number; write the race's name (e.g. human) instead")
    paper: dict[str, Any] = {
        "name": name,
        "coach": coach or "Imported coach",
        "race": race,
        "treasury": _number(team, "treasury", "team"),
        "rerolls": _number(team, "rr", "team"),
        "dedicated_fans": max(_number(team, "ff", "team", 1), 1),
        "apothecary": _number(team, "apothecary", "team") > 0,
        "assistant_coaches": _number(team, "ass_coaches", "team"),
        "cheerleaders": _number(team, "cheerleaders", "team"),
        "players": [],
    }
    if coach is None:
        notes.append("OBBLM names coaches by number: the coach is 'Imported coach' unless --coach is given")
    record = [_number(team, t, "team") for t in ("won", "lost", "draw", "gf", "ga")]
    if any(record):
        notes.append(
            "the team's won/lost/drawn record and touchdowns are history of the other tool: not imported"
        )
    for index, pl in enumerate(team.findall("players/player"), 1):
        where = f"player {index}"
        status = (pl.findtext("status") or "none").strip()
        if status == "dead":
            notes.append(f"{where} ({pl.findtext('name')}) is dead: left out")
            continue
        injuries = {k.upper(): _number(pl, k, where) for k in ("ma", "st", "ag", "av")}
        achievements = sum(_number(pl, t, where) for t in ("cp", "td", "intcpt", "bh", "ki", "si", "mvp"))
        if achievements:
            notes.append(f"{where}: achievements (TD, CAS, MVP...) are not SPP in BB2020 terms: not imported")
        position = (pl.findtext("pos_id") or "").strip()
        if position.isdigit():
            notes.append(f"{where}: pos_id {position} is an OBBLM number; write the position's name")
        paper["players"].append(
            {
                "number": _number(pl, "nr", where, index),
                "name": (pl.findtext("name") or "").strip(),
                "position": position,
                "injuries": {
                    "niggling": _number(pl, "ni", where),
                    "characteristics": {k: v for k, v in injuries.items() if v},
                    "miss_next_game": status == "mng",
                },
            }
        )
    return ForeignTeam("OBBLM team XML", paper, notes)


def _injuries(text: str) -> tuple[dict[str, int], int]:
    """FUMBBL's injury string (``"-MA, n, -AV"``): characteristic losses and niggling injuries."""
    losses: dict[str, int] = {}
    niggling = 0
    for part in (p.strip() for p in text.replace("/", ",").split(",")):
        if part.lower() in {"n", "ni", "niggling"}:
            niggling += 1
        elif part.upper().lstrip("-") in STAT_KEYS and part.startswith("-"):
            key = part.upper().lstrip("-")
            losses[key] = losses.get(key, 0) + 1
    return losses, niggling


def read_fumbbl(text: str, coach: str | None = None) -> ForeignTeam:
    """A FUMBBL team JSON (the answer of ``/api/team/get/<id>``).

    Raises:
        TeamFileError: broken JSON, or no name, roster or player list.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TeamFileError(f"the JSON is broken ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("roster"), dict) or not data.get("name"):
        raise TeamFileError("not a FUMBBL team: 'name' and 'roster' are missing")
    players = data.get("players")
    if not isinstance(players, list):
        raise TeamFileError("not a FUMBBL team: 'players' is not a list")
    notes = []
    gained: dict[int, list[str]] = {}
    coach_name = coach or str((data.get("coach") or {}).get("name") or "Imported coach")
    race = str(data["roster"].get("name", ""))
    paper: dict[str, Any] = {
        "name": str(data["name"]),
        "coach": coach_name,
        "race": race,
        "treasury": _int_field(data, "treasury"),
        "rerolls": _int_field(data, "rerolls"),
        "dedicated_fans": max(_int_field(data, "fanFactor"), 1),
        "apothecary": str(data.get("apothecary", "No")).lower() == "yes",
        "assistant_coaches": _int_field(data, "assistantCoaches"),
        "cheerleaders": _int_field(data, "cheerleaders"),
        "players": [],
    }
    for index, pl in enumerate(players, 1):
        if not isinstance(pl, dict):
            raise TeamFileError(f"player {index} is not an object")
        where = f"player {index} ({pl.get('name', '')})"
        if str(pl.get("status", "Active")).lower() not in {"active", "1"}:
            notes.append(f"{where}: status {pl.get('status')!r}: left out")
            continue
        record = pl.get("record") if isinstance(pl.get("record"), dict) else {}
        spp = _int_field(record, "spp") + _int_field(record, "extra_spp") - _int_field(record, "spent_spp")
        losses, niggling = _injuries(str(pl.get("injuries") or ""))
        skills = [str(s) for s in pl.get("skills") or []]
        if skills:
            gained[len(paper["players"])] = skills
        paper["players"].append(
            {
                "number": _int_field(pl, "number") or index,
                "name": str(pl.get("name", "")),
                "position": str(pl.get("position", "")),
                "spp": max(spp, 0),
                "injuries": {"niggling": niggling, "characteristics": losses},
            }
        )
    return ForeignTeam("FUMBBL team JSON", paper, notes, gained)


def _int_field(data: Any, key: str) -> int:
    value = data.get(key, 0) if isinstance(data, dict) else 0
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            return int(str(value or 0))
        except ValueError as exc:
            raise TeamFileError(f"'{key}' is not a whole number ({value!r})") from exc
    return value
