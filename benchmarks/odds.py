"""Odds benchmark: movement plans for an MA 9 player in a crowded midfield, blocks and passes.

Run from the repository root: ``python benchmarks/odds.py [--runs N]``. Prints the median
CPU time of ``plan_moves`` (target < 5 ms), of the plans of every player of the active team
(the whole-turn overlay, target < 50 ms), of ``block_odds`` and of ``pass_odds`` to every
square in range.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from league_manager.match import scenario
from league_manager.match.odds import block_odds, pass_odds
from league_manager.match.paths import plan_moves
from league_manager.match.procedures.pass_ import pass_targets

CROWD: dict[str, Any] = {
    "name": "crowded midfield",
    "ball": [14, 8],
    "players": [
        {
            "id": "runner",
            "team": "home",
            "at": [11, 7],
            "stats": [9, 3, 2, 3, 8],
            "skills": ["Dodge", "Sure Feet", "Sprint"],
        },
        {"id": "h2", "team": "home", "at": [12, 6]},
        {"id": "h3", "team": "home", "at": [12, 8], "ball": False},
        {"id": "h4", "team": "home", "at": [10, 4], "status": "prone"},
        {"id": "h5", "team": "home", "at": [12, 11]},
        {"id": "h6", "team": "home", "at": [9, 9], "skills": ["Block"]},
        {"id": "a1", "team": "away", "at": [13, 6], "skills": ["Tackle"]},
        {"id": "a2", "team": "away", "at": [13, 7]},
        {"id": "a3", "team": "away", "at": [13, 9], "skills": ["Prehensile Tail"]},
        {"id": "a4", "team": "away", "at": [10, 6]},
        {"id": "a5", "team": "away", "at": [15, 4]},
        {"id": "a6", "team": "away", "at": [16, 10]},
        {"id": "a7", "team": "away", "at": [11, 10], "status": "prone"},
        {"id": "a8", "team": "away", "at": [14, 12]},
        {"id": "a9", "team": "away", "at": [18, 7]},
    ],
}


def _median_ms(fn: Callable[[], object], runs: int) -> float:
    """Median CPU time of a call in ms (CPU time: the machine is often shared)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    """Print the medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    _sc, match, _dice = scenario.build(CROWD)
    s = match.state
    home = [p for p in s.players_of(0) if s.pos[p] >= 0]
    plans = plan_moves(match, 0)
    one = _median_ms(lambda: plan_moves(match, 0), args.runs)
    print(f"plan_moves, MA 9 in a crowded midfield: {one:.1f} ms ({len(plans)} squares)")
    overlay = _median_ms(lambda: [plan_moves(match, p) for p in home], args.runs)
    print(f"plans of all {len(home)} home players (turn overlay): {overlay:.1f} ms")
    print(f"block_odds: {_median_ms(lambda: block_odds(match, 1, 6, False), args.runs):.2f} ms")
    s.carrier, s.ball = 0, s.pos[0]
    targets = pass_targets(match.ctx, 0)
    every = _median_ms(lambda: [pass_odds(match, 0, t) for t in targets], args.runs)
    print(f"pass_odds to all {len(targets)} squares in range: {every:.1f} ms")


if __name__ == "__main__":
    main()
