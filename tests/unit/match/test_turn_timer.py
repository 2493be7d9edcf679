"""The turn timer house rule: the clock of a team turn and the engine action that ends it."""

from __future__ import annotations

import pytest

from league_manager.match import actions as a
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.match.turn_timer import SETTING, TurnClock, describe, timeout_action, turn_started
from league_manager.rules.loader import load_ruleset

RULES = load_ruleset("bb2020")


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _match(seed: int = 3) -> Match:
    home, away = generate_team(RULES.team("human"), seed), generate_team(RULES.team("orc"), seed + 1)
    return Match(home, away, seed=seed, settings={"kicking_team": 0, "weather_roll": 7})


def _play_until(match: Match, wanted: str, seed: int = 1) -> None:
    bot = RandomBot(seed)
    for _ in range(3000):
        prompt = match.prompt
        assert prompt is not None
        if prompt.kind == wanted and turn_started(match) is not None and prompt.team == match.state.active:
            return
        match.apply(bot.choose(match))
    raise AssertionError(f"no {wanted} prompt came")


def test_the_setting_is_off_by_default_in_both_editions() -> None:
    for ruleset in ("bb2020", "bb2025"):
        rule = next(r for r in load_ruleset(ruleset).house_rules if r.key == SETTING)
        assert rule.default == 0 and rule.kind == "int"
    assert describe(0) == "no turn timer" and describe(240) == "4:00 per team turn"


def test_the_clock_runs_in_a_team_turn_only_and_restarts_with_the_next_one() -> None:
    match, now = _match(), FakeClock()
    clock = TurnClock(240, now)
    assert clock.remaining(match) is None  # the coin toss: no team turn yet
    _play_until(match, a.TURN)
    assert clock.remaining(match) == 240
    now.t += 215
    left = clock.remaining(match)
    assert left == 25 and clock.warning(left)
    now.t += 100
    assert clock.remaining(match) == 0
    team = match.state.active
    action = timeout_action(match)
    assert action == a.Action(a.END_TURN)
    match.apply(action)
    if match.state.active != team and turn_started(match) is not None:
        assert clock.remaining(match) == 240  # the other team's turn starts a fresh clock


def test_an_action_in_progress_ends_at_once_then_the_turn() -> None:
    match = _match(5)
    _play_until(match, a.ACTIVATION, seed=2)
    team, turn = match.state.active, match.state.turn[match.state.active]
    assert timeout_action(match) == a.Action(a.END_ACTIVATION)
    match.apply(a.Action(a.END_ACTIVATION))
    assert match.prompt is not None and match.prompt.kind == a.TURN
    assert timeout_action(match) == a.Action(a.END_TURN)
    match.apply(a.Action(a.END_TURN))
    assert match.state.active != team or match.state.turn[team] != turn


def test_a_pending_dice_decision_is_answered_first() -> None:
    match = _match(7)
    bot = RandomBot(4)
    for _ in range(5000):
        prompt = match.prompt
        assert prompt is not None
        if prompt.kind in (a.REROLL, a.BLOCK_DIE, a.PUSH) and turn_started(match) is not None:
            assert timeout_action(match) is None
            return
        match.apply(bot.choose(match))
    pytest.fail("no dice decision came")


def test_a_clock_needs_seconds() -> None:
    with pytest.raises(ValueError, match="positive"):
        TurnClock(0, FakeClock())
