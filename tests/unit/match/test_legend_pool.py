"""The legend's process pool and its first check: a worker ends when the process that started it
is killed, and a moment that is not critical builds the coach's candidates once, the veteran's
few."""

import os
import signal
import subprocess
import sys
import time

import pytest

from league_manager.match.actions import TURN, Action, Prompt
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.bots.legend_bot import LegendBot
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset

_STARTER = """
import time
from league_manager.match.bots import legend_bot
pool = legend_bot._shared_pool()
print(" ".join(str(pid) for pid in pool._processes), flush=True)
time.sleep(300)
"""


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (not gone, not a zombie waiting to be reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc and sends SIGKILL")
def test_the_pools_workers_end_when_the_process_that_started_them_is_killed() -> None:
    command = [sys.executable, "-c", _STARTER]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True) as starter:
        assert starter.stdout is not None
        workers = [int(pid) for pid in starter.stdout.readline().split()]
        assert len(workers) == 2 and all(_alive(pid) for pid in workers)
        os.kill(starter.pid, signal.SIGKILL)
        starter.wait()
    deadline = time.monotonic() + 60  # a bound on the wait, not a timing asserted
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    orphans = [pid for pid in workers if _alive(pid)]
    for pid in orphans:  # leave nothing behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert orphans == []


class _CountingLegend(LegendBot):
    """The legend, noting how many candidates each build asked for."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, workers=1)
        self.asked: list[int] = []

    def candidates(self, match: Match, prompt: Prompt, most: int) -> list[Pick]:
        self.asked.append(most)
        return super().candidates(match, prompt, most)


def test_a_moment_that_is_not_critical_builds_the_veterans_candidates_once() -> None:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("human"), 31, prefix="home-")
    away = generate_team(ruleset.team("human"), 32, prefix="away-")
    match = Match(home, away, seed=31, snapshots=False, ruleset=ruleset, allow_inert=True)
    coaches = (CoachBot(1), CoachBot(2))
    legend = _CountingLegend(3)
    calm = 0
    while match.prompt is not None and calm < 3 and len(match.actions) < 400:
        prompt = match.prompt
        action: Action
        if prompt.kind == TURN and prompt.team == 0 and "kickoff_blitz" not in prompt.info:
            critical = legend.critical(match, 0)
            legend.asked = []
            action = legend.choose(match)
            if not critical and legend.asked and "stand up" not in legend.reason:
                assert legend.asked == [legend.candidates_n]
                calm += 1
        else:
            action = coaches[prompt.team].choose(match)
        match.apply(action)
    assert calm == 3
