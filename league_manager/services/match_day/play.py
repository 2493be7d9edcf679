"""Playing a fixture on the match engine between the two kick-off snapshots."""

from __future__ import annotations

from typing import Any

from league_manager.match.bots import BOT_NAMES, make_bot, play
from league_manager.match.engine import Match
from league_manager.match.result import MatchResult
from league_manager.persistence.match_day_models import MatchDay
from league_manager.rules.loader import load_ruleset
from league_manager.services.match_day.store import load_json, pregame_record, snapshot

BOTS = BOT_NAMES


def match_settings(day: MatchDay) -> dict[str, Any]:
    """The engine settings of a fixture's match: the league's extra-time setting, and the
    weather and kicking team its pre-game decided (the match does not roll them again), and
    the Prayers to Nuffle rolled there, the underdog's (BB2020) or those each team bought
    (Season 3); they take effect at the first drive.
    """
    settings: dict[str, Any] = {k: v for k, v in load_json(day.settings_json).items() if k == "extra_time"}
    pregame = pregame_record(day)
    if pregame.weather:
        settings["weather_roll"] = sum(pregame.weather.dice)
    if pregame.kick_off:
        settings["kicking_team"] = 0 if pregame.kick_off.kicking == "home" else 1
    rolls: dict[str, list[int]] = {}
    for side, prayer in pregame.prayers.rolled():  # the underdog's, or each team's bought ones
        rolls.setdefault(side, []).append(prayer.roll)
    specs = [{"team": 0 if side == "home" else 1, "rolls": rolled} for side, rolled in rolls.items()]
    if len(specs) == 1:  # one team prays: the form stored matches were written with
        settings["prayers"] = specs[0]
    elif specs:
        settings["prayers"] = specs
    return settings


def engine_match(day: MatchDay, seed: int) -> Match:
    """The fixture's engine match before its first decision (kick-off snapshots, the
    pre-game's settings, program dice from ``seed``), as ``fixture play`` and its replay
    start it.
    """
    return Match(
        snapshot(day, "home"),
        snapshot(day, "away"),
        seed=seed,
        settings=match_settings(day),
        ruleset=load_ruleset(day.ruleset_id),  # its skill categories: Intensive Training
        snapshots=False,
        allow_inert=True,
    )


def play_match(day: MatchDay, seed: int, bot: str = "random") -> tuple[MatchResult, int, Match]:
    """Play the fixture to the end with one bot per team.

    Skills, traits and special rules the engine does not implement are played without
    (the match is not refused) and listed in the match's ``inert_skills``.

    Returns:
        The engine's result, the number of decisions the bots took, and the match played
        (its action list and final state are kept for the replay).
    """
    match = engine_match(day, seed)
    decisions = play(match, (make_bot(bot, seed + 1), make_bot(bot, seed + 2)))
    result = match.outcome()
    assert result is not None
    return result, decisions, match
