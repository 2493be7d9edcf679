"""The match log in words: a pure function over match events (no Qt), so it can be unit-tested.

``narrate(event, names)`` turns one engine ``Event`` into a sentence such as
"Dodge 3+ (-1 marked): 2, failed" or "team re-roll: Dodge 3+ (-1 marked): 5, success".
"""

from __future__ import annotations

from collections.abc import Sequence

from league_manager.match.events import Event
from league_manager.match.pitch import name as square_name
from league_manager.match.state import WEATHER_NAMES

TESTS = {
    "dodge": "Dodge",
    "rush": "Rush",
    "gfi": "Rush",
    "pick_up": "Pick-up",
    "catch": "Catch",
    "jump": "Jump",
    "jump_up": "Jump Up",
    "stand_up": "Stand up",
    "pass": "Pass",
    "interception": "Interception",
    "deflection": "Deflection",
    "dauntless": "Dauntless",
    "pro": "Pro",
    "loner": "Loner",
    "always_hungry": "Always Hungry",
    "squirms_free": "Squirms free",
    "crash_landing": "Landing",
    "lands_on": "Landing",
    "regeneration": "Regeneration",
    "foul": "Foul",
    "armour": "Armour",
    "injury": "Injury",
    "stab": "Stab",
    "projectile_vomit": "Projectile Vomit",
    "hand_off": "Hand-off catch",
    "throw_team_mate": "Throw Team-mate",
    "argue_the_call": "Argue the Call",
    "bribe": "Bribe",
    "trapdoor": "Trapdoor",
    "ko_recovery": "KO recovery",
    "rooted": "Take Root",
    "team_captain": "Team Captain",
}
"""Event kinds that are dice tests, with the word the log uses."""

SIMPLE = {
    "turnover": "Turnover!",
    "full_time": "Full time",
    "kickoff_blitz_end": "The Blitz! ends",
    "end_of_drive": "End of the drive",
    "no_players": "No players left to set up",
}


def player_name(names: Sequence[str], p: int) -> str:
    """A player's name for the log, or "?" for an unknown index."""
    return names[p] if 0 <= p < len(names) else "?"


def _mods(event: Event) -> str:
    mods = [(r, v) for r, v in event.modifiers if v]
    return " (" + ", ".join(f"{v:+d} {r}" for r, v in mods) + ")" if mods else ""


def _test(event: Event, names: Sequence[str], word: str) -> str:
    who = player_name(names, event.player) if event.player >= 0 else ""
    parts = [f"{who}: " if who else ""]
    if event.rule.startswith("re-roll"):
        source = event.rule[len("re-roll") :].strip(" ()") or "re-roll"
        source = "team re-roll" if source == "team" else source
        parts.append(f"{source}: ")
    elif event.rule and event.rule.lower() != word.lower():
        parts.append(f"[{event.rule}] ")
    parts.append(word)
    if event.target:
        parts.append(f" {event.target}+")
    parts.append(_mods(event))
    if event.rolls:
        parts.append(": " + ", ".join(map(str, event.rolls)))
    if event.success is not None:
        parts.append(", success" if event.success else ", failed")
    if event.detail:
        parts.append(f" ({event.detail})")
    return "".join(parts)


