"""Special-action traits: which actions and options they open or close (issue 11)."""

from __future__ import annotations

from typing import Any

from league_manager.match.actions import Action
from league_manager.match.engine import Match
from league_manager.match.pitch import sq
from league_manager.match.scenario import build, parse_action
from league_manager.match.skills.ball_and_chain import template_step
from league_manager.match.skills.registry import registered_skills

TRAITS = {
    "Ball & Chain", "Bloodlust", "Bombardier", "Breathe Fire", "Chainsaw", "Drunkard",
    "Hit and Run", "Kick Team-mate", "Pick-me-up", "Swarming", "Swoop", "Timmm-ber!",
    "Trickster",
}  # fmt: skip


def _match(players: list[dict[str, Any]], actions: list[list[Any]], dice: list[Any]) -> Match:
    scenario, match, _dice = build({"name": "inline", "rerolls": [0, 0], "players": players, "dice": dice})
    for raw in actions:
        match.apply(parse_action(scenario, raw))
    return match


def _kinds(match: Match, player: int) -> set[str]:
    assert match.prompt is not None
    return {a.kind for a in match.prompt.options if a.player == player}


def test_every_trait_of_this_area_has_a_handler() -> None:
    assert registered_skills() >= TRAITS


def test_template_step_faces_the_chosen_way() -> None:
    here = sq(10, 7)
    assert here + template_step(0, 3) == sq(11, 7)
    assert here + template_step(0, 1) == sq(11, 6)
    assert here + template_step(1, 6) == sq(9, 8)
    assert here + template_step(3, 4) == sq(10, 8)


def test_ball_and_chain_player_has_only_its_move() -> None:
    fanatic = {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Ball & Chain", "No Hands"]}
    match = _match([fanatic, {"id": "a1", "team": "away", "at": [6, 7]}], [], [])
    assert _kinds(match, 0) == {"activate_ball_chain"}


def test_bomb_and_kick_team_mate_once_per_turn_besides_the_pass() -> None:
    players = [
        {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Bombardier"]},
        {"id": "h2", "team": "home", "at": [5, 3], "skills": ["Bombardier"]},
        {"id": "h3", "team": "home", "at": [8, 7], "skills": ["Kick Team-mate"], "stats": [5, 5, 4, 4, 10]},
        {"id": "h4", "team": "home", "at": [8, 8], "skills": ["Right Stuff"], "stats": [5, 1, 3, 0, 6]},
        {"id": "a1", "team": "away", "at": [20, 7]},
    ]
    match = _match(players, [["activate_pass", "h1"], ["end_activation"]], [])
    assert "activate_bomb" in _kinds(match, 1)
    assert "activate_ktm" in _kinds(match, 2)
    match.apply(Action("activate_bomb", 1))
    assert match.prompt is not None
    assert {a.kind for a in match.prompt.options} == {"throw_bomb", "end_activation"}  # no moving first
    match.apply(Action("end_activation"))
    match.apply(Action("activate_ktm", 2))
    match.apply(Action("end_activation"))
    assert match.prompt is not None
    kinds = {a.kind for a in match.prompt.options}
    assert "activate_bomb" not in kinds and "activate_ktm" not in kinds


def test_hungry_vampire_may_not_hand_off_until_it_has_bitten() -> None:
    vampire = {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Bloodlust (2+)"], "ball": True}
    thrall = {"id": "h2", "team": "home", "at": [5, 8], "position": "Thrall Lineman"}
    catcher = {"id": "h3", "team": "home", "at": [6, 7]}
    match = _match(
        [vampire, thrall, catcher, {"id": "a1", "team": "away", "at": [20, 7]}],
        [["activate_handoff", "h1"]],
        [[1, "bloodlust"], [3, "injury"], [3, "injury"]],
    )
    assert "handoff" not in _kinds(match, 0)
    assert "bite" in _kinds(match, 0)
    match.apply(Action("bite", 0, sq(5, 8)))
    assert "handoff" in _kinds(match, 0)
    assert "bite" not in _kinds(match, 0)


def test_chainsaw_and_breathe_fire_are_offered_next_to_block() -> None:
    players = [
        {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Chainsaw", "Breathe Fire"]},
        {"id": "a1", "team": "away", "at": [6, 7]},
    ]
    match = _match(players, [["activate_block", "h1"]], [])
    assert {"block", "chainsaw", "breathe_fire"} <= _kinds(match, 0)
