"""Odds against a table of hand-computed chances (issue: 50 positions, within 0.5 points).

Each row is a small position and the chance worked out by hand from the rules: a D6 test
needing N+ passes (7 - N)/6 of the time, a re-roll gives a second go.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import away, home

from league_manager.match import scenario as scenario_mod
from league_manager.match.engine import Match
from league_manager.match.odds import block_odds, pass_odds
from league_manager.match.overlays import harm_odds
from league_manager.match.paths import plan_moves
from league_manager.match.pitch import sq

TOLERANCE = 0.005


def build(players: list[dict[str, Any]], **extra: Any) -> Match:
    data: dict[str, Any] = {"name": "table", "players": players, "dice": [], "rerolls": [0, 0], **extra}
    return scenario_mod.build(data)[1]


def one_test(q: float, rr: float) -> float:
    """A test passing with chance q, re-rolled with chance rr after a failure."""
    return q + (1 - q) * rr * q


def h1(**kw: Any) -> dict[str, Any]:
    return home("h1", 5, 7, **kw)


WALLS = [home("w1", 6, 6), home("w2", 6, 8)]  # leave (6,7) as the only way east

# (id, players, extra, destination, expected chance of arriving with re-rolls)
MOVES: list[tuple[str, list[dict[str, Any]], dict[str, Any], tuple[int, int], float]] = [
    ("dodge 3+", [h1(), away("a1", 6, 7)], {}, (4, 7), 4 / 6),
    ("dodge into 1 zone", [h1(), away("a1", 6, 7), away("a2", 3, 7)], {}, (4, 7), 3 / 6),
    ("dodge into 2 zones", [h1(), away("a1", 6, 7), away("a2", 3, 7), away("a3", 5, 9)], {}, (4, 8), 2 / 6),
    (
        "dodge AG 2+ into a zone",
        [h1(stats=[6, 3, 2, 4, 9]), away("a1", 6, 7), away("a2", 3, 7)],
        {},
        (4, 7),
        4 / 6,
    ),
    ("dodge AG 4+", [h1(stats=[6, 3, 4, 4, 9]), away("a1", 6, 7)], {}, (4, 7), 3 / 6),
    ("dodge AG 5+", [h1(stats=[6, 3, 5, 4, 9]), away("a1", 6, 7)], {}, (4, 7), 2 / 6),
    (
        "dodge AG 6+ into a zone",
        [h1(stats=[6, 3, 6, 4, 9]), away("a1", 6, 7), away("a2", 3, 7)],
        {},
        (4, 7),
        1 / 6,
    ),
    ("Stunty ignores zones", [h1(skills=["Stunty"]), away("a1", 6, 7), away("a2", 3, 7)], {}, (4, 7), 4 / 6),
    ("Prehensile Tail", [h1(), away("a1", 6, 7, skills=["Prehensile Tail"])], {}, (4, 7), 3 / 6),
    (
        "Dodge skill into a zone",
        [h1(skills=["Dodge"]), away("a1", 6, 7), away("a2", 3, 7)],
        {},
        (4, 7),
        3 / 4,
    ),
    ("team re-roll", [h1(), away("a1", 6, 7)], {"rerolls": [1, 0]}, (4, 7), one_test(4 / 6, 1)),
    (
        "Loner 4+",
        [h1(skills=["Loner (4+)"]), away("a1", 6, 7)],
        {"rerolls": [1, 0]},
        (4, 7),
        one_test(4 / 6, 1 / 2),
    ),
    ("Pro", [h1(skills=["Pro"]), away("a1", 6, 7)], {}, (4, 7), one_test(4 / 6, 4 / 6)),
    (
        "Tackle and a team re-roll",
        [h1(skills=["Dodge"]), away("a1", 6, 7, skills=["Tackle"])],
        {"rerolls": [1, 0]},
        (4, 7),
        one_test(4 / 6, 1),
    ),
    ("Diving Tackle", [h1(), away("a1", 6, 7, skills=["Diving Tackle"])], {}, (4, 7), 2 / 6),
    ("one rush", [h1(stats=[1, 3, 3, 4, 9])], {}, (7, 7), 5 / 6),
    ("two rushes", [h1(stats=[1, 3, 3, 4, 9])], {}, (8, 7), (5 / 6) ** 2),
    ("blizzard rush", [h1(stats=[1, 3, 3, 4, 9])], {"weather": "blizzard"}, (7, 7), 4 / 6),
    (
        "blizzard two rushes, team re-roll",
        [h1(stats=[1, 3, 3, 4, 9])],
        {"weather": "blizzard", "rerolls": [1, 0]},
        (8, 7),
        (4 / 6) ** 2 * (1 + 2 * 2 / 6),
    ),
    (
        "Sure Feet two rushes",
        [h1(stats=[1, 3, 3, 4, 9], skills=["Sure Feet"])],
        {},
        (8, 7),
        (5 / 6) ** 2 * (1 + 2 / 6),
    ),
    ("Sprint third rush", [h1(stats=[1, 3, 3, 4, 9], skills=["Sprint"])], {}, (9, 7), (5 / 6) ** 3),
    ("pick-up", [h1()], {"ball": [7, 7]}, (7, 7), 4 / 6),
    ("pick-up in a zone", [h1(), away("a1", 8, 8)], {"ball": [7, 7]}, (7, 7), 3 / 6),
    ("pick-up in rain", [h1()], {"ball": [7, 7], "weather": "pouring_rain"}, (7, 7), 3 / 6),
    ("Sure Hands pick-up", [h1(skills=["Sure Hands"])], {"ball": [7, 7]}, (7, 7), one_test(4 / 6, 1)),
    (
        "jump over the prone",
        [h1(stats=[2, 3, 2, 4, 9]), *WALLS, away("a1", 6, 7, status="prone")],
        {},
        (7, 7),
        5 / 6,
    ),  # 2+ beats walking round with two rushes (25/36)
    (
        "Leap out of two zones",
        [
            h1(stats=[6, 3, 3, 4, 9], skills=["Leap"]),
            away("a1", 5, 6),
            away("a2", 5, 8),
            home("w1", 4, 6),
            home("w2", 4, 7),
            home("w3", 4, 8),
            home("w4", 6, 6),
            home("w5", 6, 7),
            home("w6", 6, 8),
        ],
        {},
        (7, 7),
        3 / 6,
    ),
    ("stand up 4+ then rush", [h1(stats=[2, 3, 3, 4, 9], status="prone")], {}, (6, 7), 3 / 6 * 5 / 6),
    ("stand up costs 3", [h1(stats=[4, 3, 3, 4, 9], status="prone")], {}, (8, 7), 5 / 6 * 5 / 6),
    ("round the tackle zone", [h1(), away("a1", 7, 7)], {}, (9, 7), 1.0),
]


@pytest.mark.parametrize(
    ("players", "extra", "dest", "expected"), [r[1:] for r in MOVES], ids=[r[0] for r in MOVES]
)
def test_move_chances(
    players: list[dict[str, Any]], extra: dict[str, Any], dest: tuple[int, int], expected: float
) -> None:
    plan = plan_moves(build(players, **extra), 0)[sq(*dest)]
    assert abs(plan.p_with_rerolls - expected) <= TOLERANCE


def blocker(**kw: Any) -> dict[str, Any]:
    return home("h1", 5, 7, **kw)


def target(**kw: Any) -> dict[str, Any]:
    return away("a1", 6, 7, **kw)


# (id, players, blitz, result, expected chance)
BLOCKS: list[tuple[str, list[dict[str, Any]], bool, str, float]] = [
    ("1 die defender down", [blocker(), target()], False, "defender_down", 2 / 6),
    ("1 die both down", [blocker(), target()], False, "both_down", 1 / 6),
    ("3 dice", [blocker(stats=[6, 7, 3, 4, 9]), target()], False, "defender_down", 1 - (4 / 6) ** 3),
    (
        "2 dice for the defender",
        [blocker(), target(stats=[6, 4, 3, 4, 9])],
        False,
        "attacker_down",
        1 - (5 / 6) ** 2,
    ),
    (
        "3 dice for the defender",
        [blocker(), target(stats=[6, 7, 3, 4, 9])],
        False,
        "defender_down",
        (2 / 6) ** 3,
    ),
    ("Block v Block", [blocker(skills=["Block"]), target(skills=["Block"])], False, "nothing", 1 / 6),
    (
        "Block, 2 dice",
        [blocker(skills=["Block"]), home("h2", 7, 8), target()],
        False,
        "defender_down",
        1 - (3 / 6) ** 2,
    ),
    ("Dodge defender", [blocker(), target(skills=["Dodge"])], False, "push", 3 / 6),
    ("Tackle v Dodge", [blocker(skills=["Tackle"]), target(skills=["Dodge"])], False, "defender_down", 2 / 6),
    (
        "marked helper gives no assist",
        [blocker(), home("h2", 7, 8), target(), away("a2", 8, 9)],
        False,
        "defender_down",
        2 / 6,
    ),
    (
        "Guard assists anyway",
        [blocker(), home("h2", 7, 8, skills=["Guard"]), target(), away("a2", 8, 9)],
        False,
        "defender_down",
        1 - (4 / 6) ** 2,
    ),
    ("Horns on a Blitz", [blocker(skills=["Horns"]), target()], True, "defender_down", 1 - (4 / 6) ** 2),
]


@pytest.mark.parametrize(
    ("players", "blitz", "result", "expected"), [r[1:] for r in BLOCKS], ids=[r[0] for r in BLOCKS]
)
def test_block_chances(players: list[dict[str, Any]], blitz: bool, result: str, expected: float) -> None:
    m = build(players)
    a1 = next(p for p in range(m.state.size) if m.state.team[p] == 1 and m.state.pos[p] == sq(6, 7))
    odds = block_odds(m, 0, a1, blitz)
    assert abs(odds.outcomes.get(result, 0.0) - expected) <= TOLERANCE


def thrower(**kw: Any) -> dict[str, Any]:
    return home("h1", 5, 7, ball=True, **kw)


# (id, players, extra, target square, field, expected)
PASSES: list[tuple[str, list[dict[str, Any]], dict[str, Any], tuple[int, int], str, float]] = [
    ("quick PA 3+", [thrower(stats=[6, 3, 3, 3, 9])], {}, (7, 7), "p_accurate", 4 / 6),
    ("short PA 4+", [thrower()], {}, (10, 7), "p_accurate", 2 / 6),
    ("long bomb PA 3+", [thrower(stats=[6, 3, 3, 3, 9])], {}, (17, 7), "p_accurate", 1 / 6),
    ("Pass skill", [thrower(skills=["Pass"])], {}, (7, 7), "p_accurate_rr", 3 / 4),
    (
        "Nerves of Steel",
        [thrower(skills=["Nerves of Steel"]), away("a1", 4, 7)],
        {},
        (7, 7),
        "p_accurate",
        3 / 6,
    ),
    ("marked thrower", [thrower(), away("a1", 4, 7)], {}, (7, 7), "p_accurate", 2 / 6),
    ("catch AG 3+", [thrower(), home("h2", 7, 7)], {}, (7, 7), "p_catch", 4 / 6),
    (
        "catch in two zones",
        [thrower(), home("h2", 7, 7), away("a1", 8, 6), away("a2", 8, 8)],
        {},
        (7, 7),
        "p_catch",
        2 / 6,
    ),
    (
        "Catch skill",
        [thrower(), home("h2", 7, 7, skills=["Catch"])],
        {},
        (7, 7),
        "p_catch_rr",
        one_test(4 / 6, 1),
    ),
    ("catch in rain", [thrower(), home("h2", 7, 7)], {"weather": "pouring_rain"}, (7, 7), "p_catch", 3 / 6),
    (
        "AG 2+ interceptor",
        [thrower(), home("h2", 9, 7), away("a1", 7, 7, stats=[6, 3, 2, 4, 9])],
        {},
        (9, 7),
        "p_interception",
        2 / 6 * 4 / 6,
    ),
]


@pytest.mark.parametrize(
    ("players", "extra", "dest", "field", "expected"), [r[1:] for r in PASSES], ids=[r[0] for r in PASSES]
)
def test_pass_chances(
    players: list[dict[str, Any]], extra: dict[str, Any], dest: tuple[int, int], field: str, expected: float
) -> None:
    odds = pass_odds(build(players, **extra), 0, sq(*dest))
    assert abs(getattr(odds, field) - expected) <= TOLERANCE


def test_harm_chances() -> None:
    m = build(
        [
            home("h1", 5, 7, skills=["Dirty Player (+1)"]),
            away("a1", 6, 7, status="prone", stats=[6, 3, 3, 4, 8]),
        ]
    )
    assert abs(harm_odds(m, 1, by=-1).p_break - 15 / 36) <= TOLERANCE  # AV 8+ on 2D6
    assert abs(harm_odds(m, 1, by=0, foul=True).p_break - 21 / 36) <= TOLERANCE  # +1 when it helps