def narrate(event: Event, names: Sequence[str], teams: Sequence[str] = ("Home", "Away")) -> str:
    """One sentence describing an event.

    Args:
        event: the engine event.
        names: a label per player index ("#7 Blitzer (Home)").
        teams: the two team names.

    Returns:
        The log line, never empty.
    """
    kind = event.kind
    who = player_name(names, event.player)
    other = player_name(names, event.other)
    team = teams[event.team] if event.team in (0, 1) else ""
    if kind in SIMPLE:
        text = SIMPLE[kind]
        return f"{text} ({team})" if team and kind == "turnover" else text
    if kind in TESTS:
        return _test(event, names, TESTS[kind])
    if kind == "turn":
        return f"— {team}: {event.detail} —"
    if kind == "move":
        return f"{who} moves to {square_name(event.square)}"
    if kind == "knocked down":
        by = f" by {other}" if event.other >= 0 else ""
        return f"{who} is knocked down{by}"
    if kind == "activate":
        return f"{who} declares a {event.detail.replace('_', '-')} action"
    if kind == "declared_target":
        return f"{who} targets {other} ({event.detail})"
    if kind == "block":
        return f"{who} blocks {other}: {event.detail}{_mods(event)}"
    if kind == "block_dice":
        by = f" [{event.rule}]" if event.rule else ""
        return f"Block dice{by}: {event.detail}"
    if kind == "block_result":
        return f"{who} chooses {event.detail} against {other}"
    if kind in ("team_reroll", "skill_reroll"):
        word = "Team re-roll" if kind == "team_reroll" else f"{event.rule or 'Skill'} re-roll"
        return f"{word} used" + (f" by {who}" if event.player >= 0 else "")
    if kind == "pushed":
        return f"{who} is pushed to {square_name(event.square)}"
    if kind == "follow_up":
        return f"{who} follows up to {square_name(event.square)}"
    if kind == "placed_prone":
        return f"{who} is placed prone" + (f" [{event.rule}]" if event.rule else "")
    if kind == "casualty":
        return f"{who}: casualty, {event.detail}" + (f" [{event.rule}]" if event.rule else "")
    if kind == "lasting_injury":
        return f"{who}: lasting injury, {event.detail}"
    if kind == "apothecary":
        return f"Apothecary treats {who}: {event.detail or 'patched up'}"
    if kind == "touchdown":
        return f"TOUCHDOWN! {who} scores ({event.detail})"
    if kind == "weather":
        return f"Weather: {WEATHER_NAMES.get(event.detail, event.detail)}" + _rolls(event)
    if kind == "coin_toss":
        return f"Coin toss: {team} {event.detail}".rstrip()
    if kind == "kicking_team":
        return f"{team} kick off"
    if kind == "kick":
        return f"{who} kicks towards {square_name(event.square)}" + _rolls(event)
    if kind == "kickoff_event":
        return f"Kick-off event: {event.detail}" + _rolls(event)
    if kind in ("bounce", "ball_lands", "throw_in", "touchback_to"):
        where = {"bounce": "Ball bounces to", "ball_lands": "Ball lands on", "throw_in": "Throw-in to"}
        return f"{where.get(kind, 'Touchback: ball to')} {square_name(event.square)}" + _rolls(event)
    if kind == "skill":
        target = f" on {other}" if event.other >= 0 else ""
        detail = f": {event.detail}" if event.detail else ""
        return f"{who} uses {event.rule}{target}{detail}"
    if kind == "sent_off":
        return f"{who} is sent off by the referee" + (f" ({event.detail})" if event.detail else "")
    if kind == "concession":
        return f"{team} concede the match"
    if kind == "half":
        return f"Half {event.detail}" if event.detail else "Half time"
    if kind == "drive":
        return f"New drive{': ' + event.detail if event.detail else ''}"
    return _generic(event, who, other, team)


def _rolls(event: Event) -> str:
    return f" (rolled {', '.join(map(str, event.rolls))})" if event.rolls else ""


def _generic(event: Event, who: str, other: str, team: str) -> str:
    words = [event.kind.replace("_", " ").capitalize()]
    if event.player >= 0:
        words.append(who)
    elif team:
        words.append(team)
    if event.other >= 0:
        words.append(f"→ {other}")
    if event.rule:
        words.append(f"[{event.rule}]")
    if event.target:
        words.append(f"{event.target}+{_mods(event)}")
    if event.rolls:
        words.append("rolled " + ", ".join(map(str, event.rolls)))
    if event.success is not None:
        words.append("success" if event.success else "failed")
    if event.detail:
        words.append(f"({event.detail})")
    if event.square >= 0:
        words.append(f"at {square_name(event.square)}")
    return " ".join(words)
