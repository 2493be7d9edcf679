"""Player spells that last for the drive: Zap!'s frog (Badly Hurt casualties, no apothecary),
One Thousand Cuts and Plague of Warts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from league_manager.match.engine import Match
from league_manager.match.inducements.frog import FROG_SKILLS
from league_manager.match.procedures.injury import casualty
from league_manager.match.procedures.prayers import expire
from league_manager.match.scenario import build, parse_action

SCENARIO = Path(__file__).parents[2] / "scenarios" / "inducements" / "wizard_zap_frog.json"


def _zapped() -> tuple[Match, int]:
    data = json.loads(SCENARIO.read_text())
    scenario, match, _dice = build(data)
    match.apply(parse_action(scenario, ["choose", "a1", 1]))
    return match, scenario.index("a1")


def test_frog_profile_lasts_until_the_drive_ends() -> None:
    match, p = _zapped()
    s = match.state
    assert (s.ma[p], s.st[p], s.ag[p], s.pa[p], s.av[p]) == (5, 1, 2, 0, 5)
    assert s.skills[p] == FROG_SKILLS
    expire(match.ctx, "drive")
    assert (s.ma[p], s.st[p], s.ag[p], s.pa[p], s.av[p]) == (6, 3, 3, 4, 9)
    assert "No Hands" not in s.skills[p] and p not in s.frogs


def test_a_frog_casualty_is_badly_hurt_without_a_roll() -> None:
    match, p = _zapped()
    s = match.state
    s.apothecary[1] = True
    with pytest.raises(StopIteration):
        next(casualty(match.ctx, p, -1, False))
    assert s.stats[p].injury == "Badly Hurt"
    assert s.apothecary[1]  # never offered for a frog


def test_one_thousand_cuts_lasts_until_the_drive_ends() -> None:
    data = json.loads((SCENARIO.parent / "wizard_thousand_cuts.json").read_text())
    scenario, match, _dice = build(data)
    p = scenario.index("a2")
    match.apply(parse_action(scenario, ["choose", "a2", 1]))
    s = match.state
    assert (s.ma[p], s.st[p], s.ag[p]) == (5, 2, 4)
    expire(match.ctx, "drive")
    assert (s.ma[p], s.st[p], s.ag[p]) == (6, 3, 3)


def test_plague_of_warts_lasts_until_the_drive_ends() -> None:
    data = json.loads((SCENARIO.parent / "wizard_plague_of_warts.json").read_text())
    scenario, match, _dice = build(data)
    p = scenario.index("a2")
    match.apply(parse_action(scenario, ["choose", "a2", 1]))
    s = match.state
    assert (s.ma[p], s.st[p], s.ag[p]) == (5, 2, 4)
    assert {"Disturbing Presence", "Foul Appearance"} <= s.skills[p]
    expire(match.ctx, "drive")
    assert (s.ma[p], s.st[p], s.ag[p]) == (6, 3, 3)
    assert not {"Disturbing Presence", "Foul Appearance"} & s.skills[p]


def test_rampant_mutation_skills_last_until_the_drive_ends() -> None:
    data = json.loads((SCENARIO.parent / "wizard_rampant_mutation.json").read_text())
    scenario, match, _dice = build(data)
    p = scenario.index("h1")
    for raw in (["choose", "h1", 1], ["choose", "h1", 1], ["choose", "h1", 1]):
        match.apply(parse_action(scenario, raw))
    s = match.state
    assert {"Horns", "Tentacles"} <= s.skills[p] and "Claws" not in s.skills[p]
    expire(match.ctx, "drive")
    assert not {"Horns", "Tentacles"} & s.skills[p]
