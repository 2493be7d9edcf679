"""A whole tournament on the command line: 8 coaches, 3 Swiss rounds, slips and the NAF file."""

from pathlib import Path
from xml.etree import ElementTree as ET

import pypdf

from tests.unit.cli.cli_run import ok_json, run

NAF = "{http://www.bloodbowl.net}"
COACHES = [
    ("Ann", "human", "Blitzer=2,Catcher=2,Thrower=1,Lineman=6", "1:Guard,3:Sure Hands"),
    ("Bob", "orc", "Blitzer=2,Big Un Blocker=2,Lineman=7", "1:Dirty Player"),
    ("Cy", "dwarf", "Runner=2,Blitzer=2,Troll Slayer=2,Deathroller=1,Lineman=4", ""),
    ("Dee", "skaven", "Gutter Runner=2,Blitzer=2,Thrower=1,Lineman=6", "2:Sure Feet"),
    ("Eve", "wood elf", "Wardancer=2,Catcher=1,Thrower=1,Lineman=7", ""),
    ("Fay", "human", "Lineman=11", "1:Block,2:Block"),
    ("Gus", "orc", "Lineman=11", ""),
    ("Hal", "skaven", "Lineman=11", ""),
]


def test_whole_event_from_registration_to_the_naf_file(tmp_path: Path) -> None:
    db = tmp_path / "cup.db"
    assert run(db, "event", "create", "Cup", "--rounds", "3", "--skills", "2", "--budget", "1200000")[0] == 0
    for number, (coach, race, buy, skills) in enumerate(COACHES, start=100):
        code, out, err = run(
            db, "event", "register", "Cup", "--coach", coach, "--race", race, "--name", f"{coach}'s team",
            "--buy", buy, "--skills", skills, "--rerolls", "2", "--naf", str(number),
        )  # fmt: skip
        assert code == 0, err
        assert "lost" in out
    code, out, _ = run(db, "event", "show", "Cup")
    assert "Budget: 1,200,000 gp" in out and "+ Guard" in out and "re-rolls 2" in out
    assert "Star players: not allowed" in out
    for round_number in (1, 2, 3):
        tables = ok_json(db, "event", "pair", "Cup")
        assert isinstance(tables, list) and len(tables) == 4
        assert {t["round"] for t in tables} == {round_number}
        code, _, err = run(db, "event", "pair", "Cup")
        assert code == 0  # a re-pairing until the first result
        assert run(db, "event", "slips", "Cup", "-o", str(tmp_path / f"r{round_number}.pdf"))[0] == 0
        assert (tmp_path / f"r{round_number}.pdf").read_bytes().startswith(b"%PDF")
        slips = " ".join(pypdf.PdfReader(tmp_path / f"r{round_number}.pdf").pages[0].extract_text().split())
        assert "Budget: 1,200,000 gp" in slips and "Star players: not allowed" in slips
        assert run(db, "event", "result", "Cup", "1", "--score", "2-1", "--cas", "1-0")[0] == 0
        code, _, err = run(db, "event", "pair", "Cup")
        assert code == 1 and "no result yet for table(s) 2, 3, 4" in err
        for table in (2, 3, 4):
            assert run(db, "event", "result", "Cup", str(table), "--score", "1-0")[0] == 0
    code, _, err = run(db, "event", "pair", "Cup")
    assert code == 1 and "all 3 rounds are played" in err
    standings = ok_json(db, "event", "standings", "Cup")
    assert isinstance(standings, list) and len(standings) == 8
    assert standings[0]["points"] == 9 and standings[-1]["points"] == 0
    before = standings[0]["coach"]
    assert run(db, "event", "result", "Cup", "1", "--score", "0-3", "--round", "3")[0] == 0
    corrected = ok_json(db, "event", "standings", "Cup")
    assert isinstance(corrected, list) and corrected[0]["coach"] != before
    assert run(db, "event", "naf", "Cup", "-o", str(tmp_path / "naf.xml"), "--organiser", "Org")[0] == 0
    root = ET.parse(tmp_path / "naf.xml").getroot()
    assert root.tag == f"{NAF}nafReport"
    assert root.findtext(f"{NAF}organiser") == "Org"
    assert len(root.findall(f"{NAF}coaches/{NAF}coach")) == 8
    games = root.findall(f"{NAF}game")
    assert len(games) == 12
    met = set()
    for game in games:
        records = game.findall(f"{NAF}playerRecord")
        assert len(records) == 2
        pair = frozenset(r.findtext(f"{NAF}name") for r in records)
        assert pair not in met  # no rematches in three rounds
        met.add(pair)
        assert all(int(r.findtext(f"{NAF}teamRating") or 0) > 0 for r in records)


