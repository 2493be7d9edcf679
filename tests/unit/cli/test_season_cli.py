"""The season and fixture commands: a whole season from the command line, --json shapes, refusals."""

from pathlib import Path

from tests.unit.cli.cli_run import ok_json, run

STANDING_KEYS = {"team", "played", "won", "drawn", "lost", "td_for", "td_against", "cas_for", "cas_against",
                 "points", "rank"}  # fmt: skip
FIXTURE_KEYS = {"id", "round", "home", "away", "status", "result"}
TEAMS = [
    "Middenheim Marauders",
    "Gutrot Ironjaws",
    "Laurelorn Leapers",
    "Karak Stonefists",
    "Skritter Sprinters",
]


def test_a_season_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    assert run(db, "demo")[0] == 0
    code, out, _ = run(db, "season", "create", "Demo League", "Autumn", "--seed", "9")
    assert code == 0 and "Created season 'Autumn'" in out
    season = ok_json(db, "season", "add-teams", "Autumn", *TEAMS)
    assert isinstance(season, dict) and len(season["teams"]) == 5

    preview = ok_json(db, "season", "schedule", "Autumn", "--format", "round-robin", "--preview")
    assert isinstance(preview, dict) and preview["committed"] is False and len(preview["rounds"]) == 5
    assert ok_json(db, "season", "fixtures", "Autumn") == []
    code, out, _ = run(db, "season", "schedule", "Autumn", "--format", "round-robin")
    assert code == 0 and "Scheduled: Autumn, round-robin, seed 9, 15 fixture(s)" in out

    fixtures = ok_json(db, "season", "fixtures", "Autumn", "--round", "1")
    assert isinstance(fixtures, list) and len(fixtures) == 3
    assert all(set(f) >= FIXTURE_KEYS and f["round"] == 1 for f in fixtures)
    games = [f for f in fixtures if f["status"] == "scheduled"]
    first, second = games[0], games[1]
    result = ok_json(
        db, "fixture", "set-result", str(first["id"]), "3", "1", "--home-cas", "2", "--away-cas", "0"
    )
    assert isinstance(result, dict) and result["status"] == "played"
    assert result["result"]["home_td"] == 3 and result["result"]["away_cas"] == 0
    forfeit = ok_json(db, "fixture", "set-result", str(second["id"]), "--forfeit", second["away"])
    assert (
        isinstance(forfeit, dict)
        and forfeit["status"] == "forfeited"
        and forfeit["result"]["home_td"] is None
    )

    rows = ok_json(db, "season", "standings", "Autumn")
    assert isinstance(rows, list) and len(rows) == 5
    assert all(set(r) >= STANDING_KEYS for r in rows)
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5]
    top = rows[0]
    assert (top["team"], top["points"], top["td_for"], top["cas_for"]) == (first["home"], 3, 3, 2)
    code, out, _ = run(db, "season", "standings", "Autumn")
    assert code == 0 and "ties broken by touchdowns scored, casualties caused" in out and first["home"] in out

    leaders = ok_json(db, "season", "leaders", "Autumn")
    assert isinstance(leaders, dict) and {b["category"] for b in leaders["players"]} >= {"td", "cas", "mvp"}
    code, out, _ = run(db, "season", "leaders", "Autumn")
    assert code == 0 and "Players\n  No figures recorded yet." in out

    code, out, _ = run(db, "season", "show", "Autumn")
    assert code == 0 and "7/15 fixtures decided" in out and "Format round-robin" in out  # 2 games, 5 byes
    listed = ok_json(db, "season", "list")
    assert isinstance(listed, list) and listed[0]["name"] == "Autumn"


def test_refusals_exit_1_with_the_rule(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    run(db, "demo")
    run(db, "season", "create", "Demo League", "Cup")
    code, _, err = run(db, "season", "schedule", "Cup", "--format", "round-robin")
    assert code == 1 and "the season has no teams" in err
    run(db, "season", "add-teams", "Cup", TEAMS[0])
    code, _, err = run(db, "season", "schedule", "Cup", "--format", "round-robin")
    assert code == 1 and "at least two teams" in err
    run(db, "season", "add-teams", "Cup", TEAMS[1])
    code, _, err = run(db, "season", "add-teams", "Cup", TEAMS[0])
    assert code == 1 and "already in Cup" in err
    code, _, err = run(db, "season", "standings", "Nope")
    assert code == 1 and "no season 'Nope'" in err
    run(db, "season", "schedule", "Cup", "--format", "knockout")
    fixtures = ok_json(db, "season", "fixtures", "Cup")
    assert isinstance(fixtures, list) and fixtures[0]["round_name"] == "Final"
    final = str(fixtures[0]["id"])
    code, _, err = run(db, "fixture", "set-result", final, "1", "1")
    assert code == 1 and "needs a winner" in err
    code, _, err = run(db, "fixture", "set-result", final, "2", "0", "--forfeit", TEAMS[0])
    assert code == 1 and "no score" in err
    code, _, err = run(db, "fixture", "set-result", final, "1", "1", "--winner", TEAMS[1])
    assert code == 0, err
    code, _, err = run(db, "fixture", "set-result", "999", "1", "0")
    assert code == 1 and "no fixture 999" in err


def test_withdraw_and_manual_fixture_commands(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    run(db, "demo")
    run(db, "season", "create", "Demo League", "Spring", "--division", "North", "--division", "South")
    run(db, "season", "add-teams", "Spring", *TEAMS[:2], "--division", "North")
    run(db, "season", "add-teams", "Spring", *TEAMS[2:4], "--division", "South")
    friendly = ok_json(
        db, "fixture", "add", "Spring", TEAMS[0], TEAMS[2], "--friendly", "--date", "2026-12-01T19:30+00:00"
    )
    assert isinstance(friendly, dict) and friendly["stage"] == "friendly"
    assert friendly["scheduled_for"].startswith("2026-12-01T19:30")
    code, _, err = run(db, "fixture", "add", "Spring", TEAMS[2], TEAMS[0], "--friendly")
    assert code == 1 and "already have a friendly" in err  # once per pair, as `fixture friendly`
    code, _, err = run(db, "fixture", "add", "Spring", TEAMS[0], TEAMS[1], "--friendly")
    assert code == 1 and "across divisions" in err
    swapped = ok_json(db, "fixture", "swap", str(friendly["id"]))
    assert isinstance(swapped, dict) and swapped["home"] == TEAMS[2]
    moved = ok_json(db, "fixture", "move", str(friendly["id"]), "--round", "4")
    assert isinstance(moved, dict) and moved["round"] == 4
    run(db, "season", "schedule", "Spring", "--format", "round-robin")
    code, out, _ = run(db, "season", "withdraw", "Spring", TEAMS[3], "--reason", "coach moved")
    assert code == 0 and "withdrew (forfeit)" in out and "1 fixture(s) changed" in out
    code, out, _ = run(db, "season", "standings", "Spring")
    assert code == 0 and "North" in out and "South" in out and "(withdrawn)" in out
