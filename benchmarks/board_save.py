"""Board-save benchmark: the time of one ``BoardService.save`` (one transaction per action).

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/board_save.py

Starts a board match on a fixture of the demo league (after its pre-game) and plays it
with random bots, saving after every action as the board does. Matches between random
bots end after some 700 actions, so during set-up the bots also try other formations (as
a coach does) until the match passes 1,000 actions. Prints the median and worst time of
a save around 50 and around 1,000 actions, and of a resume (a replay of the whole
match) at the end.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from league_manager.match.actions import FORMATION, SETUP, Action
from league_manager.match.bots import make_bot
from league_manager.match.engine import Match
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services

WINDOWS = {"~50 actions": range(40, 61), "~1,000 actions": range(990, 1011)}


def choose(match: Match, bots: tuple[object, object], rng: random.Random) -> Action:
    """A random bot's action, or during set-up often another formation first."""
    prompt = match.prompt
    assert prompt is not None
    if prompt.kind == SETUP and rng.random() < 0.997:
        presets = [a for a in prompt.options if a.kind == FORMATION]
        if presets:
            return rng.choice(presets)
    return bots[prompt.team].choose(match)  # type: ignore[attr-defined, no-any-return]


def line(label: str, times: list[float]) -> str:
    """One result line: median and worst in milliseconds."""
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    return f"{label:<28} median {median:7.2f} ms   worst {worst:7.2f} ms   n={len(times)}"


def main() -> int:
    """Run the benchmark and print the figures."""
    with tempfile.TemporaryDirectory() as folder:
        svc = Services.open(Path(folder) / "bench.db")
        svc.create_demo()
        svc.seasons.create_season(DEMO_LEAGUE, "Bench", seed=1)
        svc.seasons.add_teams("Bench", [name for _race, name, _coach in DEMO_TEAMS[:2]])
        svc.seasons.schedule("Bench", "round-robin")
        fid = svc.seasons.fixtures("Bench")[0].id
        assert fid is not None
        svc.match_day.pregame(fid, seed=1)
        game = svc.board.start(fid, seed=2)
        bots = (make_bot("random", 3), make_bot("random", 4))
        rng = random.Random(5)
        times: dict[str, list[float]] = {label: [] for label in WINDOWS}
        while game.match.prompt is not None and len(game.match.actions) < max(WINDOWS["~1,000 actions"]):
            game.match.apply(choose(game.match, bots, rng))
            start = time.perf_counter()
            svc.board.save(fid, game)
            spent = time.perf_counter() - start
            for label, window in WINDOWS.items():
                if len(game.match.actions) in window:
                    times[label].append(spent)
        start = time.perf_counter()
        svc.board.resume(fid)
        resume = [time.perf_counter() - start]
        svc.close()
    print(f"board saves over a match of {len(game.match.actions)} actions")
    for label, spent in times.items():
        if spent:
            print(line(f"save at {label}", spent))
    print(line(f"resume at {len(game.match.actions)} actions", resume))
    return 0


if __name__ == "__main__":
    sys.exit(main())
