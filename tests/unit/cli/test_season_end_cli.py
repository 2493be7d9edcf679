"""`season playoffs` and `season close` from the command line: JSON shapes, a seed override, refusals."""

import json
from pathlib import Path

from tests.unit.cli.cli_run import run

TEAMS = ["Middenheim Marauders", "Gutrot Ironjaws", "Laurelorn Leapers", "Karak Stonefists"]


def ok_json(db: Path, *argv: str) -> dict[str, object]:
    code, out, err = run(db, "--json", *argv)
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_playoffs_and_close_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    assert run(db, "demo")[0] == 0
    assert run(db, "season", "create", "Demo League", "Cup", "--seed", "4")[0] == 0
    assert run(db, "season", "add-teams", "Cup", *TEAMS)[0] == 0
    assert run(db, "season", "schedule", "Cup", "--format", "round-robin")[0] == 0
    code, _, err = run(db, "season", "close", "Cup")
    assert code != 0 and "still open" in err
    for f in json.loads(run(db, "--json", "season", "fixtures", "Cup")[1]):
        home_first = TEAMS.index(f["home"]) < TEAMS.index(f["away"])
        assert (
            run(db, "fixture", "set-result", str(f["id"]), str(int(home_first)), str(int(not home_first)))[0]
            == 0
        )
    view = ok_json(db, "season", "playoffs", "Cup")
    assert [q["team"] for q in view["qualifiers"]] == TEAMS  # type: ignore[index, union-attr]
    code, _, err = run(db, "season", "playoffs", "Cup", "--seed", f"{TEAMS[3]}=1")
    assert code != 0 and "reason" in err
    moved = ok_json(db, "season", "playoffs", "Cup", "--seed", f"{TEAMS[3]}=1", "--reason", "host team")
    first = moved["qualifiers"][0]  # type: ignore[index]
    assert (first["team"], first["overridden"], first["reason"]) == (TEAMS[3], True, "host team")
    preview = ok_json(db, "season", "close", "Cup", "--preview")
    assert preview["closed"] is False and [p["ledger_entry_id"] for p in preview["prizes"]] == [None] * 3  # type: ignore[union-attr]
    closed = ok_json(db, "season", "close", "Cup")
    prizes = closed["prizes"]
    assert isinstance(prizes, list) and [p["amount"] for p in prizes] == [100_000, 60_000, 30_000]
    assert all(isinstance(p["ledger_entry_id"], int) for p in prizes) and closed["champion"] == TEAMS[0]
    assert ok_json(db, "team", "show", TEAMS[0])["trophy_rerolls"] == 1  # the League Trophy
    code, _, err = run(db, "season", "close", "Cup")
    assert code != 0 and "already closed" in err
