"""The rookie: the greedy bot with noise and blunders, an opponent for new players.

At its turn it sometimes activates a player at random instead of the greedy pick (noise),
and at any decision it now and then takes a random legal option (a blunder): forgetting a
re-roll, choosing a poor block die, wandering off. Its own random stream is seeded from the
match's seed, so a seed replays the same game.
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.engine import Match

NOISE = 0.25
"""Chance that a team-turn choice is a random activation instead of the greedy one."""
BLUNDER = 0.08
"""Chance that any other decision is a random legal option."""
_NO_BLUNDER = (acts.SETUP, acts.COIN_TOSS, acts.KICK, acts.KICKER, acts.TOUCHBACK)
"""Decisions a rookie gets right anyway (a random set-up or kick only slows the game)."""


class RookieBot(GreedyBot):
    """Greedy choices spoilt by seeded noise and blunders."""

    def choose(self, match: Match) -> Action:
        """The action to play now."""
        prompt = match.prompt
        assert prompt is not None
        roll = self.rng.random()
        if prompt.kind == acts.TURN:
            if roll < NOISE:
                activations = [a for a in prompt.options if a.kind != acts.END_TURN]
                if activations:
                    return activations[self.rng.randrange(len(activations))]
        elif prompt.kind not in _NO_BLUNDER and roll < BLUNDER and prompt.options:
            return prompt.options[self.rng.randrange(len(prompt.options))]
        return super().choose(match)
