"""Agility, Strength and Passing skills (issue 11): what the golden scenarios cannot state.

Which options are offered (Hail Mary Pass, Fumblerooskie) and when the Leader re-roll comes
back (each half, not at extra time).
"""

from __future__ import annotations

from typing import Any

from league_manager.match.actions import HAIL_MARY, MOVE, USE_SKILL, Action
from league_manager.match.engine import Match
from league_manager.match.pitch import sq
from league_manager.match.procedures.game import play_half
from league_manager.match.scenario import build


def _match(players: list[dict[str, Any]], **extra: Any) -> Match:
    data: dict[str, Any] = {"name": "t", "rerolls": [0, 0], "players": players, "dice": [], **extra}
    _scenario, match, _dice = build(data)
    return match


def _kinds(match: Match) -> set[str]:
    assert match.prompt is not None
    return {a.kind for a in match.prompt.options}


def _passer(skills: list[str], **extra: Any) -> Match:
    players = [{"id": "h1", "team": "home", "at": [5, 7], "ball": True, "skills": skills}]
    match = _match(players, **extra)
    match.apply(Action("activate_pass", 0))
    return match


def test_hail_mary_targets_every_square_only_with_the_skill() -> None:
    match = _passer(["Hail Mary Pass"])
    assert match.prompt is not None
    hail = [a for a in match.prompt.options if a.kind == HAIL_MARY]
    assert len(hail) == 26 * 15 - 1
    assert Action(HAIL_MARY, 0, sq(25, 0)) in hail
    assert HAIL_MARY not in _kinds(_passer([]))


def test_no_hail_mary_in_a_blizzard() -> None:
    assert HAIL_MARY not in _kinds(_passer(["Hail Mary Pass"], weather="blizzard"))


def test_fumblerooskie_only_after_vacating_a_square_on_a_move() -> None:
    players = [{"id": "h1", "team": "home", "at": [5, 7], "ball": True, "skills": ["Fumblerooskie"]}]
    match = _match(players)
    match.apply(Action("activate_move", 0))
    assert USE_SKILL not in _kinds(match)
    match.apply(Action(MOVE, 0, sq(6, 7)))
    assert match.prompt is not None
    assert Action(USE_SKILL, 0, sq(5, 7)) in match.prompt.options
    passer = _passer(["Fumblerooskie"])
    passer.apply(Action(MOVE, 0, sq(6, 7)))
    assert USE_SKILL not in _kinds(passer)


def test_leader_reroll_returns_each_half_but_not_in_extra_time() -> None:
    players = [
        {"id": "h1", "team": "home", "at": [5, 7], "skills": ["Leader"]},
        {"id": "a1", "team": "away", "at": [20, 7]},
    ]
    match = _match(players)
    s = match.state
    for half, expected in ((2, [False, True]), (3, [True, True])):  # away has no Leader
        s.leader_used = [True, True]
        proc = play_half(match.ctx, half, 0)
        next(proc)  # runs up to the first set-up prompt of the half
        proc.close()
        assert s.leader_used == expected
