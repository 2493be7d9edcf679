"""Krot Shockwhisker: the patient plays one drive, then goes back to the Casualty box."""

from __future__ import annotations

import json
from pathlib import Path

from league_manager.match.engine import Match
from league_manager.match.inducements import staff_krot
from league_manager.match.scenario import Scenario, build, parse_action
from league_manager.match.state import CASUALTY, RESERVE

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "inducements"


def _played(name: str) -> tuple[Scenario, Match]:
    data = json.loads((SCENARIOS / name).read_text())
    scenario, match, _dice = build(data)
    for raw in data["actions"]:
        match.apply(parse_action(scenario, raw))
    return scenario, match


def test_the_patient_goes_back_to_the_casualty_box_when_his_drive_ends() -> None:
    scenario, match = _played("staff_krot_perfection.json")
    s = match.state
    h5 = scenario.index("h5")
    assert s.patient == h5 and s.status[h5] == RESERVE
    assert s.induced[0]["Krot Shockwhisker"] == 0
    list(staff_krot.end_of_drive(match.ctx))  # the patient's drive ends; Krot has no use left
    assert s.patient == -1 and s.status[h5] == CASUALTY and s.pos[h5] == -1
    assert any(e.kind == "krot" and e.detail == "back to the Casualty box" for e in match.events)


def test_flawed_execution_makes_really_stupid_5_plus() -> None:
    scenario, match = _played("staff_krot_flawed.json")
    assert match.state.params[scenario.index("h5")]["Really Stupid"] == "5+"


def test_complications_keep_the_worse_result_for_the_post_game() -> None:
    scenario, match = _played("staff_krot_complications.json")
    h5 = scenario.index("h5")
    assert match.state.stats[h5].injury == "Dead" and match.state.patient == -1
