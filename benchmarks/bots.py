"""Bot ladder benchmark: the issue-23 goal matrix, played with ``match duel``'s engine code.

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/bots.py [GAMES] [SEED]

The Human mirror comes first, then four contrasting races (a bashing, an agile, a mixed and
a stunty roster) in mirror and crossed pairings. Every duel between two levels is played with
``--swap`` (each seed twice, the bots exchanging sides); a level against itself is played over
three seeds instead, unswapped (the coach plays the same moves from either side). Goals
(issue 23): coach beats random >= 97 % with no loss and >= 2.5 TD a game; beats greedy
>= 75 %; coach v coach 1.5-2.5 TD a match with <= 35 % draws; coach median decision
<= 20 ms and a match <= 10 s; veteran >= 58 % of the points against coach; legend >= 60 %
against coach and >= 90 % against greedy, median <= 1 s and p95 <= 1.5 s a decision. The
look-ahead levels are slower: ``LOOKAHEAD=0`` skips them.
"""

from __future__ import annotations

import os
import sys

from league_manager.match.bots.duel import play_duel, summary
from league_manager.rules.loader import load_ruleset

RACES = ("orc", "woodelf", "human", "halfling")
"""The contrasting races after the Human mirror (roster ids of BB2020)."""
PAIRINGS = (("coach", "random"), ("coach", "greedy"), ("coach", "coach"), ("greedy", "random"))
MIRROR_SEEDS = 3
"""Seeds (S, S + 1, ...) a mirror duel (coach v coach) is played over, each unswapped."""
LOOKAHEAD = (("veteran", "coach"), ("legend", "coach"), ("legend", "greedy"))
"""The look-ahead levels' goals (Human mirror; the veteran then across the four races)."""


def line(a: str, b: str, teams: tuple[str, str], games: int, seed: int) -> str:
    """One duel's figures on a line. A duel of the same level with itself is played without
    ``--swap`` over :data:`MIRROR_SEEDS` seeds: the coach plays the same moves from either
    side, so a swapped mirror would be each game twice."""
    ruleset = load_ruleset("bb2020")
    if a == b:
        lines, times = [], []
        for extra in range(MIRROR_SEEDS):
            more, ms = play_duel(ruleset, a, b, teams, games, seed + extra, swap=False)
            lines += more
            times += ms
    else:
        lines, times = play_duel(ruleset, a, b, teams, games, seed, swap=True)
    f = summary(lines, times)
    low, high = f["win_rate_95"]
    points = f["points_share"]
    ms = f["decision_ms"]
    return (
        f"{a:>6} v {b:<6} {teams[0]:>9}-{teams[1]:<9} W-D-L {f['wins']:>3}-{f['draws']:>3}-{f['losses']:>3} "
        f"win {f['win_rate']:.0%} [{low:.0%},{high:.0%}] pts {points:.0%} TD {f['td_for_per_game']:.2f}-"
        f"{f['td_against_per_game']:.2f} ({f['td_per_match']:.2f}/match) CAS {f['cas_for_per_game']:.1f}-"
        f"{f['cas_against_per_game']:.1f} TO {f['turnovers_for_per_game']:.1f}-"
        f"{f['turnovers_against_per_game']:.1f} ms p50 {ms['p50']:.1f} p95 {ms['p95']:.1f} "
        f"max {ms['max']:.0f} match {f['match_seconds_max']:.1f}s"
    )


def main() -> None:
    """Play the matrix and print one line per duel."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for a, b in PAIRINGS:
        print(line(a, b, ("human", "human"), games, seed), flush=True)
    for race in RACES:
        print(line("coach", "coach", (race, race), games, seed), flush=True)
    for i, home in enumerate(RACES):
        for away in RACES[i + 1 :]:
            print(line("coach", "coach", (home, away), max(games // 2, 1), seed), flush=True)
    for race in RACES:
        print(line("coach", "greedy", (race, race), max(games // 2, 1), seed), flush=True)
    if os.environ.get("LOOKAHEAD", "1") == "0":
        return
    for a, b in LOOKAHEAD:
        print(line(a, b, ("human", "human"), games, seed), flush=True)
    for race in RACES:
        print(line("veteran", "coach", (race, race), max(games // 2, 1), seed), flush=True)


if __name__ == "__main__":
    main()
