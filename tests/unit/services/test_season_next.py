"""A new season from the last one: same league, divisions and teams in their divisions; a
withdrawn team is left out with the reason; the preview creates nothing."""

import io
import json
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.errors import RuleViolation
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_next import next_season

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def test_next_season_keeps_divisions_and_teams_and_leaves_out_the_withdrawn(demo: Services) -> None:
    entries = [(TEAMS[i], "North" if i < 3 else "South") for i in range(6)]
    demo.seasons.create_season(DEMO_LEAGUE, "One", ["North", "South"], seed=1, entries=entries)
    demo.seasons.withdraw_team("One", TEAMS[5], "folded")
    plan = next_season(demo.seasons, "One", "Two", preview=True).value
    assert plan.created is None and plan.divisions == ("North", "South")
    assert set(plan.entries) == set(entries[:5])
    assert plan.left_out == ((TEAMS[5], "withdrew from One"),)
    assert [s.name for s in demo.seasons.list_seasons(DEMO_LEAGUE)] == ["One"]
    made = next_season(demo.seasons, "One", "Two", seed=3).value.created
    assert made is not None and made.divisions == ("North", "South") and made.seed == 3
    assert {(t.name, t.division) for t in made.teams} == set(entries[:5])
    with pytest.raises(RuleViolation, match="already has a season"):
        next_season(demo.seasons, "One", "Two", preview=True)
    with pytest.raises(RuleViolation, match="already has a season"):
        next_season(demo.seasons, "One", "Two")


def test_season_create_from_on_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "league.db"

    def run(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        code = main(["--db", str(db), *argv], CliContext(stdout=out, stderr=err))
        return code, out.getvalue(), err.getvalue()

    assert run("demo")[0] == 0
    assert run("season", "create", DEMO_LEAGUE, "One", "--seed", "2")[0] == 0
    assert run("season", "add-teams", "One", *TEAMS[:4])[0] == 0
    assert run("season", "schedule", "One", "--format", "round-robin")[0] == 0
    code, out, err = run("season", "create", "Two", "--from", "One", "--preview")
    assert code == 0, err
    assert "Would create season 'Two'" in out and 'season schedule "Two" --format round-robin' in out
    code, out, err = run("season", "create", "Two", "--from", "One", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert {t["team"] for t in data["teams"]} == set(TEAMS[:4]) and data["from"] == "One"
    assert len(data["created"]["teams"]) == 4
    code, _out, err = run("season", "create", "Two", "Extra", "--from", "One")
    assert code != 0 and "only the new name" in err
