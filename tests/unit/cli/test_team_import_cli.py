"""``team import``: OBBLM team XML and FUMBBL team JSON, previewed, created only with --yes;
broken files of each format refused in words, nothing created."""

import json
from pathlib import Path

import pytest

from league_manager.services.demo import DEMO_TEAMS
from tests.unit.cli.cli_run import run

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def _team_count(db: Path, league: str) -> int:
    return len(json.loads(run(db, "--json", "team", "list", "--league", league)[1]))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "a.db"
    run(path, "demo")
    run(path, "league", "create", "Other")
    return path


def test_obblm_round_trip_previewed_then_created(db: Path, tmp_path: Path) -> None:
    xml = tmp_path / "team.xml"
    assert run(db, "team", "export-obblm", TEAMS[0], "-o", str(xml))[0] == 0
    code, out, err = run(db, "team", "import", str(xml), "--league", "Other", "--coach", "Ann")
    assert code == 0 and "nothing created" in out and "OBBLM team XML" in out, err
    assert _team_count(db, "Other") == 0
    code, out, err = run(
        db, "--json", "team", "import", str(xml), "--league", "Other", "--coach", "Ann", "--yes"
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["created"] is not None and _team_count(db, "Other") == 1
    original = json.loads(run(db, "--json", "team", "show", TEAMS[0], "--league", "Demo League")[1])
    copy = json.loads(run(db, "--json", "team", "show", TEAMS[0], "--league", "Other")[1])
    assert len(copy["players"]) == len(original["players"]) and copy["treasury"] == original["treasury"]


def test_fumbbl_team_with_notes(db: Path, tmp_path: Path) -> None:
    players = [
        {"number": n, "name": f"P{n}", "position": "Lineman", "status": "Active",
         "record": {"spp": 6, "extra_spp": 0, "spent_spp": 0}, "injuries": "-AV" if n == 1 else "",
         "skills": []}
        for n in range(1, 12)
    ]  # fmt: skip
    players[1]["skills"] = ["Block"]
    players.append({"number": 12, "name": "Gone", "position": "Lineman", "status": "Dead"})
    team = {
        "name": "Fumbbl Folk", "coach": {"id": 1, "name": "Bea"}, "roster": {"id": 1, "name": "Human"},
        "treasury": 50000, "rerolls": 2, "fanFactor": 2, "apothecary": "Yes", "assistantCoaches": 0,
        "cheerleaders": 0, "players": players,
    }  # fmt: skip
    path = tmp_path / "team.json"
    path.write_text(json.dumps(team), encoding="utf-8")
    code, out, err = run(db, "team", "import", str(path), "--league", "Other", "--yes")
    assert code == 0, err + out
    assert "Block read as a chosen primary advancement" in out and "'Dead': left out" in out
    shown = json.loads(run(db, "--json", "team", "show", "Fumbbl Folk")[1])
    assert shown["coach"] == "Bea" and len(shown["players"]) == 11 and shown["treasury"] == 50000
    assert any("Block" in str(p["skills"]) for p in shown["players"] if p["name"] == "P2")


BROKEN = [
    ("bad.xml", "<teams><team><name>X</name>", "XML is broken"),
    ("bomb.xml", '<!DOCTYPE t [<!ENTITY a "aaaa">]><teams><team><name>&a;</name></team></teams>', "DOCTYPE"),
    ("none.xml", "<teams></teams>", "found 0 teams"),
    ("noname.xml", "<teams><team><race_id>human</race_id></team></teams>", "needs <name>"),
    ("num.xml", "<teams><team><name>X</name><race_id>human</race_id><treasury>lots</treasury></team></teams>",
     "not a whole number"),
    ("bad.json", '{"name": "X", ', "JSON is broken"),
    ("noroster.json", '{"name": "X", "players": []}', "'roster' are missing"),
    ("players.json", '{"name": "X", "roster": {"name": "Human"}, "players": 3}', "not a list"),
    ("text.txt", "hello", "not a team file"),
    ("race.xml", "<teams><team><name>X</name><race_id>7</race_id><players/></team></teams>", "OBBLM number"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "text", "message"), BROKEN)
def test_broken_team_files_are_refused(db: Path, tmp_path: Path, name: str, text: str, message: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, out, err = run(db, "team", "import", str(path), "--league", "Other", "--yes")
    assert code == 1 and message in err + out
    assert _team_count(db, "Other") == 0
