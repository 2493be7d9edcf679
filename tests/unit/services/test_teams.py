"""Drafting, listing and showing teams through the services; refused changes change nothing."""

import pytest

from league_manager.core.errors import Ambiguous, NotFound, RuleViolation, RuleViolations
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services

HUMANS = DraftPlan("human", {"Lineman": 7, "Blitzer": 4}, rerolls=3, apothecary=True)


def draft(services: Services, league: str, name: str = "Reavers", plan: DraftPlan = HUMANS) -> int:
    return services.teams.draft_team(league, name, "Bob", plan).value.id


def ledger_total(services: Services, team: int) -> int:
    return sum(row.amount for row in services.teams.treasury_ledger(team))


def test_draft_creates_team_with_ledger(services: Services, league: str) -> None:
    outcome = services.teams.draft_team(league, "Reavers", "Bob", HUMANS)
    team = outcome.value
    assert outcome.changes.teams == {team.id}
    assert len(team.players) == 11 and team.rerolls == 3 and team.apothecary
    assert team.treasury == 1000000 - 890000 == ledger_total(services, team.id)
    assert team.team_value == team.current_team_value == 890000
    assert team.dedicated_fans == 1
    assert [p.number for p in team.players] == list(range(1, 12))
    rows = services.teams.treasury_ledger(team.id)
    assert rows[0].reason == "Draft budget" and rows[-1].balance == team.treasury


def test_refused_draft_changes_nothing(services: Services, league: str) -> None:
    bad = DraftPlan("human", {"Lineman": 6, "Blitzer": 5, "Ogre": 2}, rerolls=3)
    with pytest.raises(RuleViolations) as refused:
        services.teams.draft_team(league, "Bad", "Bob", bad)
    rules = {v.rule for v in refused.value.violations}
    assert {"Human Blitzer", "Ogre", "big guys", "budget"} <= rules
    assert services.teams.list_teams() == []
    assert services.leagues.list_leagues()[0].teams == 0


def test_duplicate_name_and_missing_coach(services: Services, league: str) -> None:
    draft(services, league)
    with pytest.raises(RuleViolations, match="already has a team"):
        draft(services, league, "reavers")
    with pytest.raises(RuleViolations, match="coach"):
        services.teams.draft_team(league, "Other", " ", HUMANS)


def test_redraft_refunds_in_full(services: Services, league: str) -> None:
    team = draft(services, league)
    plan = DraftPlan("human", {"Lineman": 9, "Blitzer": 2}, rerolls=2, apothecary=False, dedicated_fans=2)
    view = services.teams.redraft(team, plan).value
    assert view.treasury == 1000000 - (9 * 50000 + 2 * 85000 + 2 * 50000 + 10000)
    assert view.treasury == ledger_total(services, team)
    assert view.dedicated_fans == 2 and not view.apothecary
    assert services.teams.draft_plan(team).positions == {"Human Lineman": 9, "Human Blitzer": 2}


def test_redraft_with_short_names_keeps_the_players(services: Services, league: str) -> None:
    team = draft(services, league)
    before = services.teams.get_team(team)
    services.roster.rename_player(before.players[0].id, "Named Star")
    rows_before = len(services.teams.treasury_ledger(team))
    plan = DraftPlan("human", {"Lineman": 8, "Blitzer": 3}, rerolls=3, apothecary=True)
    after = services.teams.redraft(team, plan).value
    kept = {p.id for p in after.players} & {p.id for p in before.players}
    assert len(kept) == 10 and "Named Star" in {p.name for p in after.players}
    assert after.treasury == before.treasury + 85000 - 50000
    assert len(services.teams.treasury_ledger(team)) == rows_before + 2  # one sale, one purchase
    with pytest.raises(RuleViolation, match="is a Human team"):
        services.teams.redraft(team, DraftPlan("orc", {"Lineman": 11}))


def test_redraft_refused_after_first_match(services: Services, league: str) -> None:
    team = draft(services, league)
    services.teams.set_first_match_played(team)
    with pytest.raises(RuleViolation, match="has played"):
        services.teams.redraft(team, HUMANS)


def test_hire_and_fire_with_rules(services: Services, league: str) -> None:
    team = draft(services, league)
    view = services.roster.hire_player(team, "Catcher", name="Ærnhild Swift").value
    assert any(p.name == "Ærnhild Swift" and p.position == "Human Catcher" for p in view.players)
    assert view.treasury == 110000 - 65000 == ledger_total(services, team)
    with pytest.raises(RuleViolation, match="treasury"):
        services.roster.hire_player(team, "Ogre")
    catcher = next(p for p in view.players if p.name == "Ærnhild Swift")
    refunded = services.roster.fire_player(catcher.id).value
    assert refunded.treasury == 110000 and len(refunded.players) == 11


