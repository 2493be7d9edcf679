"""Bots that play full matches headless, and the registry of levels a coach can pick.

The levels, weakest first: ``random``, ``rookie``, ``greedy``, ``coach``, ``veteran``,
``legend``. Every bot is seeded (from the match's seed), so a seed replays the same game.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import NamedTuple, Protocol, runtime_checkable

from league_manager.match.actions import Action
from league_manager.match.engine import Match


class Bot(Protocol):
    """Something that picks the action to play."""

    def choose(self, match: Match) -> Action:
        """The action to play now."""
        ...


@runtime_checkable
class StoppableBot(Bot, Protocol):
    """A bot whose search looks at a stop event (:func:`choose_unless_stopped`)."""

    stop: threading.Event | None
    """Set: give the thought up with :class:`ThoughtAbandoned`. None: no one will stop it."""


class ThoughtAbandoned(Exception):
    """A searching bot gave up its thought: it was told to stop (its board closing or pausing),
    and nobody wants its action."""


def choose_unless_stopped(bot: Bot, match: Match, stop: threading.Event) -> Action:
    """``bot.choose(match)``, given up once ``stop`` is set.

    A bot with a ``stop`` attribute (the legend) looks at the event during its search; the
    others answer within a frame and are not told.

    Raises:
        ThoughtAbandoned: ``stop`` was set during the search; the bot starts afresh next time.
    """
    if not isinstance(bot, StoppableBot):
        return bot.choose(match)
    bot.stop = stop
    try:
        return bot.choose(match)
    finally:
        bot.stop = None


class BotLevel(NamedTuple):
    """One level of the ladder: its name, a one-line description and how to make it."""

    name: str
    description: str
    make: Callable[[int], Bot]


def _random(seed: int) -> Bot:
    from league_manager.match.bots.random_bot import RandomBot

    return RandomBot(seed)


def _rookie(seed: int) -> Bot:
    from league_manager.match.bots.rookie_bot import RookieBot

    return RookieBot(seed)


def _greedy(seed: int) -> Bot:
    from league_manager.match.bots.greedy_bot import GreedyBot

    return GreedyBot(seed)


def _coach(seed: int) -> Bot:
    from league_manager.match.bots.coach_bot import CoachBot

    return CoachBot(seed)


def _veteran(seed: int) -> Bot:
    from league_manager.match.bots.veteran_bot import VeteranBot

    return VeteranBot(seed)


def _legend(seed: int) -> Bot:
    from league_manager.match.bots.legend_bot import LegendBot

    return LegendBot(seed)


LEVELS: tuple[BotLevel, ...] = (
    BotLevel("random", "picks any legal action at random; not an opponent", _random),
    BotLevel("rookie", "greedy with noise and blunders; for new players", _rookie),
    BotLevel("greedy", "one-step greedy: ball first, blocks with good dice, guards the carrier", _greedy),
    BotLevel(
        "coach",
        "scripted coach: whole activations by exact odds, ball first, safe before risky, cages",
        _coach,
    ),
    BotLevel(
        "veteran",
        "the coach plus a one-step look-ahead: its best few activations tried on copies of the match",
        _veteran,
    ),
    BotLevel(
        "legend",
        "the veteran plus a deeper search at critical moments (carrier near the end zone, "
        "end of a half), on both cores",
        _legend,
    ),
)
"""The ladder, weakest first."""

BOT_NAMES: tuple[str, ...] = tuple(level.name for level in LEVELS)
"""Names of the levels, weakest first (for choices in the CLI and on the board)."""


def make_bot(kind: str, seed: int) -> Bot:
    """A bot by level name (see :data:`BOT_NAMES`), seeded with ``seed``.

    Raises:
        ValueError: no level has that name.
    """
    for level in LEVELS:
        if level.name == kind:
            return level.make(seed)
    raise ValueError(f"unknown bot {kind!r} ({', '.join(BOT_NAMES)})")


MOST_DECISIONS = 20_000
"""A whole match takes 800-1,500 bot decisions. One that reaches this many has stalled (a bot
repeating actions that change nothing) and is stopped with :class:`BotStalled` rather than run
for ever."""


class BotStalled(RuntimeError):
    """A match played by bots did not end within :data:`MOST_DECISIONS` decisions."""


def check_stall(match: Match, decisions: int) -> None:
    """Raise :class:`BotStalled` once a bots' match has taken :data:`MOST_DECISIONS` decisions.

    Raises:
        BotStalled: with the match's seed and its last actions, to replay and mend the bot.
    """
    if decisions < MOST_DECISIONS or match.prompt is None:
        return
    last = ", ".join(f"{a.kind} {a.player} {a.square}" for a in match.actions[-6:])
    seed = getattr(match.dice, "seed", "?")
    raise BotStalled(f"the bots' match (dice seed {seed}) did not end in {decisions} decisions; last: {last}")


def play(match: Match, bots: tuple[Bot, Bot]) -> int:
    """Play a match to the end with one bot per team; returns the number of decisions.

    Raises:
        BotStalled: the match did not end (:func:`check_stall`).
    """
    decisions = 0
    while match.prompt is not None:
        match.apply(bots[match.prompt.team].choose(match))
        decisions += 1
        check_stall(match, decisions)
    return decisions
