"""Property: whatever legal or refused operations happen, balances equal their ledgers."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league_manager.core.errors import LeagueError
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services

OPS = st.lists(
    st.sampled_from(["hire_lineman", "hire_catcher", "fire_last", "reroll", "staff", "unstaff", "played"]),
    max_size=12,
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_treasury_equals_ledger(services: Services, ops: list[str]) -> None:
    leagues = services.leagues.list_leagues()
    league = leagues[0].name if leagues else services.leagues.create_league("P").value.name
    name = f"T{len(services.teams.list_teams())}"
    team = services.teams.draft_team(league, name, "C", DraftPlan("human", {"Lineman": 11})).value.id
    for op in ops:
        view = services.teams.get_team(team)
        try:
            if op == "hire_lineman":
                services.roster.hire_player(team, "Lineman")
            elif op == "hire_catcher":
                services.roster.hire_player(team, "Catcher")
            elif op == "fire_last" and view.players:
                services.roster.fire_player(view.players[-1].id)
            elif op == "reroll":
                services.roster.buy_reroll(team)
            elif op == "staff":
                services.roster.hire_staff(team, "assistant_coach")
            elif op == "unstaff":
                services.roster.fire_staff(team, "assistant_coach")
            elif op == "played":
                services.teams.set_first_match_played(team)
        except LeagueError:
            pass
        after = services.teams.get_team(team)
        ledger = services.teams.treasury_ledger(team)
        assert after.treasury == sum(r.amount for r in ledger) >= 0
        assert len(after.players) <= 16
