"""Two duels over the same seeds compared game by game: what a change to a bot did to results.

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/duel_compare.py BASE CHANGED

``BASE`` and ``CHANGED`` are each one CSV file written by ``league-manager match duel --csv``,
or several joined by commas (one per seed, say). A game is matched with the other duel's game
of the same seed and side (``seed``, ``a_side``), so the two duels need the same seeds, teams
and ``--swap``; games only one of them played are counted and left out.

Printed: each duel's wins, draws and losses for bot A, its win rate and share of the points
(a draw half a win); how many games were the same game (taken so when the score, the
casualties, the turnovers and the number of decisions all agree) and how many ended with
another result, better or worse for bot A; and the difference of the win rates and of the
points, with the standard error of the paired differences (game by game). A search bounded by
counts replays a seed exactly, so a game that differs differs because of the change, but a
changed decision re-deals the dice for the rest of the game: the standard error says how large
a difference those re-dealt games alone would make.
"""

from __future__ import annotations

import csv
import math
import sys
from dataclasses import dataclass

RESULT_POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}
"""Bot A's points for a game's result (a draw half a win)."""
SAME_GAME = (
    "td_for",
    "td_against",
    "cas_for",
    "cas_against",
    "turnovers_for",
    "turnovers_against",
    "decisions",
)
"""The columns that must all agree for two games of one seed to count as the same game."""


Games = dict[tuple[str, str], dict[str, str]]
"""A duel's games (their CSV rows), keyed by seed and side."""


@dataclass(frozen=True)
class Comparison:
    """Two duels' games matched by seed and side."""

    games: int
    base: tuple[int, int, int]
    """The base duel's wins, draws and losses for bot A."""
    changed: tuple[int, int, int]
    """The changed duel's."""
    same_game: int
    """Games taken as the same game (the score, casualties, turnovers and decisions agree)."""
    better: int
    """Games the change turned into a better result for bot A."""
    worse: int
    """Games the change turned into a worse result for bot A."""
    unmatched: int
    """Games only one of the duels played."""
    win_gain: float
    """The changed duel's win rate less the base's."""
    win_gain_se: float
    """The standard error of that difference, from the paired games."""
    points_gain: float
    """The changed duel's share of the points less the base's."""
    points_gain_se: float
    """The standard error of that difference, from the paired games."""


def read_games(paths: str) -> Games:
    """The games of one duel (comma-separated CSV paths), keyed by seed and side.

    Raises:
        SystemExit: a file is missing or is not a duel's CSV.
    """
    games: Games = {}
    for path in filter(None, paths.split(",")):
        try:
            with open(path, newline="", encoding="utf-8") as handle:
                reader = csv.DictReader(handle)
                columns = set(reader.fieldnames or ())
                rows = list(reader)
        except OSError as error:
            raise SystemExit(f"cannot read {path}: {error.strerror}") from error
        if not {"seed", "a_side", "outcome", *SAME_GAME} <= columns:
            raise SystemExit(f"{path} is not a CSV written by 'match duel --csv'")
        for row in rows:
            games[(row["seed"], row["a_side"])] = row
    return games


def _tally(rows: list[dict[str, str]]) -> tuple[int, int, int]:
    outcomes = [row["outcome"] for row in rows]
    return outcomes.count("win"), outcomes.count("draw"), outcomes.count("loss")


def _mean_and_se(diffs: list[float]) -> tuple[float, float]:
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


def compare(base: Games, changed: Games) -> Comparison:
    """The two duels compared over the games both played.

    Raises:
        ValueError: the duels share no game.
    """
    keys = sorted(base.keys() & changed.keys())
    if not keys:
        raise ValueError("the two duels share no game (the same seeds, sides and --swap are needed)")
    pairs = [(base[k], changed[k]) for k in keys]
    win_diffs = [float(c["outcome"] == "win") - float(b["outcome"] == "win") for b, c in pairs]
    point_diffs = [RESULT_POINTS[c["outcome"]] - RESULT_POINTS[b["outcome"]] for b, c in pairs]
    win_gain, win_se = _mean_and_se(win_diffs)
    points_gain, points_se = _mean_and_se(point_diffs)
    return Comparison(
        games=len(keys),
        base=_tally([b for b, _c in pairs]),
        changed=_tally([c for _b, c in pairs]),
        same_game=sum(all(b[col] == c[col] for col in SAME_GAME) for b, c in pairs),
        better=sum(d > 0 for d in point_diffs),
        worse=sum(d < 0 for d in point_diffs),
        unmatched=len(base.keys() ^ changed.keys()),
        win_gain=win_gain,
        win_gain_se=win_se,
        points_gain=points_gain,
        points_gain_se=points_se,
    )


def report(result: Comparison) -> str:
    """The comparison as printed lines."""
    n = result.games

    def duel(name: str, wdl: tuple[int, int, int]) -> str:
        wins, draws, losses = wdl
        points = (wins + draws / 2) / n
        return f"{name:8} {wins}-{draws}-{losses}  wins {wins / n:.1%}  points {points:.1%}"

    lines = [
        f"games compared {n}"
        + (f" ({result.unmatched} played by one duel only, left out)" if result.unmatched else ""),
        duel("base", result.base),
        duel("changed", result.changed),
        f"the same game {result.same_game}; another result {result.better + result.worse}: "
        f"better {result.better}, worse {result.worse}",
        f"wins   {result.win_gain:+.1%} (standard error {result.win_gain_se:.1%})",
        f"points {result.points_gain:+.1%} (standard error {result.points_gain_se:.1%})",
    ]
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit("usage: duel_compare.py BASE.csv[,MORE.csv...] CHANGED.csv[,MORE.csv...]")
    try:
        result = compare(read_games(sys.argv[1]), read_games(sys.argv[2]))
    except ValueError as error:
        raise SystemExit(str(error)) from error
    print(report(result))


if __name__ == "__main__":
    main()
