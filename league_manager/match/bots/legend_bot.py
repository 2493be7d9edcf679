"""The legend: the veteran, searching whole turns at the critical moments, on both cores.

A moment is critical when a carrier (ours or theirs) is within :data:`REACH_TURNS` turns of its
move plus its rushes of the end zone it scores in, when the ball is loose on the pitch
(:data:`LOOSE_CRITICAL`), or in the last two team turns of a half. Then the coach proposes up to
:data:`DEEP_CANDIDATES` activations, the legend's own ideas are added (see :data:`PLAYS`:
:mod:`~league_manager.match.bots.legend_ideas` other squares for our carrier and the carrier
staying, :mod:`~league_manager.match.bots.legend_plays` blitzes on other targets and on our
carrier's lane, :mod:`~league_manager.match.bots.legend_pressure` blitzes on their carrier's
cage, a move up to it and a long pick-up), and each is tried on :data:`FIRST_SAMPLES` forks
played to the end of our team turn (the coach plays the rest of it) and scored with the learned
value (:data:`DEEP_LEARNED`), instead of the veteran's one activation; the coach's first idea
and the best of the others are then tried on :data:`MORE_SAMPLES` more forks each, and the other
replaces the first only when its mean gain over the first, sample by sample, clears both
:data:`DEEP_MARGIN` and :data:`LEGEND_Z` standard errors of the paired differences
(:mod:`~league_manager.match.bots.evidence`; the same, with the veteran's margin, at its calm
moments). Sample *i* has the same dice seed for every
candidate (common random numbers), so the comparison is between the candidates, not the dice.
When the coach has no idea at all (it would end the turn), the legend's pressure ideas are
weighed the same way against ending the turn, critical or not, and before any turn ends a
prone player of ours who can stand without a roll stands up.
The tries are split over a process pool (:data:`WORKERS` processes); each try's dice are seeded
from the bot's seed, the number of actions so far and the sample's index, and the results are
read in the candidates' order, so which process ran what changes nothing. A searched thought
told to stop (:attr:`LegendBot.stop`, set when the board closing or pausing drops it) gives up
between tries and, while it waits for the pool, within :data:`STOP_POLL_SECONDS`; the pool's
workers drop the rest of its tries (:data:`_given_up`). The calm moments' veteran tries
(a tenth of a second), a single try and the pool's first start are not cut short. When the pool cannot
be used (``workers`` is 1, a frozen installer build whose spawned processes would start the
application again, or a broken pool) the same tries run in this process. The second round is
skipped only when the first took longer than :data:`SAFETY_SECONDS` (a safety net for a hang or a
machine far slower than expected; the search is bounded by its counts), and the bot's reason says
so. The pool's processes are started before that clock runs, so their first start never counts.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import itertools
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots import ThoughtAbandoned
from league_manager.match.bots.coach_bot import Pick
from league_manager.match.bots.evidence import clear_gain
from league_manager.match.bots.legend_ideas import carrier_ideas, stay_idea
from league_manager.match.bots.legend_order import safe_first
from league_manager.match.bots.legend_plays import blitz_ideas, end_turn_idea, path_blitz_idea
from league_manager.match.bots.legend_pressure import ball_ideas, cage_ideas, end_turn_pick, stand_up_pick
from league_manager.match.bots.lookahead import try_pick
from league_manager.match.bots.veteran_bot import VeteranBot
from league_manager.match.engine import Match
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import ON_PITCH, scoring_x, xy
from league_manager.match.procedures.movement import rushes_allowed

DEEP_CANDIDATES = 5
"""The coach's activations weighed at a critical moment (its script's cage step is often the
fifth)."""
FIRST_SAMPLES = 4
"""Dice samples per candidate in the first round (each plays the rest of the turn)."""
MORE_SAMPLES = 6
"""More samples for the coach's first idea and the best other one (the second round)."""
WORKERS = 2
"""Processes of the pool (the machine's two cores)."""
DEEP_MARGIN = 2.0
"""The least mean gain (over the paired samples) another idea needs over the coach's first; the
samples' spread may ask for more (:mod:`~league_manager.match.bots.evidence`)."""
LEGEND_Z = 1.0
"""Standard errors of the paired differences another idea's gain must clear, at the searched
moments and the calm ones (the veteran asks 1.5, :data:`~league_manager.match.bots.evidence.Z`):
with 1.0 the legend overrules the coach on evidence the veteran would call too thin, and won 59
of 100 games against the coach where it won 52 with 1.5, the same seeds (docs/rules-decisions.md,
the bot ladder part 19)."""
LATE_TURN = 7
"""From this team turn of a half on, every decision is critical."""
REACH_TURNS = 2
"""A carrier within this many turns of its move plus rushes of its end zone makes a moment
critical."""
LOOSE_CRITICAL = True
"""Whether a loose ball on the pitch makes a moment critical."""
SAFETY_SECONDS = 60.0
"""A first round slower than this skips the second (a safety net, not a budget: the slowest whole
decisions measured, on this machine at load 5-12 with the pool's first start, took 18-31 s)."""
STOP_POLL_SECONDS = 0.05
"""How often a search waiting for the pool looks whether it was told to stop."""
DEEP_LEARNED = True
"""Score the whole-turn tries with the learned value (:mod:`~league_manager.match.bots.learned_value`:
what coaches on both sides make of the position by the end of the match, so the other team's
answer is in it); False: the hand-made position value, which stops at the end of our turn.
Against the greedy bot the hand-made value's overrules lost games the coach's own play won
(docs/rules-decisions.md, the bot ladder part 17)."""

