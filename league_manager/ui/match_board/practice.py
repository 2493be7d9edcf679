"""Practice games: a match between two generated teams, not tied to any fixture (no Qt)."""

from __future__ import annotations

import dataclasses

from league_manager.match.engine import Match
from league_manager.match.teams import TeamSnapshot, generate_team
from league_manager.rules.dice import BoardDice
from league_manager.rules.loader import load_ruleset
from league_manager.ui.match_board.session import LocalGame


def practice_teams(
    home_race: str = "human", away_race: str = "orc", seed: int = 1, ruleset_id: str = "bb2020"
) -> tuple[TeamSnapshot, TeamSnapshot]:
    """Two legal teams drafted from the rosters of an edition (BB2020 unless told)."""
    ruleset = load_ruleset(ruleset_id)
    home = generate_team(ruleset.team(home_race), seed, prefix="h")
    away = generate_team(ruleset.team(away_race), seed + 7919, prefix="a")
    return home, away


def practice_game(
    seed: int = 1,
    controllers: dict[str, str] | None = None,
    home_race: str = "human",
    away_race: str = "orc",
    ruleset_id: str = "bb2020",
) -> LocalGame:
    """A practice game held in memory (nothing is saved to a league), played under an edition."""
    home, away = practice_teams(home_race, away_race, seed, ruleset_id)
    match = Match(home, away, dice=BoardDice(seed), ruleset=load_ruleset(ruleset_id))
    return LocalGame(match, dict(controllers or {"home": "human", "away": "human"}))


PRACTICE_STARS = (
    "Maple Highgrove",
    "Thorsson Stoutmead",
    "Swiftvine Glimmershard",
    "Zzharg Madeye",
    "Scrappa Sorehead",
)
"""Stars the ``match:stars`` practice team fields in place of its first players."""


def practice_stars_game(seed: int = 1, stars: tuple[str, ...] = PRACTICE_STARS) -> LocalGame:
    """A practice game whose home team fields star players (their special rules on the cards)."""
    game = practice_game(seed)
    ruleset = load_ruleset("bb2020")
    home = game.match.home
    players = list(home.players)
    for i, name in enumerate(stars):
        star = next(s for s in ruleset.star_players.values() if s.name == name)
        players[i] = dataclasses.replace(
            players[i],
            id=f"star:{star.name}",
            name=star.name,
            position="Star Player",
            stats=star.stats,
            skills=star.skills,
            special_rules=(star.special_rule,) if star.special_rule else (),
            induced=True,
        )
    home = dataclasses.replace(home, players=tuple(players))
    match = Match(home, game.match.away, dice=BoardDice(seed), ruleset=ruleset)
    return LocalGame(match, game.controllers)


def player_names(match: Match) -> list[str]:
    """A short label per player index: "#7 Blitzer Name"."""
    names: list[str] = []
    for snap in (match.home, match.away):
        for pl in snap.players:
            names.append(f"#{pl.number} {pl.name}")
    return names
