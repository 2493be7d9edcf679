"""Fouls: assists, the referee, bribes and Argue the Call."""

from __future__ import annotations

from engine_helpers import away, home, scenario

FOUL = [["activate_foul", "h1"], ["choose", "h1", [6, 7]], ["foul", "h1", [6, 7]]]


def test_defensive_assist_lowers_the_armour_roll() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7, status="prone"), away("a2", 4, 7)],
        [[4, "armour"], [5, "armour"]],
        FOUL,
        {"events": [{"kind": "armour", "modifiers": [["assists", -1]], "success": False}]},
    )
    assert out.ok, out.failures


def test_foul_only_once_per_turn() -> None:
    out = scenario(
        [home("h1", 5, 7), home("h2", 5, 8), away("a1", 6, 7, status="prone")],
        [[4, "armour"], [3, "armour"]],
        FOUL,
        {"prompt": "turn"},
    )
    assert out.ok, out.failures
    from league_manager.match.scenario import build, parse_action

    data = {
        "name": "x",
        "players": [home("h1", 5, 7), home("h2", 5, 8), away("a1", 6, 7, status="prone")],
        "dice": [[4, "armour"], [3, "armour"]],
    }
    scn, match, _ = build(data)
    for raw in FOUL:
        match.apply(parse_action(scn, raw))
    assert not [a for a in match.legal_actions() if a.kind == "activate_foul"]


def test_sent_off_ball_carrier_drops_the_ball() -> None:
    out = scenario(
        [home("h1", 5, 7, ball=True), away("a1", 6, 7, status="prone")],
        [[2, "armour"], [2, "armour"], [4, "bounce"]],
        [*FOUL, ["no"]],
        {"players": {"h1": {"status": "sent_off"}}, "ball": [4, 7], "carrier": None},
    )
    assert out.ok, out.failures
