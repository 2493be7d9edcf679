"""``export``/``import`` of our league JSON and ``season export-csv`` on the command line."""

import csv
import io
import json
from pathlib import Path

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.services.demo import DEMO_TEAMS

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def run(db: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["--db", str(db), *argv], CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def test_export_import_and_csv(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    run(db, "demo")
    run(db, "season", "create", "Demo League", "S1", "--seed", "3")
    run(db, "season", "add-teams", "S1", *TEAMS[:4])
    run(db, "season", "schedule", "S1", "--format", "round-robin")
    fid = str(json.loads(run(db, "--json", "season", "fixtures", "S1")[1])[0]["id"])
    assert run(db, "fixture", "set-result", fid, "2", "1")[0] == 0
    code, out, err = run(db, "export", "Demo League", "-o", str(tmp_path / "league.json"))
    assert code == 0, err
    code, out, err = run(tmp_path / "b.db", "import", str(tmp_path / "league.json"), "--as", "Copy")
    assert code == 0 and "imported league 'Copy' (8 teams)" in out, err
    code, out, err = run(tmp_path / "b.db", "import", str(tmp_path / "league.json"), "--as", "Copy")
    assert code == 1 and "exists already" in err
    (tmp_path / "bad.json").write_text('{"format": "league-manager/league", "version": 7}', encoding="utf-8")
    code, out, err = run(tmp_path / "b.db", "import", str(tmp_path / "bad.json"))
    assert code == 1 and "version 7" in err
    code, out, err = run(db, "season", "export-csv", "S1", "-o", str(tmp_path / "csv"))
    assert code == 0, err
    with open(tmp_path / "csv" / "standings.csv", encoding="utf-8", newline="") as handle:
        table = list(csv.DictReader(handle))
    assert len(table) == 4 and {r["team"] for r in table} == set(TEAMS[:4])
    assert sum(int(r["won"]) for r in table) == 1 and sum(int(r["td_for"]) for r in table) == 3
    assert (tmp_path / "csv" / "leaders.csv").exists() and (tmp_path / "csv" / "player_stats.csv").exists()
