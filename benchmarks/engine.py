"""Match engine benchmark: random-vs-random games/s, decisions/s, snapshot-and-restore cost,
and decisions/s under Season 3 (``bb2025``) against BB2020 in the same run.

Run from the repository root: ``python benchmarks/engine.py [--games N] [--workers K]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time

from league_manager.match.bots import play
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.teams import TeamSnapshot, generate_team
from league_manager.rules.loader import load_ruleset

RACES = ("human", "orc", "dwarf", "woodelf", "skaven", "lizardmen", "chaoschosen")


EDITIONS = ("bb2020", "bb2025")


def _teams(seed: int, ruleset_id: str = "bb2020") -> tuple[TeamSnapshot, TeamSnapshot]:
    ruleset = load_ruleset(ruleset_id)
    home = ruleset.team(RACES[seed % len(RACES)])
    away = ruleset.team(RACES[(seed // len(RACES)) % len(RACES)])
    return generate_team(home, seed), generate_team(away, seed + 1)


def _play_many(args: tuple[int, int, str]) -> tuple[int, int, float]:
    first, count, ruleset_id = args
    teams = [_teams(first + i, ruleset_id) for i in range(count)]
    decisions = 0
    start = time.perf_counter()
    for i, (home, away) in enumerate(teams):
        seed = first + i
        match = Match(home, away, seed=seed, snapshots=False, allow_inert=True, ruleset_id=ruleset_id)
        decisions += play(match, (RandomBot(seed), RandomBot(seed + 1)))
    return count, decisions, time.perf_counter() - start


def _snapshot_cost(samples: int) -> tuple[float, float, float, float, int]:
    home, away = _teams(12345)
    match = Match(home, away, seed=12345, allow_inert=True)
    bots = (RandomBot(1), RandomBot(2))
    while match.prompt is not None and len(match.actions) < 300:
        match.apply(bots[match.prompt.team].choose(match))
    n = len(match.actions)
    start = time.perf_counter()
    for _ in range(samples):
        data = match.to_dict()
    to_dict = (time.perf_counter() - start) / samples
    start = time.perf_counter()
    for _ in range(samples):
        Match.from_dict(data)
    from_dict = (time.perf_counter() - start) / samples
    start = time.perf_counter()
    for _ in range(samples):
        last = match.actions[-1]
        match.undo()
        match.apply(last)
    undo = (time.perf_counter() - start) / samples
    start = time.perf_counter()
    for _ in range(samples * 50):
        match.state.clone()
    clone = (time.perf_counter() - start) / (samples * 50)
    return to_dict, from_dict, undo, clone, n


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    load_ruleset("bb2020")
    per = args.games // args.workers
    jobs = [(w * per, per, "bb2020") for w in range(args.workers)]
    start = time.perf_counter()
    if args.workers == 1:
        results = [_play_many(jobs[0])]
    else:
        with multiprocessing.Pool(args.workers) as pool:
            results = pool.map(_play_many, jobs)
    wall = time.perf_counter() - start
    games = sum(r[0] for r in results)
    decisions = sum(r[1] for r in results)
    busy = statistics.mean(r[2] for r in results)
    print(f"workers: {args.workers}, games: {games}")
    print(f"games/s (wall, incl. team generation and pool start): {games / wall:.1f}")
    print(f"games/s (play time, all workers): {games / busy:.1f}")
    print(f"decisions/s (all workers): {decisions / busy:.0f}")
    print(f"mean decisions per game: {decisions / games:.0f}")
    to_dict, from_dict, undo, clone, n = _snapshot_cost(20)
    print(f"state snapshot (clone, taken at each team turn start): {clone * 1e6:.1f} us")
    print(f"undo + redo (turn snapshot + replay) at {n} actions: {undo * 1e3:.2f} ms")
    print(f"save (to_dict) at {n} actions: {to_dict * 1e3:.2f} ms")
    print(f"load (from_dict, full replay) at {n} actions: {from_dict * 1e3:.2f} ms")
    _editions(max(20, args.games // 4))


def _editions(games: int) -> None:
    """Decisions/s of each edition over the same seeds, interleaved in one process so both
    see the same machine load; Season 3 should stay within 10 % of BB2020."""
    rates: dict[str, list[float]] = {e: [] for e in EDITIONS}
    chunk = 10
    for first in range(0, games, chunk):
        for edition in EDITIONS:
            _count, decisions, busy = _play_many((first, chunk, edition))
            rates[edition].append(decisions / busy)
    medians = {e: statistics.median(r) for e, r in rates.items()}
    for edition, rate in medians.items():
        print(f"decisions/s under {edition} (one process, median of {len(rates[edition])} runs): {rate:.0f}")
    print(f"bb2025 / bb2020: {medians['bb2025'] / medians['bb2020'] * 100:.0f} %")


if __name__ == "__main__":
    main()
