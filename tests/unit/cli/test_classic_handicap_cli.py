"""The classic (LRB 2004) handicaps that change the gate and who plays, as the command line prints them."""

from pathlib import Path

from test_classic_postmatch_cli import _league
from test_cli import run


def test_bad_press_and_it_wasnt_me_are_printed_where_they_land(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    orcs, _ = _league(db)
    code, _, err = run("adjust", "Greenskins", "--gold", "300000", "--reason", "a patron", db=db)
    assert code == 0, err
    typed = ",".join(["6"] * 8 + ["2", "1", "4", "4", "1"])  # 21 Bad Press, 44 It Wasn't Me!: 1st orc
    code, out, err = run("fixture", "pregame", "1", "--typed", typed, db=db)
    assert code == 0, err
    assert "Gate: 36,000 fans (6 D6 x 1,000)" in out
    assert "Bad Press: Greenskins's fan factor is 3 this match; its gate dice 6, 6 no longer count" in out
    assert "It Wasn't Me!: " in out and "misses the match" in out
    code, _, err = run("fixture", "set-result", "1", "1", "0", "--home-cas", "0", "--away-cas", "0", db=db)
    assert code == 0, err
    code, _, err = run("fixture", "postgame", "1", "--seed", "3", "--figures", f"{orcs[0]}:td=1", db=db)
    assert code != 0 and "did not play" in err
    code, out, err = run("fixture", "postgame", "1", "--seed", "3", db=db)
    assert code == 0, err
    assert "missed the match (It Wasn't Me!): no SPP, no MVP" in out


def test_fixture_talent_and_fixture_appearance_fee_answer_what_the_pre_match_left_open(
    tmp_path: Path,
) -> None:
    db = tmp_path / "old.db"
    _league(db)
    code, _, err = run("adjust", "Greenskins", "--gold", "300000", "--reason", "a patron", db=db)
    assert code == 0, err
    typed = ",".join(["6"] * 8 + ["1", "1", "4", "5", "4", "2"])  # 11 Appearance Fee, 45; 4th orc, fee 2
    code, out, err = run("fixture", "pregame", "1", "--typed", typed, db=db)
    assert code == 0, err
    assert "will not play until paid 10,000 gp (rolled 2); pay any time after kick-off" in out
    assert "fixture talent 1 'Stunties' POSITION" in out and "fixture appearance-fee 1 --paid|--unpaid" in out
    code, out, err = run("fixture", "talent", "1", "Stunties", "Goblin", db=db)
    assert code == 0 and "That Boy's Got Talent: a Goblin joins for this match only" in out, err
    code, out, err = run("fixture", "appearance-fee", "1", "Greenskins", "--unpaid", db=db)
    assert code == 0 and "not paid: he missed the match" in out, err
    code, out, err = run("fixture", "talent", "1", "Stunties", "Goblin", db=db)
    assert code != 0 and "nothing waits for Stunties" in err


def test_fixture_assassin_prints_the_injury_roll_and_its_outcome(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    orcs, _ = _league(db)
    code, _, err = run("adjust", "Greenskins", "--gold", "300000", "--reason", "a patron", db=db)
    assert code == 0, err
    code, out, err = run(
        "fixture", "pregame", "1", "--typed", ",".join(["6"] * 8 + ["5", "6", "1", "2"]), db=db
    )
    assert code == 0 and "fixture assassin 1 PLAYER [--apothecary]" in out, err
    code, out, err = run("fixture", "assassin", "1", str(orcs[2]), "--typed", "5,5,2", db=db)
    assert code == 0, err
    assert "Injury roll 5+5 = 10, casualty D6 2: Badly Hurt; he misses the match" in out


def test_tabletop_results_are_printed_with_their_effect_for_the_coaches(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    _league(db)
    code, _, err = run("adjust", "Greenskins", "--gold", "1010000", "--reason", "a patron", db=db)
    assert code == 0, err
    typed = ",".join(["6"] * 8 + ["1", "6", "2", "3", "3", "3", "4", "2"])  # 16, 23, 33, 42
    code, out, err = run("fixture", "pregame", "1", "--typed", typed, "--pick", "62", db=db)
    assert code == 0, err
    assert "16 Under Scrutiny: opponent may not foul or use secret-weapon players this match" in out
    assert "23 Biased Referee: opponent counts as watched by the referee all match" in out
    assert "33 Smelling Salts: own KO'd players return on 2+ this match" in out
    assert "42 Grudge Match: any number of fouls per turn this match" in out
    assert "62 Knuckledusters: one chosen own player counts as having Mighty Blow this match" in out
