"""Why the look-ahead levels are no stronger than the coach: when they overrule it, and whether
overruling pays.

Run from the repository root::

    PYTHONPATH=$PWD nice -n 10 .venv/bin/python benchmarks/lookahead_diagnosis.py LEVEL GAMES SEED [JUDGE]

plays ``GAMES`` seeds of ``LEVEL`` (veteran or legend) against the coach (Human mirror, each seed
twice with the sides exchanged, as ``match duel --swap``). At every team-turn decision where the
level weighed two or more ideas, it records the situation (our ball, theirs, loose; the team
turn), the candidates' kinds and values, and which one was played. Each decision where the
level overruled the coach's first idea, and every fifth where it did not, is then judged: the
coach's first idea and the level's choice (or, when it kept the first, the level's best other
idea) are each played on ``JUDGE`` forks (default 12; the same seeds for both, unlike the
level's) by coaches on both sides through the rest of our team turn and the whole of the other
team's next one (with ``JUDGE_HORIZON=half``, to the end of the half), and scored with the
learned value (:mod:`~league_manager.match.bots.learned_value`) where they stop; with
``JUDGE_HORIZON=match`` they are played to the end of the match and scored by its result (100 a
win, 0 a draw, -100 a loss: what the overrule is worth in results). The report gives
the override rate by situation, the judged gain of overruling (mean and how often it was
positive), and how well the level's own value difference predicted the judged one.

``LEGEND_PLAYS=blitz,stay,path,cage,ball,stand,end_turn`` (or a part of it, or nothing) chooses
which of the legend's own ideas (``legend_bot.PLAYS``) it offers; their kinds are reported
marked (``blitz*``, ``blitz^``, ``move=``, ``blitz#``, ``move#``, ``move~``, see ``_MARKS``).

This is a measuring tool, not part of the bots: it subclasses them and does not change them.
"""

from __future__ import annotations

import os
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.bots.learned_value import learned_value
from league_manager.match.bots.legend_bot import LegendBot
from league_manager.match.bots.legend_order import safe_first
from league_manager.match.bots.veteran_bot import VeteranBot
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.rules.dice import SeededDice
from league_manager.rules.loader import load_ruleset

_MARKS = {
    "blitz a player near": "*",
    "blitz a player in": "^",
    "the carrier stays": "=",
    "blitz their carrier's cage": "#",
    "close in on their": "#",
    "a long pick-up": "~",
    "next to the loose ball": "~",
}
"""The reasons of the legend's own ideas, and the mark put on their kind: blitz* (a blitz on
another target), blitz^ (one clearing our carrier's lane), move= (the carrier staying), blitz#
and move# (their carrier's cage), move~ (a long pick-up or a move next to the loose ball)."""


def _kind(pick: Pick) -> str:
    """The pick's kind, marked when it is one of the legend's own ideas."""
    mark = next((m for start, m in _MARKS.items() if pick.reason.startswith(start)), "")
    return pick.kind + mark


CAP = 5000
"""Decisions a judging fork may take (a safety net: a fork stopped by it is scored with the
learned value, as at the shorter horizons)."""
HORIZONS = ("turn", "half", "match")
"""Where a judging fork stops (``JUDGE_HORIZON``): our next team turn, the end of the half, the
end of the match."""


class OrderedCoach(CoachBot):
    """The coach playing the legend's safe before risky (:func:`safe_first`) all turn: the
    judge's own side after a safe-first decision of the legend."""

    def _turn(self, match: Match, prompt: Prompt) -> Action | None:
        if "kickoff_blitz" not in prompt.info:
            safe = safe_first(self, match, prompt, self.candidates(match, prompt, 4))
            if safe is not None:
                return self.take(safe)
        return super()._turn(match, prompt)


def judge(match: Match, team: int, pick: Pick, seed: int, ordered: bool = False) -> float:
    """Play ``pick`` then coaches on both sides to our next team turn (with ``JUDGE_HORIZON=half``,
    to the end of the half); our position's learned value there. With ``JUDGE_HORIZON=match``, to
    the end of the match: 100 for our win, 0 a draw, -100 a loss. ``ordered``: our side's coach
    plays safe before risky for the rest of the turn (:class:`OrderedCoach`)."""
    horizon = _horizon()
    to_half = horizon in ("half", "match")
    fork = match.fork(SeededDice(seed))
    ours, theirs = (OrderedCoach if ordered else CoachBot)(seed), CoachBot(seed + 1)
    start_turn, start_half = fork.state.turn[team], fork.state.half
    fork.apply(ours.take(pick))
    steps = 0
    while fork.prompt is not None and steps < CAP:
        prompt = fork.prompt
        s = fork.state
        if s.half != start_half and horizon != "match":
            break
        mine = prompt.kind == acts.TURN and prompt.team == team
        if mine and not to_half and s.turn[team] > start_turn:
            break
        bot = ours if prompt.team == team else theirs
        fork.apply(bot.choose(fork))
        steps += 1
    if horizon == "match" and fork.prompt is None:
        return 100.0 * result(fork, team)
    return learned_value(fork, team)


