"""The ``match`` CLI commands: scenario and simulate."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.match_commands import register
from league_manager.core.errors import DataFileError
from league_manager.rules.loader import load_ruleset

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def _run(*argv: str, as_json: bool = False) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(list(argv))
    out, err = io.StringIO(), io.StringIO()
    code = args.handler(args, CliContext(as_json=as_json, stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def _ruleset_available() -> bool:
    try:
        load_ruleset("bb2020")
    except DataFileError:
        return False
    return True


needs_ruleset = pytest.mark.skipif(not _ruleset_available(), reason="ruleset data missing")


def test_scenario_ok_prints_events() -> None:
    code, out, _ = _run("match", "scenario", str(SCENARIOS / "movement" / "dodge_success.json"))
    assert code == 0
    assert "dodge h1 3+ rolled 4 ok" in out


def test_scenario_json_has_state(tmp_path: Path) -> None:
    code, out, _ = _run("match", "scenario", str(SCENARIOS / "movement" / "dodge_success.json"), as_json=True)
    data = json.loads(out)
    assert code == 0 and data["ok"] and data["state"]["players"]["h1"]["at"] == [4, 6]


def test_scenario_failing_expectation_exits_non_zero(tmp_path: Path) -> None:
    data = json.loads((SCENARIOS / "movement" / "dodge_success.json").read_text())
    data["dice"].append(6)
    path = tmp_path / "extra_die.json"
    path.write_text(json.dumps(data))
    code, out, _ = _run("match", "scenario", str(path))
    assert code == 1 and "not used up" in out


def test_scenario_running_out_of_dice_fails(tmp_path: Path) -> None:
    data = json.loads((SCENARIOS / "movement" / "dodge_success.json").read_text())
    data["dice"] = []
    path = tmp_path / "no_dice.json"
    path.write_text(json.dumps(data))
    code, out, _ = _run("match", "scenario", str(path))
    assert code == 1 and "DiceExhausted" in out


@needs_ruleset
def test_simulate_is_reproducible() -> None:
    argv = ("match", "simulate", "--home", "human", "--away", "orc", "--seed", "4", "--games", "2")
    first = _run(*argv, as_json=True)
    second = _run(*argv, as_json=True)
    assert first[0] == 0 and first == second
    data = json.loads(first[1])
    assert len(data["games"]) == 2
    assert 11 <= len(data["home"]["players"]) <= 16


@needs_ruleset
def test_simulate_greedy_text() -> None:
    code, out, _ = _run("match", "simulate", "--home", "dwarf", "--away", "skaven", "--bot", "greedy")
    assert code == 0 and out.startswith("game 1")


@needs_ruleset
def test_simulate_unknown_race() -> None:
    code, _, err = _run("match", "simulate", "--home", "martians", "--away", "orc")
    assert code == 1 and "martians" in err


def test_odds_of_the_options_open_at_a_scenario_end() -> None:
    path = str(SCENARIOS / "odds" / "marked_carrier_options.json")
    code, out, _ = _run("match", "odds", path, as_json=True)
    assert code == 0
    report = json.loads(out)
    h1 = next(p for p in report["players"] if p["player"] == "h1")
    dodge = next(m for m in h1["moves"] if m["square"] == [4, 7])
    assert (dodge["rolls"], dodge["chance"], dodge["chance_no_reroll"]) == (1, 88.89, 66.67)
    (block,) = h1["blocks"]
    assert (block["target"], block["dice"], block["chooser"]) == ("a1", 2, "attacker")
    assert block["defender_down"] == round(100 * 23 / 36, 2)
    (to_h3,) = [p for p in h1["passes"] if p["to"] == "h3"]
    assert (to_h3["band"], to_h3["need"], to_h3["accurate"]) == ("Short Pass", 6, round(100 * 11 / 36, 2))
    assert to_h3["interceptors"] == [["a1", 6]]
    code, text, _ = _run("match", "odds", path)
    assert code == 0 and "block a1: 2 dice, attacker chooses" in text


def test_odds_of_a_missing_scenario_fail_cleanly(tmp_path: Path) -> None:
    code, _out, err = _run("match", "odds", str(tmp_path / "nope.json"))
    assert code == 1 and "cannot set up scenario" in err
