"""The classic (LRB 2004) pre-match through the services: gate, handicaps, niggles, hires, typed dice."""

import pytest
from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import Player
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from league_manager.services.match_day.classic_prematch_models import ClassicHires, classic_hires

ORCS = DraftPlan(
    "orc", {"Lineman": 6, "Blitzer": 4, "Troll": 1}, rerolls=2, apothecary=True, dedicated_fans=5
)
GOBLINS = DraftPlan("goblin", {"Goblin": 11}, dedicated_fans=3)
DWARFS = DraftPlan("dwarf", {"Long Beard": 11}, dedicated_fans=2)


def fixture_between(services: Services, away: DraftPlan, *, gold: int = 0) -> int:
    services.leagues.create_league("Old World", "lrb2004")
    services.teams.draft_team("Old World", "Greenskins", "Ann", ORCS)
    services.teams.draft_team("Old World", "Visitors", "Cy", away)
    if gold:
        services.adjustments.adjust("Greenskins", "gold", gold, "a rich patron")
    services.seasons.create_season("Old World", "Open")
    return services.seasons.add_fixture("Open", "Greenskins", "Visitors").value.id or 0


def niggle(services: Services, player_id: int, count: int = 1) -> None:
    with Session(services.engine) as session:
        player = session.get(Player, player_id)
        assert player is not None
        for _ in range(count):
            repo.add_status(player, "niggling", "Serious injury", "correction", session=session)
        session.commit()


def test_the_record_names_the_gate_each_handicap_and_who_misses_the_match(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)  # ratings 130 and 100
    orc, goblin = (services.teams.get_team(n).players[0] for n in ("Greenskins", "Visitors"))
    niggle(services, orc.id)
    niggle(services, goblin.id, 2)
    typed = [1, 2, 3, 4, 5, 6, 1, 2]  # gate: 5 + 3 fan factor = 8 D6 = 24
    typed += [1, 2, 1, 2, 6, 6]  # handicaps: 12, 12 again (rolled again), 66
    typed += [1, 3, 1]  # niggles: the orc fails (his apothecary sends him on), the goblin fails
    view = services.match_day.classic_pregame(
        fixture, typed=typed, hires={"home": ClassicHires(apothecary_for_niggle=True)}, all_typed=True
    ).value
    record = view.record
    assert record["ratings"] == {"home": 130, "away": 100}
    assert (record["gate"]["fans"], record["gate"]["dice"]) == (24_000, 8)
    assert record["gate"]["rolled"] == {"home": [1, 2, 3, 4, 5], "away": [6, 1, 2]}
    handicap = record["handicap"]
    assert (handicap["underdog"], handicap["difference"], handicap["rolls"]) == ("away", 30, 2)
    assert [(h["d66"], h["name"]) for h in handicap["results"]] == [(12, "Extra Training"), (66, "Buzzing!")]
    home, away = record["sides"]["home"], record["sides"]["away"]
    assert home["niggles"][0]["misses"] and home["niggles"][0]["apothecary"] and home["apothecary_used"]
    assert home["misses_match"] == []
    assert away["niggles"][0]["dice"] == [3, 1] and away["misses_match"] == [goblin.name]
    assert all(d["source"] == "typed" for d in record["dice"]) and len(record["dice"]) == 17
    assert services.match_day.classic_prematch(fixture).record == record
    with pytest.raises(RuleViolation, match="had its pre-match already"):
        services.match_day.classic_pregame(fixture, seed=1)
    with pytest.raises(RuleViolation, match="not the BB2020 pre-game"):
        services.match_day.pregame(fixture, seed=1)


def test_equal_ratings_roll_no_handicap_and_a_missing_typed_die_is_refused(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS)
    with pytest.raises(RuleViolation, match="was not typed in"):
        services.match_day.classic_pregame(fixture, typed=[6] * 7, all_typed=True)
    record = services.match_day.classic_pregame(fixture, typed=[6] * 8, all_typed=True).value.record
    assert record["handicap"]["underdog"] is None and record["handicap"]["results"] == []
    assert record["gate"]["fans"] == 48_000


