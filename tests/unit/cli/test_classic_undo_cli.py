"""``fixture postgame F --undo --reason`` and ``fixture cancel-pregame`` on a classic (LRB 2004)
fixture; ``fixture correct`` names the classic way."""

import json
from pathlib import Path

import pytest
from test_classic_postmatch_cli import _league
from test_cli import run

from league_manager.cli.main import main


def test_a_classic_post_match_is_undone_corrected_and_run_again(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    _league(db)
    run("fixture", "pregame", "1", "--typed", ",".join(["4"] * 8), db=db)
    run("fixture", "set-result", "1", "2", "0", "--home-cas", "0", "--away-cas", "0", db=db)
    _, out, _ = run("--json", "team", "show", "Greenskins", db=db)
    before = json.loads(out)["treasury"]
    assert run("fixture", "postgame", "1", "--seed", "4", db=db)[0] == 0
    code, _, err = run("fixture", "set-result", "1", "1", "0", db=db)
    assert code != 0 and "fixture postgame 1 --undo --reason TEXT" in err
    sheet = tmp_path / "result.json"
    sheet.write_text(json.dumps({"home": {"score": 1}, "away": {"score": 0}}))
    code, _, err = run("fixture", "correct", "1", "--result", str(sheet), "--reason", "typo", db=db)
    assert code != 0 and "correct the score with fixture set-result 1" in err and "--undo" in err
    code, _, err = run("fixture", "postgame", "1", "--undo", db=db)
    assert code != 0 and "--undo needs --reason TEXT" in err
    code, _, err = run("fixture", "postgame", "1", "--reason", "typo", db=db)
    assert code != 0 and "--reason goes with --undo" in err
    code, _, err = run("fixture", "postgame", "1", "--undo", "--reason", "typo", "--seed", "3", db=db)
    assert code != 0 and "--undo takes only --reason, not --seed" in err
    code, out, err = run("fixture", "postgame", "1", "--undo", "--reason", "the score was 1-0", db=db)
    assert code == 0, err
    assert "Post-match of fixture 1 undone" in out and "Greenskins treasury:" in out
    _, out, _ = run("--json", "team", "show", "Greenskins", db=db)
    assert json.loads(out)["treasury"] == before
    _, out, _ = run("season", "fixtures", "Open", db=db)
    assert "[post-match not done: `fixture postgame 1`]" in out
    code, out, err = run("fixture", "set-result", "1", "1", "0", "--home-cas", "1", "--away-cas", "0", db=db)
    assert code == 0, err
    code, out, err = run("fixture", "postgame", "1", "--seed", "4", db=db)
    assert code == 0, err
    code, _, err = run("fixture", "postgame", "1", "--undo", "--reason", "again", db=db)
    assert code == 0, err


def test_a_classic_pre_match_is_undone_with_cancel_pregame(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    _league(db)
    run("fixture", "pregame", "1", "--typed", ",".join(["4"] * 8), "--home-buy", "Lineman", db=db)
    code, out, err = run("fixture", "cancel-pregame", "1", "--reason", "no freebooter after all", db=db)
    assert code == 0, err
    assert "Pre-match of fixture 1 cancelled" in out and "Greenskins treasury:" in out
    code, _, err = run("fixture", "postgame", "1", "--undo", "--reason", "typo", db=db)
    assert code != 0 and "no classic post-match to undo" in err
    assert run("fixture", "pregame", "1", "--typed", ",".join(["4"] * 8), db=db)[0] == 0


def test_a_bb2020_post_game_is_not_undone_this_way(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    run("demo", db=db)
    run("season", "create", "Demo League", "Undo", "--seed", "3", db=db)
    _, out, _ = run("--json", "team", "list", db=db)
    names = [t["name"] for t in json.loads(out)][:2]
    run("season", "add-teams", "Undo", *names, db=db)
    run("season", "schedule", "Undo", "--format", "round-robin", db=db)
    fid = str(json.loads(run("--json", "season", "fixtures", "Undo", db=db)[1])[0]["id"])
    code, _, err = run("fixture", "postgame", fid, "--undo", "--reason", "typo", db=db)
    assert code != 0 and f"changed with fixture correct {fid}" in err


def test_a_star_player_pick_is_taken_back_before_its_post_match(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    orcs, _ = _league(db)
    run("fixture", "pregame", "1", "--typed", ",".join(["4"] * 8), db=db)
    run("fixture", "set-result", "1", "2", "0", "--home-cas", "0", "--away-cas", "0", db=db)
    typed = "3,3,2,2,3,4,4,1,3,6"  # as test_classic_postmatch_cli: the first orc rolls a skill
    assert run("fixture", "postgame", "1", "--typed", typed, "--figures", f"{orcs[0]}:td=2", db=db)[0] == 0
    assert run("player", "star-roll", str(orcs[0]), "--skill", "Tackle", db=db)[0] == 0
    code, _, err = run("fixture", "postgame", "1", "--undo", "--reason", "typo", db=db)
    assert code != 0 and "has taken his Star Player roll from this post-match (Tackle)" in err
    code, _, err = run("player", "star-roll", str(orcs[0]), "--undo", db=db)
    assert code != 0 and "--undo needs --reason TEXT" in err
    code, _, err = run("player", "star-roll", str(orcs[0]), "--skill", "Guard", "--reason", "x", db=db)
    assert code != 0 and "--reason goes with --undo" in err
    code, out, err = run("player", "star-roll", str(orcs[0]), "--undo", "--reason", "typo", db=db)
    assert code == 0, err
    assert "pick Tackle taken back; pick again with player star-roll" in out
    code, _, err = run("fixture", "postgame", "1", "--undo", "--reason", "typo", db=db)
    assert code == 0, err


def test_cancel_pregame_help_names_the_pre_game_and_the_pre_match(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["fixture", "--help"])
    assert "undo the pre-game (BB2020) or pre-match (LRB 2004)" in " ".join(capsys.readouterr().out.split())
