"""`team create --from-file`: the documented example joins; a bad file is refused and creates nothing."""

import json
from pathlib import Path

from tests.unit.cli.cli_run import run

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "team-from-paper.json"


def test_team_create_from_file(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    assert run(db, "demo")[0] == 0
    code, out, err = run(
        db, "--json", "team", "create", "--league", "Demo League", "--from-file", str(EXAMPLE)
    )
    assert code == 0, err
    team = json.loads(out)
    assert (
        team["name"] == "Grimwald Gravediggers" and team["treasury"] == 40_000 and len(team["players"]) == 11
    )
    bad = tmp_path / "bad.json"
    data = json.loads(EXAMPLE.read_text(encoding="utf-8")) | {"name": "Other", "race": "nobody"}
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(db, "team", "create", "--league", "Demo League", "--from-file", str(bad))
    assert code != 0 and "nobody" in err
    assert "Other" not in run(db, "team", "list")[1]
    code, _, err = run(db, "team", "create", "--league", "Demo League", "--name", "X")
    assert code != 0 and "--race" in err
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    code, _, err = run(
        db, "team", "create", "--league", "Demo League", "--from-file", str(tmp_path / "broken.json")
    )
    assert code != 0 and "cannot read" in err
