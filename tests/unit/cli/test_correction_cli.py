"""``fixture correct`` when the result's SPP were spent: refused naming the advancement, then
``--recompute`` reverts it and re-applies it in order."""

import json
from pathlib import Path

from league_manager.services.demo import DEMO_TEAMS
from tests.unit.cli.cli_run import run

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def test_correct_with_spent_spp_is_refused_then_recomputed(tmp_path: Path) -> None:
    db = tmp_path / "spent.db"
    run(db, "demo")
    run(db, "season", "create", "Demo League", "Spent", "--seed", "3")
    run(db, "season", "add-teams", "Spent", *TEAMS[:2])
    run(db, "season", "schedule", "Spent", "--format", "round-robin")
    fid = str(json.loads(run(db, "--json", "season", "fixtures", "Spent")[1])[0]["id"])
    pre = json.loads(run(db, "--json", "fixture", "pregame", fid, "--seed", "1")[1])
    scorer = pre["snapshots"]["home"]["players"][0]
    sheet = tmp_path / "result.json"
    sheet.write_text(
        json.dumps({"home": {"score": 1}, "away": {"score": 0}, "players": [{"id": scorer["id"], "td": 1}]})
    )
    assert run(db, "fixture", "record", fid, "--result", str(sheet))[0] == 0
    assert run(db, "fixture", "postgame", fid, "--seed", "2", "--mvp", scorer["id"])[0] == 0
    code, _, err = run(db, "player", "advance", scorer["id"], "--kind", "chosen-primary", "--skill", "Fend")
    assert code == 0, err
    sheet.write_text(json.dumps({"home": {"score": 0}, "away": {"score": 0}}))
    code, _, err = run(db, "fixture", "correct", fid, "--result", str(sheet), "--reason", "offside")
    assert code == 1 and "on Fend (6 SPP" in err and "--recompute" in err
    code, out, err = run(
        db, "fixture", "correct", fid, "--result", str(sheet), "--reason", "offside", "--recompute"
    )
    assert code == 0, err
    assert "Fend removed (it costs 6 SPP, 4 left after the correction)" in out
    history = json.loads(run(db, "--json", "player", "history", scorer["id"])[1])
    assert history["spp"] == 4 and history["advancements"] == 0
