"""A classic (LRB 2004) league's administration and tournaments through the services."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services

ORCS = DraftPlan("orc", {"Lineman": 7, "Blitzer": 4}, rerolls=2, dedicated_fans=5)


@pytest.fixture
def classic(services: Services) -> str:
    return services.leagues.create_league("Old World", "lrb2004").value.name


def test_a_retiring_classic_player_brings_a_free_assistant_coach(services: Services, classic: str) -> None:
    team = services.teams.draft_team(classic, "Greenskins", "Ann", ORCS).value
    linemen = [p.id for p in team.players if p.position == "Lineman"]
    sold = services.roster.fire_player(linemen[0]).value  # still the draft: sold back
    assert sold.assistant_coaches == 0 and sold.treasury == team.treasury + 50_000
    services.teams.set_first_match_played("Greenskins")
    retired = services.roster.fire_player(linemen[1]).value
    assert retired.assistant_coaches == 1 and retired.treasury == sold.treasury
    assert retired.rating == sold.rating - 5 + 1  # a 50k Lineman out, a 10k coach in
    assert linemen[1] not in {p.id for p in retired.players}
    with pytest.raises(RuleViolation, match="not on the roster"):
        services.roster.fire_player(linemen[1])
    assert services.roster.fire_player(linemen[2]).value.assistant_coaches == 2


def test_a_fired_bb2020_player_brings_no_coach(services: Services) -> None:
    league = services.leagues.create_league("New World").value.name
    plan = DraftPlan("human", {"Lineman": 7, "Blitzer": 4}, rerolls=3, apothecary=True)
    team = services.teams.draft_team(league, "Reavers", "Bob", plan).value
    services.teams.set_first_match_played("Reavers")
    assert services.roster.fire_player(team.players[0].id).value.assistant_coaches == 0
