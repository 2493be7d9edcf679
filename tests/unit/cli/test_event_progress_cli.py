"""The post-game between rounds on the command line: the setting, SPP with the result, a skill."""

from pathlib import Path

import pypdf

from tests.unit.cli.cli_run import ok_json, run


def _event(db: Path, *options: str) -> None:
    assert run(db, "event", "create", "Cup", "--rounds", "2", *options)[0] == 0
    for coach in ("Ann", "Bob"):
        code, _, err = run(
            db, "event", "register", "Cup", "--coach", coach, "--race", "orc", "--name", f"{coach} FC",
            "--buy", "Lineman=11",
        )  # fmt: skip
        assert code == 0, err
    assert run(db, "event", "pair", "Cup")[0] == 0


def test_progression_spp_mvp_and_a_skill_bought_between_rounds(tmp_path: Path) -> None:
    db = tmp_path / "cup.db"
    _event(db, "--between-rounds", "progression")
    code, out, _ = run(db, "event", "show", "Cup")
    assert "Post-game between rounds: progression" in out
    assert run(db, "event", "slips", "Cup", "-o", str(tmp_path / "r1.pdf"))[0] == 0
    slips = " ".join(pypdf.PdfReader(tmp_path / "r1.pdf").pages[0].extract_text().split())
    assert "SPP (3:td, 5:cas, MVP)" in slips and "Post-game between rounds: progression" in slips
    code, out, err = run(
        db, "event", "result", "Cup", "1", "--score", "2-0", "--cas", "1-0",
        "--spp-a", "3:td,3:td,5:cas,3:mvp", "--seed", "7",
    )  # fmt: skip
    assert code == 0, err
    assert "MVP #3 (named)" in out and "(rolled)" in out
    shown = ok_json(db, "event", "show", "Cup")
    assert isinstance(shown, dict)
    winner = next(e for e in shown["entries"] if e["roster"]["progress"]["games"]["1"]["mvp"] == 3
                  and not e["roster"]["progress"]["games"]["1"]["mvp_rolled"])  # fmt: skip
    code, out, err = run(db, "event", "advance", "Cup", str(winner["id"]), "3", "--kind", "chosen_primary",
                         "--skill", "Block")  # fmt: skip
    assert code == 0, err
    assert "gained Block from round 2 for 6 SPP" in out and "4 SPP left" in out
    code, out, _ = run(db, "event", "show", "Cup")
    assert "+ Block (round 2) [4 SPP]" in out and "SPP to spend: #3 4, #5 2" in out
    code, _, err = run(db, "event", "advance", "Cup", str(winner["id"]), "5", "--kind", "chosen_primary",
                       "--skill", "Block")  # fmt: skip
    assert code == 1 and "chosen primary costs 6 SPP; the player has 2" in err
    code, out, err = run(db, "event", "take-back", "Cup", str(winner["id"]), "3")
    assert code == 0, err
    assert "player 3 gave back Block (round 2); 10 SPP to spend" in out


def test_without_the_setting_spp_and_advancements_are_refused(tmp_path: Path) -> None:
    db = tmp_path / "cup.db"
    _event(db)
    code, out, _ = run(db, "event", "show", "Cup")
    assert "Post-game between rounds: none (rosters stay as registered)" in out
    code, _, err = run(db, "event", "result", "Cup", "1", "--score", "1-0", "--spp-a", "3:td")
    assert code == 1 and "has not turned on the post-game between rounds" in err
    assert run(db, "event", "result", "Cup", "1", "--score", "1-0")[0] == 0
    advance = ("event", "advance", "Cup", "1", "3", "--kind", "chosen_primary", "--skill", "Block")
    code, _, err = run(db, *advance)
    assert code == 1 and "has not turned on the post-game between rounds" in err
