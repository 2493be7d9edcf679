"""The greedy bot uses star players' once-per-game rules when they clearly pay, else keeps them."""

from __future__ import annotations

from typing import Any

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.bots.star_sense import star_choice
from league_manager.match.engine import Match
from league_manager.match.pitch import distance, sq
from league_manager.match.scenario import Scenario, build


def _position(players: list[dict[str, Any]], **extra: Any) -> tuple[Scenario, Match]:
    data = {"name": "bot", "rerolls": [0, 0], "players": players, "dice": [], **extra}
    scenario, match, _dice = build(data)
    return scenario, match


def _choose(match: Match) -> Action:
    action = GreedyBot(seed=1).choose(match)
    assert match.prompt is not None and action in match.prompt.options
    return action


def test_thorsson_throws_his_keg_at_the_opposing_carrier() -> None:
    sc, match = _position(
        [
            {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Beer Barrel Bash!"]},
            {"id": "a1", "team": "away", "at": [8, 7], "ball": True},
            {"id": "a2", "team": "away", "at": [6, 9]},
        ]
    )
    assert _choose(match) == Action(acts.ACTIVATE[acts.MOVE], sc.index("h1"))
    match.apply(Action(acts.ACTIVATE[acts.MOVE], sc.index("h1")))
    assert match.prompt is not None and match.prompt.kind == acts.USE_SKILL_PROMPT
    assert _choose(match) == Action(acts.USE_SKILL, sc.index("h1"), sq(8, 7))


def test_the_keg_is_kept_when_no_target_holds_the_ball() -> None:
    sc, match = _position(
        [
            {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Beer Barrel Bash!"]},
            {"id": "a1", "team": "away", "at": [8, 7]},
        ],
        ball=[20, 7],
    )
    match.apply(Action(acts.ACTIVATE[acts.MOVE], sc.index("h1")))
    assert _choose(match).kind == acts.DECLINE


def test_an_astray_blast_is_steered_at_the_shooters_ball_carrier() -> None:
    sc, match = _position(
        [
            {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Then I Started Blastin'!"]},
            {"id": "h2", "team": "home", "at": [6, 9]},
            {"id": "h3", "team": "home", "at": [4, 5], "ball": True},
            {"id": "a1", "team": "away", "at": [8, 7]},
        ]
    )
    match.apply(Action(acts.ACTIVATE[acts.MOVE], sc.index("h1")))
    assert _choose(match).kind == acts.DECLINE  # no carrier to shoot at: the use is kept
    _sc, match = _position(
        [
            {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Then I Started Blastin'!"]},
            {"id": "h2", "team": "home", "at": [6, 9]},
            {"id": "h3", "team": "home", "at": [4, 5], "ball": True},
            {"id": "a1", "team": "away", "at": [8, 7]},
        ],
        dice=[[2, "blastin"]],
    )
    match.apply(Action(acts.ACTIVATE[acts.MOVE], sc.index("h1")))
    match.apply(Action(acts.USE_SKILL, sc.index("h1"), sq(8, 7)))
    assert match.prompt is not None and match.prompt.team == 1 and match.prompt.info.get("misfire")
    assert _choose(match) == Action(acts.CHOOSE, sc.index("h3"), sq(4, 5))


def test_maple_vines_the_carrier_two_squares_away_but_not_a_lineman() -> None:
    sc, match = _position(
        [
            {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Vicious Vines"]},
            {"id": "a1", "team": "away", "at": [7, 7], "ball": True},
        ]
    )
    assert _choose(match) == Action(acts.ACTIVATE[acts.BLOCK], sc.index("h1"))
    match.apply(Action(acts.ACTIVATE[acts.BLOCK], sc.index("h1")))
    assert _choose(match) == Action(acts.BLOCK, sc.index("h1"), sq(7, 7))
    _sc, match = _position(
        [
            {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Vicious Vines"]},
            {"id": "a1", "team": "away", "at": [7, 7]},
        ],
        ball=[20, 7],
    )
    assert _choose(match) != Action(acts.ACTIVATE[acts.BLOCK], sc.index("h1"))


def test_swiftvine_spends_the_blitz_on_an_outburst_at_the_carrier() -> None:
    sc, match = _position(
        [
            {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Furious Outburst"]},
            {"id": "a1", "team": "away", "at": [8, 7], "ball": True},
        ]
    )
    assert _choose(match) == Action(acts.ACTIVATE[acts.BLITZ], sc.index("h1"))
    match.apply(Action(acts.ACTIVATE[acts.BLITZ], sc.index("h1")))
    assert _choose(match) == Action(acts.USE_SKILL, sc.index("h1"), sq(8, 7))


def test_scrappa_interferes_with_yoink() -> None:
    sc, match = _position(
        [
            {"id": "h1", "team": "home", "at": [5, 7], "ball": True},
            {"id": "h2", "team": "home", "at": [9, 7]},
            {"id": "a1", "team": "away", "at": [7, 7], "skills": ["Yoink!"]},
        ],
        dice=[[6, "pass"]],
    )
    match.apply(Action(acts.ACTIVATE[acts.PASS], sc.index("h1")))
    match.apply(Action(acts.PASS, sc.index("h1"), sq(9, 7)))
    assert match.prompt is not None and match.prompt.kind == acts.INTERFERENCE
    choice = _choose(match)
    assert choice.player == sc.index("a1")
    match.apply(choice)
    assert _choose(match) == Action(acts.USE_SKILL, sc.index("a1"))


def test_savage_blow_rerolls_only_the_bad_dice_and_only_without_a_knock_down() -> None:
    prompt = acts.Prompt(
        acts.USE_SKILL_PROMPT,
        0,
        [Action(acts.USE_SKILL, 0, m) for m in (1, 2, 3)] + [Action(acts.DECLINE)],
        {"skill": "Savage Blow", "player": 0, "dice": ["Player Down", "Push Back"]},
    )
    _sc, match = _position(
        [{"id": "h1", "team": "home", "at": [5, 7]}, {"id": "a1", "team": "away", "at": [6, 7]}]
    )
    assert star_choice(match, prompt) == Action(acts.USE_SKILL, 0, 1)
    prompt.info["dice"] = ["Player Down", "POW"]
    assert star_choice(match, prompt) is None


def test_treacherous_only_when_the_star_can_then_score() -> None:
    for x, used in ((20, True), (5, False)):
        sc, match = _position(
            [
                {"id": "h1", "team": "home", "at": [x, 7], "skills": ["Treacherous"]},
                {"id": "h2", "team": "home", "at": [x + 1, 7], "ball": True},
                {"id": "a1", "team": "away", "at": [2, 2]},
            ]
        )
        match.apply(Action(acts.ACTIVATE[acts.MOVE], sc.index("h1")))
        assert (_choose(match).kind == acts.USE_SKILL) is used


def test_a_caught_bomb_is_thrown_on_at_the_opponents_not_back_at_the_own_side() -> None:
    sc, match = _position(
        [
            {"id": "h1", "team": "home", "at": [5, 7], "stats": [5, 2, 3, 3, 8], "skills": ["Bombardier"]},
            {"id": "h2", "team": "home", "at": [5, 8]},
            {"id": "a1", "team": "away", "at": [9, 7]},
        ],
        dice=[[5, "pass"], [4, "bomb_catch"], [3, "bomb fuse"]],
    )
    match.apply(Action(acts.ACTIVATE[acts.BOMB], sc.index("h1")))
    match.apply(Action(acts.THROW_BOMB, sc.index("h1"), sq(9, 7)))
    assert match.prompt is not None and match.prompt.team == 1 and match.prompt.info.get("thrown_on")
    choice = _choose(match)
    assert choice.kind == acts.THROW_BOMB
    assert distance(choice.square, sq(5, 7)) <= 1 and distance(choice.square, sq(5, 8)) <= 1


def test_kaboom_when_an_opponent_catches_the_bomb() -> None:
    sc, match = _position(
        [
            {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Bombardier", "Kaboom!"]},
            {"id": "a1", "team": "away", "at": [9, 7]},
        ],
        dice=[[5, "pass"], [4, "bomb_catch"]],
    )
    match.apply(Action(acts.ACTIVATE[acts.BOMB], sc.index("h1")))
    match.apply(Action(acts.THROW_BOMB, sc.index("h1"), sq(9, 7)))
    assert match.prompt is not None and match.prompt.info.get("skill") == "Kaboom!"
    assert _choose(match) == Action(acts.USE_SKILL, sc.index("h1"))
