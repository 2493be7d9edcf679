"""Seeded headless games between two bots, and the summary a benchmark reads.

Game ``i`` of a duel with seed ``S`` uses the match seed ``S * 1000 + i``; the teams are
drafted from the seed alone, so every game of a duel between the same races has the same
two teams. With ``swap`` each seed is played twice, the bots exchanging sides (the teams
stay where they are), which cancels the home side's and the races' edge.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from league_manager.match.bots import check_stall, make_bot
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.rules.model import Ruleset


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game of a duel, seen from bot A (the ``--home-bot``)."""

    game: int
    seed: int
    a_home: bool
    td_for: int
    td_against: int
    cas_for: int
    cas_against: int
    turnovers_for: int
    turnovers_against: int
    decisions: int
    seconds: float

    @property
    def outcome(self) -> str:
        """ "win", "draw" or "loss" for bot A."""
        if self.td_for > self.td_against:
            return "win"
        return "draw" if self.td_for == self.td_against else "loss"

    def to_dict(self) -> dict[str, Any]:
        """A CSV/JSON row."""
        return {
            "game": self.game,
            "seed": self.seed,
            "a_side": "home" if self.a_home else "away",
            "outcome": self.outcome,
            "td_for": self.td_for,
            "td_against": self.td_against,
            "cas_for": self.cas_for,
            "cas_against": self.cas_against,
            "turnovers_for": self.turnovers_for,
            "turnovers_against": self.turnovers_against,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
        }


def play_duel(
    ruleset: Ruleset,
    bot_a: str,
    bot_b: str,
    teams: tuple[str, str],
    games: int,
    seed: int,
    swap: bool = False,
) -> tuple[list[GameLine], list[float]]:
    """Play ``games`` seeded games (twice each with ``swap``) between bot A and bot B.

    Args:
        ruleset: the edition played.
        bot_a, bot_b: level names (``match.bots.BOT_NAMES``).
        teams: the home and the away race (roster id or name).
        games: how many seeds.
        seed: the duel's seed.
        swap: also play each seed with the bots' sides exchanged.

    Returns:
        One line per game, and bot A's decision times in milliseconds.
    """
    home = generate_team(ruleset.team(teams[0]), seed, prefix="home-")
    away = generate_team(ruleset.team(teams[1]), seed + 7919, prefix="away-")
    lines: list[GameLine] = []
    times: list[float] = []
    for i in range(games):
        game_seed = seed * 1000 + i
        for a_home in (True, False) if swap else (True,):
            match = Match(home, away, seed=game_seed, snapshots=False, ruleset=ruleset, allow_inert=True)
            names = (bot_a, bot_b) if a_home else (bot_b, bot_a)
            bots = (make_bot(names[0], game_seed + 1), make_bot(names[1], game_seed + 2))
            a_team = 0 if a_home else 1
            started = time.perf_counter()
            decisions = 0
            while match.prompt is not None:
                team = match.prompt.team
                t0 = time.perf_counter()
                action = bots[team].choose(match)
                if team == a_team:
                    times.append((time.perf_counter() - t0) * 1000)
                match.apply(action)
                decisions += 1
                check_stall(match, decisions)
            lines.append(
                _line(match, len(lines) + 1, game_seed, a_home, decisions, time.perf_counter() - started)
            )
    return lines, times


def _line(match: Match, game: int, seed: int, a_home: bool, decisions: int, seconds: float) -> GameLine:
    result = match.outcome()
    assert result is not None
    sides = (result.home, result.away) if a_home else (result.away, result.home)
    a_team = 0 if a_home else 1
    turnovers = [0, 0]
    for event in match.events:
        if event.kind == "turnover" and event.team in (0, 1):
            turnovers[event.team] += 1
    return GameLine(
        game, seed, a_home, sides[0].score, sides[1].score,
        sides[0].casualties_inflicted, sides[1].casualties_inflicted,
        turnovers[a_team], turnovers[1 - a_team], decisions, seconds,
    )  # fmt: skip


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a rate ``successes / n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by the nearest rank, 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def summary(lines: list[GameLine], times: list[float]) -> dict[str, Any]:
    """The duel's figures for bot A: results, interval, touchdowns, casualties, turnovers, speed."""
    n = len(lines)
    wins = sum(1 for line in lines if line.outcome == "win")
    draws = sum(1 for line in lines if line.outcome == "draw")
    low, high = wilson(wins, n)
    per = max(n, 1)
    td_for = sum(line.td_for for line in lines)
    td_against = sum(line.td_against for line in lines)
    return {
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": n - wins - draws,
        "win_rate": round(wins / per, 3),
        "win_rate_95": [round(low, 3), round(high, 3)],
        "points_share": round((wins + draws / 2) / per, 3),
        "td_for_per_game": round(td_for / per, 2),
        "td_against_per_game": round(td_against / per, 2),
        "td_per_match": round((td_for + td_against) / per, 2),
        "cas_for_per_game": round(sum(line.cas_for for line in lines) / per, 2),
        "cas_against_per_game": round(sum(line.cas_against for line in lines) / per, 2),
        "turnovers_for_per_game": round(sum(line.turnovers_for for line in lines) / per, 2),
        "turnovers_against_per_game": round(sum(line.turnovers_against for line in lines) / per, 2),
        "decision_ms": {
            "p50": round(percentile(times, 0.5), 2),
            "p95": round(percentile(times, 0.95), 2),
            "max": round(max(times, default=0.0), 2),
        },
        "match_seconds_max": round(max((line.seconds for line in lines), default=0.0), 2),
    }
