"""Time the tournament desk: pairing a 256-coach Swiss round and recomputing the standings.

Run with ``.venv/bin/python benchmarks/tournament.py`` (aims: each <= 0.2 s). The event has
played five rounds with seeded random results; the sixth round is paired from them.
"""

from __future__ import annotations

import random
import statistics
import time

from league_manager.rules.swiss import Game, pair_round, standings

COACHES = 256
ROUNDS_PLAYED = 5
RUNS = 20


def _event(seed: int) -> tuple[dict[int, str], list[Game]]:
    rng = random.Random(seed)
    entries = {n: f"coach {n:03d}" for n in range(1, COACHES + 1)}
    games: list[Game] = []
    for number in range(1, ROUNDS_PLAYED + 1):
        for pairing in pair_round(standings(entries, games)):
            games.append(
                Game(number, pairing.table, pairing.a, pairing.b, rng.randint(0, 3), rng.randint(0, 3),
                     rng.randint(0, 3), rng.randint(0, 3))
            )  # fmt: skip
    return entries, games


def main() -> None:
    """Print the median and worst times in milliseconds."""
    entries, games = _event(seed=7)
    standing_times, pairing_times = [], []
    for _ in range(RUNS):
        t = time.perf_counter()
        ranked = standings(entries, games)
        standing_times.append(time.perf_counter() - t)
        t = time.perf_counter()
        pair_round(ranked)
        pairing_times.append(time.perf_counter() - t)
    for label, times in (("standings", standing_times), ("pairing", pairing_times)):
        print(
            f"{label} of {COACHES} coaches after {ROUNDS_PLAYED} rounds: median "
            f"{statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms (aim <= 200 ms)"
        )


if __name__ == "__main__":
    main()
