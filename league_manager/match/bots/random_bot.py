"""A bot choosing uniformly among the legal actions (set-up: among the formation presets)."""

from __future__ import annotations

import random

from league_manager.match.actions import END_SETUP, SETUP, Action
from league_manager.match.engine import Match


class RandomBot:
    """Uniform choice over ``prompt.options``.

    At set-up it ends the set-up when legal and otherwise picks a formation preset, rather
    than placing players one by one (which would rarely produce a legal set-up).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, match: Match) -> Action:
        """The action to play now."""
        prompt = match.prompt
        assert prompt is not None
        options = prompt.options
        if prompt.kind == SETUP:
            for action in options:
                if action.kind == END_SETUP:
                    return action
        return options[self.rng.randrange(len(options))]
