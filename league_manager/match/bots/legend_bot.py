"""The legend: the veteran, searching deeper at the critical moments, on both cores.

A moment is critical when a carrier (ours or theirs) is within its move plus two rushes of the
end zone it scores in, or in the last two team turns of a half. Then the coach proposes up to
:data:`DEEP_CANDIDATES` activations and each is tried on :data:`DEEP_SAMPLES` forks played to
the end of our team turn (the coach plays the rest of it), instead of the veteran's one
activation. The tries are split over a process pool (:data:`WORKERS` processes); each try's
dice are seeded from the bot's seed, the number of actions so far and the sample's index, and
the results are read in the candidates' order, so which process ran what changes nothing.
When the pool cannot be used (``workers`` is 1, a frozen installer build whose spawned processes
would start the application again, or a broken pool) the same tries run in this process.
"""

from __future__ import annotations

import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.coach_bot import Pick
from league_manager.match.bots.lookahead import try_pick
from league_manager.match.bots.veteran_bot import VeteranBot
from league_manager.match.engine import Match
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import scoring_x, xy
from league_manager.match.procedures.movement import rushes_allowed

DEEP_CANDIDATES = 4
"""Activations weighed at a critical moment."""
DEEP_SAMPLES = 4
"""Dice samples per candidate at a critical moment (each plays the rest of the turn)."""
WORKERS = 2
"""Processes of the pool (the machine's two cores)."""
DEEP_MARGIN = 3.0
"""A whole turn's dice vary more than one activation's: another idea must beat the coach's first
by this much to replace it."""
LATE_TURN = 7
"""From this team turn of a half on, every decision is critical."""

_pool: ProcessPoolExecutor | None = None
_last_doc: tuple[int, Match] | None = None


def _shared_pool() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn"))
    return _pool


def _tries(doc: dict[str, Any], key: int, team: int, jobs: list[tuple[Pick, int, int]]) -> list[float]:
    """A worker's share: rebuild the match (once per decision) and play the tries given."""
    global _last_doc
    if _last_doc is None or _last_doc[0] != key:
        match = Match.from_dict(doc)
        _last_doc = (key, match)
    match = _last_doc[1]
    plans: dict[object, dict[int, MovePlan]] = {}
    return [try_pick(match, team, pick, dice, bot, True, plans) for pick, dice, bot in jobs]


class LegendBot(VeteranBot):
    """The veteran, with a deeper search over more candidates at the critical moments."""

    def __init__(self, seed: int | None = None, workers: int = WORKERS) -> None:
        super().__init__(seed)
        self.workers = workers

    def _turn(self, match: Match, prompt: Prompt) -> Action | None:
        if "kickoff_blitz" in prompt.info or not self.critical(match, prompt.team):
            return super()._turn(match, prompt)
        picks = self.candidates(match, prompt, DEEP_CANDIDATES)
        if len(picks) <= 1:
            return super()._turn(match, prompt)
        values = self.search(match, prompt.team, picks)
        best = max(range(len(picks)), key=lambda i: (values[i] - (DEEP_MARGIN if i else 0.0), -i))
        chosen = self.take(picks[best])
        self.reason += f" (searched {len(picks)} ideas to the end of the turn)"
        return chosen

    def critical(self, match: Match, team: int) -> bool:
        """A carrier near the end zone it scores in, or the last two turns of the half."""
        s = match.state
        if s.turn[team] >= LATE_TURN:
            return True
        carrier = s.carrier
        if carrier < 0 or s.pos[carrier] < 0:
            return False
        side = s.team[carrier]
        reach = s.ma[carrier] + rushes_allowed(match.ctx, carrier)
        return abs(xy(s.pos[carrier])[0] - scoring_x(side)) <= reach

    def search(self, match: Match, team: int, picks: list[Pick]) -> list[float]:
        """Each pick's mean value over the deep samples, split over the pool's processes."""
        base = self.seed * 7919 + len(match.actions) * 131
        jobs = [(pick, base + i, self.seed + i) for pick in picks for i in range(DEEP_SAMPLES)]
        results: list[float] | None = None
        if self.workers > 1 and not getattr(sys, "frozen", False):  # a frozen app re-runs itself
            results = self._in_pool(match, team, jobs)
        if results is None:
            plans: dict[object, dict[int, MovePlan]] = {}
            results = [try_pick(match, team, pick, dice, bot, True, plans) for pick, dice, bot in jobs]
        n = DEEP_SAMPLES
        return [sum(results[i * n : (i + 1) * n]) / n for i in range(len(picks))]

    def _in_pool(self, match: Match, team: int, jobs: list[tuple[Pick, int, int]]) -> list[float] | None:
        doc = match.to_dict()
        key = hash((str(doc["dice"]), doc["home"]["name"], doc["away"]["name"], tuple(match.actions)))
        shares = [jobs[i :: self.workers] for i in range(self.workers)]
        try:
            pool = _shared_pool()
            futures = [pool.submit(_tries, doc, key, team, share) for share in shares if share]
            parts = [f.result() for f in futures]
        except Exception:  # a broken pool: the same tries in this process
            return None
        results = [0.0] * len(jobs)
        for w, part in enumerate(parts):
            for j, value in enumerate(part):
                results[w + j * self.workers] = value
        return results