def test_registration_refused_with_the_rule_named(tmp_path: Path) -> None:
    db = tmp_path / "cup.db"
    code, _, err = run(db, "event", "create", "Cup", "--rounds", "3", "--budget", "1000000")
    assert code == 1 and "exhibition budget" in err
    assert run(db, "event", "create", "Cup", "--rounds", "3", "--skills", "1")[0] == 0
    base = [
        "event",
        "register",
        "Cup",
        "--coach",
        "Ann",
        "--race",
        "orc",
        "--name",
        "A",
        "--buy",
        "Lineman=11",
    ]
    code, _, err = run(db, *base, "--skills", "1:Block,2:Dirty Player")
    assert code == 1 and "skill pack" in err
    code, _, err = run(db, *base, "--skills", "1:Accurate")
    assert code == 1 and "skill access" in err
    code, _, err = run(db, *base, "--induce", "Halfling Master Chef=2")
    assert code == 1 and "inducements" in err
    code, _, err = run(
        db,
        "event",
        "register",
        "Cup",
        "--coach",
        "Ann",
        "--race",
        "orc",
        "--name",
        "A",
        "--buy",
        "Lineman=10",
    )
    assert code == 1 and "players" in err
    roster = tmp_path / "ann.yaml"
    roster.write_text(
        "coach: Ann\nrace: orc\nname: A\nbuy: [Lineman=11]\nskills: '1:Block'\ninduce: Bribes=1\n"
    )
    assert run(db, "event", "register", "Cup", "--roster", str(roster))[0] == 0
    code, _, err = run(db, "event", "register", "Cup", "--roster", str(roster))
    assert code == 1 and "registered already" in err
    entry = ok_json(db, "event", "show", "Cup")["entries"][0]["id"]  # type: ignore[index]
    roster.write_text(roster.read_text().replace("name: A", "name: B"))
    code, out, err = run(db, "event", "register", "Cup", "--roster", str(roster), "--replaces", str(entry))
    assert code == 0 and f"Corrected #{entry} Ann: B (Orc)" in out, err
    assert f"#{entry} Ann" in run(db, "event", "show", "Cup")[1]
    code, out, err = run(db, "event", "withdraw", "Cup", str(entry))
    assert code == 0 and f"Withdrew #{entry} Ann: B" in out, err
    assert ok_json(db, "event", "show", "Cup")["entries"] == []  # type: ignore[index]
    code, _, err = run(db, "event", "withdraw", "Cup", str(entry))
    assert code != 0 and str(entry) in err


def test_team_event_pairs_teams_board_by_board(tmp_path: Path) -> None:
    db = tmp_path / "cup.db"
    code, _, err = run(db, "event", "create", "Teams", "--rounds", "2", "--teams-of", "1")
    assert code == 1 and "teams" in err
    assert run(db, "event", "create", "Teams", "--rounds", "2", "--teams-of", "2")[0] == 0
    squads = {"Reds": ["Ann", "Bob"], "Blues": ["Cy", "Dee"], "Greens": ["Eve", "Fay"]}
    base = ["--race", "orc", "--buy", "Lineman=11"]
    code, _, err = run(db, "event", "register", "Teams", "--coach", "Ann", "--name", "A", *base)
    assert code == 1 and "name the team of 2 coaches" in err
    for number, (squad, coaches) in enumerate(squads.items()):
        for board, coach in enumerate(coaches):
            naf = str(200 + 2 * number + board)
            args = ["--coach", coach, "--name", f"{coach} FC", "--team", squad, "--naf", naf, *base]
            assert run(db, "event", "register", "Teams", *args)[0] == 0
    code, _, err = run(
        db, "event", "register", "Teams", "--coach", "Gus", "--name", "G", "--team", "reds", *base
    )
    assert code == 1 and "Reds has its 2 coaches already" in err
    code, out, _ = run(db, "event", "show", "Teams")
    assert "team Reds" in out and "Teams: of 2 coaches" in out
    met: set[frozenset[str]] = set()
    for _round in (1, 2):
        tables = ok_json(db, "event", "pair", "Teams")
        assert isinstance(tables, list) and len(tables) == 4
        pairs = [(t["team_a"], t["team_b"]) for t in tables]
        assert all(a != b for a, b in pairs)
        assert pairs[0] == pairs[1] and pairs[2] == pairs[3]  # board 1 and board 2 of a match
        meeting = frozenset(x for x in pairs[0] if x)
        assert meeting not in met  # teams never meet twice
        met.add(meeting)
        assert [t["b"] is None for t in tables] == [False, False, True, True]  # the bye team
        assert run(db, "event", "slips", "Teams", "-o", str(tmp_path / "s.pdf"))[0] == 0
        assert run(db, "event", "result", "Teams", "1", "--score", "2-0")[0] == 0
        assert run(db, "event", "result", "Teams", "2", "--score", "0-1")[0] == 0
    standings = ok_json(db, "event", "standings", "Teams")
    assert isinstance(standings, dict) and len(standings["coaches"]) == 6
    teams = standings["teams"]
    assert teams[0]["team"] in squads and len(teams) == 3
    assert all(t["wins"] + t["draws"] + t["losses"] == 2 for t in teams)
    assert sum(t["draws"] for t in teams) == 4 and sum(t["byes"] for t in teams) == 2
    assert teams[0]["points"] == 4 and teams[0]["byes"] == 1
    assert run(db, "event", "naf", "Teams", "-o", str(tmp_path / "naf.xml"))[0] == 0
    assert len(ET.parse(tmp_path / "naf.xml").getroot().findall(f"{NAF}game")) == 4
