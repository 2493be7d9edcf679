"""Property: after any sequence of roster operations the treasury equals an independently
tracked balance and the sum of its ledger, and a refused operation changes nothing."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league_manager.core.errors import LeagueError
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services

OPS = st.lists(
    st.sampled_from(["hire_lineman", "hire_catcher", "fire_last", "reroll", "staff", "unstaff", "played"]),
    max_size=14,
)
LINEMAN, CATCHER, REROLL, COACH = 50_000, 65_000, 50_000, 10_000


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_treasury_matches_prices_and_ledger(services: Services, ops: list[str]) -> None:
    leagues = services.leagues.list_leagues()
    league = leagues[0].name if leagues else services.leagues.create_league("P").value.name
    name = f"T{len(services.teams.list_teams())}"
    team = services.teams.draft_team(league, name, "C", DraftPlan("human", {"Lineman": 11})).value.id
    expected = 1_000_000 - 11 * LINEMAN
    played = False
    for op in ops:
        before = services.teams.get_team(team)
        try:
            if op == "hire_lineman":
                services.roster.hire_player(team, "Lineman")
                expected -= LINEMAN
            elif op == "hire_catcher":
                services.roster.hire_player(team, "Catcher")
                expected -= CATCHER
            elif op == "fire_last":
                last = before.players[-1]
                services.roster.fire_player(last.id)
                if not played:
                    expected += LINEMAN if last.position == "Human Lineman" else CATCHER
            elif op == "reroll":
                services.roster.buy_reroll(team)
                expected -= REROLL * (2 if played else 1)
            elif op == "staff":
                services.roster.hire_staff(team, "assistant_coach")
                expected -= COACH
            elif op == "unstaff":
                services.roster.fire_staff(team, "assistant_coach")
                expected += 0 if played else COACH
            elif op == "played":
                services.teams.set_first_match_played(team)
                played = True
        except LeagueError:
            assert services.teams.get_team(team) == before  # refused: nothing changed
        after = services.teams.get_team(team)
        ledger = services.teams.treasury_ledger(team)
        assert after.treasury == expected == sum(r.amount for r in ledger)
        assert after.treasury >= 0 and len(after.players) <= 16
