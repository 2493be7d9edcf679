"""Fit the look-ahead's learned value (V^coach) on coach-v-coach games, and write its weights.

Run from the repository root::

    PYTHONPATH=$PWD nice -n 10 .venv/bin/python benchmarks/fit_value.py GAMES SEED \
        [--jobs J] [--cache FILE] [--ridge L] [--dry]

plays ``GAMES`` seeded games between two coaches (:data:`MIRRORS`, six BB2020 races each against
itself; with ``--races all`` :data:`PAIRS`, mirrors and crossed; game *i* the pair ``i`` mod
their number, with the match seed ``SEED * 1000 + i``), then
replays each one and records the features of
:mod:`~league_manager.match.bots.learned_value` at every team-turn prompt (not a kick-off's
blitz) and at the first set-up prompt of each drive, from the home team's view, with the target
the final touchdown difference minus the one at that moment. Each position seen from the other
view is the same row with every sign flipped (the features are ours minus theirs), so it adds
nothing to the normal equations and is not recorded twice. A ridge regression (pure Python:
``X^T X`` and ``X^T y`` accumulated, solved by Gaussian elimination; no intercept, the value
being antisymmetric) is fitted on four rounds of the pairs in five and checked on the fifth: held-out R^2,
correlation and sizes are printed, with the hand-made position value's correlation for
comparison. The weights are written to
``league_manager/match/bots/learned_weights.py``.

``--cache FILE`` keeps the games' actions (JSON lines) and plays only the ones missing, so the
features can be changed and fitted again without playing the games again. A match is
deterministic given its seed and actions, so the replay is the game; a cached game is keyed by its
seed, races and :func:`code_tag` (the engine's, rules' and coach's sources), so a game the coach
would now play differently is played again.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import math
import statistics
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.learned_value import FEATURES, features
from league_manager.match.bots.position_value import position_value
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset

MIRRORS: tuple[tuple[str, str], ...] = (
    ("human", "human"),
    ("orc", "orc"),
    ("woodelf", "woodelf"),
    ("halfling", "halfling"),
    ("dwarf", "dwarf"),
    ("skaven", "skaven"),
)
"""The races of game *i* in a fit on mirrors (the default): ``MIRRORS[i % len(MIRRORS)]``."""
PAIRS: tuple[tuple[str, str], ...] = (
    ("human", "human"),
    ("orc", "orc"),
    ("woodelf", "woodelf"),
    ("halfling", "halfling"),
    ("dwarf", "skaven"),
    ("orc", "woodelf"),
    ("human", "halfling"),
    ("skaven", "human"),
    ("woodelf", "dwarf"),
    ("halfling", "orc"),
)
"""The races of game *i* with ``--races all`` (mirrors and crossed): ``PAIRS[i % len(PAIRS)]``."""
HELD_OUT = 5
"""Every ``HELD_OUT``-th round of the pairs (all of them) is held out of the fit."""
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "league_manager/match/bots/learned_weights.py"


def code_tag() -> str:
    """A digest of the sources that decide a coach-v-coach game: the engine and the rules (the
    match package but its bots), the rules' data and the coach's modules (``coach_*``)."""
    package = ROOT / "league_manager"
    files = [
        path
        for folder in ("match", "rules", "data/bb2020")
        for path in (package / folder).rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".yaml", ".json")
        and (path.parent.name != "bots" or path.name.startswith("coach_"))
    ]
    digest = hashlib.sha1()
    for path in sorted(files):
        digest.update(str(path.relative_to(package)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@dataclass(slots=True)
class Row:
    """One recorded position (home's view)."""

    x: list[float]
    """The features."""
    to_end: float
    """Net touchdowns still to come in the match."""
    to_half_end: float
    """... in this half."""
    half: int
    hand: float
    """The hand-made position value's part beyond the score, in touchdowns (for comparison)."""
    half_start: bool
    """The first set-up of a half."""
    y: float = 0.0
    """The target fitted."""


def _match(index: int, seed: int, races: str) -> Match:
    ruleset = load_ruleset("bb2020")
    pairs = MIRRORS if races == "mirrors" else PAIRS
    home_race, away_race = pairs[index % len(pairs)]
    game_seed = seed * 1000 + index
    home = generate_team(ruleset.team(home_race), game_seed, prefix="home-")
    away = generate_team(ruleset.team(away_race), game_seed + 7919, prefix="away-")
    return Match(home, away, seed=game_seed, snapshots=False, ruleset=ruleset, allow_inert=True)


def _held_out(index: int, pairs: tuple[tuple[str, str], ...]) -> bool:
    return index // len(pairs) % HELD_OUT == HELD_OUT - 1


def play(job: tuple[int, int, str]) -> tuple[int, list[list[Any]]]:
    """Play game ``index`` of ``seed`` between two coaches; its actions."""
    index, seed, races = job
    match = _match(index, seed, races)
    bots = (CoachBot(seed * 1000 + index + 1), CoachBot(seed * 1000 + index + 2))
    while match.prompt is not None:
        match.apply(bots[match.prompt.team].choose(match))
    return index, [a.to_list() for a in match.actions]


def positions(index: int, seed: int, races: str, actions: list[list[Any]]) -> list[Row]:
    """Replay a game; the rows of its recorded positions (home's view)."""
    match = _match(index, seed, races)
    seen: list[tuple[list[float], int, int, float, bool]] = []
    half_end: dict[int, int] = {}
    previous = ""
    for data in actions:
        prompt = match.prompt
        assert prompt is not None
        s = match.state
        diff = s.score[0] - s.score[1]
        if s.half > 1 and 1 not in half_end:
            half_end[1] = diff
        record = prompt.kind == acts.TURN and "kickoff_blitz" not in prompt.info
        opening = prompt.kind == acts.SETUP and previous != acts.SETUP
        if record or opening:
            hand = position_value(match, 0, False, 0) / 100 - diff
            seen.append((features(match, 0), diff, s.half, hand, opening and s.turn == [0, 0]))
        previous = prompt.kind
        match.apply(Action.from_list(data))
    final = match.state.score[0] - match.state.score[1]
    half_end.setdefault(1, final)
    return [
        Row(x, float(final - diff), float(half_end.get(half, final) - diff), half, hand, start)
        for x, diff, half, hand, start in seen
    ]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a w = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    w = [0.0] * n
    for r in range(n - 1, -1, -1):
        w[r] = (m[r][n] - sum(m[r][c] * w[c] for c in range(r + 1, n))) / m[r][r]
    return w


def fit(rows: list[Row], ridge: float) -> list[float]:
    """Ridge regression of ``y`` without an intercept: the weights of :data:`FEATURES`."""
    k = len(FEATURES)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for row in rows:
        x, y = row.x, row.y
        for i in range(k):
            xi = x[i]
            if xi:
                xty[i] += xi * y
                line = xtx[i]
                for j in range(i, k):
                    line[j] += xi * x[j]
    for i in range(k):
        xtx[i][i] += ridge
        for j in range(i):
            xtx[i][j] = xtx[j][i]
    return solve(xtx, xty)


def predict(row: Row, weights: list[float]) -> float:
    """The fitted prediction of the net touchdowns to come."""
    return sum(w * v for w, v in zip(weights, row.x, strict=True))


def second_half_weights(games: list[list[Row]], ridge: float) -> list[float]:
    """The value fitted on the second halves of ``games`` (the net touchdowns to come)."""
    second = [row for rows in games for row in rows if row.half >= 2]
    for row in second:
        row.y = row.to_end
    return fit(second, ridge)


def bootstrap(games: list[list[Row]], ridge: float) -> None:
    """Set each row's target: the net touchdowns to come in the match for a second-half row; for
    a first-half row, those to come in the first half plus the value fitted on the second halves
    (of these games only) at the second half's opening set-up (the same expectation, without the
    second half's dice)."""
    bootstrap_targets(games, second_half_weights(games, ridge))


def bootstrap_targets(games: list[list[Row]], weights: list[float]) -> None:
    """Set the targets of ``games`` (as :func:`bootstrap`) with second-half ``weights`` fitted
    elsewhere: the held-out games are scored with the training games' fit."""
    for rows in games:
        for row in rows:
            if row.half >= 2:
                row.y = row.to_end
    for rows in games:
        opening = next((r for r in rows if r.half == 2 and r.half_start), None)
        for row in rows:
            if row.half < 2:
                row.y = row.to_end if opening is None else row.to_half_end + predict(opening, weights)


def scores(rows: list[Row], weights: list[float]) -> dict[str, float]:
    """Held-out R^2 and correlations with the net touchdowns to come (the fit's and the hand-made
    value's), and the correlation with the fitted target."""
    ys = [row.to_end for row in rows]
    preds = [predict(row, weights) for row in rows]
    hands = [row.hand for row in rows]
    mean = statistics.fmean(ys)
    sse = sum((y - p) ** 2 for y, p in zip(ys, preds, strict=True))
    sst = sum((y - mean) ** 2 for y in ys)
    return {
        "r2": 1 - sse / sst,
        "corr": statistics.correlation(preds, ys),
        "hand_corr": statistics.correlation(hands, ys),
        "target_corr": statistics.correlation(preds, [row.y for row in rows]),
        "hand_target_corr": statistics.correlation(hands, [row.y for row in rows]),
        "rmse": math.sqrt(sse / len(ys)),
    }


def write(weights: list[float], args: argparse.Namespace, rows: int, held: dict[str, float]) -> None:
    """The generated weights module."""
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    lines = [
        '"""The learned value\'s weights (generated: do not edit by hand).',
        "",
        "Made by",
        f"``benchmarks/fit_value.py {args.games} {args.seed} --races {args.races} --target {args.target}"
        f" --ridge {args.ridge}``",
        f"on {today}: {args.games} coach-v-coach games (BB2020, {args.races}), {rows} positions; a ridge",
        "regression of the net touchdowns still to come (``--target half``: those of this half, plus the",
        "value fitted on second halves at the second half's kick-off) on",
        ":data:`~league_manager.match.bots.learned_value.FEATURES`.",
        f"Held-out games: R^2 {held['r2']:.3f}, correlation {held['corr']:.3f} (the hand-made position",
        f"value's: {held['hand_corr']:.3f}).",
        '"""',
        "",
        "WEIGHTS: dict[str, float] = {",
        *(f'    "{name}": {w:.5f},' for name, w in zip(FEATURES, weights, strict=True)),
        "}",
        "",
    ]
    OUT.write_text("\n".join(lines))


def main() -> None:
    """Play (or read from the cache), fit, report, write."""
    parser = argparse.ArgumentParser()
    parser.add_argument("games", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--target", choices=("half", "final"), default="half")
    parser.add_argument("--races", choices=("mirrors", "all"), default="mirrors")
    parser.add_argument("--dry", action="store_true", help="report only, do not write the weights")
    args = parser.parse_args()
    games: dict[int, list[list[Any]]] = {}
    tag = code_tag()
    if args.cache is not None and args.cache.exists():
        for line in args.cache.read_text().splitlines():
            doc = json.loads(line)
            same = doc["seed"] == args.seed and doc.get("races", "all") == args.races
            same = same and doc.get("code") == tag
            if same and doc["index"] < args.games:
                games[doc["index"]] = doc["actions"]
    missing = [(i, args.seed, args.races) for i in range(args.games) if i not in games]
    if missing:
        with Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
            for index, played in pool.imap_unordered(play, missing):
                games[index] = played
                if args.cache is not None:
                    with args.cache.open("a") as f:
                        doc = {
                            "seed": args.seed,
                            "races": args.races,
                            "code": tag,
                            "index": index,
                            "actions": played,
                        }
                        f.write(json.dumps(doc) + "\n")
                print(f"played {len(games)}/{args.games}", flush=True)
    pairs = MIRRORS if args.races == "mirrors" else PAIRS
    train: list[list[Row]] = []
    test: list[list[Row]] = []
    for index in range(args.games):
        rows = positions(index, args.seed, args.races, games[index])
        (test if _held_out(index, pairs) else train).append(rows)
    if args.target == "half":
        bootstrap(train, args.ridge)
        bootstrap_targets(test, second_half_weights(train, args.ridge))
    else:
        for row in (row for rows in train + test for row in rows):
            row.y = row.to_end
    flat = [row for rows in train for row in rows]
    held_rows = [row for rows in test for row in rows]
    weights = fit(flat, args.ridge)
    held = scores(held_rows, weights)
    print(f"games {args.games}, target {args.target}, rows: train {len(flat)}, held out {len(held_rows)}")
    print(
        f"held out: R^2 {held['r2']:.3f}, correlation {held['corr']:.3f}, rmse {held['rmse']:.3f}"
        f" (position value's correlation {held['hand_corr']:.3f});"
        f" with the fitted target {held['target_corr']:.3f} (position value's {held['hand_target_corr']:.3f})"
    )
    print(f"train: R^2 {scores(flat, weights)['r2']:.3f}")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:<20} {w:+.4f}")
    if not args.dry:
        write(weights, args, len(flat) + len(held_rows), held)


class _Serial:
    """A stand-in for a one-process pool."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, fn: Any, jobs: list[tuple[int, int, str]]) -> Any:
        return map(fn, jobs)


if __name__ == "__main__":
    main()