PLAYS: tuple[str, ...] = ("blitz", "stay", "path", "cage", "ball", "stand")
"""The legend's own ideas: "blitz" (other targets near our carrier) and "path" (an opponent in
our carrier's lane), :mod:`~league_manager.match.bots.legend_plays`; "stay" (the carrier stays
in its square), :mod:`~league_manager.match.bots.legend_ideas`; "cage" (blitzes on their
carrier's cage, a move up to it), "ball" (a long pick-up, a move next to the loose ball) and
"stand" (a prone player stands up before the turn ends),
:mod:`~league_manager.match.bots.legend_pressure`. Left out: "end_turn" (end the turn before a
risky first idea), whose overrule the diagnosis judged worse (docs/rules-decisions.md, the bot
ladder part 9), and "order" (the coach's dice-free candidates before its risky first one,
:mod:`~league_manager.match.bots.legend_order`), which won every game of 20 against greedy but
1 of 10 against the coach (part 14). ``LEGEND_PLAYS`` in ``benchmarks/lookahead_diagnosis.py``
offers any set."""

_pool: ProcessPoolExecutor | None = None
_last: tuple[tuple[str, str, str], Match] | None = None
_given_up: Any = None
"""A search given up (its number; 0: none), an integer shared by this process and the pool's
workers (set in each by :func:`_start_worker`): a worker's :func:`_tries` stops playing that
search's tries, so the next search does not wait behind them."""
_search_numbers = itertools.count(1)
"""The numbers of the searches handed to the pool."""

Job = tuple[Pick, int, int]
"""One try: the candidate, the fork's dice seed, the fork's coaches' seed."""


def _shared_pool() -> ProcessPoolExecutor:
    """The process pool, its processes started: a first start (seconds on a loaded machine) is
    waited for here, before the search's safety clock runs."""
    global _pool, _given_up
    if _pool is None:
        context = multiprocessing.get_context("spawn")
        given_up = context.Value("q", 0)
        pool = ProcessPoolExecutor(
            WORKERS, mp_context=context, initializer=_start_worker, initargs=(given_up,)
        )
        for started in [pool.submit(int) for _ in range(WORKERS)]:
            started.result()
        _pool, _given_up = pool, given_up
    return _pool


def _start_worker(given_up: Any) -> None:
    """A worker's initializer: keep the shared :data:`_given_up` and :func:`_watch_parent`."""
    global _given_up
    _given_up = given_up
    _watch_parent()


def _watch_parent() -> None:
    """A daemon thread that ends the worker as soon as the process that started it is gone (a
    duel killed with ``kill`` would otherwise leave its workers waiting for tries forever)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="legend-parent-watch", daemon=True).start()


def _pool_usable(workers: int) -> bool:
    """Whether the tries may go to the pool: more than one worker, and not a frozen installer
    build (whose spawned processes would start the application again)."""
    return workers > 1 and not getattr(sys, "frozen", False)


def _rebuilt(doc: dict[str, Any]) -> Match:
    """The match of ``doc`` in a worker, kept between decisions: the actions new since the last
    decision are applied to the kept copy; another match is replayed from its start with the
    latest team turn's snapshot kept, so every fork of it starts from that snapshot."""
    global _last
    ident = (str(doc["dice"]), str(doc["home"].get("name")), str(doc["away"].get("name")))
    wanted = [Action.from_list(a) for a in doc["actions"]]
    if _last is not None and _last[0] == ident:
        match = _last[1]
        done = len(match.actions)
        if done <= len(wanted) and match.actions == wanted[:done]:
            for action in wanted[done:]:
                match.apply(action)
            return match
    match = Match.from_dict(doc, snapshots=False)  # keeps the latest team turn's snapshot
    _last = (ident, match)
    return match


