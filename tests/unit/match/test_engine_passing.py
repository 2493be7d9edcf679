"""Passing: accuracy bands, fumbles, interference, catching, hand-offs and completions."""

from __future__ import annotations

from engine_helpers import away, home, scenario

from league_manager.match.scenario import build, run

NO_RR = {"rerolls": [0, 0]}


def _data(dice: list[object], actions: list[list[object]]) -> dict[str, object]:
    return {
        "name": "pass",
        "players": [home("h1", 5, 7, ball=True), home("h2", 7, 7), away("a1", 20, 7)],
        "dice": dice,
        "actions": actions,
    }


def test_completion_is_counted() -> None:
    data = _data([[4, "pass"], [3, "catch"]], [["activate_pass", "h1"], ["pass", "h1", [7, 7]]])
    scenario_, match, _dice = build(data)
    for raw in data["actions"]:  # type: ignore[attr-defined]
        from league_manager.match.scenario import parse_action

        match.apply(parse_action(scenario_, raw))
    assert match.state.stats[0].comp == 1
    assert run(data).ok


def test_blizzard_allows_only_quick_and_short_passes() -> None:
    data = _data([], [["activate_pass", "h1"]])
    data["weather"] = "blizzard"
    scenario_, match, _dice = build(data)
    from league_manager.match.scenario import parse_action

    match.apply(parse_action(scenario_, ["activate_pass", "h1"]))
    targets = {a.square for a in match.legal_actions() if a.kind == "pass"}
    from league_manager.match.pitch import sq

    assert sq(11, 7) in targets and sq(12, 7) not in targets


def test_pass_to_empty_square_is_a_turnover() -> None:
    out = scenario(
        [home("h1", 5, 7, ball=True), away("a1", 20, 7)],
        [[4, "pass"], [5, "bounce"]],
        [["activate_pass", "h1"], ["pass", "h1", [7, 7]]],
        {"ball": [8, 7], "turnover": True},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_pass_caught_by_opponent_is_a_turnover() -> None:
    out = scenario(
        [home("h1", 5, 7, ball=True), away("a1", 7, 7)],
        [[4, "pass"], [4, "catch"]],
        [["activate_pass", "h1"], ["pass", "h1", [7, 7]]],
        {"carrier": "a1", "turnover": True},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_hand_off_to_a_prone_team_mate_is_not_offered() -> None:
    data = _data([], [])
    data["players"] = [home("h1", 5, 7, ball=True), home("h2", 6, 7, status="prone")]
    scenario_, match, _dice = build(data)
    from league_manager.match.scenario import parse_action

    match.apply(parse_action(scenario_, ["activate_handoff", "h1"]))
    assert not [a for a in match.legal_actions() if a.kind == "handoff"]
