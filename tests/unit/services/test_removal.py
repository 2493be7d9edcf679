"""Retiring or deleting teams, seasons and leagues: only what has no history is deleted."""

import json
from pathlib import Path

import pytest

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_results import ResultEntry
from tests.unit.cli.test_cli import run

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def test_a_team_that_never_played_is_deleted_with_its_rows(demo: Services) -> None:
    team = demo.teams.get_team(TEAMS[0])
    demo.team_board.set_colours(team.id, "#112233", "#445566")  # a row in another table
    plan = demo.removal.plan("team", TEAMS[0])
    assert (plan.action, plan.name) == ("delete", TEAMS[0]) and "never played" in plan.reason
    outcome = demo.removal.remove("team", TEAMS[0])
    assert outcome.changes.teams == {team.id} and outcome.changes.description == f"deleted {TEAMS[0]}"
    with pytest.raises(NotFound):
        demo.teams.get_team(TEAMS[0])
    assert len(demo.teams.list_teams()) == len(TEAMS) - 1


def test_a_team_with_history_is_retired_and_can_come_back(demo: Services) -> None:
    demo.seasons.create_season(DEMO_LEAGUE, "S", seed=1)
    demo.seasons.add_teams("S", TEAMS[:4])
    plan = demo.removal.plan("team", TEAMS[0])
    assert plan.action == "retire" and "entered in 1 season(s)" in plan.reason
    demo.removal.remove("team", TEAMS[0])
    assert demo.teams.get_team(TEAMS[0]).players  # still there, with its roster
    assert TEAMS[0] not in {c.name for c in demo.seasons.entry_candidates(DEMO_LEAGUE)}
    with pytest.raises(RuleViolation, match="retired already"):
        demo.removal.remove("team", TEAMS[0])
    demo.removal.reinstate_team(TEAMS[0])
    with pytest.raises(RuleViolation, match="is not retired"):
        demo.removal.reinstate_team(TEAMS[0])


def test_seasons_and_leagues_with_results_stay(demo: Services) -> None:
    demo.seasons.create_season(DEMO_LEAGUE, "S", seed=1)
    demo.seasons.add_teams("S", TEAMS[:4])
    demo.seasons.schedule("S", "round-robin")
    game = demo.seasons.fixtures("S")[0]
    demo.seasons.set_result(game.id or 0, ResultEntry(home_td=1, away_td=0))
    for kind, name in (("season", "S"), ("league", DEMO_LEAGUE)):
        assert demo.removal.plan(kind, name).action == "refuse"
        with pytest.raises(RuleViolation, match="1 result"):
            demo.removal.remove(kind, name)
    assert demo.seasons.get_season("S").name == "S"
    demo.seasons.clear_result(game.id or 0)
    assert demo.removal.plan("season", "S").action == "delete"
    demo.removal.remove("season", "S")
    assert demo.seasons.list_seasons() == []
    with pytest.raises(RuleViolation, match="has played"):  # its teams played, even if the result went
        demo.removal.remove("league", DEMO_LEAGUE)


def test_cli_retire_and_delete(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    run("demo", db=db)
    code, out, _ = run("--json", "team", "retire", TEAMS[1], "--preview", db=db)
    assert code == 0 and json.loads(out)["action"] == "delete"
    assert len(json.loads(run("--json", "team", "list", db=db)[1])) == len(TEAMS)
    code, out, _ = run("team", "retire", TEAMS[1], db=db)
    assert code == 0 and out.startswith(f"deleted {TEAMS[1]}")
    code, _, err = run("team", "reinstate", TEAMS[2], db=db)
    assert code == 1 and "is not retired" in err
    code, _, err = run("season", "delete", "Nope", db=db)
    assert code == 1
    code, out, _ = run("league", "delete", DEMO_LEAGUE, db=db)
    assert code == 0 and "deleted" in out
    assert json.loads(run("--json", "league", "list", db=db)[1]) == []
