"""Stalling (seed 000): the engine's query, the end-of-turn count in the result and the board's warning."""

from __future__ import annotations

from pathlib import Path

from league_manager.match.result import build_result
from league_manager.match.scenario import build, load, parse_action
from league_manager.ui.match_board.hud import team_line

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "stalling"


def test_the_engine_names_a_stalling_carrier_and_counts_the_turn() -> None:
    data = load(SCENARIOS / "open_carrier_stalls.json")
    scenario, match, _dice = build(data)
    carrier = match.state.carrier
    assert match.stalling(0) == (carrier,) and match.stalling(1) == ()
    assert "is stalling" in team_line(match, 0, "Home")
    assert "is stalling" not in team_line(match, 1, "Away")
    for raw in data["actions"]:
        match.apply(parse_action(scenario, raw))
    assert match.state.stalled == [1, 0]
    result = build_result(match.state)
    assert (result.home.stalled, result.away.stalled) == (1, 0)
    assert result.to_dict()["home"]["stalled"] == 1
    assert match.stalling(0) == ()  # not the home team's turn any more


def test_a_marked_carrier_is_not_stalling() -> None:
    _scenario, match, _dice = build(load(SCENARIOS / "marked_carrier_not_stalling.json"))
    assert match.stalling(0) == () and "is stalling" not in team_line(match, 0, "Home")
