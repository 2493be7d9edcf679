"""``export``/``import`` of our league JSON and ``season export-csv`` on the command line."""

import csv
import json
from pathlib import Path

from league_manager.services.demo import DEMO_TEAMS
from tests.unit.cli.cli_run import run

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


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
    assert (tmp_path / "csv" / "player_stats.csv").exists()
    with open(tmp_path / "csv" / "leaders.csv", encoding="utf-8", newline="") as handle:
        leaders = list(csv.DictReader(handle))
    season_rows = [r for r in leaders if r["scope"] == "season"]
    career_rows = [r for r in leaders if r["scope"] == "career"]
    assert season_rows and career_rows  # one season so far: the career boards equal the season's
    assert [r | {"scope": ""} for r in season_rows] == [r | {"scope": ""} for r in career_rows]


def test_naf_report_and_obblm_team(tmp_path: Path) -> None:
    from xml.etree import ElementTree as ET

    db = tmp_path / "a.db"
    run(db, "demo")
    run(db, "season", "create", "Demo League", "S1", "--seed", "3")
    run(db, "season", "add-teams", "S1", *TEAMS[:2])
    run(db, "season", "schedule", "S1", "--format", "round-robin")
    code, _out, err = run(db, "season", "export-naf", "S1", "-o", str(tmp_path / "naf.xml"))
    assert code == 1 and "no played game" in err and not (tmp_path / "naf.xml").exists()
    fid = str(json.loads(run(db, "--json", "season", "fixtures", "S1")[1])[0]["id"])
    run(db, "fixture", "set-result", fid, "3", "1", "--home-cas", "2")
    code, _out, err = run(db, "season", "export-naf", "S1", "-o", str(tmp_path / "naf.xml"))
    assert code == 0, err
    ns = {"n": "http://www.bloodbowl.net"}
    root = ET.parse(tmp_path / "naf.xml").getroot()
    assert root.tag == "{http://www.bloodbowl.net}nafReport"
    assert root.findtext("n:organiser", namespaces=ns) == "Demo League"
    assert len(root.findall("n:coaches/n:coach", ns)) == 2
    records = root.findall("n:game/n:playerRecord", ns)
    assert [r.findtext("n:touchDowns", namespaces=ns) for r in records] == ["3", "1"]
    assert [r.findtext("n:badlyHurt", namespaces=ns) for r in records] == ["2", "0"]
    home = json.loads(run(db, "--json", "season", "fixtures", "S1")[1])[0]["home"]
    code, _out, err = run(db, "team", "export-obblm", home, "-o", str(tmp_path / "team.xml"))
    assert code == 0, err
    team = ET.parse(tmp_path / "team.xml").getroot().find("team")
    assert team is not None and team.findtext("name") == home
    assert [child.tag for child in team][:6] == [
        "name",
        "coach_id",
        "race_id",
        "league_id",
        "division_id",
        "treasury",
    ]
    assert (team.findtext("won"), team.findtext("gf"), team.findtext("ga")) == ("1", "3", "1")
    assert len(team.findall("players/player")) >= 11