def test_after_first_match_rerolls_cost_double_and_firing_refunds_nothing(
    services: Services, league: str
) -> None:
    team = draft(services, league)
    services.teams.set_first_match_played(team)
    view = services.roster.buy_reroll(team).value
    assert view.rerolls == 4 and view.treasury == 110000 - 100000
    assert view.team_value == 890000 + 50000  # TV counts the roster cost
    with pytest.raises(RuleViolation, match="stays for the league"):
        services.roster.remove_reroll(team)
    fired = services.roster.fire_player(view.players[-1].id).value
    assert fired.treasury == 10000 and len(fired.players) == 10


def test_position_and_squad_limits(services: Services, league: str) -> None:
    team = draft(services, league)
    with pytest.raises(RuleViolation, match="at most 4"):
        services.roster.hire_player(team, "Blitzer")
    with pytest.raises(NotFound):
        services.roster.hire_player(team, "Wardancer")


def test_staff(services: Services, league: str) -> None:
    team = draft(services, league)
    view = services.roster.hire_staff(team, "cheerleader").value
    assert view.cheerleaders == 1 and view.treasury == 100000
    with pytest.raises(RuleViolation, match="at most 1"):
        services.roster.hire_staff(team, "apothecary")
    with pytest.raises(RuleViolation, match="unknown role"):
        services.roster.hire_staff(team, "chef")
    assert services.roster.fire_staff(team, "cheerleader").value.treasury == 110000


def test_rename_and_renumber(services: Services, league: str) -> None:
    team = services.teams.get_team(draft(services, league))
    first, second = team.players[0], team.players[1]
    assert services.roster.rename_player(first.id, "Grüt Ødegård").value.players[0].name == "Grüt Ødegård"
    with pytest.raises(RuleViolation, match="taken"):
        services.roster.set_number(first.id, second.number)
    view = services.roster.set_number(first.id, 42).value
    assert {p.number for p in view.players} >= {42}
    with pytest.raises(RuleViolation, match="needs a name"):
        services.roster.rename_player(first.id, "  ")


def test_lookup_errors(services: Services, league: str) -> None:
    with pytest.raises(NotFound):
        services.teams.get_team("Nobody")
    with pytest.raises(NotFound, match="leagues: Test League"):
        services.teams.draft_team("No League", "X", "Y", HUMANS)


def test_demo_league(services: Services) -> None:
    services.create_demo()
    teams = services.teams.list_teams("Demo League")
    assert len(teams) == 8 and len({t.race for t in teams}) == 8
    for team in teams:
        view = services.teams.get_team(team.id)
        assert 11 <= len(view.players) <= 16
        assert view.team_value <= 1000000 and view.treasury == 1000000 - view.team_value
        assert len({p.name for p in view.players}) == len(view.players)
    assert services.create_demo().changes.empty  # running it again reuses the league


def test_names_before_ids_and_ambiguous_names(services: Services, league: str) -> None:
    draft(services, league, "7")
    other = services.leagues.create_league("Other League").value.name
    draft(services, other, "Reavers")
    draft(services, league, "Reavers")
    assert services.teams.get_team("7").name == "7"
    with pytest.raises(Ambiguous, match=r"id \d+ in Test League.*id \d+ in Other League|id \d+ in Other"):
        services.teams.get_team("reavers")
    assert services.teams.get_team("Reavers", league=other).league == "Other League"


def test_ruleset_version_is_pinned(services: Services, league: str) -> None:
    from league_manager.core.errors import RulesetVersionMismatch
    from league_manager.persistence.database import session_scope
    from league_manager.persistence.models import League

    team = draft(services, league)
    with session_scope(services.engine) as session:
        row = session.get(League, services.leagues.get_league(league).id)
        assert row is not None
        row.ruleset_version = "2020.01"
    with pytest.raises(RulesetVersionMismatch, match="league upgrade-ruleset"):
        services.teams.get_team(team)
    assert services.leagues.list_leagues()[0].ruleset_version == "2020.01"
    services.leagues.upgrade_ruleset(league)
    assert services.teams.get_team(team).ruleset_version == "2025.05"