def _horizon() -> str:
    """``JUDGE_HORIZON`` (one of :data:`HORIZONS`; "turn" when unset)."""
    horizon = os.environ.get("JUDGE_HORIZON", "turn")
    if horizon not in HORIZONS:
        raise SystemExit(f"JUDGE_HORIZON must be one of {', '.join(HORIZONS)}, not {horizon!r}")
    return horizon


def result(match: Match, team: int) -> int:
    """``team``'s result as the score stands: 1 a win, 0 a draw, -1 a loss."""
    lead = match.state.score[team] - match.state.score[1 - team]
    return (lead > 0) - (lead < 0)


def situation(match: Match, team: int) -> str:
    """Whose ball, and how late in the half."""
    s = match.state
    if s.carrier >= 0 and s.pos[s.carrier] >= 0:
        ball = "ours" if s.team[s.carrier] == team else "theirs"
    else:
        ball = "loose"
    late = "late" if s.turn[team] >= 7 else "early"
    return f"{ball}/{late}"


@dataclass
class Record:
    """One weighed decision."""

    where: str
    kinds: list[str]
    values: list[float]
    chosen: int
    judged: tuple[float, float] | None = None
    rival: int = 0


@dataclass
class Log:
    """Every weighed decision of a run."""

    records: list[Record] = field(default_factory=list)
    decisions: int = 0


class _Probe:
    """Mixin: record the weighed decisions of a look-ahead bot and judge some of them."""

    log: Log
    judge_samples: int
    seed: int
    _last: tuple[list[Pick], list[float]] | None
    _taken: Pick | None = None

    def take(self, pick: Pick) -> Action:
        """The bot's own ``take``, remembering which idea it played: ideas may share their first
        action (a blitz idea and the coach's lane blitz by the same player), so the one chosen is
        known by identity, not by its action."""
        self._taken = pick
        action: Action = super().take(pick)  # type: ignore[misc]
        return action

    def _record(self, match: Match, prompt: Prompt, action: Action | None) -> None:
        self.log.decisions += 1
        last, self._last = self._last, None
        if last is None or action is None:
            return
        picks, values = last
        chosen = next((i for i, p in enumerate(picks) if p is self._taken), 0)
        kinds = [_kind(p) for p in picks]
        record = Record(situation(match, prompt.team), kinds, values, chosen)
        self.log.records.append(record)
        if not chosen and len(self.log.records) % 5:
            return
        rival = chosen or max(range(1, len(picks)), key=lambda k: values[k])
        base = 99991 * (self.seed + 3) + len(match.actions) * 17
        pair = []
        for k in (0, rival):
            runs = [judge(match, prompt.team, picks[k], base + i) for i in range(self.judge_samples)]
            pair.append(statistics.fmean(runs))
        record.judged = (pair[0], pair[1])
        record.rival = rival


class VeteranProbe(_Probe, VeteranBot):
    """The veteran, recording its decisions."""

    def __init__(self, seed: int, log: Log, judge_samples: int) -> None:
        VeteranBot.__init__(self, seed)
        self.log, self.judge_samples, self._last = log, judge_samples, None

    def sample_outcomes(
        self, match: Match, team: int, picks: list[Pick]
    ) -> tuple[list[list[float]], list[int]]:
        samples, ends = super().sample_outcomes(match, team, picks)
        self._last = (list(picks), [statistics.fmean(values) for values in samples])
        return samples, ends

    def _turn(self, match: Match, prompt: Prompt) -> Action | None:
        self._taken = None
        action = super()._turn(match, prompt)
        self._record(match, prompt, action)
        return action


