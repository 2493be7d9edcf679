"""Time a board match's start as the remote match server makes it (``BoardService.start``), warm.

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/match_start.py [STARTS]

The demo league's fixtures each get a pre-game, then one process starts (and abandons) their
board matches in turn; the process's first start (engine imports, cold caches) is reported apart.
Reported too: what a ``load_ruleset`` call costs once the rules are loaded (the per-process cache;
the demo league loaded them already) and a parse without the cache.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from league_manager.rules.loader import load_ruleset
from league_manager.services.demo import DEMO_LEAGUE
from league_manager.services.facade import Services


def _fixtures(services: Services) -> list[int]:
    services.create_demo()
    season = services.seasons.create_season(DEMO_LEAGUE, "Benchmark", seed=1).value
    teams = [t.name for t in services.teams.list_teams()]
    services.seasons.add_teams(season.id, teams)
    services.seasons.schedule(season.id, "round-robin")
    fixtures = [f.id for f in services.seasons.fixtures(season.id)]
    for fixture in fixtures:
        services.match_day.pregame(fixture, seed=fixture)
    return fixtures


def main() -> None:
    """Print the first start, the median and p95 of the warm ones, and the load_ruleset costs."""
    starts = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    with tempfile.TemporaryDirectory() as folder:
        services = Services.open(Path(folder) / "bench.db")
        fixtures = _fixtures(services)
        times = []
        for n in range(starts + 1):
            fixture = fixtures[n % len(fixtures)]
            t = time.perf_counter()
            services.board.start(fixture, seed=n)
            times.append((time.perf_counter() - t) * 1000)
            services.board.abandon(fixture, "benchmark")
        services.close()
    first, warm = times[0], sorted(times[1:])
    print(f"first board start of the process: {first:.1f} ms")
    p95 = warm[int(0.95 * (len(warm) - 1))]
    print(f"warm board start, {len(warm)} starts: median {statistics.median(warm):.1f} ms, p95 {p95:.1f} ms")
    t = time.perf_counter()
    for _ in range(1000):
        load_ruleset("bb2020")
    print(f"load_ruleset('bb2020') once loaded: {(time.perf_counter() - t) * 1000:.3f} us a call")
    uncached = load_ruleset.__wrapped__
    t = time.perf_counter()
    for _ in range(5):
        uncached("bb2020")
    parse = (time.perf_counter() - t) / 5 * 1000
    print(f"load_ruleset('bb2020') uncached (parse + validate): {parse:.1f} ms")


if __name__ == "__main__":
    main()
