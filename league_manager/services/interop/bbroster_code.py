"""BBRoster roster codes (the share code of the blood-bowl-roster web app) read into our
team-from-paper shape (docs/team-from-file.md).

A code reads ``t<team id>t<treasury in thousands>`` then extras (``m`` mode, ``f`` format,
``r`` re-rolls, ``a`` assistant coaches, ``c`` cheerleaders, ``d`` dedicated fans, ``y``
apothecary, ``s`` picked special rule, inducements ``<key>.<n>``), one ``p<player type id>``
per roster slot with its alterations (``s`` SPP, ``n`` niggling injuries, ``m1`` miss next
game, ``t1`` temporarily retired, ``c`` characteristic gains and ``i`` characteristic losses as
one digit per MA ST AG PA AV, ``e`` extra skill ids, ``v`` value change, ``a`` advancement
count, ``j1`` journeyman, ``x`` shirt number), then ``I`` and the URI-encoded team and player
names joined by ``:``. The numbers are BBRoster's (``data/interop/bbroster.yaml``).
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import unquote

import yaml

from league_manager.services.interop.team_formats import ForeignTeam, TeamFileError

STATS = ("MA", "ST", "AG", "PA", "AV")
CODE_START = re.compile(r"^t[a-z]*\d+t-?\d+")
"""How a roster code begins (team id, then treasury)."""
TEAM_ITEM = re.compile(r"[a-z]+[\d.\-]+")
PLAYER_ITEM = re.compile(r"[a-z]?[\d.\-]+")
STAR_PLAYERS_FROM = 200
FORMATS = {0: "elevens", 1: "sevens", 2: "dungeon bowl", 3: "gutter bowl"}


@cache
def bbroster_ids() -> dict[str, Any]:
    """BBRoster's team, player type, skill and special-rule numbers."""
    path = resources.files("league_manager.data").joinpath("interop", "bbroster.yaml")
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def looks_like_code(text: str) -> bool:
    """True when ``text`` (stripped) starts as a BBRoster roster code."""
    return bool(CODE_START.match(unquote(text.strip())))


def _number(item: str, where: str) -> int:
    try:
        return int(item[1:])
    except ValueError as exc:
        raise TeamFileError(f"{where}: '{item}' should be a letter and a whole number") from exc


def _digits(item: str, where: str) -> list[int]:
    """``c00100``-style items: one signed digit per characteristic (MA ST AG PA AV)."""
    values = [int(d) for d in re.findall(r"-?\d", item[1:])]
    if len(values) > len(STATS):
        raise TeamFileError(f"{where}: '{item}' has more than five characteristic figures")
    return values


def _split(code: str) -> tuple[str, list[str], list[str]]:
    """The team section, the player sections and the decoded names."""
    text = unquote(code.strip())
    if not looks_like_code(text):
        raise TeamFileError("not a BBRoster roster code: it should start like 't9t1000'")
    roster, _, names = text.partition("I")
    team, *players = roster.split("p")
    leftover = TEAM_ITEM.sub("", team)
    if leftover:
        raise TeamFileError(f"the team part of the code has stray characters {leftover!r}")
    return team, players, [unquote(n).strip() for n in names.split(":")] if names else []


