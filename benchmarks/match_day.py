"""Match-day benchmark: the time to apply one post-game sequence (and the steps around it).

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/match_day.py

Plays every fixture of the demo league's round robin (8 teams, 28 fixtures) on the
engine, timing each service call: pre-game, engine play plus result entry, post-game
(one transaction: winnings, fans, SPP and MVP, injuries, expensive mistakes, next-fixture
preparation, leader-board figures) and a correction of the last fixture (reverse and
re-apply). Prints the median and the worst time of each.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services

T = TypeVar("T")


def timed(times: list[float], action: Callable[[], T]) -> T:
    """Run ``action`` and append its duration in seconds."""
    start = time.perf_counter()
    value = action()
    times.append(time.perf_counter() - start)
    return value


def line(label: str, times: list[float]) -> str:
    """One result line: median and worst in milliseconds."""
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    return f"{label:<38} median {median:7.1f} ms   worst {worst:7.1f} ms   n={len(times)}"


def main() -> int:
    """Run the benchmark and print the figures."""
    with tempfile.TemporaryDirectory() as folder:
        svc = Services.open(Path(folder) / "bench.db")
        svc.create_demo()
        svc.seasons.create_season(DEMO_LEAGUE, "Bench", seed=1)
        svc.seasons.add_teams("Bench", [name for _race, name, _coach in DEMO_TEAMS])
        svc.seasons.schedule("Bench", "round-robin")
        pre: list[float] = []
        play: list[float] = []
        post: list[float] = []
        fixtures = svc.seasons.fixtures("Bench")
        for number, fixture in enumerate(fixtures):
            fid = fixture.id or 0
            timed(pre, partial(svc.match_day.pregame, fid, seed=number))
            timed(play, partial(svc.match_day.play, fid, seed=number))
            timed(post, partial(svc.match_day.postgame, fid, seed=number))
        last = fixtures[-1].id or 0
        result = svc.match_day.get(last).result or {}
        result["players"] = [{**p, "comp": p["comp"] + 1} for p in result["players"]][:1] + result["players"][
            1:
        ]
        correction: list[float] = []
        timed(correction, partial(svc.match_day.correct, last, result, "benchmark"))
        svc.close()
    print(f"match day over {len(post)} fixtures of the demo league")
    print(line("pre-game (steps 1-7)", pre))
    print(line("engine play + result entry", play))
    print(line("post-game sequence (one transaction)", post))
    print(line("correction (reverse + re-apply)", correction))
    return 0


if __name__ == "__main__":
    sys.exit(main())
