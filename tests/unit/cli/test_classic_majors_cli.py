"""A classic (LRB 2004) tournament's chosen results, majors and trophies from the command line."""

import json
from pathlib import Path

from test_classic_tourney_cli import classic_league
from test_cli import run


def four_teams(db: Path) -> None:
    classic_league(db)
    for n, name in enumerate(("Ash", "Birch"), start=3):
        run("team", "create", "--league", "Old", "--race", "Goblin", "--name", name, "--coach", f"C{n}",
            "--buy", "Goblin:11", "--fan-factor", "3", db=db)  # fmt: skip
    pairs = (("Greenskins", "Stunties", "2", "1"), ("Ash", "Birch", "2", "1"), ("Ash", "Stunties", "0", "3"))
    for fixture, (home, away, h, a) in enumerate(pairs, start=1):
        run("fixture", "add", "Open", home, away, db=db)
        code, _, err = run("fixture", "set-result", str(fixture), h, a, db=db)
        assert code == 0, err


def test_classic_playoffs_count_takes_the_results_a_coach_puts_forward(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    four_teams(db)
    code, out, err = run("--json", "season", "classic-playoffs", "Open", db=db)
    assert code == 0, err
    assert {s["team"]: s["points"] for s in json.loads(out)}["Ash"] == 16 + 2
    code, out, err = run("--json", "season", "classic-playoffs", "Open", "--count", "Ash=2", db=db)
    assert code == 0, err
    ash = next(s for s in json.loads(out) if s["team"] == "Ash")
    assert (ash["points"], ash["counted"]) == (16, ["Birch"])
    code, _, err = run("season", "classic-playoffs", "Open", "--count", "Ash=1", db=db)
    assert code != 0 and "not a play-off result of Ash" in err
    code, _, err = run("season", "classic-playoffs", "Open", "--count", "Ash", db=db)
    assert code != 0 and "TEAM=FIXTURE" in err
    code, out, err = run("season", "classic-draw", "Open", "--seed", "2", "--count", "Ash=", db=db)
    assert code == 0, err
    assert any(line.split()[:2] == ["Ash", "0"] for line in out.splitlines())