class LegendProbe(_Probe, LegendBot):
    """The legend (in one process), recording its critical-moment searches only."""

    def __init__(self, seed: int, log: Log, judge_samples: int) -> None:
        LegendBot.__init__(self, seed, workers=1)
        if "LEGEND_PLAYS" in os.environ:  # e.g. LEGEND_PLAYS=end_turn to check one idea alone
            self.plays = tuple(x for x in os.environ["LEGEND_PLAYS"].split(",") if x)
        self.log, self.judge_samples, self._last = log, judge_samples, None
        self._runs: list[list[float]] = []

    def _run(self, match: Match, team: int, jobs: list[tuple[Pick, int, int]]) -> list[float]:
        results = super()._run(match, team, jobs)
        self._runs.append(results)
        return results

    def search(self, match: Match, team: int, picks: list[Pick]) -> tuple[int, float]:
        self._runs = []
        best, gain = super().search(match, team, picks)
        n = self.first_samples
        first = self._runs[0]
        values = [statistics.fmean(first[k * n : (k + 1) * n]) for k in range(len(picks))]
        self._last = (list(picks), values)
        return best, gain

    def _turn(self, match: Match, prompt: Prompt) -> Action | None:
        self._last = None
        self._forget()
        action = super()._turn(match, prompt)
        taken = self._taken
        if taken is not None and self.reason.endswith(_ORDER):
            self._judge_order(match, prompt, taken)
            self.take(taken)  # the candidates' build above reset the plan being played
        else:
            self._record(match, prompt, action)
        return action

    def _forget(self) -> None:
        self._taken = None

    def _judge_order(self, match: Match, prompt: Prompt, taken: Pick) -> None:
        """A safe-first decision: the coach's first idea played in the coach's order against the
        safe idea played with the rest of the turn safe before risky, on the same seeds."""
        self.log.decisions += 1
        first = self.candidates(match, prompt, self.candidates_n)[0]
        base = 99991 * (self.seed + 3) + len(match.actions) * 17
        pair = []
        for pick, ordered in ((first, False), (taken, True)):
            runs = [judge(match, prompt.team, pick, base + i, ordered) for i in range(self.judge_samples)]
            pair.append(statistics.fmean(runs))
        record = Record(
            situation(match, prompt.team), [_kind(first), "order"], [0.0, 0.0], 1, (pair[0], pair[1]), 1
        )
        self.log.records.append(record)


_ORDER = "(no dice: before the coach's risky first idea)"
"""The end of the legend's reason when it played a safe idea before the coach's risky first."""


def play(level: str, games: int, seed: int, judge_samples: int) -> tuple[Log, list[int]]:
    """Play the games; the log and the level's results (1 win, 0 draw, -1 loss)."""
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("human"), seed, prefix="home-")
    away = generate_team(ruleset.team("human"), seed + 7919, prefix="away-")
    log = Log()
    results: list[int] = []
    probe = VeteranProbe if level == "veteran" else LegendProbe
    for i in range(games):
        game_seed = seed * 1000 + i
        for side in (0, 1):
            match = Match(home, away, seed=game_seed, snapshots=False, ruleset=ruleset, allow_inert=True)
            level_bot = probe(game_seed + 1, log, judge_samples)
            coach = CoachBot(game_seed + 2)
            bots: list[Any] = [level_bot, coach] if side == 0 else [coach, level_bot]
            while match.prompt is not None:
                match.apply(bots[match.prompt.team].choose(match))
            results.append(result(match, side))
            print(f"game {game_seed} side {side}: {match.state.score}", flush=True)
    return log, results


def report(log: Log, results: list[int]) -> None:
    """Print the override rates and the judged gains."""
    wins, draws = results.count(1), results.count(0)
    print(f"results W-D-L {wins}-{draws}-{len(results) - wins - draws}")
    print(f"weighed decisions {len(log.records)}")
    by_where: dict[str, list[Record]] = defaultdict(list)
    for r in log.records:
        by_where[r.where].append(r)
    for where, rs in sorted(by_where.items()):
        over = [r for r in rs if r.chosen]
        print(f"  {where:<12} weighed {len(rs):>4} overruled {len(over):>3} ({len(over) / len(rs):.0%})")
    for label, keep in (("overruled", True), ("kept", False)):
        judged = [r for r in log.records if r.judged is not None and bool(r.chosen) == keep]
        if not judged:
            continue
        gains = [r.judged[1] - r.judged[0] for r in judged if r.judged]
        good = sum(1 for g in gains if g > 0)
        same = sum(1 for g in gains if abs(g) < 1e-9)
        print(
            f"{label}: judged {len(judged)}, judged gain of the other idea"
            f" mean {statistics.fmean(gains):+.2f} median {statistics.median(gains):+.2f},"
            f" other better in {good}, the same judged value in {same}"
        )
        kinds: dict[str, list[float]] = defaultdict(list)
        for r, g in zip(judged, gains, strict=True):
            kinds[f"{r.kinds[0]}->{r.kinds[r.rival]} {r.where}"].append(g)
        for k, gs in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
            better = sum(g > 0 for g in gs)
            print(f"    {k:<34} n {len(gs):>3} mean {statistics.fmean(gs):+7.2f} better {better}")
        predicted = [r.values[r.rival] - r.values[0] for r in judged]
        if len(gains) > 2 and statistics.pstdev(predicted) > 0 and statistics.pstdev(gains) > 0:
            print(f"    correlation predicted v judged {statistics.correlation(predicted, gains):+.2f}")


def main() -> None:
    """Play and report."""
    _horizon()  # a mistyped horizon is refused before any game is played
    level = sys.argv[1] if len(sys.argv) > 1 else "veteran"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    samples = int(sys.argv[4]) if len(sys.argv) > 4 else 12
    log, results = play(level, games, seed, samples)
    report(log, results)


if __name__ == "__main__":
    main()
