"""The legend told to stop: its search gives up between tries (in this process) and while it
waits for the pool, raises :class:`ThoughtAbandoned`, and leaves nothing behind, so the same
position searched again afresh gives the same action as a legend never stopped; the pool's
workers drop the rest of a search given up."""

from __future__ import annotations

import threading
import types

import pytest

from league_manager.match.actions import Action
from league_manager.match.bots import ThoughtAbandoned, choose_unless_stopped, legend_bot
from league_manager.match.bots.legend_bot import Job, LegendBot
from league_manager.match.engine import Match
from tests.unit.match.seeded_games import coach_turns


class _StopAfter(threading.Event):
    """A stop event that reads as set from its ``checks``-th look on (so the search is stopped
    part-way, not before it starts)."""

    def __init__(self, checks: int) -> None:
        super().__init__()
        self.left = checks
        self.looks = 0

    def is_set(self) -> bool:
        self.looks += 1
        self.left -= 1
        return self.left < 0 or super().is_set()


def _critical_position() -> Match:
    """A coach v coach game at the first team turn the legend searches with several ideas."""
    for match, prompt, _bots in coach_turns((3,)):
        probe = LegendBot(9, workers=1)
        if probe.critical(match, prompt.team) and len(probe.candidates(match, prompt, probe.deep)) >= 3:
            return Match.from_dict(match.to_dict(), snapshots=False)
    raise AssertionError("no critical moment in the seeded game")


def _many_tries(match: Match, bot: LegendBot, each: int) -> list[Job]:
    """``each`` tries of every idea the coach has at ``match``'s prompt."""
    assert match.prompt is not None
    picks = bot.candidates(match, match.prompt, bot.deep)
    return [(pick, 100 + i, 200 + i) for pick in picks for i in range(each)]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stopped_search_gives_up_and_the_next_search_is_the_same_as_a_fresh_one(workers: int) -> None:
    match = _critical_position()
    fresh: Action = LegendBot(9, workers=workers).choose(match)

    stopped = LegendBot(9, workers=workers)
    stop = _StopAfter(3)
    with pytest.raises(ThoughtAbandoned):
        choose_unless_stopped(stopped, match, stop)
    assert stop.looks >= 4 and stopped.stop is None  # it looked part-way, and forgot the event

    assert choose_unless_stopped(stopped, match, threading.Event()) == fresh


def test_a_bot_that_does_not_search_is_not_told() -> None:
    from league_manager.match.bots.coach_bot import CoachBot

    match = _critical_position()
    stop = threading.Event()
    stop.set()
    assert choose_unless_stopped(CoachBot(4), match, stop) == CoachBot(4).choose(match)


def test_a_search_waiting_for_the_pool_gives_up_there_and_its_tries_are_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = _critical_position()
    assert match.prompt is not None
    bot = LegendBot(9, workers=2)
    jobs = _many_tries(match, bot, 20)  # seconds of tries: the stop comes while the pool plays them

    def not_here(*args: object) -> float:
        raise AssertionError("the tries ran in this process, not in the pool")

    monkeypatch.setattr(legend_bot, "try_pick", not_here)
    before = legend_bot._given_up.value if legend_bot._given_up is not None else 0
    bot.stop = threading.Event()
    threading.Timer(0.2, bot.stop.set).start()
    with pytest.raises(ThoughtAbandoned):
        bot._in_pool(match, match.prompt.team, jobs)
    assert legend_bot._given_up is not None and legend_bot._given_up.value > before  # this search's number


def test_a_worker_plays_no_more_tries_of_a_search_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    match = _critical_position()
    assert match.prompt is not None
    jobs = _many_tries(match, LegendBot(9, workers=1), 1)[:2]
    monkeypatch.setattr(legend_bot, "_given_up", types.SimpleNamespace(value=7))
    doc = match.to_dict()
    assert legend_bot._tries(doc, match.prompt.team, jobs, 7) == []
    assert len(legend_bot._tries(doc, match.prompt.team, jobs, 8)) == 2  # another search plays on
