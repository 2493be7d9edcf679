"""``team colours`` and ``team formations`` on the command line."""

import json
from pathlib import Path

from league_manager.match.formations import SavedFormation, Spot
from league_manager.services.facade import Services
from tests.unit.cli.test_cli import run


def test_colours_are_shown_set_and_refused_with_the_reason(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    assert run("demo", db=db)[0] == 0
    code, out, _ = run("--json", "team", "colours", "1", db=db)
    assert code == 0 and set(json.loads(out)) == {"primary", "secondary"}
    code, out, _ = run("team", "colours", "1", "--primary", "#AA0000", "--secondary", "#ffffff", db=db)
    assert code == 0 and "#aa0000" in out
    code, _, err = run("team", "colours", "1", "--primary", "red", "--secondary", "#ffffff", db=db)
    assert code != 0 and "#rrggbb" in err
    code, _, err = run("team", "colours", "1", "--primary", "#000000", db=db)
    assert code != 0 and "both" in err


def test_formations_are_listed_and_deleted(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    assert run("demo", db=db)[0] == 0
    code, out, _ = run("team", "formations", "1", db=db)
    assert code == 0 and "no saved formations" in out
    svc = Services.open(db)
    svc.team_board.save_formation(1, SavedFormation("Wall", (Spot(12, 7, 1, "Lineman"),)))
    svc.close()
    code, out, _ = run("--json", "team", "formations", "1", db=db)
    assert code == 0 and json.loads(out)[0]["name"] == "Wall"
    code, out, _ = run("team", "formations", "1", "--delete", "Wall", db=db)
    assert code == 0 and "no saved formations" in out
