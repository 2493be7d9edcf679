"""The legend told to stop: its search gives up between tries (in this process) and while it
waits for the pool, raises :class:`ThoughtAbandoned`, and leaves nothing behind, so the same
position searched again afresh gives the same action as a legend never stopped."""

from __future__ import annotations

import threading

import pytest

from league_manager.match.actions import Action
from league_manager.match.bots import ThoughtAbandoned, choose_unless_stopped
from league_manager.match.bots.legend_bot import LegendBot
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
