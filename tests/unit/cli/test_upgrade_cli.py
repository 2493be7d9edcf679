"""``league upgrade``: preview as text and JSON, a refused move naming the missing choices, a choices file."""

import json
from pathlib import Path

import yaml

from tests.unit.cli.cli_run import run


def test_preview_refusal_and_move_with_a_choices_file(tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    assert run(db, "demo")[0] == 0
    code, out, _ = run(db, "league", "upgrade", "Demo League", "--to", "bb2025", "--preview")
    assert code == 0 and "Preview (nothing changed): Demo League: bb2020 -> bb2025" in out
    assert "Human Catcher (x4): cost 65,000 -> 75,000; limit 0-4 -> 0-2" in out
    code, out, _ = run(db, "--json", "league", "upgrade", "Demo League", "--to", "bb2025", "--preview")
    plan = json.loads(out)
    assert plan["applied"] is False and plan["target"] == "bb2025" and len(plan["teams"]) == 8
    code, _, err = run(db, "league", "upgrade", "Demo League", "--to", "bb2025", "--yes")
    assert code != 0 and "Middenheim Marauders: release 2 of its 4 Human Catcher" in err
    code, _, err = run(db, "league", "upgrade", "Demo League", "--to", "bb2030", "--preview")
    assert code != 0 and "unknown ruleset 'bb2030'" in err
    choices: dict[str, dict[str, dict[str, list[str]]]] = {"teams": {}}
    for team in plan["teams"]:
        for over in team["over_limits"]:
            leaving = choices["teams"].setdefault(team["team"], {"release": []})["release"]
            leaving += over["players"][: over["must_leave"]]
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump({"teams": {"Nobody FC": {"release": []}}}), encoding="utf-8")
    code, _, err = run(
        db, "league", "upgrade", "Demo League", "--to", "bb2025", "--yes", "--choices", str(bad)
    )
    assert code != 0 and "no active team called Nobody FC" in err
    assert json.loads(run(db, "--json", "league", "list")[1])[0]["ruleset"] == "bb2020"
    good = tmp_path / "choices.json"
    good.write_text(json.dumps(choices), encoding="utf-8")
    code, out, err = run(
        db, "league", "upgrade", "Demo League", "--to", "bb2025", "--yes", "--choices", str(good)
    )
    assert code == 0, err
    assert out.startswith("Moved Demo League: bb2020 -> bb2025") and "Backup: " in out
    assert json.loads(run(db, "--json", "league", "list")[1])[0]["ruleset"] == "bb2025"
    assert any((tmp_path / "backups").glob("league-*-before-bb2025.db"))
