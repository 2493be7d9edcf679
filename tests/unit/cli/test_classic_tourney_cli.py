"""A classic (LRB 2004) league's administration and tournaments from the command line."""

import json
from pathlib import Path

from test_cli import run


def classic_league(db: Path) -> None:
    run("league", "create", "Old", "--ruleset", "lrb2004", db=db)
    run("team", "create", "--league", "Old", "--race", "Orc", "--name", "Greenskins", "--coach", "Ann",
        "--buy", "Lineman:7,Blitzer:4", "--fan-factor", "5", db=db)  # fmt: skip
    run("team", "create", "--league", "Old", "--race", "Goblin", "--name", "Stunties", "--coach", "Cy",
        "--buy", "Goblin:11", "--fan-factor", "3", db=db)  # fmt: skip
    run("season", "create", "Old", "Open", db=db)


def test_team_fire_after_the_first_match_retires_a_classic_player_for_a_free_coach(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    classic_league(db)
    run("fixture", "add", "Open", "Greenskins", "Stunties", db=db)
    code, _, err = run("fixture", "pregame", "1", "--typed", ",".join(["4"] * 8), db=db)
    assert code == 0, err
    team = json.loads(run("--json", "team", "show", "Greenskins", db=db)[1])
    lineman = next(p["id"] for p in team["players"] if p["position"] == "Lineman")
    code, out, err = run("--json", "team", "fire", str(lineman), db=db)
    assert code == 0, err
    after = json.loads(out)
    assert after["assistant_coaches"] == team["assistant_coaches"] + 1
    assert after["treasury"] == team["treasury"] and len(after["players"]) == len(team["players"]) - 1


def test_season_classic_playoffs_and_classic_draw(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    classic_league(db)
    for n, name in enumerate(("Ash", "Birch"), start=3):
        run("team", "create", "--league", "Old", "--race", "Goblin", "--name", name, "--coach", f"C{n}",
            "--buy", "Goblin:11", "--fan-factor", "3", db=db)  # fmt: skip
    for fixture, (home, away) in enumerate((("Greenskins", "Stunties"), ("Ash", "Birch")), start=1):
        run("fixture", "add", "Open", home, away, db=db)
        code, _, err = run("fixture", "set-result", str(fixture), "2", "1", db=db)
        assert code == 0, err
    code, out, err = run("season", "classic-playoffs", "Open", db=db)
    assert code == 0, err
    assert out.splitlines()[1].split()[:2] in (["Greenskins", "16"], ["Ash", "16"])
    code, out, err = run("season", "classic-draw", "Open", "--seed", "3", "--third-place", db=db)
    assert code == 0, err
    assert "Through: " in out and "4 knock-out fixture(s) created" in out
    code, _, err = run("season", "classic-draw", "Open", "--seed", "3", db=db)
    assert code != 0 and "already been drawn" in err
    run("league", "create", "New", db=db)
    run("season", "create", "New", "Modern", db=db)
    code, _, err = run("season", "classic-playoffs", "Modern", db=db)
    assert code != 0 and "not a classic (LRB 2004) season" in err


def test_fixture_challenge_and_its_answers(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    classic_league(db)
    code, out, err = run("fixture", "challenge", "Open", "Greenskins", "Stunties", "--week", "1", db=db)
    assert code == 0, err
    assert out.strip() == "Challenge 1 (week 1): Greenskins v Stunties: waiting for the answer"
    code, _, err = run("fixture", "challenge", "Open", "Greenskins", "Stunties", "--week", "1", db=db)
    assert code != 0 and "one a week" in err
    code, out, err = run("fixture", "challenge-answer", "1", "--refuse", db=db)
    assert code == 0, err
    assert out.strip() == "Challenge 1 (week 1): Greenskins v Stunties: refused, fixture 1"
    code, out, _ = run("--json", "fixture", "show", "1", db=db)
    result = json.loads(out)["result"]
    assert (result["home_td"], result["away_td"]) == (2, 0)
    code, _, err = run("fixture", "pregame", "1", "--seed", "1", db=db)
    assert code != 0  # the refused match is decided: no pre-match, so no rewards either
    code, _, err = run("fixture", "challenge", "Open", "Stunties", "Greenskins", "--week", "2", db=db)
    assert code != 0 and "already played" in err
    run("team", "create", "--league", "Old", "--race", "Goblin", "--name", "Ash", "--coach", "Di",
        "--buy", "Goblin:11", "--fan-factor", "3", db=db)  # fmt: skip
    run("fixture", "challenge", "Open", "Stunties", "Ash", "--week", "2", db=db)
    run("fixture", "challenge", "Open", "Greenskins", "Ash", "--week", "2", db=db)
    code, out, err = run("fixture", "challenge-answer", "3", "--substitute", "Stunties", db=db)
    assert code != 0 and "already played" in err  # Stunties met Greenskins (the refusal)
    code, out, err = run("fixture", "challenge-answer", "2", "--accept", db=db)
    assert code == 0 and out.strip().endswith("Stunties v Ash: accepted, fixture 2"), err
    code, _, err = run("fixture", "challenge-answer", "2", "--decline-substitute", db=db)
    assert code != 0 and "named no substitute" in err
