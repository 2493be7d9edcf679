"""``season simulate`` from the command line: the next round, then the rest, with --json."""

import json
from pathlib import Path
from typing import Any

from league_manager.services.demo import DEMO_TEAMS
from tests.unit.cli.cli_run import run

TEAMS = [name for _race, name, _coach in DEMO_TEAMS][:4]


def ok_json(db: Path, *argv: str) -> Any:
    code, out, err = run(db, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_season_simulate_plays_rounds_then_the_rest(tmp_path: Path) -> None:
    db = tmp_path / "season.db"
    assert run(db, "demo")[0] == 0
    assert run(db, "season", "create", "Demo League", "Sim", "--seed", "5")[0] == 0
    assert run(db, "season", "add-teams", "Sim", *TEAMS)[0] == 0
    assert run(db, "season", "schedule", "Sim", "--format", "round-robin")[0] == 0
    first = ok_json(db, "season", "simulate", "Sim", "--rounds", "1", "--seed", "9")
    assert (first["played"], first["not_played"], first["cancelled"]) == (2, 0, False)
    assert {f["round"] for f in first["fixtures"]} == {1}
    assert set(first["cost"]) == {"pregame", "engine", "postgame", "database"}
    code, out, err = run(db, "season", "simulate", "Sim", "--bot", "random", "--seed", "9")
    assert code == 0, err
    assert "4 fixture(s) played with random (seed 9)" in out
    assert "per fixture: pregame" in out
    assert err == ""  # no progress bar when the output is not a terminal
    table = ok_json(db, "season", "standings", "Sim")
    assert sum(row["played"] for row in table) == 12
    code, _out, err = run(db, "season", "simulate", "Sim")
    assert code != 0
    assert "no open fixture" in err
