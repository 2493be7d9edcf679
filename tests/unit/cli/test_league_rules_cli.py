"""``fixture deadline|concede|friendly``, ``season enforce-deadlines`` and ``adjust`` on the command line."""

from pathlib import Path

import pytest

from tests.unit.cli.cli_run import ok_json, run

NORTH = ["Middenheim Marauders", "Gutrot Ironjaws", "Laurelorn Leapers", "Karak Stonefists"]
SOUTH = ["Skritter Sprinters", "Sotek Sunscales", "Brass Skull Brutes", "Mortis Grave Guard"]


def test_league_rules_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "rules.db"
    assert run(db, "demo")[0] == 0
    run(db, "season", "create", "Demo League", "Y1", "--seed", "2", "--division", "N", "--division", "S")
    run(db, "season", "add-teams", "Y1", *NORTH, "--division", "N")
    run(db, "season", "add-teams", "Y1", *SOUTH, "--division", "S")
    run(db, "season", "schedule", "Y1", "--format", "round-robin")
    fixtures = ok_json(db, "season", "fixtures", "Y1", "--round", "1")
    assert isinstance(fixtures, list)
    first, second = fixtures[0], fixtures[1]

    assert run(db, "fixture", "deadline", str(first["id"]), "2026-11-01")[0] == 0
    listed = ok_json(db, "season", "enforce-deadlines", "Y1", "--today", "2026-11-26")
    assert isinstance(listed, dict) and listed["applied"] is False and len(listed["fixtures"]) == 1
    assert ok_json(db, "fixture", "show", str(first["id"]))["status"] == "scheduled"  # type: ignore[index]
    applied = ok_json(db, "season", "enforce-deadlines", "Y1", "--today", "2026-11-26", "--yes",
                      "--no-show", first["home"])  # fmt: skip
    assert isinstance(applied, dict) and applied["fixtures"][0]["no_show"] == [first["home"]]

    conceded = ok_json(db, "fixture", "concede", str(second["id"]), "--by", second["home"], "--seed", "5")
    assert isinstance(conceded, dict) and conceded["winner"] == second["away"] and len(conceded["mvps"]) == 2
    friendly = ok_json(db, "fixture", "friendly", "Y1", NORTH[0], SOUTH[0])
    assert isinstance(friendly, dict) and friendly["stage"] == "friendly"

    row = ok_json(db, "adjust", NORTH[1], "--gold", "10000", "--reason", "Sponsor")
    assert isinstance(row, dict) and row["amount"] == 10000 and row["made_by"]
    undo = ok_json(db, "adjust", "--undo", str(row["id"]), "--reason", "Mistake")
    assert isinstance(undo, dict) and undo["undoes"] == row["id"]
    code, _, err = run(db, "adjust", NORTH[1], "--spp", "Nobody At All=2", "--reason", "x")
    assert code != 0 and "no player" in err
    listing = ok_json(db, "adjust", NORTH[1], "--list")
    assert isinstance(listing, list) and [r["id"] for r in listing] == [undo["id"], row["id"]]


def test_bad_requests_are_refused_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "bad.db"
    assert run(db, "demo")[0] == 0
    code, _, err = run(db, "adjust", NORTH[0], "--gold", "7000", "--reason", "x")
    assert code != 0 and "5,000" in err
    code, _, err = run(db, "adjust", NORTH[0], "--points", "1", "--reason", "x")
    assert code != 0 and "no season" in err
    with pytest.raises(SystemExit):
        run(db, "adjust", NORTH[0], "--spp", "nobody", "--reason", "x")
    assert "PLAYER=N" in capsys.readouterr().err
    code, _, err = run(db, "adjust", NORTH[0], "--gold", "5000")
    assert code != 0 and "reason" in err
    with pytest.raises(SystemExit):
        run(db, "fixture", "deadline", "1", "26/11/2026")
    assert "YYYY-MM-DD" in capsys.readouterr().err
    assert ok_json(db, "adjust", NORTH[0], "--list") == []


def test_concede_during_the_match_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "during.db"
    assert run(db, "demo")[0] == 0
    run(db, "season", "create", "Demo League", "Y1", "--seed", "2")
    run(db, "season", "add-teams", "Y1", *NORTH)
    run(db, "season", "schedule", "Y1", "--format", "round-robin")
    fixtures = ok_json(db, "season", "fixtures", "Y1", "--round", "1")
    assert isinstance(fixtures, list)
    game = fixtures[0]
    code, _, err = run(db, "fixture", "concede", str(game["id"]), "--by", game["home"], "--score", "1-0")
    assert code != 0 and "--during" in err
    assert run(db, "fixture", "pregame", str(game["id"]), "--seed", "1")[0] == 0
    done = ok_json(
        db, "fixture", "concede", str(game["id"]), "--by", game["away"], "--during", "--score", "0-1"
    )
    assert isinstance(done, dict) and done["score"] == [2, 0] and done["penalty_free"] is False