def _tries(doc: dict[str, Any], team: int, jobs: list[Job], search: int = 0) -> list[float]:
    """A worker's share: bring its copy of the match up to date and play the tries given; stop
    (returning the values so far, which nobody reads) once search number ``search`` is given up."""
    match = _rebuilt(doc)
    plans: dict[object, dict[int, MovePlan]] = {}
    values: list[float] = []
    for pick, dice, bot in jobs:
        if search and _given_up is not None and _given_up.value == search:
            break
        values.append(try_pick(match, team, pick, dice, bot, True, plans, DEEP_LEARNED))
    return values


class LegendBot(VeteranBot):
    """The veteran, with a two-round search over whole turns at the critical moments."""

    plays: tuple[str, ...] = PLAYS
    """The ideas of :mod:`~league_manager.match.bots.legend_plays` offered to the search."""
    reach_turns: int = REACH_TURNS
    """A carrier within this many turns' reach of its end zone makes the moment critical."""
    loose_critical: bool = LOOSE_CRITICAL
    """Whether a loose ball on the pitch makes the moment critical."""
    deep: int = DEEP_CANDIDATES
    """The coach's activations weighed at a critical moment."""
    first_samples: int = FIRST_SAMPLES
    """Samples per candidate in the first round."""
    more_samples: int = MORE_SAMPLES
    """Samples more for the first idea and the best other in the second round."""
    evidence_z: float = LEGEND_Z
    """Standard errors the paired gain must clear, searched or calm (:data:`LEGEND_Z`)."""

    def __init__(self, seed: int | None = None, workers: int = WORKERS) -> None:
        super().__init__(seed)
        self.workers = workers
        self.hurried = 0.0
        """The first round's seconds when the safety net skipped the second (0: it did not)."""
        self.stop: threading.Event | None = None
        """Set by whoever waits for the thought to give it up (the board's worker thread,
        :func:`~league_manager.match.bots.choose_unless_stopped`); None: nobody will."""

    def _check_stop(self) -> None:
        """Raise :class:`ThoughtAbandoned` once :attr:`stop` is set."""
        if self.stop is not None and self.stop.is_set():
            raise ThoughtAbandoned("the legend's search was told to stop")

    def _turn(self, match: Match, prompt: Prompt) -> Action | None:
        if "kickoff_blitz" in prompt.info:
            return super()._turn(match, prompt)
        action = self._searched_turn(match, prompt)
        if action == Action(acts.END_TURN) and "stand" in self.plays:
            stand = stand_up_pick(match, prompt)
            if stand is not None:
                return self.take(stand)
        return action

    def _searched_turn(self, match: Match, prompt: Prompt) -> Action | None:
        critical = self.critical(match, prompt.team)
        picks = self.candidates(match, prompt, self.deep if critical else self.candidates_n)
        safe = safe_first(self, match, prompt, picks) if "order" in self.plays else None
        if safe is not None:
            chosen = self.take(safe)
            self.reason += " (no dice: before the coach's risky first idea)"
            return chosen
        if not critical and picks:  # the veteran's few candidates, built once
            return self.weighed_turn(match, prompt, picks)
        if picks:
            more = carrier_ideas(self, match, prompt, picks)
            if "stay" in self.plays:
                more += stay_idea(match, prompt, picks)
            if "blitz" in self.plays:
                more += blitz_ideas(self, match, prompt, picks)
            if "path" in self.plays:
                more += path_blitz_idea(self, match, prompt, picks + more)
            if "end_turn" in self.plays:
                more += end_turn_idea(match, prompt, picks)
            more += self._pressure(match, prompt, picks)
            picks += more
        else:
            stand = stand_up_pick(match, prompt) if "stand" in self.plays else None
            if stand is not None:  # stand up first: the ideas below are weighed once
                return self.take(stand)
            ideas = self._pressure(match, prompt, picks)
            picks = [end_turn_pick(), *ideas] if ideas else []
        if len(picks) <= 1:
            return super()._turn(match, prompt)
        best, gain = self.search(match, prompt.team, picks)
        chosen = self.take(picks[best])
        self.reason += f" (searched {len(picks)} ideas to the end of the turn"
        self.reason += f": {gain:+.1f} over the first idea)" if best else ")"
        if self.hurried:
            self.reason += f" (the second round skipped: the first took {self.hurried:.0f} s)"
        return chosen

    def _pressure(self, match: Match, prompt: Prompt, picks: list[Pick]) -> list[Pick]:
        """:mod:`~league_manager.match.bots.legend_pressure`'s ideas offered (see :data:`PLAYS`)."""
        ideas: list[Pick] = []
        if "cage" in self.plays:
            ideas += cage_ideas(self, match, prompt, picks)
        if "ball" in self.plays:
            ideas += ball_ideas(self, match, prompt, picks)
        return ideas

    def critical(self, match: Match, team: int) -> bool:
        """A carrier within :attr:`reach_turns` turns of the end zone it scores in, a loose
        ball (:attr:`loose_critical`), or the last two turns of the half."""
        s = match.state
        if s.turn[team] >= LATE_TURN:
            return True
        carrier = s.carrier
        if carrier < 0 or s.pos[carrier] < 0:
            return self.loose_critical and s.ball >= 0 and ON_PITCH[s.ball]
        side = s.team[carrier]
        reach = s.ma[carrier] + rushes_allowed(match.ctx, carrier)
        return abs(xy(s.pos[carrier])[0] - scoring_x(side)) <= reach * self.reach_turns

    def search(self, match: Match, team: int, picks: list[Pick]) -> tuple[int, float]:
        """The pick to play (an index into ``picks``) and its gain over the coach's first.

        Round one tries every pick on :data:`FIRST_SAMPLES` forks; round two tries the first
        pick and the best other on :data:`MORE_SAMPLES` more (the same seeds for both).
        """
        base = self.seed * 7919 + len(match.actions) * 131
        if _pool_usable(self.workers):
            with contextlib.suppress(Exception):  # a broken pool: _run tries in this process
                _shared_pool()
        started = time.perf_counter()
        self.hurried = 0.0
        n = self.first_samples
        jobs = [(pick, base + i, self.seed + i) for pick in picks for i in range(n)]
        first = self._run(match, team, jobs)
        samples = [first[k * n : (k + 1) * n] for k in range(len(picks))]
        rival = max(range(1, len(picks)), key=lambda k: (sum(samples[k]), -k))
        took = time.perf_counter() - started
        if took > SAFETY_SECONDS:
            self.hurried = took
        else:
            more = range(n, n + self.more_samples)
            jobs = [(picks[k], base + i, self.seed + i) for k in (0, rival) for i in more]
            second = self._run(match, team, jobs)
            samples[0] = samples[0] + second[: self.more_samples]
            samples[rival] = samples[rival] + second[self.more_samples :]
        gain = clear_gain(samples[0], samples[rival], DEEP_MARGIN, self.evidence_z)
        return (rival, gain) if gain is not None else (0, 0.0)

    def _run(self, match: Match, team: int, jobs: list[Job]) -> list[float]:
        """The value of each try, in the order of ``jobs`` (in the pool when it can be used).

        Raises:
            ThoughtAbandoned: :attr:`stop` was set.
        """
        self._check_stop()
        results: list[float] | None = None
        if _pool_usable(self.workers):
            results = self._in_pool(match, team, jobs)
        if results is None:
            plans: dict[object, dict[int, MovePlan]] = {}
            results = []
            for pick, dice, bot in jobs:
                self._check_stop()
                results.append(try_pick(match, team, pick, dice, bot, True, plans, DEEP_LEARNED))
        return results

    def _in_pool(self, match: Match, team: int, jobs: list[Job]) -> list[float] | None:
        doc = match.to_dict()
        shares = [jobs[i :: self.workers] for i in range(self.workers)]
        futures: list[concurrent.futures.Future[list[float]]] = []
        search = next(_search_numbers)
        try:
            pool = _shared_pool()
            futures = [pool.submit(_tries, doc, team, share, search) for share in shares if share]
            poll = STOP_POLL_SECONDS if self.stop is not None else None
            while concurrent.futures.wait(futures, poll).not_done:
                self._check_stop()
            parts = [f.result() for f in futures]
        except ThoughtAbandoned:
            if _given_up is not None:
                _given_up.value = search  # the workers drop the rest of its tries
            for future in futures:
                future.cancel()
            raise
        except Exception:  # a broken pool: the same tries in this process
            return None
        results = [0.0] * len(jobs)
        for w, part in enumerate(parts):
            for j, value in enumerate(part):
                results[w + j * self.workers] = value
        return results