def read_bbroster(code: str, coach: str | None = None) -> ForeignTeam:
    """A BBRoster roster code as a team from paper, with notes on what our rules leave out.

    Raises:
        TeamFileError: not a code, an unknown team or player type, a format other than
            eleven-a-side, or an item that is not a letter and a number.
    """
    ids = bbroster_ids()
    team_part, player_parts, names = _split(code)
    items = TEAM_ITEM.findall(team_part)
    if len(items) < 2 or not items[0].startswith("t") or not items[1].startswith("t"):
        raise TeamFileError("the code needs a team id and a treasury ('t<id>t<treasury>')")
    team_id = items[0][1:]
    listed = ids["teams"].get(team_id)
    if listed is None:
        raise TeamFileError(f"unknown BBRoster team id {team_id!r}")
    notes: list[str] = []
    race = str(listed["name"])
    if race.endswith(" (ToL)"):
        race = race.removesuffix(" (ToL)")
        notes.append(f"BBRoster's older '{listed['name']}' list is read as the league's {race} roster")
    paper: dict[str, Any] = {
        "name": names[0] if names and names[0] else f"Imported {race} team",
        "coach": coach or "Imported coach",
        "race": race,
        "treasury": _number(items[1], "treasury") * 1000,
        "players": [],
    }
    if coach is None:
        notes.append("a roster code names no coach: the coach is 'Imported coach' unless one is given")
    extras = {"r": "rerolls", "a": "assistant_coaches", "c": "cheerleaders", "d": "dedicated_fans"}
    for item in items[2:]:
        key = item[0]
        if "." in item:
            notes.append(f"inducement {item!r} is bought for one game: not imported")
        elif key == "f":
            fmt = _number(item, "format")
            if fmt != 0:
                raise TeamFileError(f"the code is a {FORMATS.get(fmt, f'format {fmt}')} roster; "
                                    "the league plays eleven-a-side")  # fmt: skip
        elif key == "m":
            if _number(item, "mode") != 0:
                notes.append("the code is an exhibition roster: read as a league team")
        elif key in extras:
            paper[extras[key]] = _number(item, extras[key])
        elif key == "y":
            paper["apothecary"] = _number(item, "apothecary") > 0
        elif key == "s":
            rules = ids["special_rules"]
            picked = _number(item, "special rule")
            if not 1 <= picked <= len(rules):
                raise TeamFileError(f"unknown special rule number {picked}")
            paper["special_rule"] = rules[picked - 1]
        else:
            notes.append(f"unknown item {item!r} of the team part: ignored")
    gained: dict[int, list[str]] = {}
    for slot, part in enumerate(player_parts):
        name = names[slot + 1] if slot + 1 < len(names) else ""
        player = _player(part, slot, name, listed, ids, notes)
        if player is None:
            continue
        skills = player.pop("_skills")
        if skills:
            gained[len(paper["players"])] = skills
        paper["players"].append(player)
    if not paper["players"]:
        raise TeamFileError("the code has no players")
    return ForeignTeam("BBRoster roster code", paper, notes, gained)


def _player(part: str, slot: int, name: str, listed: dict[str, Any], ids: dict[str, Any],
            notes: list[str]) -> dict[str, Any] | None:  # fmt: skip
    """One roster slot as a paper player (None: an empty slot, a star player, a journeyman)."""
    where = f"player {slot + 1}"
    leftover = PLAYER_ITEM.sub("", part)
    items = PLAYER_ITEM.findall(part)
    if leftover or not items or not items[0][0].isdigit():
        raise TeamFileError(f"{where}: '{part}' is not a player type id and its alterations")
    type_id = int(items[0])
    if type_id == 0:
        return None
    if type_id >= STAR_PLAYERS_FROM:
        notes.append(f"{where}: star player {type_id} is hired for one game: left out")
        return None
    if type_id not in ids["players"] or type_id not in listed["players"]:
        raise TeamFileError(f"{where}: player type {type_id} is not on BBRoster's {listed['name']} list")
    shown = name or f"Player {slot + 1}"
    player: dict[str, Any] = {"number": slot + 1, "name": shown, "position": ids["players"][type_id]}
    injuries: dict[str, Any] = {"niggling": 0, "characteristics": {}, "miss_next_game": False}
    advancements: list[dict[str, str]] = []
    skills: list[str] = []
    for item in items[1:]:
        key = item[0]
        if key == "j":
            notes.append(f"{where} ({shown}) is a journeyman, hired for one game: left out")
            return None
        if key == "s":
            player["spp"] = _number(item, where)
        elif key == "n":
            injuries["niggling"] = _number(item, where)
        elif key == "m":
            injuries["miss_next_game"] = True
        elif key == "t":
            notes.append(f"{where} ({shown}) is temporarily retired there: joins as an active player")
        elif key == "c":
            for stat, count in zip(STATS, _digits(item, where), strict=False):
                if count < 0:
                    raise TeamFileError(f"{where}: a characteristic gain cannot be negative ({item!r})")
                advancements += [{"kind": "characteristic", "characteristic": stat}] * count
        elif key == "i":
            losses = {s: n for s, n in zip(STATS, _digits(item, where), strict=False) if n}
            injuries["characteristics"] = losses
        elif key == "e":
            for skill_id in item[1:].split("."):
                if not skill_id.isdigit() or int(skill_id) not in ids["skills"]:
                    raise TeamFileError(f"{where}: unknown skill id {skill_id!r}")
                skills.append(ids["skills"][int(skill_id)])
        elif key == "x":
            player["number"] = _number(item, where)
        elif key == "v":
            notes.append(f"{where} ({shown}): BBRoster's value change is left to the league's rules")
        elif key != "a":  # the advancement count follows from the skills and characteristics
            notes.append(f"{where}: unknown alteration {item!r}: ignored")
    if advancements:
        player["advancements"] = advancements
    if injuries["niggling"] or injuries["characteristics"] or injuries["miss_next_game"]:
        player["injuries"] = injuries
    player["_skills"] = skills
    return player
