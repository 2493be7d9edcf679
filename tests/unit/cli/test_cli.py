"""The command line: every command, --json shapes, exit codes and reasons on stderr."""

import io
import json
import tomllib
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.main import main


def run(*argv: str, db: Path | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    args = [*(["--db", str(db)] if db else []), *argv]
    code = main(args, CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    # The version is set once, in pyproject.toml, and read from the package metadata.
    pyproject = tomllib.loads((Path(__file__).resolve().parents[3] / "pyproject.toml").read_text("utf-8"))
    assert f"league-manager {pyproject['project']['version']}\n" == capsys.readouterr().out


def test_no_arguments_prints_status_and_help(tmp_path: Path) -> None:
    code, out, _ = run(db=tmp_path / "x.db")
    assert code == 0 and "usage: league-manager" in out and str(tmp_path / "x.db") in out


def test_rulesets_and_races() -> None:
    code, out, _ = run("--json", "rulesets")
    assert code == 0
    row = json.loads(out)[0]
    assert (row["id"], row["teams"], row["star_players"], row["skills"]) == ("bb2020", 29, 67, 95)
    code, out, _ = run("races", "bb2020")
    assert code == 0 and "Wood Elf" in out and "Wardancer" in out


def test_season3_ruleset_and_races() -> None:
    code, out, _ = run("--json", "rulesets")
    row = next(r for r in json.loads(out) if r["id"] == "bb2025")
    assert (row["teams"], row["star_players"], row["skills"], row["inducements"]) == (30, 66, 108, 16)
    code, out, _ = run("--json", "races", "bb2025")
    teams = json.loads(out)
    assert code == 0 and len(teams) == 30 and "Bretonnian" in {t["name"] for t in teams}
    human = next(t for t in teams if t["id"] == "human")
    blitzer = next(p for p in human["positions"] if p["name"] == "Human Blitzer")
    assert blitzer["max"] == 2 and blitzer["keywords"] == ["Blitzer", "Human"]
    code, _, err = run("races", "bb2030")
    assert code != 0 and "unknown ruleset 'bb2030'" in err


def test_classic_ruleset_and_races() -> None:
    code, out, _ = run("--json", "rulesets")
    row = next(r for r in json.loads(out) if r["id"] == "lrb2004")
    assert (row["teams"], row["big_guys"], row["skills"]) == (19, 7, 46) and row["leagues"] is True
    assert row["engine"] is False
    code, out, _ = run("rulesets")
    assert "no match engine yet" in out
    code, out, _ = run("--json", "races", "lrb2004")
    teams = json.loads(out)
    assert code == 0 and len(teams) == 19 and "Khemri" in {t["name"] for t in teams}
    chaos = next(t for t in teams if t["id"] == "chaos")
    assert (
        chaos["big_guys"] == ["Minotaur", "Ogre", "Troll"] and chaos["reroll_cost_after_creation"] == 140000
    )
    assert all("PA" not in p for t in teams for p in t["positions"])
    code, out, _ = run("races", "lrb2004")
    assert code == 0 and "Nurgle" in out and "Beast of Nurgle" in out


def test_an_unknown_ruleset_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    code, _, err = run("--db", str(tmp_path / "x.db"), "league", "create", "Old", "--ruleset", "lrb1999")
    assert code != 0 and "unknown ruleset 'lrb1999'" in err and "lrb2004" in err


def test_season3_league_and_season_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "s3.db"
    code, out, _ = run("league", "create", "Third", "--ruleset", "bb2025", db=db)
    assert code == 0 and "bb2025" in out
    code, _, err = run("team", "create", "--league", "Third", "--race", "Human", "--name", "Lads",
                       "--coach", "Bo", "--buy", "lineman:8,blitzer:3", db=db)  # fmt: skip
    assert code != 0 and "Human Blitzer: at most 2 (asked for 3)" in err
    code, _, err = run("team", "create", "--league", "Third", "--race", "Bretonnian", "--name", "Knights",
                       "--coach", "Bo", "--buy", "squire:11", db=db)  # fmt: skip
    assert code == 0, err
    assert run("season", "create", "Third", "Y1", db=db)[0] == 0
    code, out, _ = run("--json", "season", "show", "Y1", db=db)
    assert json.loads(out)["ruleset"] == "bb2025"


def test_league_and_team_workflow(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    assert run("league", "create", "Cup", db=db)[0] == 0
    code, out, _ = run("--json", "league", "list", db=db)
    assert json.loads(out)[0]["name"] == "Cup"
    code, out, err = run(
        "--json", "team", "create", "--league", "Cup", "--race", "Human", "--name", "Reavers",
        "--coach", "Bob", "--buy", "lineman:7,BLITZER:4", "--rerolls", "3", "--apothecary", db=db,
    )  # fmt: skip
    assert code == 0, err
    team = json.loads(out)
    assert team["team_value"] == 890000 and team["treasury"] == 110000
    code, out, _ = run("--json", "team", "show", "Reavers", db=db)
    shown = json.loads(out)
    for key in ("name", "race", "team_value", "current_team_value", "treasury", "rerolls",
                "dedicated_fans", "players"):  # fmt: skip
        assert key in shown
    player = shown["players"][0]
    for key in ("name", "position", "ma", "st", "ag", "pa", "av", "skills", "spp", "value"):
        assert key in player
    assert player["position"] == "Human Blitzer" and player["skills"] == ["Block"] and player["av"] == 9
    code, out, _ = run("--json", "team", "list", "--league", "Cup", db=db)
    row = json.loads(out)[0]
    assert {k: row[k] for k in ("name", "race", "league", "coach", "team_value")} == {
        "name": "Reavers", "race": "Human", "league": "Cup", "coach": "Bob", "team_value": 890000,
    }  # fmt: skip
    code, out, _ = run("team", "show", "Reavers", db=db)
    assert "TV 890,000 gp" in out and "Human Blitzer" in out


def test_bad_draft_is_refused_with_reasons(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    run("league", "create", "Cup", db=db)
    code, out, err = run(
        "team", "create", "--league", "Cup", "--race", "human", "--name", "Bad", "--coach", "Bob",
        "--buy", "Lineman:6,Blitzer:4,Ogre:1", "--rerolls", "4", "--apothecary",
        "--dedicated-fans", "2", db=db,
    )  # fmt: skip
    assert code == 1 and out == ""
    assert "budget: 1,040,000 gp of 1,000,000" in err
    code, _, err = run(
        "team", "create", "--league", "Cup", "--race", "human", "--name", "Bad", "--coach", "Bob",
        "--buy", "Lineman:6,Blitzer:5", db=db,
    )  # fmt: skip
    assert code == 1 and "Human Blitzer: at most 4" in err
    assert json.loads(run("--json", "team", "list", db=db)[1]) == []
    code, _, err = run("team", "create", "--league", "Cup", "--race", "elves", "--name", "X",
                       "--coach", "Y", "--buy", "Lineman:11", db=db)  # fmt: skip
    assert code == 1 and "no team 'elves'" in err
    code, _, err = run("team", "create", "--league", "Cup", "--race", "human", "--name", "X",
                       "--coach", "Y", "--buy", "Lineman-11", db=db)  # fmt: skip
    assert code == 1 and "POSITION:COUNT" in err


def test_demo_and_hire(tmp_path: Path) -> None:
    db = tmp_path / "demo.db"
    code, out, _ = run("--json", "demo", db=db)
    assert code == 0 and len(json.loads(out)["teams"]) == 8
    code, out, err = run("--json", "team", "hire", "Middenheim Marauders", "Lineman", "--name", "Ivan", db=db)
    assert code == 1 and "treasury" in err  # 40k left, a lineman costs 50k
    code, out, _ = run("--json", "team", "show", "Karak Stonefists", db=db)
    dwarf = json.loads(out)
    code, out, _ = run("--json", "team", "fire", str(dwarf["players"][-1]["id"]), db=db)
    assert code == 0 and len(json.loads(out)["players"]) == len(dwarf["players"]) - 1


def test_league_settings(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    run("league", "create", "Cup", "--set", "points_win=2", db=db)
    code, out, _ = run("--json", "league", "settings", "Cup", db=db)
    assert json.loads(out)["points_win"] == 2
    code, _, err = run("league", "settings", "Cup", "--set", "dedicated_fans_in_tv=maybe", db=db)
    assert code == 1 and "dedicated_fans_in_tv: expected true or false" in err
