"""Movement: moving, dodging, rushing, jumping, standing up and picking up the ball."""

from __future__ import annotations

from engine_helpers import away, home, scenario


def test_dodge_success_moves_player() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7)],
        [[4, "dodge"]],
        [["activate_move", "h1"], ["move", "h1", [4, 6]]],
        {"players": {"h1": {"at": [4, 6], "status": "standing"}}},
    )
    assert out.ok, out.failures


def test_dodge_modifier_per_marker_at_destination() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7), away("a2", 3, 5), away("a3", 3, 7)],
        [[5, "dodge"]],
        [["activate_move", "h1"], ["move", "h1", [4, 6]]],
        {"events": [{"kind": "dodge", "modifiers": [["marked", -2]], "rolls": [5], "success": True}]},
    )
    assert out.ok, out.failures


def test_failed_dodge_falls_over_and_turns_over() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7)],
        [[2, "dodge"], [3, "armour"], [3, "armour"]],
        [["activate_move", "h1"], ["move", "h1", [4, 6]]],
        {
            "players": {"h1": {"at": [4, 6], "status": "prone"}},
            "turnover": True,
            "prompt": "turn",
            "prompt_team": "away",
        },
        rerolls=[0, 0],
    )
    assert out.ok, out.failures


def test_team_reroll_on_failed_dodge() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7)],
        [[2, "dodge"], [5, "dodge"]],
        [["activate_move", "h1"], ["move", "h1", [4, 6]], ["team_reroll", "h1"]],
        {"players": {"h1": {"at": [4, 6], "status": "standing"}}, "rerolls": [2, 3]},
    )
    assert out.ok, out.failures


def test_dodge_skill_reroll() -> None:
    out = scenario(
        [home("h1", 5, 7, skills=["Dodge"]), away("a1", 6, 7)],
        [[1, "dodge"], [3, "dodge"]],
        [["activate_move", "h1"], ["move", "h1", [4, 6]], ["skill_reroll", "h1"]],
        {"events": [{"kind": "skill_reroll", "rule": "Dodge"}], "rerolls": [3, 3]},
    )
    assert out.ok, out.failures


def test_tackle_cancels_dodge_skill() -> None:
    out = scenario(
        [home("h1", 5, 7, skills=["Dodge"]), away("a1", 6, 7, skills=["Tackle"])],
        [[1, "dodge"], [3, "dodge"]],
        [["activate_move", "h1"], ["move", "h1", [4, 6]], ["team_reroll", "h1"]],
        {"events": [{"kind": "team_reroll"}]},
    )
    assert out.ok, out.failures


def test_rush_after_movement_allowance() -> None:
    moves = [["move", "h1", [x, 7]] for x in range(2, 5)]
    out = scenario(
        [home("h1", 1, 7, stats=[2, 3, 3, 4, 9])],
        [[2, "rush"]],
        [["activate_move", "h1"], *moves],
        {"events": [{"kind": "rush", "success": True}], "players": {"h1": {"at": [4, 7]}}},
    )
    assert out.ok, out.failures


def test_failed_rush_falls_over() -> None:
    out = scenario(
        [home("h1", 1, 7, stats=[1, 3, 3, 4, 9])],
        [[1, "rush"], [2, "armour"], [2, "armour"]],
        [["activate_move", "h1"], ["move", "h1", [2, 7]], ["move", "h1", [3, 7]]],
        {"players": {"h1": {"at": [3, 7], "status": "prone"}}, "turnover": True},
        rerolls=[0, 0],
    )
    assert out.ok, out.failures


def test_blizzard_rush_needs_three() -> None:
    out = scenario(
        [home("h1", 1, 7, stats=[1, 3, 3, 4, 9])],
        [[2, "rush"], [2, "armour"], [2, "armour"]],
        [["activate_move", "h1"], ["move", "h1", [2, 7]], ["move", "h1", [3, 7]]],
        {"events": [{"kind": "rush", "success": False, "modifiers": [["Blizzard", -1]]}]},
        rerolls=[0, 0],
        weather="blizzard",
    )
    assert out.ok, out.failures


def test_pick_up_ball() -> None:
    out = scenario(
        [home("h1", 5, 7)],
        [[3, "pick_up"]],
        [["activate_move", "h1"], ["move", "h1", [6, 7]]],
        {"carrier": "h1", "ball": [6, 7]},
        ball=[6, 7],
    )
    assert out.ok, out.failures


def test_failed_pick_up_bounces_and_turns_over() -> None:
    out = scenario(
        [home("h1", 5, 7)],
        [[2, "pick_up"], [5, "bounce"]],
        [["activate_move", "h1"], ["move", "h1", [6, 7]]],
        {"carrier": None, "ball": [7, 7], "turnover": True},
        ball=[6, 7],
        rerolls=[0, 0],
    )
    assert out.ok, out.failures


def test_stand_up_costs_three() -> None:
    out = scenario(
        [home("h1", 5, 7, status="prone", stats=[4, 3, 3, 4, 9])],
        [],
        [["activate_move", "h1"], ["move", "h1", [6, 7]]],
        {"players": {"h1": {"at": [6, 7], "status": "standing"}}, "prompt": "activation"},
    )
    assert out.ok, out.failures


def test_stand_up_with_low_movement_needs_four() -> None:
    out = scenario(
        [home("h1", 5, 7, status="prone", stats=[2, 3, 3, 4, 9])],
        [[3, "stand_up"]],
        [["activate_move", "h1"]],
        {"players": {"h1": {"status": "prone"}}, "prompt": "turn"},
        rerolls=[0, 0],
    )
    assert out.ok, out.failures


def test_jump_over_prone_player() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7, status="prone")],
        [[3, "jump"]],
        [["activate_move", "h1"], ["jump", "h1", [7, 7]]],
        {"players": {"h1": {"at": [7, 7], "status": "standing"}}},
    )
    assert out.ok, out.failures


def test_touchdown_by_moving_into_end_zone() -> None:
    out = scenario(
        [home("h1", 24, 7, ball=True), away("a1", 10, 7)],
        [[6, "ko recovery"]] * 0,
        [["activate_move", "h1"], ["move", "h1", [25, 7]]],
        {"score": [1, 0], "events": [{"kind": "touchdown", "player": "h1"}], "prompt": "setup"},
    )
    assert out.ok, out.failures
