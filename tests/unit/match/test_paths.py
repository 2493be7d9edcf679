"""Movement plans: golden chances, safest-path choice, and every plan walks in the engine."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import away, home
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league_manager.match import scenario as scenario_mod
from league_manager.match.actions import (
    ACTIVATE,
    ACTIVATION,
    DECLINE,
    MOVE,
    REROLL,
    USE_PRO,
    USE_SKILL,
    USE_SKILL_PROMPT,
    USE_SKILL_REROLL,
    USE_TEAM_REROLL,
    Action,
)
from league_manager.match.core import Ctx
from league_manager.match.engine import Match
from league_manager.match.paths import Budget, activation_budget, plan_moves
from league_manager.match.pitch import W, scoring_x, sq
from league_manager.match.procedures.activation import _activation_options
from league_manager.match.skills import points
from league_manager.match.state import STANDING
from league_manager.rules.dice import SeededDice


def build(players: list[dict[str, Any]], dice: list[int] | None = None, **extra: Any) -> Match:
    """A match at the start of a home turn; the dice default to sixes."""
    data: dict[str, Any] = {"name": "paths", "players": players, "dice": dice or [6] * 80, **extra}
    _scenario, match, _dice = scenario_mod.build(data)
    return match


def test_open_field_squares_need_no_roll() -> None:
    m = build([home("h1", 5, 7)], rerolls=[0, 0])
    plans = plan_moves(m, 0)
    assert (
        len(plans)
        == len({sq(x, y) for x in range(14) for y in range(15) if max(abs(x - 5), abs(y - 7)) <= 8}) - 1
    )
    plan = plans[sq(11, 7)]
    assert len(plan.path) == 6 and plan.path[-1] == sq(11, 7)
    assert plan.rolls == 0 and plan.p_no_reroll == plan.p_with_rerolls == 1.0
    rush = plans[sq(13, 7)]
    assert rush.rolls == 2 and rush.steps[-1].rush == 2 and rush.steps[-1].rushes == 1
    assert rush.steps[-1].needs() == [("rush", 2)] and rush.steps[-1].label == "2+"
    assert plan.steps[-1].label == ""
    assert rush.p_no_reroll == pytest.approx((5 / 6) ** 2)
    assert sq(14, 7) not in plans


def test_dodge_with_dodge_skill_is_one_minus_a_third_squared() -> None:
    m = build([home("h1", 5, 7, skills=["Dodge"]), away("a1", 6, 7)], rerolls=[0, 0])
    plan = plan_moves(m, 0)[sq(4, 7)]
    assert plan.steps[0].dodge == 3
    assert plan.p_no_reroll == pytest.approx(2 / 3)
    assert plan.p_with_rerolls == pytest.approx(1 - (1 / 3) ** 2)


def test_marked_destination_and_tackle() -> None:
    # a2 marks every square h1 can dodge to: 3+ with -1.
    players = [home("h1", 5, 7, skills=["Dodge"]), away("a1", 6, 7), away("a2", 3, 7)]
    plan = plan_moves(build(players, rerolls=[0, 0]), 0)[sq(4, 7)]
    assert plan.steps[0].dodge == 4
    assert plan.p_with_rerolls == pytest.approx(1 - (1 / 2) ** 2)
    players[1] = away("a1", 6, 7, skills=["Tackle"])  # cancels Dodge; the team re-roll works
    plan = plan_moves(build(players, rerolls=[1, 0]), 0)[sq(4, 7)]
    assert plan.p_with_rerolls == pytest.approx(1 / 2 + 1 / 2 * 1 / 2)
    assert plan_moves(build(players, rerolls=[0, 0]), 0)[sq(4, 7)].p_with_rerolls == 0.5


def test_blizzard_rush_sure_feet_and_sprint() -> None:
    players = [home("h1", 5, 7, stats=[2, 3, 3, 4, 9], skills=["Sure Feet", "Sprint"])]
    plans = plan_moves(build(players, rerolls=[0, 0], weather="blizzard"), 0)
    plan = plans[sq(10, 7)]  # 2 squares of MA and 3 rushes (Sprint)
    assert [s.rush for s in plan.steps] == [0, 0, 3, 3, 3]
    q = 4 / 6
    assert plan.p_no_reroll == pytest.approx(q**3)
    assert plan.p_with_rerolls == pytest.approx(q**3 * (1 + 3 * (1 - q)))
    assert sq(11, 7) not in plans


def test_safest_path_goes_round_rather_than_dodging() -> None:
    # Straight on, leaving a1's tackle zone at (6,7) costs a dodge; round by y = 9 costs none.
    players = [home("h1", 5, 7), away("a1", 7, 7)]
    plan = plan_moves(build(players, rerolls=[0, 0]), 0)[sq(9, 7)]
    assert plan.rolls == 0 and plan.p_no_reroll == 1.0
    assert len(plan.path) == 6


def test_reroll_sources_decide_the_safest_path() -> None:
    # To (7,7): a 3+ dodge out of (6,6) that Dodge re-rolls (8/9), or round by two rushes
    # (25/36). Without the skill re-roll the rushes would be safer (2/3 < 25/36).
    walls = [home("h2", 6, 7), home("h3", 6, 8), away("a1", 7, 5)]
    dodger = [home("h1", 5, 7, stats=[2, 3, 3, 4, 9], skills=["Dodge"]), *walls]
    plan = plan_moves(build(dodger, rerolls=[0, 0]), 0)[sq(7, 7)]
    assert plan.path == (sq(6, 6), sq(7, 7)) and plan.steps[1].dodge == 3
    assert plan.p_with_rerolls == pytest.approx(8 / 9)
    plain = [home("h1", 5, 7, stats=[2, 3, 3, 4, 9]), *walls]
    plan = plan_moves(build(plain, rerolls=[0, 0]), 0)[sq(7, 7)]
    assert len(plan.path) == 4 and plan.rolls == 2
    assert plan.p_with_rerolls == pytest.approx(25 / 36)


def test_pick_up_and_loner_with_team_reroll() -> None:
    players = [home("h1", 5, 7, skills=["Loner (4+)"])]
    plan = plan_moves(build(players, rerolls=[1, 0], ball=[7, 7]), 0)[sq(7, 7)]
    assert plan.steps[-1].pick_up == 3 and plan.steps[-1].label == "3+"
    assert plan.p_with_rerolls == pytest.approx(4 / 6 + 2 / 6 * 1 / 2 * 4 / 6)


def test_touchdown_ends_the_plan() -> None:
    players = [home("h1", 23, 7, ball=True)]
    plans = plan_moves(build(players, rerolls=[0, 0]), 0)
    assert sq(25, 7) in plans
    assert all(len(p.path) <= 2 or p.path[-2] % 28 - 1 != 25 for p in plans.values())


def test_prone_player_stands_up_first() -> None:
    players = [home("h1", 5, 7, status="prone")]
    plans = plan_moves(build(players), 0)
    assert max(len(p.path) for p in plans.values()) == 3 + 2
    slow = [home("h1", 5, 7, status="prone", stats=[2, 3, 3, 4, 9])]
    plans = plan_moves(build(slow, rerolls=[0, 0]), 0)
    assert plans[sq(6, 7)].p_no_reroll == pytest.approx(3 / 6 * 5 / 6)  # 4+ to stand, a rush


def test_jump_over_a_prone_player_and_block_action_cannot_move() -> None:
    walls = [home("h2", 6, 6), home("h3", 6, 8), away("a1", 6, 7, status="prone")]
    m = build([home("h1", 5, 7, stats=[2, 3, 2, 4, 9]), *walls], rerolls=[0, 0])
    plan = plan_moves(m, 0)[sq(7, 7)]  # a 2+ jump beats walking round with two rushes
    assert plan.path == (sq(7, 7),) and plan.steps[0].kind == "jump" and plan.steps[0].jump == 2
    assert plan.p_no_reroll == pytest.approx(5 / 6)
    assert plan.actions(0) == [Action("jump", 0, sq(7, 7))]
    assert plan_moves(m.ctx, 0, Budget(0, 0)) == {}


def test_mid_activation_uses_the_movement_left() -> None:
    m = build([home("h1", 5, 7), away("a1", 20, 2)], rerolls=[0, 0])
    m.apply(Action(ACTIVATE[MOVE], 0))
    for x in (6, 7, 8, 9, 10):
        m.apply(Action(MOVE, 0, sq(x, 7)))
    plans = plan_moves(m, 0)
    assert sq(11, 7) in plans and plans[sq(11, 7)].rolls == 0
    assert plans[sq(13, 7)].rolls == 2
    assert sq(14, 7) not in plans
    assert plan_moves(m, 1) == {} and plan_moves(m, 7) == {}


# Property: every plan walks in the engine -------------------------------------------
_SKILLS = st.lists(
    st.sampled_from(["Dodge", "Sure Feet", "Sprint", "Leap", "Sure Hands", "Jump Up"]), max_size=2
)
_FOE_SKILLS = st.lists(st.sampled_from(["Tackle", "Prehensile Tail", "Diving Tackle"]), max_size=1)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    squares = draw(
        st.lists(st.tuples(st.integers(1, 24), st.integers(0, 14)), min_size=2, max_size=9, unique=True)
    )
    (x, y), rest = squares[0], squares[1:]
    ma = draw(st.integers(1, 9))
    status = draw(st.sampled_from(["standing", "standing", "prone"]))
    players = [
        home("h1", x, y, stats=[ma, 3, draw(st.integers(2, 5)), 4, 9], skills=draw(_SKILLS), status=status)
    ]
    for i, (fx, fy) in enumerate(rest):
        mine = draw(st.booleans()) and i % 3 == 0
        player = (home if mine else away)(f"p{i}", fx, fy, skills=[] if mine else draw(_FOE_SKILLS))
        player["status"] = draw(st.sampled_from(["standing", "standing", "prone"]))
        players.append(player)
    extra: dict[str, Any] = {"rerolls": [draw(st.integers(0, 2)), 0]}
    ball = draw(st.tuples(st.integers(2, 23), st.integers(0, 14)))
    if ball not in squares:
        extra["ball"] = list(ball)
    extra["weather"] = draw(st.sampled_from(["perfect", "blizzard"]))
    return {"players": players, **extra}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_plan_walks_through_match_apply(spec: dict[str, Any]) -> None:
    plans = plan_moves(build(spec["players"], **_extra(spec)), 0)
    assert set(plans) == _engine_reachable(build(spec["players"], **_extra(spec)), 0)
    for square, plan in plans.items():
        m = build(spec["players"], **_extra(spec))
        events = list(m.apply(Action(ACTIVATE[MOVE], 0)))
        for action in plan.actions(0):
            assert m.prompt is not None and m.prompt.kind == ACTIVATION
            assert m.is_legal(action), (square, plan.path, action)
            events += m.apply(action)
            while (
                m.prompt is not None and m.prompt.kind != ACTIVATION and Action(DECLINE) in m.prompt.options
            ):
                events += m.apply(Action(DECLINE))  # the opponent declines Shadowing and the like
        kinds = [e.kind for e in events]
        assert "turnover" not in kinds
        if "touchdown" not in kinds:
            assert m.state.pos[0] == square and m.state.status[0] == STANDING
        tests = ("dodge", "rush", "jump", "pick_up", "stand_up")
        rolled = sum(1 for e in events if e.kind in tests and e.rolls)
        assert rolled == plan.rolls


def _engine_reachable(m: Match, p: int) -> set[int]:
    """Squares the engine's own activation options lead to, every roll succeeding."""
    budget = activation_budget(m, p)
    assert budget is not None
    state = m.state.clone()
    c = Ctx(state, m.dice, {})
    state.status[p] = STANDING  # a prone player stands up first
    start, loose = state.pos[p], state.ball if state.carrier < 0 else -1
    goal = scoring_x(state.team[p])
    first = (start, budget.mp, budget.rushes, budget.jumped, state.carrier == p)
    todo, seen, reached = [first], {first}, set()
    while todo:
        square, mp, rushes, jumped, carry = todo.pop()
        if carry and square != start and square % W - 1 == goal:
            continue  # touchdown
        state.carrier = p if carry else -1
        state.ball = square if carry else loose
        state.place(p, square)
        for a in _activation_options(c, p, MOVE, mp, rushes, jumped, False):
            if a.kind not in (MOVE, "jump"):
                continue
            if a.square == loose and not carry and c.has(p, points.NO_HANDS):
                continue  # the pick-up always fails: a turnover
            cost = 2 if a.kind == "jump" else 1
            node = (a.square, max(0, mp - cost), rushes - max(0, cost - mp), jumped or cost == 2,
                    carry or a.square == loose)  # fmt: skip
            reached.add(a.square)
            if node not in seen:
                seen.add(node)
                todo.append(node)
    reached.discard(start)
    return reached


