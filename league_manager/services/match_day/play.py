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
    the underdog's Prayers to Nuffle rolled there (they take effect at the first drive).
    """
    settings: dict[str, Any] = {k: v for k, v in load_json(day.settings_json).items() if k == "extra_time"}
    pregame = pregame_record(day)
    if pregame.weather:
        settings["weather_roll"] = sum(pregame.weather.dice)
    if pregame.kick_off:
        settings["kicking_team"] = 0 if pregame.kick_off.kicking == "home" else 1
    prayers = pregame.prayers
    if prayers.team is not None and prayers.results:
        settings["prayers"] = {
            "team": 0 if prayers.team == "home" else 1,
            "rolls": [r.roll for r in prayers.results],
        }
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
