"""The scenario format's checks fail when they should: refusals, options, mid-script checks."""

from __future__ import annotations

from typing import Any

from tests.unit.match.engine_helpers import away, home, scenario


def _players() -> list[dict[str, Any]]:
    return [home("h1", 5, 7), home("h2", 3, 3), away("a1", 10, 7)]


def test_a_legal_action_marked_refused_fails() -> None:
    outcome = scenario(_players(), [], [{"refused": ["activate_move", "h1"]}])
    assert any("was not refused" in f for f in outcome.failures)


def test_a_refused_action_changes_nothing_and_play_goes_on() -> None:
    steps = [{"refused": ["activate_blitz", "h2"]}, ["activate_move", "h1"], ["end_activation"]]
    outcome = scenario(_players(), [], steps, {"players": {"h1": {"used": True}}}, used=["h2"])
    assert outcome.ok, outcome.failures


def test_a_wrong_mid_script_expectation_fails_with_its_step() -> None:
    steps = [["activate_move", "h1"], {"expect": {"prompt": "turn"}}, ["end_activation"]]
    outcome = scenario(_players(), [], steps)
    assert outcome.failures == ["after action 1: prompt: expected turn, got activation"]


def test_options_must_match_exactly() -> None:
    expect = {"options": [["end_turn"]], "options_include": [["activate_foul", "h1"]]}
    outcome = scenario(_players(), [], [], expect)
    assert len(outcome.failures) == 2
    assert outcome.failures[0].startswith("options: missing [], not expected")


def test_declared_usage_removes_the_options() -> None:
    expect = {
        "options_exclude": [["activate_pass", "h1"], ["activate_handoff", "h1"]],
        "turn_usage": ["pass", "handoff"],
    }
    outcome = scenario(_players(), [], [], expect, turn_usage=["pass", "handoff"])
    assert outcome.ok, outcome.failures
