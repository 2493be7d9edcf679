"""A Season 3 league: its edition, seasons that keep theirs, teams that stay in their own, draft limits."""

import pytest
from sqlmodel import select

from league_manager.core.errors import NotFound, RuleViolation, RuleViolations
from league_manager.persistence.models import League, Team
from league_manager.rules.draft import DraftPlan, suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services

S3 = load_ruleset("bb2025")


def test_a_season3_league_and_its_seasons_carry_the_edition(services: Services) -> None:
    league = services.leagues.create_league("Third", ruleset_id="bb2025").value
    assert (league.ruleset, league.ruleset_version) == ("bb2025", S3.version)
    services.teams.draft_team("Third", "Knights", "Ann", suggest_draft(S3, "bretonnian"))
    services.teams.draft_team("Third", "Lads", "Bo", suggest_draft(S3, "human"))
    season = services.seasons.create_season(
        "Third", "Year 1", entries=[("Knights", None), ("Lads", None)]
    ).value
    assert (season.ruleset, season.ruleset_version) == ("bb2025", S3.version)
    assert len(season.teams) == 2


def test_a_played_season_keeps_its_edition_and_teams_stay_in_theirs(services: Services) -> None:
    old = load_ruleset("bb2020")
    services.leagues.create_league("Moving")
    services.teams.draft_team("Moving", "Oldies", "Ann", suggest_draft(old, "human"))
    first = services.seasons.create_season("Moving", "2020 season", entries=[("Oldies", None)]).value
    with services.teams.transaction() as session:  # the league moves on to Season 3 between seasons
        league = session.exec(select(League).where(League.name == "Moving")).one()
        league.ruleset_id, league.ruleset_version = "bb2025", S3.version
    services.teams.draft_team("Moving", "Newbies", "Bo", suggest_draft(S3, "orc"))
    with services.teams.transaction() as session:
        teams = {t.name: t.ruleset_id for t in session.exec(select(Team))}
    assert teams == {"Oldies": "bb2020", "Newbies": "bb2025"}
    second = services.seasons.create_season("Moving", "Season 3 season", entries=[("Newbies", None)]).value
    assert services.seasons.get_season(first.name).ruleset == "bb2020"
    assert second.ruleset == "bb2025"
    with pytest.raises(RuleViolation, match="Oldies is drafted under Blood Bowl 2020 but Season 3 season"):
        services.seasons.add_teams(second.name, ["Oldies"])
    with pytest.raises(RuleViolation, match="its own edition"):
        services.seasons.add_teams(first.name, ["Newbies"])
    assert [t.name for t in services.seasons.get_season(first.name).teams] == ["Oldies"]


def test_season3_draft_limits_name_the_rule(services: Services) -> None:
    services.leagues.create_league("Limits", ruleset_id="bb2025")
    plan = DraftPlan("human", {"Human Lineman": 9, "Human Blitzer": 3})
    with pytest.raises(RuleViolations) as refused:
        services.teams.draft_team("Limits", "Too Many", "Cy", plan)
    assert any(v.rule == "Human Blitzer" and "at most 2" in v.detail for v in refused.value.violations)
    snotlings = DraftPlan("snotling", {"Snotling Lineman": 11})
    with pytest.raises(RuleViolations) as refused:
        services.teams.draft_team("Limits", "Swarm", "Cy", snotlings)
    assert any(v.rule == "Insignificant" for v in refused.value.violations)
    assert services.teams.list_teams("Limits") == []


def test_unknown_edition_is_refused(services: Services) -> None:
    with pytest.raises(NotFound, match="unknown ruleset 'bb2030'"):
        services.leagues.create_league("Future", ruleset_id="bb2030")
