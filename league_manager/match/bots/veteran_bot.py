"""The veteran: the scripted coach with a one-step look-ahead over its best few activations.

At each team-turn decision the coach proposes up to :data:`CANDIDATES` activations (one per
step of its script, in its order of preference). With two or more, each is tried on
:data:`SAMPLES` forks of the match (:mod:`league_manager.match.bots.lookahead`), the dice of
sample *i* being the same for every candidate, and the one with the best mean value is played;
the coach's own first choice keeps the decision unless another beats it by :data:`MARGIN`.
Safe before risky, as the coach: another may replace the first only when our turn ended in no
more of its samples than in the first's (one activation's value cannot see that a safe action
put off is usually still played later in the turn, while one lost to a turnover is not).
Every other prompt is the coach's. Search is bounded by those counts and seeded from the bot's
seed and the number of actions so far, so a seed replays the same game.
"""

from __future__ import annotations

from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.bots.lookahead import try_outcome
from league_manager.match.engine import Match
from league_manager.match.paths import MovePlan

CANDIDATES = 4
"""Activations weighed at each decision."""
SAMPLES = 6
"""Dice samples per candidate."""
MARGIN = 1.5
"""How much better than the coach's first choice another must be to replace it."""


class VeteranBot(CoachBot):
    """The coach, choosing among its best activations by trying each on forks of the match."""

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
        if len(picks) == 1:
            return self.take(picks[0])
        values, ends = self.weigh_outcomes(match, prompt.team, picks)
        allowed = [i for i in range(len(picks)) if ends[i] <= ends[0]]
        best = max(allowed, key=lambda i: (values[i] - (MARGIN if i else 0.0), -i))
        chosen = self.take(picks[best])
        if best:
            self.reason += f" (looked ahead: {values[best] - values[0]:+.1f} over the first idea)"
        return chosen

    def weigh(self, match: Match, team: int, picks: list[Pick]) -> list[float]:
        """The mean value of each pick over the samples (same dice seeds for every pick)."""
        return self.weigh_outcomes(match, team, picks)[0]

    def weigh_outcomes(self, match: Match, team: int, picks: list[Pick]) -> tuple[list[float], list[int]]:
        """Each pick's mean value over the samples (same dice seeds for every pick), and in how
        many of them our turn ended early."""
        base = self.seed * 7919 + len(match.actions) * 131
        values: list[float] = []
        ends: list[int] = []
        plans: dict[object, dict[int, MovePlan]] = {}
        for pick in picks:
            total = 0.0
            ended = 0
            for i in range(self.samples):
                value, end = try_outcome(match, team, pick, base + i, self.seed + i, False, plans)
                total += value
                ended += end
            values.append(total / self.samples)
            ends.append(ended)
        return values, ends
