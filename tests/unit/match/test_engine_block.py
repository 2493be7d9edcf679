"""Blocks: dice counts, assists, results, pushes, follow-ups and blocking skills."""

from __future__ import annotations

from typing import Any

from engine_helpers import away, home, scenario

from league_manager.match.actions import Action
from league_manager.match.pitch import sq
from league_manager.match.procedures.block import dice_count
from league_manager.match.scenario import build

NO_RR = {"rerolls": [0, 0]}


def test_dice_count() -> None:
    assert dice_count(3, 3) == (1, True)
    assert dice_count(4, 3) == (2, True)
    assert dice_count(7, 3) == (3, True)
    assert dice_count(3, 4) == (2, False)
    assert dice_count(2, 5) == (3, False)


def test_pow_pushes_then_knocks_down() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7)],
        [[6, "block"], [5, "armour"], [4, "armour"], [3, "injury"], [3, "injury"]],
        [["activate_block", "h1"], ["block", "h1", [6, 7]], ["choose", "a1", [7, 8]], ["no", "h1"]],
        {"players": {"a1": {"at": [7, 8], "status": "stunned"}, "h1": {"at": [5, 7]}}},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_player_down_turns_over() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7)],
        [[1, "block"], [2, "armour"], [2, "armour"]],
        [["activate_block", "h1"], ["block", "h1", [6, 7]]],
        {"players": {"h1": {"status": "prone"}}, "turnover": True, "prompt_team": "away"},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_single_push_square_needs_no_choice() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7), away("a2", 7, 6), away("a3", 7, 8)],
        [[3, "block"]],
        [["activate_block", "h1"], ["block", "h1", [6, 7]], ["no", "h1"]],
        {"players": {"a1": {"at": [7, 7]}}},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_pushed_onto_the_ball_bounces_it() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7)],
        [[3, "block"], [5, "bounce"]],
        [["activate_block", "h1"], ["block", "h1", [6, 7]], ["choose", "a1", [7, 7]], ["no", "h1"]],
        {"ball": [8, 7], "carrier": None, "turnover": False},
        ball=[7, 7],
        **NO_RR,
    )
    assert out.ok, out.failures


def test_ball_carrier_knocked_down_drops_the_ball() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7, ball=True)],
        [[6, "block"], [2, "armour"], [2, "armour"], [5, "bounce"]],
        [["activate_block", "h1"], ["block", "h1", [6, 7]], ["choose", "a1", [7, 7]], ["no", "h1"]],
        {"ball": [8, 7], "carrier": None},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_carrier_pushed_into_crowd_ball_thrown_in() -> None:
    dice = [[3, "block"], [2, "injury"], [2, "injury"], [3, "throw-in direction"]]
    dice += [[1, "throw-in distance"], [1, "throw-in distance"], [4, "catch"]]
    out = scenario(
        [home("h1", 5, 2), home("h2", 5, 1), away("a1", 5, 0, ball=True)],
        dice,
        [["activate_block", "h2"], ["block", "h2", [5, 0]], ["no", "h2"]],
        {
            "players": {"a1": {"status": "reserve"}},
            "carrier": "h1",
            "events": [{"kind": "catch", "modifiers": [["thrown in", -1]]}],
            "turnover": False,
            "prompt": "turn",
        },
        **NO_RR,
    )
    assert out.ok, out.failures


