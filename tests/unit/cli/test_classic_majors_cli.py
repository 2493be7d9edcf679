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


def test_season_classic_tournament_and_classic_close_pay_a_major_and_hand_over_its_trophy(
    tmp_path: Path,
) -> None:
    db = tmp_path / "old.db"
    four_teams(db)
    code, _, err = run("season", "classic-tournament", "Open", "World Cup", db=db)
    assert code != 0 and "not a Major" in err
    code, out, err = run("season", "classic-tournament", "Open", "Chaos Cup", db=db)
    assert code == 0, err
    assert "Open: Chaos Cup, Major tournament" in out and "not closed yet" in out
    code, _, err = run("season", "classic-draw", "Open", "--seed", "2", db=db)
    assert code == 0, err
    fixtures = json.loads(run("--json", "season", "fixtures", "Open", db=db)[1])
    for f in [f for f in fixtures if f["stage"] == "playoff" and f["home"] and f["away"]]:
        assert run("fixture", "set-result", str(f["id"]), "1", "0", db=db)[0] == 0
    final = next(
        f
        for f in json.loads(run("--json", "season", "fixtures", "Open", db=db)[1])
        if f["round_name"] == "Final"
    )
    code, _, err = run("fixture", "set-result", str(final["id"]), "3", "1", db=db)
    assert code == 0, err
    code, out, err = run("season", "classic-close", "Open", "--typed", "6", db=db)
    assert code == 0, err
    assert f"winner {final['home']}: 300,000 gp" in out and f"runner-up {final['away']}: 50,000 gp" in out
    assert "Chaos Cup split: rolled 6" in out and f"{final['home']} holds the Chaos Cup" in out
    team = json.loads(run("--json", "team", "show", final["home"], db=db)[1])
    assert team["trophies"] == ["Chaos Cup"] and team["trophy_rerolls"] == 1
    code, out, _ = run("team", "show", final["home"], db=db)
    assert "Trophies Chaos Cup: 1 Trophy Re-roll(s)" in out and "one more Handicap roll" in out
    code, out, _ = run("--json", "season", "classic-tournament", "Open", db=db)
    assert json.loads(out)["closed"] is True
    code, _, err = run("season", "close", "Open", db=db)
    assert code != 0 and "classic-close" in err


def test_fixture_inspire_gives_the_inspiration_mvp_the_pre_match_rolled(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    classic_league(db)
    code, _, err = run("adjust", "Greenskins", "--gold", "300000", "--reason", "a patron", db=db)
    assert code == 0, err
    run("fixture", "add", "Open", "Greenskins", "Stunties", db=db)
    typed = ",".join(["4"] * 8 + ["1", "4", "3", "5"])  # gate; handicaps 14 Inspiration, 35 Palmed Coin
    code, out, err = run("fixture", "pregame", "1", "--typed", typed, db=db)
    assert code == 0, err
    assert "Inspiration: Stunties picks the player for an extra MVP (fixture inspire 1 PLAYER)" in out
    goblin = json.loads(run("--json", "team", "show", "Stunties", db=db)[1])["players"][0]
    code, out, err = run("fixture", "inspire", "1", str(goblin["id"]), db=db)
    assert code == 0, err
    assert f"Inspiration: {goblin['name']} (Stunties) takes an MVP now, 5 SPP" in out
    assert json.loads(run("--json", "team", "show", "Stunties", db=db)[1])["players"][0]["spp"] == 5
    code, _, err = run("fixture", "inspire", "1", str(goblin["id"]), db=db)
    assert code != 0 and "no Inspiration waits" in err
