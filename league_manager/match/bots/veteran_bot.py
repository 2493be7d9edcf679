"""The veteran: the scripted coach with a one-step look-ahead over its best few activations.

At each team-turn decision the coach proposes up to :data:`CANDIDATES` activations (one per
step of its script, in its order of preference). With two or more, each is tried on
:data:`SAMPLES` forks of the match (:mod:`league_manager.match.bots.lookahead`), the dice of
sample *i* being the same for every candidate, and the position each reaches is scored with the
learned value (:mod:`league_manager.match.bots.learned_value`: what coaches on both sides make of
it by the end of the match), so the veteran acts greedily on the coach's own value, one
activation ahead. The coach's own first choice keeps the decision
unless another's mean gain over it, sample by sample, clears both :data:`MARGIN` and the paired
samples' spread (:mod:`league_manager.match.bots.evidence`); of those that do, the largest gain
is played. With :data:`SAFE_FIRST`, safe before risky, as the coach: another may replace the
first only when our turn ended in no more of its samples than in the first's.
Every other prompt is the coach's. Search is bounded by those counts and seeded from the bot's
seed and the number of actions so far, so a seed replays the same game.
"""

from __future__ import annotations

from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.bots.evidence import Z, clear_gain
from league_manager.match.bots.lookahead import try_outcome
from league_manager.match.engine import Match
from league_manager.match.paths import MovePlan

CANDIDATES = 4
"""Activations weighed at each decision."""
SAMPLES = 10
"""Dice samples per candidate."""
MARGIN = 6.0
"""The least mean gain over the coach's first choice that may replace it (the samples' spread
may ask for more). The learned value sees the ball, the time and the players, not where the
others stand (a screen, a cage): a small gain is as likely its blind spot as a real one, so only
a clear one overrules the coach (docs/rules-decisions.md, the bot ladder part 10)."""
SAFE_FIRST = True
"""Safe before risky: another idea may replace the first only when our turn ended in no more of
its samples than in the first's."""


class VeteranBot(CoachBot):
    """The coach, choosing among its best activations by trying each on forks of the match."""

    learned = True
    """Score the tries with the learned value (False: the hand-made position value)."""
    evidence_z: float = Z
    """Standard errors of the paired differences another idea's gain must clear
    (:func:`~league_manager.match.bots.evidence.clear_gain`)."""

    def __init__(self, seed: int | None = None, candidates: int = CANDIDATES, samples: int = SAMPLES) -> None:
        super().__init__(seed)
        self.seed = seed if seed is not None else 0
        self.candidates_n = candidates
        self.samples = samples

    def _turn(self, match: Match, prompt: Prompt) -> Action | None:
        if "kickoff_blitz" in prompt.info:
            return super()._turn(match, prompt)
        picks = self.candidates(match, prompt, self.candidates_n)
        if not picks:
            return super()._turn(match, prompt)
        return self.weighed_turn(match, prompt, picks)

    def weighed_turn(self, match: Match, prompt: Prompt, picks: list[Pick]) -> Action:
        """The veteran's choice among ``picks`` (the coach's candidates now, at least one): the
        coach's first unless another's paired gain clears the evidence rule."""
        if len(picks) == 1:
            return self.take(picks[0])
        samples, ends = self.sample_outcomes(match, prompt.team, picks)
        best, gain = 0, 0.0
        for i in range(1, len(picks)):
            if SAFE_FIRST and ends[i] > ends[0]:
                continue
            clear = clear_gain(samples[0], samples[i], MARGIN, self.evidence_z)
            if clear is not None and clear > gain:
                best, gain = i, clear
        chosen = self.take(picks[best])
        if best:
            self.reason += f" (looked ahead: {gain:+.1f} over the first idea)"
        return chosen

    def weigh(self, match: Match, team: int, picks: list[Pick]) -> list[float]:
        """The mean value of each pick over the samples (same dice seeds for every pick)."""
        return self.weigh_outcomes(match, team, picks)[0]

    def weigh_outcomes(self, match: Match, team: int, picks: list[Pick]) -> tuple[list[float], list[int]]:
        """Each pick's mean value over the samples (same dice seeds for every pick), and in how
        many of them our turn ended early."""
        samples, ends = self.sample_outcomes(match, team, picks)
        return [sum(values) / len(values) for values in samples], ends

    def sample_outcomes(
        self, match: Match, team: int, picks: list[Pick]
    ) -> tuple[list[list[float]], list[int]]:
        """Each pick's value on each sample (sample *i* has the same dice seed for every pick),
        and in how many samples our turn ended early."""
        base = self.seed * 7919 + len(match.actions) * 131
        samples: list[list[float]] = []
        ends: list[int] = []
        plans: dict[object, dict[int, MovePlan]] = {}
        for pick in picks:
            values: list[float] = []
            ended = 0
            for i in range(self.samples):
                seeds = (base + i, self.seed + i)
                value, end = try_outcome(match, team, pick, *seeds, False, plans, self.learned)
                values.append(value)
                ended += end
            samples.append(values)
            ends.append(ended)
        return samples, ends