def _extra(spec: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in spec.items() if k != "players"}


# Monte-Carlo: the engine itself, re-rolling as the planner assumes -----------------------
def _walk(spec: dict[str, Any], plan_actions: list[Action], seed: int) -> bool:
    m = build(spec["players"], **_extra(spec))
    m.dice = m.ctx.dice = SeededDice(seed)
    m.apply(Action(ACTIVATE[MOVE], 0))
    for action in plan_actions:
        if m.prompt is None or m.prompt.kind != ACTIVATION or not m.is_legal(action):
            return False
        m.apply(action)
        while m.prompt is not None and m.prompt.kind in (REROLL, USE_SKILL_PROMPT):
            m.apply(_answer(m.prompt.options, loner=m.ctx.has(0, points.LONER)))
    return (
        m.state.pos[0] == plan_actions[-1].square and m.state.status[0] == STANDING and not m.state.turnover
    )


def _answer(options: list[Action], loner: bool = False) -> Action:
    """Skill re-roll first, then the surer of a team re-roll (Loner 4+: 1/2) and Pro (2/3)."""
    kinds = [a.kind for a in options]
    order = (
        (USE_SKILL_REROLL, USE_PRO, USE_TEAM_REROLL)
        if loner
        else (USE_SKILL_REROLL, USE_TEAM_REROLL, USE_PRO)
    )
    for kind in order:
        if kind in kinds:
            return options[kinds.index(kind)]
    opponent_skill = [a for a in options if a.kind == USE_SKILL and a.player != 0]
    return opponent_skill[0] if opponent_skill else Action(DECLINE)


