"""Bots that play full matches headless: random, greedy and scripted."""

from __future__ import annotations

from typing import Protocol

from league_manager.match.actions import Action
from league_manager.match.engine import Match


class Bot(Protocol):
    """Something that picks the action to play."""

    def choose(self, match: Match) -> Action:
        """The action to play now."""
        ...


def make_bot(kind: str, seed: int) -> Bot:
    """A bot by name ("random" or "greedy")."""
    from league_manager.match.bots.greedy_bot import GreedyBot
    from league_manager.match.bots.random_bot import RandomBot

    if kind == "greedy":
        return GreedyBot(seed)
    if kind == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {kind!r} (random, greedy)")


def play(match: Match, bots: tuple[Bot, Bot]) -> int:
    """Play a match to the end with one bot per team; returns the number of decisions."""
    decisions = 0
    while match.prompt is not None:
        match.apply(bots[match.prompt.team].choose(match))
        decisions += 1
    return decisions
