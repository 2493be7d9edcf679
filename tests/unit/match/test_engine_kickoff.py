"""Set-up legality, kicks, touchbacks and kick-off events."""

from __future__ import annotations

from engine_helpers import away, home, scenario

from league_manager.match.procedures.kickoff_events import KICKOFF_EVENTS, weather_for

PLAYERS = [
    home("h1", 24, 7, ball=True),
    home("h2", 10, 6),
    home("h3", 10, 8),
    home("h4", 10, 10),
    away("a1", 20, 3),
    away("a2", 20, 7),
    away("a3", 20, 11),
    away("a4", 20, 13),
]
START = [
    ["activate_move", "h1"],
    ["move", "h1", [25, 7]],
    ["formation", None, 0],
    ["end_setup"],
    ["formation", None, 0],
    ["end_setup"],
]

KICK = [[5, "kick deviation direction"]]
COACHING = [[3, "kick-off event"], [4, "kick-off event"]]
COACHING += [[2, "brilliant coaching"], [5, "brilliant coaching"]]


def test_tables() -> None:
    assert KICKOFF_EVENTS[2] == "Get the Ref" and KICKOFF_EVENTS[12] == "Pitch Invasion"
    assert [weather_for(n) for n in (2, 3, 7, 11, 12)] == [
        "sweltering_heat", "very_sunny", "perfect", "pouring_rain", "blizzard",
    ]  # fmt: skip


def test_setup_needs_three_on_the_line() -> None:
    from league_manager.match.scenario import build, parse_action

    data = {"name": "x", "players": PLAYERS, "dice": []}
    scn, match, _ = build(data)
    for raw in START[:2]:
        match.apply(parse_action(scn, raw))
    assert match.prompt is not None and match.prompt.kind == "setup"
    assert "end_setup" not in {a.kind for a in match.prompt.options}
    match.apply(parse_action(scn, ["place", "h1", [12, 7]]))
    match.apply(parse_action(scn, ["place", "h2", [12, 6]]))
    match.apply(parse_action(scn, ["place", "h3", [5, 8]]))
    match.apply(parse_action(scn, ["place", "h4", [5, 9]]))
    assert match.prompt.info["problems"]
    match.apply(parse_action(scn, ["place", "h3", [12, 8]]))
    assert "end_setup" in {a.kind for a in match.prompt.options}


def test_kick_off_the_pitch_is_a_touchback() -> None:
    out = scenario(
        PLAYERS,
        [*KICK, [6, "kick deviation distance"], *COACHING],
        [*START, ["kick", "h4", [22, 7]], ["choose", "a4"]],
        {"carrier": "a4", "events": [{"kind": "touchback"}], "prompt_team": "away"},
    )
    assert out.ok, out.failures


def test_brilliant_coaching_extra_reroll_used_first() -> None:
    out = scenario(
        PLAYERS,
        [*KICK, [2, "kick deviation distance"], *COACHING, [7, "bounce"]],
        [*START, ["kick", "h4", [20, 7]]],
        {"rerolls": [3, 3], "prompt_team": "away", "ball": [22, 8]},
    )
    assert out.ok, out.failures


def test_solid_defence_moves_only_open_players() -> None:
    from league_manager.match.scenario import build, parse_action

    dice = [[5, "kick deviation direction"], [2, "kick deviation distance"]]
    dice += [[2, "kick-off event"], [2, "kick-off event"], [1, "solid defence"], [7, "bounce"]]
    scn, match, _ = build({"name": "x", "players": PLAYERS, "dice": dice})
    for raw in [*START, ["kick", "h4", [20, 7]]]:
        match.apply(parse_action(scn, raw))
    assert match.prompt is not None and match.prompt.kind == "setup"
    movers = {a.player for a in match.legal_actions() if a.kind == "place"}
    assert movers == {scn.index("h4")}
    match.apply(parse_action(scn, ["place", "h4", [5, 7]]))
    match.apply(parse_action(scn, ["end_setup"]))
    assert match.prompt is not None and match.prompt.kind == "turn"
    assert match.state.pos[scn.index("h4")] == match.state.board.index(scn.index("h4"))