def test_a_101_point_underdog_picks_a_fifth_result_never_a_rolled_one(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=1_010_000)  # 201 v 100
    typed = [3] * 8 + [1, 1, 1, 2, 1, 3, 1, 4]  # four handicaps: 11, 12, 13, 14
    with pytest.raises(RuleViolation, match="the underdog picks a fifth result"):
        services.match_day.classic_pregame(fixture, typed=typed)
    with pytest.raises(RuleViolation, match="already rolled"):
        services.match_day.classic_pregame(fixture, typed=typed, pick=12)
    record = services.match_day.classic_pregame(fixture, typed=typed, pick=35).value.record
    assert [h["d66"] for h in record["handicap"]["results"]] == [11, 12, 13, 14]
    assert record["handicap"]["picked"]["name"] == "Palmed Coin"


def test_freebooters_at_half_cost_and_the_dwarf_runesmith_are_paid_from_the_treasury(
    services: Services,
) -> None:
    fixture = fixture_between(services, DWARFS)
    before = {n: services.teams.get_team(n).treasury for n in ("Greenskins", "Visitors")}
    with pytest.raises(RuleViolation) as refused:
        services.match_day.classic_pregame(
            fixture,
            seed=3,
            hires={"home": classic_hires([("Blitzer", 1)]), "away": classic_hires([("Wizard", 1)])},
        )
    assert "Blitzer: at most 4" in str(refused.value) and "has its Runesmith instead" in str(refused.value)
    assert services.teams.get_team("Visitors").treasury == before["Visitors"]
    hires = {"home": classic_hires([("Black Orc Blocker", 1)]), "away": classic_hires([("Runesmith", 1)])}
    record = services.match_day.classic_pregame(fixture, typed=[2] * 7 + [5], hires=hires).value.record
    home, away = record["sides"]["home"], record["sides"]["away"]
    assert home["hires"] == [
        {"kind": "freebooter", "name": "Black Orc Blocker", "quantity": 1, "unit_cost": 40_000}
    ]
    assert away["rune"] == {"roll": 5, "result": "Rune of Stone", "effect": "+1 AV and Stand Firm"}
    assert services.teams.get_team("Greenskins").treasury == before["Greenskins"] - 40_000
    assert services.teams.get_team("Visitors").treasury == before["Visitors"] - 50_000
    assert len(services.teams.get_team("Greenskins").players) == 11  # freebooters play one match only


def test_a_team_cannot_hire_more_than_its_treasury(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS)
    with pytest.raises(RuleViolation, match="treasury: the hires cost"):
        services.match_day.classic_pregame(
            fixture, seed=1, hires={"home": classic_hires([("Black Orc Blocker", 2)])}
        )


def test_star_players_are_freebooted_at_half_cost_and_goblins_pay_double(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS)
    services.adjustments.adjust("Greenskins", "gold", 200_000, "a rich patron")
    with pytest.raises(RuleViolation, match="Griff Oberwald: does not play for Orc teams"):
        services.match_day.classic_pregame(
            fixture, seed=1, hires={"home": classic_hires([("Griff Oberwald", 1)])}
        )
    hires = {
        "home": classic_hires([("Varag Ghoul-Chewer", 1)]),  # 160,000 listed: 80,000 freebooted
        "away": classic_hires([("Fungus the Loon", 1), ("Morg 'N' Thorg", 1)]),  # Goblins: Fungus not doubled
    }
    services.adjustments.adjust("Visitors", "gold", 200_000, "a rich patron")
    record = services.match_day.classic_pregame(fixture, seed=2, hires=hires).value.record
    assert record["sides"]["home"]["hires"] == [
        {"kind": "star", "name": "Varag Ghoul-Chewer", "quantity": 1, "unit_cost": 80_000}
    ]
    away = {line["name"]: line["unit_cost"] for line in record["sides"]["away"]["hires"]}
    assert away == {"Fungus the Loon": 30_000, "Morg 'N' Thorg": 190_000}
    assert record["stars_hired_by_both"] == []


def test_a_star_hired_by_both_teams_plays_for_neither_and_keeps_both_fees(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=100_000)
    hires = {"home": classic_hires([("Morg 'N' Thorg", 1)]), "away": classic_hires([("morg 'n' thorg", 1)])}
    before = services.teams.get_team("Visitors").treasury
    record = services.match_day.classic_pregame(fixture, seed=5, hires=hires).value.record
    assert record["stars_hired_by_both"] == ["Morg 'N' Thorg"]
    assert services.teams.get_team("Visitors").treasury == before - 190_000