def test_frenzy_must_follow_up() -> None:
    out = scenario(
        [home("h1", 5, 7, skills=["Frenzy"]), away("a1", 6, 7)],
        [[3, "block"], [6, "block"], [2, "armour"], [2, "armour"]],
        [
            ["activate_block", "h1"],
            ["block", "h1", [6, 7]],
            ["choose", "a1", [7, 7]],
            ["yes", "h1", [6, 7]],
            ["choose", "a1", [8, 8]],
            ["yes", "h1", [7, 7]],
        ],
        {"players": {"h1": {"at": [7, 7]}, "a1": {"at": [8, 8], "status": "prone"}}},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_grab_chooses_any_free_square() -> None:
    out = scenario(
        [home("h1", 5, 7, skills=["Grab"]), away("a1", 6, 7)],
        [[3, "block"]],
        [["activate_block", "h1"], ["block", "h1", [6, 7]], ["choose", "a1", [5, 6]], ["no", "h1"]],
        {"players": {"a1": {"at": [5, 6]}}},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_blitz_without_movement_rushes_for_the_block() -> None:
    out = scenario(
        [home("h1", 4, 7, stats=[1, 3, 3, 4, 9]), away("a1", 6, 7)],
        [[1, "rush"], [2, "armour"], [2, "armour"]],
        [
            ["activate_blitz", "h1"],
            ["choose", "h1", [6, 7]],
            ["move", "h1", [5, 7]],
            ["block", "h1", [6, 7]],
        ],
        {"players": {"h1": {"at": [5, 7], "status": "prone"}}, "turnover": True},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_stand_firm_is_a_prompt_for_the_target_coach() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7, skills=["Stand Firm"])],
        [[3, "block"]],
        [["activate_block", "h1"], ["block", "h1", [6, 7]]],
        {"prompt": "use_skill", "prompt_team": "away"},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_juggernaut_blitz_skips_the_stand_firm_and_fend_prompts() -> None:
    out = scenario(
        [home("h1", 5, 7, skills=["Juggernaut"]), away("a1", 6, 7, skills=["Stand Firm", "Fend"])],
        [[3, "block"]],
        [
            ["activate_blitz", "h1"],
            ["choose", "h1", [6, 7]],
            ["block", "h1", [6, 7]],
            ["choose", "a1", [7, 7]],
        ],
        {"prompt": "follow_up", "no_events": ["skill"]},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_no_fend_prompt_when_pushed_into_the_crowd() -> None:
    out = scenario(
        [home("h1", 5, 1), away("a1", 5, 0, skills=["Fend"])],
        [[3, "block"], [3, "injury"], [3, "injury"]],
        [["activate_block", "h1"], ["block", "h1", [5, 0]]],
        {"prompt": "follow_up", "players": {"a1": {"at": None, "status": "reserve"}}},
        **NO_RR,
    )
    assert out.ok, out.failures


def _legal_kinds(
    data: dict[str, Any], actions: list[tuple[str, int, tuple[int, int] | int]], used: bool = False
) -> set[str]:
    """Build a scenario, apply raw actions, return the kinds of the legal actions then."""
    _s, match, _d = build(data)
    if used:
        match.state.skill_used.add((0, "Projectile Vomit"))
    for kind, player, where in actions:
        square = sq(*where) if isinstance(where, tuple) else where
        match.apply(Action(kind, player, square))
    return {a.kind for a in match.legal_actions()}


VOMITER = {
    "name": "x",
    "rerolls": [0, 0],
    "players": [
        home("h1", 5, 7, skills=["Projectile Vomit", "Frenzy"]),
        away("a1", 6, 7),
        away("a2", 15, 7),
    ],
}


def test_projectile_vomit_once_per_turn_in_a_blitz() -> None:
    data = {**VOMITER, "dice": [[4, "projectile vomit"], [2, "armour"], [2, "armour"]]}
    kinds = _legal_kinds(data, [("activate_blitz", 0, -1), ("choose", 0, (6, 7)), ("vomit", 0, (6, 7))])
    assert "move" in kinds
    assert not kinds & {"vomit", "block", "stab"}


def test_projectile_vomit_is_not_followed_by_a_frenzy_block() -> None:
    data = {**VOMITER, "dice": [[4, "projectile vomit"], [2, "armour"], [2, "armour"]]}
    kinds = _legal_kinds(data, [("activate_block", 0, -1), ("vomit", 0, (6, 7))])
    assert "end_turn" in kinds  # back at the turn prompt: the activation ended
    assert not kinds & {"block", "vomit"}


def test_projectile_vomit_used_is_not_offered_again_in_the_turn() -> None:
    kinds = _legal_kinds(VOMITER, [("activate_block", 0, -1)], used=True)
    assert "block" in kinds and "vomit" not in kinds
    assert "vomit" in _legal_kinds(VOMITER, [("activate_block", 0, -1)])
