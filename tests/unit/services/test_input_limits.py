"""Names and numbers: one length limit and no control characters for every name; numbers in range."""

import io
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.errors import LeagueError, RuleViolation, RuleViolations
from league_manager.core.limits import NAME_MAX, clean_name
from league_manager.rules.dice import ScriptedDice
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services

LONG = "x" * 5000
PLAN = DraftPlan("human", {"Lineman": 7, "Blitzer": 4})


@pytest.mark.parametrize(
    "bad", [LONG, "A" * (NAME_MAX + 1), "Two\nlines", "Tab\there", "Null\x00", "Rtl\u202egnik"]
)
def test_one_rule_for_every_name(bad: str) -> None:
    with pytest.raises(RuleViolation):
        clean_name(bad, "team")
    assert clean_name("  Reikland Reavers  ", "team") == "Reikland Reavers"
    assert clean_name("Ünterwald Ölvärä", "team") == "Ünterwald Ölvärä"


def test_every_service_applies_it(services: Services, league: str) -> None:
    with pytest.raises(RuleViolation, match="at most 60"):
        services.leagues.create_league(LONG)
    with pytest.raises(RuleViolations, match="at most 60"):
        services.teams.draft_team(league, LONG, "Bob", PLAN)
    with pytest.raises(RuleViolations, match="control characters"):
        services.teams.draft_team(league, "Reavers", "Bob\x07", PLAN)
    with pytest.raises(RuleViolation, match="control characters"):
        services.seasons.create_season(league, "Season\n2")
    with pytest.raises(RuleViolation, match="at most 60"):
        services.seasons.create_season(league, "S", divisions=["North", LONG])
    team = services.teams.draft_team(league, "Reavers", "Bob", PLAN).value
    with pytest.raises(RuleViolation, match="at most 60"):
        services.roster.hire_player(team.id, "Lineman", LONG)
    with pytest.raises(RuleViolation, match="control characters"):
        services.roster.rename_player(team.players[0].id, "Bad\x1bname")
    after = services.teams.get_team(team.id)
    assert after.treasury == team.treasury and len(after.players) == len(team.players)


def test_team_hire_on_the_command_line_refuses_a_long_name(tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    services = Services.open(db)
    league = services.leagues.create_league("L").value.name
    services.teams.draft_team(league, "Reavers", "Bob", PLAN)
    services.close()
    out, err = io.StringIO(), io.StringIO()
    code = main(
        ["--db", str(db), "team", "hire", "Reavers", "Lineman", "--name", LONG],
        CliContext(stdout=out, stderr=err),
    )
    assert code == 1 and "at most 60 characters" in err.getvalue()


@pytest.mark.parametrize(
    ("key", "value"), [("budget", 10**30), ("budget", 10_000_001), ("points_win", 101), ("budget", -1)]
)
def test_house_rule_numbers_have_a_range(services: Services, key: str, value: int) -> None:
    with pytest.raises(RuleViolation, match="whole number from 0 to"):
        services.leagues.create_league("Big", settings={key: value})
    assert services.leagues.list_leagues() == []


def test_typed_die_must_fit_the_die(services: Services, league: str) -> None:
    team = services.teams.draft_team(league, "Reavers", "Bob", PLAN).value
    blitzer = next(p.id for p in team.players if p.position == "Human Blitzer")
    services.advancement.adjust_spp(blitzer, 20, "earlier games")
    with pytest.raises(LeagueError, match="9 is not a D6"):
        services.advancement.advance(
            blitzer, "random_primary", category="G", dice=ScriptedDice([9, 9], "typed")
        )
    assert services.advancement.record(blitzer).spp == 20


def test_seeds_and_spp_corrections_have_a_range(services: Services, league: str) -> None:
    with pytest.raises(RuleViolation, match="seed"):
        services.seasons.create_season(league, "S", seed=10**30)
    team = services.teams.draft_team(league, "Reavers", "Bob", PLAN).value
    with pytest.raises(RuleViolation, match="amount"):
        services.advancement.adjust_spp(team.players[0].id, 10**30, "typo")