@pytest.mark.parametrize(
    "spec",
    [
        {
            "players": [
                home("h1", 5, 7, stats=[4, 3, 3, 4, 9], skills=["Dodge", "Sure Feet"]),
                away("a1", 6, 7, skills=["Tackle"]),
                away("a2", 6, 5),
                away("a3", 4, 9),
            ],
            "rerolls": [1, 0],
            "ball": [8, 8],
        },
        {
            "players": [
                home("h1", 5, 7, stats=[3, 3, 4, 4, 9], skills=["Loner (4+)", "Pro"]),
                away("a1", 6, 6, skills=["Diving Tackle"]),
                away("a2", 4, 8),
            ],
            "rerolls": [2, 0],
            "weather": "blizzard",
            "ball": [7, 9],
        },
    ],
)
def test_chances_match_the_engine_monte_carlo(spec: dict[str, Any]) -> None:
    plans = plan_moves(build(spec["players"], **_extra(spec)), 0)
    runs = 600
    checked = 0
    useful = [s for s, p in plans.items() if p.rolls >= 2 and 0.1 < p.p_with_rerolls < 0.97]
    ranked = sorted(useful, key=lambda s: (plans[s].p_with_rerolls, s))
    for square in (ranked[0], ranked[len(ranked) // 2], ranked[-1]):
        plan = plans[square]
        wins = sum(_walk(spec, plan.actions(0), seed) for seed in range(runs))
        sigma = (plan.p_with_rerolls * (1 - plan.p_with_rerolls) / runs) ** 0.5
        assert abs(wins / runs - plan.p_with_rerolls) <= 4 * sigma + 0.01, (square, plan)
        checked += 1
    assert checked == 3
