"""A classic (LRB 2004) league from the command line: create, team show, fixture add, pregame."""

import json
from pathlib import Path

from test_cli import run


def test_a_classic_league_from_creation_to_its_pre_match(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    code, out, _ = run("league", "create", "Old", "--ruleset", "lrb2004", db=db)
    assert code == 0 and "lrb2004 LRB 3.0" in out
    code, _, err = run("team", "create", "--league", "Old", "--race", "Orc", "--name", "Greenskins",
                       "--coach", "Ann", "--buy", "Lineman:6,Blitzer:4,Troll:1", "--rerolls", "2",
                       "--fan-factor", "5", "--apothecary", db=db)  # fmt: skip
    assert code == 0, err
    code, out, _ = run("team", "show", "Greenskins", db=db)
    assert "Team rating 100" in out and "Fan factor 5" in out and "MA ST AG AV   SPP" in out
    assert "60k each at creation, 120k after" in out and " PA " not in out
    code, out, _ = run("--json", "team", "show", "Greenskins", db=db)
    data = json.loads(out)
    assert (data["rating"], data["fan_factor"]) == (100, 5) and "pa" not in data["players"][0]
    run("team", "create", "--league", "Old", "--race", "Goblin", "--name", "Stunties", "--coach", "Cy",
        "--buy", "Goblin:11", "--fan-factor", "3", db=db)  # fmt: skip
    run("season", "create", "Old", "Open", db=db)
    code, out, err = run("fixture", "add", "Open", "Greenskins", "Stunties", db=db)
    assert code == 0, err
    code, _, err = run("fixture", "play", "1", db=db)
    assert code != 0 and "play it on the tabletop and record the result" in err
    typed = ",".join(["4"] * 8)
    code, out, err = run("fixture", "pregame", "1", "--typed", typed, "--away-buy", "Goblin", db=db)
    assert code == 0, err
    assert "Gate: 32,000 fans (8 D6 x 1,000)" in out
    assert "hired 1 x Goblin at 20,000 gp (freebooted, half cost)" in out
    assert "Handicap: ratings 0 apart, no handicap roll" in out  # equal ratings
    code, out, _ = run("--json", "team", "show", "Stunties", db=db)
    assert json.loads(out)["treasury"] == 1_000_000 - 440_000 - 30_000 - 20_000


def test_the_engine_plays_no_classic_match() -> None:
    code, _, err = run("match", "coverage", "--ruleset", "lrb2004")
    assert code != 0 and "does not play lrb2004 yet" in err
    code, _, err = run("match", "simulate", "--home", "orc", "--away", "human", "--ruleset", "lrb2004")
    assert code != 0 and "the match engine does not play lrb2004 yet" in err
