"""The classic (LRB 2004) post-match from the command line: pregame, set-result, postgame."""

import json
from pathlib import Path

from test_cli import run


def _league(db: Path) -> tuple[list[int], list[int]]:
    run("league", "create", "Old", "--ruleset", "lrb2004", db=db)
    run("team", "create", "--league", "Old", "--race", "Orc", "--name", "Greenskins", "--coach", "Ann",
        "--buy", "Lineman:6,Blitzer:4,Troll:1", "--rerolls", "2", "--fan-factor", "5",
        "--apothecary", db=db)  # fmt: skip
    run("team", "create", "--league", "Old", "--race", "Goblin", "--name", "Stunties", "--coach", "Cy",
        "--buy", "Goblin:11", "--fan-factor", "3", db=db)  # fmt: skip
    run("season", "create", "Old", "Open", db=db)
    run("fixture", "add", "Open", "Greenskins", "Stunties", db=db)
    ids = []
    for team in ("Greenskins", "Stunties"):
        _, out, _ = run("--json", "team", "show", team, db=db)
        ids.append([p["id"] for p in json.loads(out)["players"]])
    return ids[0], ids[1]


def test_a_classic_fixture_from_its_pre_match_to_its_post_match(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    orcs, _ = _league(db)
    code, _, err = run("fixture", "postgame", "1", "--seed", "1", db=db)
    assert code != 0 and "no pre-match" in err
    code, _, err = run("fixture", "pregame", "1", "--typed", ",".join(["4"] * 8), db=db)  # gate 32,000
    assert code == 0, err
    code, _, err = run("fixture", "set-result", "1", "2", "0", "--home-cas", "0", "--away-cas", "0", db=db)
    assert code == 0, err
    _, out, _ = run("season", "fixtures", "Open", db=db)
    assert "[post-match not done: `fixture postgame 1`]" in out  # not the BB2020 match-day hint
    code, _, err = run("fixture", "postgame", "1", "--seed", "1", "--mvp", "Grisnak", db=db)
    assert code != 0 and "MVPs drawn on the table by player id" in err
    code, _, err = run("fixture", "postgame", "1", "--seed", "1", "--mvp", "9999", db=db)
    assert code != 0 and "did not play" in err
    typed = "3,3"  # winnings: home 3 + 1 (32,000 fans at 100) + 1 won = 5; away 3 + 1 = 4
    typed += ",2,2,3,4,4"  # home MVP the second orc; the first orc (6 SPP) rolls 5: a skill; ageing 8
    typed += ",1"  # away MVP the first goblin
    typed += ",3,6"  # fan factor: home 3 + 1 won + 1 two TDs = 5: no change; away a 6 (- 1 lost): +1
    code, out, err = run("fixture", "postgame", "1", "--typed", typed,
                         "--figures", f"{orcs[0]}:td=2", db=db)  # fmt: skip
    assert code == 0, err
    assert "winnings: rolled 3, modifier +1, won +1 = 5: 50,000 gp; paid 50,000 gp" in out
    assert "fan factor 5 -> 5 (rolled 3 = 5)" in out and "fan factor 3 -> 4 (rolled 6 = 5)" in out
    assert "Experienced: Star Player roll 2+3: a skill; pick pending" in out
    assert "(typed)" in out and "(program)" not in out
    code, out, _ = run("--json", "team", "show", "Stunties", db=db)
    data = json.loads(out)
    assert data["fan_factor"] == 4 and data["treasury"] == 1_000_000 - 440_000 - 30_000 + 40_000
    assert data["players"][0]["spp"] == 5
    code, _, err = run("fixture", "postgame", "1", "--seed", "1", db=db)
    assert code != 0 and "had its post-match already" in err
    _, out, _ = run("season", "fixtures", "Open", db=db)
    assert "not done" not in out
    code, _, err = run("player", "star-roll", str(orcs[0]), "--skill", "Dodge", db=db)
    assert code != 0 and "not a skill of G, S" in err
    code, out, err = run("player", "star-roll", str(orcs[0]), "--skill", "Tackle", db=db)
    assert code == 0 and "gained Tackle" in out, err


def test_a_classic_team_concedes_at_the_table_and_the_post_match_applies_it(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    _league(db)
    code, _, err = run("fixture", "concede", "1", "--by", "Stunties", db=db)
    assert code != 0 and "concedes during the match" in err
    code, _, err = run("fixture", "concede", "1", "--by", "Stunties", "--during", db=db)
    assert code != 0 and "no pre-match" in err
    run("fixture", "pregame", "1", "--typed", ",".join(["4"] * 8), db=db)
    code, _, err = run(
        "fixture", "concede", "1", "--by", "Stunties", "--during", "--players-left", "2", db=db
    )
    assert code != 0 and "no penalty-free concession" in err
    code, out, err = run("fixture", "concede", "1", "--by", "Stunties", "--during", "--score", "1-0", db=db)
    assert code == 0 and "Next: `fixture postgame 1`" in out, err
    typed = "3,3"  # winnings: home 3 + 1 + 1 won = 5, the loser's 3 + 1 = 4: all 90,000 to the winner
    typed += ",1,1"  # the winner's two MVPs: the first orc, then the second
    typed += ",2"  # fan factor: home 2 + 1 won + 2 conceded = 5: no change; the loser -1 without a roll
    code, out, err = run("fixture", "postgame", "1", "--typed", typed, db=db)
    assert code == 0, err
    assert "Stunties (conceded)" in out and "paid 90,000 gp" in out and "paid 0 gp" in out
    assert "fan factor 3 -> 2 (no roll (conceded))" in out
    code, out, _ = run("--json", "team", "show", "Stunties", db=db)
    assert json.loads(out)["fan_factor"] == 2
