"""Fork benchmark: what a bot's look-ahead pays to fork a late-game match that was rebuilt
(from its document, as the legend's pool workers do, or from a server's rolls, as a remote
mirror does), against a fork that has no team-turn snapshot and replays the whole match.

Run from the repository root: ``python benchmarks/fork.py [--actions N] [--samples K]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.rules.dice import SeededDice
from league_manager.rules.loader import load_ruleset
from league_manager.services.remote.mirror import FeedDice, Mirror


def _late_game(actions: int) -> Match:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("human"), 4, prefix="home-")
    away = generate_team(ruleset.team("orc"), 5, prefix="away-")
    match = Match(home, away, seed=4, snapshots=False, ruleset=ruleset, allow_inert=True)
    bots = (CoachBot(5), CoachBot(6))
    while match.prompt is not None and len(match.actions) < actions:
        match.apply(bots[match.prompt.team].choose(match))
    return match


def _fork_without_snapshot(live: Match, rolls: list[int]) -> float:
    """The time of a first fork of the same match played without snapshots: it replays it all."""
    bare = Match(live.home, live.away, dice=FeedDice(rolls), snapshots=False, allow_inert=True,
                 skill_categories=live.skill_categories)  # fmt: skip
    for action in live.actions:
        bare.apply(action)
    start = time.perf_counter()
    bare.fork(SeededDice(1))
    return time.perf_counter() - start


def _mean(samples: int, work: Callable[[], object]) -> float:
    start = time.perf_counter()
    for _ in range(samples):
        work()
    return (time.perf_counter() - start) / samples


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=700)
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args()
    live = _late_game(args.actions)
    document = live.to_dict()
    rolls = [r.result for r in live.dice.log]
    raw = [a.to_list() for a in live.actions]
    n = len(live.actions)
    print(f"late game: {n} actions, {len(rolls)} rolls, turn {live.state.turn} of half {live.state.half}")

    no_snapshot = statistics.mean(_fork_without_snapshot(live, rolls) for _ in range(args.samples))
    rebuilt = Match.from_dict(document, snapshots=False)
    mirror = Mirror({k: v for k, v in document.items() if k != "dice"}, rolls, raw).match
    k = args.samples
    figures = {
        "fork without a snapshot (the whole match replayed; a mirror's before)": no_snapshot,
        "fork of the rebuilt match (from_dict, no snapshots)": _mean(k, lambda: rebuilt.fork(SeededDice(1))),
        "fork of the remote mirror": _mean(k, lambda: mirror.fork(SeededDice(1))),
        "rebuild (from_dict), every snapshot": _mean(k, lambda: Match.from_dict(document)),
        "rebuild (from_dict), latest snapshot": _mean(k, lambda: Match.from_dict(document, snapshots=False)),
    }
    for label, seconds in figures.items():
        print(f"{label}: {seconds * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
