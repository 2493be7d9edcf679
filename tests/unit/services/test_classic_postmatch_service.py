"""The classic (LRB 2004) post-match through the services: from pre-match to post-match, typed dice."""

import pytest
from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.services.facade import Services
from league_manager.services.season_read_models import PlayerStatLine, ResultEntry
from tests.unit.services.test_classic_prematch import GOBLINS, fixture_between

PRE_MATCH = [6] * 8  # equal ratings (100): no handicap; gate 8 D6 = 48,000 fans


def played(services: Services) -> tuple[int, list[int], list[int]]:
    fixture = fixture_between(services, GOBLINS)
    services.match_day.classic_pregame(fixture, typed=PRE_MATCH, all_typed=True)
    services.seasons.set_result(fixture, ResultEntry(home_td=2, away_td=1, home_cas=2, away_cas=0))
    orcs = [p.id for p in services.teams.get_team("Greenskins").players]
    goblins = [p.id for p in services.teams.get_team("Visitors").players]
    return fixture, orcs, goblins


def test_a_whole_fixture_from_pre_match_to_post_match(services: Services) -> None:
    fixture, orcs, goblins = played(services)
    before = {n: services.teams.get_team(n) for n in ("Greenskins", "Visitors")}
    figures = [
        PlayerStatLine(orcs[0], td=2),  # 6 SPP: Experienced
        PlayerStatLine(orcs[1], cas=2),  # 4 SPP + the MVP: 9
        PlayerStatLine(goblins[0], td=1),  # 3 SPP + the MVP: 8
    ]
    typed = [6, 1]  # the injured goblin's D66: 61 Smashed Hip, -1 MA
    typed += [3, 2]  # winnings: home 3 + 2 (48,000 fans at 100) + 1 won = 6; away 2 + 2 = 4
    typed += [2, 3, 4, 2, 2]  # home MVP (D16) the second orc; first orc: 7 a skill, ageing 4 (>= 3)
    typed += [5, 5, 1, 1, 4, 5]  # second orc: 10 (+MA, a double), ages: 9 on the table is -AV
    typed += [1, 6, 6, 3, 3]  # away MVP the first goblin: 12 (+ST), no ageing
    typed += [4, 2]  # fan factor: home 4 +1 won +1 2 TDs +1 2 cas = 7 -> +1; away 2 -1 lost = 1 -> -1
    view = services.match_day.classic_postgame(
        fixture, typed=typed, injured=[goblins[1]], figures=figures, all_typed=True
    ).value
    post = view.record["post_match"]
    home, away = post["sides"]["home"], post["sides"]["away"]
    assert home["winnings"]["paid"] == 60_000 and away["winnings"]["paid"] == 40_000
    assert home["winnings"]["modifier"] == 2 and home["winnings"]["won_bonus"] == 1
    assert (home["fan_factor"]["before"], home["fan_factor"]["after"]) == (5, 6)
    assert (away["fan_factor"]["before"], away["fan_factor"]["after"]) == (3, 2)
    assert [m["player_id"] for m in home["mvps"]] == [orcs[1]]
    assert [m["player_id"] for m in away["mvps"]] == [goblins[0]]
    by_id = {p["player_id"]: p for p in home["players"] + away["players"]}
    assert by_id[orcs[0]]["spp_earned"] == 6 and by_id[orcs[0]]["star_player_rolls"][0]["result"] == "skill"
    second = by_id[orcs[1]]["star_player_rolls"][0]
    assert by_id[orcs[1]]["spp"] == 9 and second["result"] == "MA" and second["double"]
    assert second["ageing"]["aged"] and second["ageing"]["result"] == "AV"
    assert by_id[goblins[0]]["star_player_rolls"][0]["result"] == "ST"
    assert by_id[goblins[1]]["serious_injury"]["name"] == "Smashed Hip"
    assert all(d["source"] == "typed" for d in post["dice"]) and len(post["dice"]) == len(typed)
    after = {n: services.teams.get_team(n) for n in ("Greenskins", "Visitors")}
    assert after["Greenskins"].treasury == before["Greenskins"].treasury + 60_000
    assert after["Visitors"].treasury == before["Visitors"].treasury + 40_000
    assert (after["Greenskins"].dedicated_fans, after["Visitors"].dedicated_fans) == (6, 2)
    orc = {p.id: p for p in after["Greenskins"].players}
    assert orc[orcs[1]].stats.av == orc[orcs[1]].base.av - 1 and orc[orcs[1]].spp == 9
    goblin = {p.id: p for p in after["Visitors"].players}
    assert (
        goblin[goblins[1]].stats.ma == goblin[goblins[1]].base.ma - 1 and goblin[goblins[1]].misses_next_game
    )
    # team rating: +6 for the treasury, +1 for the fan factor, +3 for 15 SPP (no pick made yet)
    assert after["Greenskins"].rating == (before["Greenskins"].rating or 0) + 10
    with pytest.raises(RuleViolation, match="had its post-match already"):
        services.match_day.classic_postgame(fixture, seed=1)
    with pytest.raises(RuleViolation, match="its result is final"):
        services.seasons.set_result(fixture, ResultEntry(home_td=0, away_td=0))
    with pytest.raises(RuleViolation, match="its result is final"):
        services.seasons.clear_result(fixture)
    # the coach's picks, checked against each roll
    with pytest.raises(RuleViolation, match="not a skill of G, S"):
        services.advancement.star_roll(orcs[0], "skill", "Dodge")
    with pytest.raises(RuleViolation, match="a trait needs a double"):
        services.advancement.star_roll(orcs[0], "trait", "Dodge")
    services.advancement.star_roll(orcs[0], "skill", "Tackle")
    with pytest.raises(RuleViolation, match="no Star Player roll waiting"):
        services.advancement.star_roll(orcs[0], "skill", "Guard")
    with pytest.raises(RuleViolation, match="gives MA, not"):
        services.advancement.star_roll(orcs[1], "characteristic", "ST")
    services.advancement.star_roll(orcs[1], "characteristic", "MA")
    picked = {p.id: p for p in services.teams.get_team("Greenskins").players}
    assert "Tackle" in {k.name for k in picked[orcs[0]].skills}
    assert picked[orcs[1]].stats.ma == picked[orcs[1]].base.ma + 1
    assert picked[orcs[1]].value == orc[orcs[1]].value  # LRB 3: a pick adds no value, SPP rate instead
    record = services.match_day.classic_prematch(fixture).record["post_match"]["sides"]["home"]["players"]
    assert [r["pick"] for p in record for r in p["star_player_rolls"]] == [
        {"kind": "skill", "name": "Tackle"},
        {"kind": "characteristic", "name": "MA"},
    ]


def test_the_post_match_needs_the_pre_match_and_the_score(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS)
    with pytest.raises(RuleViolation, match="no pre-match"):
        services.match_day.classic_postgame(fixture, seed=1)
    services.match_day.classic_pregame(fixture, typed=PRE_MATCH)
    with pytest.raises(RuleViolation, match="needs its score first"):
        services.match_day.classic_postgame(fixture, seed=1)


def test_typed_dice_left_over_or_a_stranger_injured_change_nothing(services: Services) -> None:
    fixture, _, _ = played(services)
    treasury = services.teams.get_team("Greenskins").treasury
    with pytest.raises(RuleViolation, match="left over"):
        services.match_day.classic_postgame(fixture, typed=[1] * 40)
    with pytest.raises(RuleViolation, match="did not play"):
        services.match_day.classic_postgame(fixture, seed=1, injured=[99_999])
    assert services.teams.get_team("Greenskins").treasury == treasury
    view = services.match_day.classic_postgame(fixture, seed=1).value
    assert view.record["post_match"]["sides"]["home"]["winnings"]["paid"] > 0


def test_a_conceded_match_pays_the_winner_both_winnings_and_costs_the_loser_fan_factor(
    services: Services,
) -> None:
    fixture = fixture_between(services, GOBLINS)
    services.match_day.classic_pregame(fixture, typed=PRE_MATCH, all_typed=True)
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0, conceded_by="Visitors"))
    orcs = [p.id for p in services.teams.get_team("Greenskins").players]
    typed = [3, 4]  # winnings: home 3 + 2 + 1 won = 6, away 4 + 2 = 6: all 120,000 to the winner
    typed += [1, 2]  # the winner draws two MVPs (its own and the loser's): the 1st orc, then the 3rd
    typed += [5]  # fan factor: home 5 + 1 won + 2 opponent conceded: +1; the loser does not roll
    post = services.match_day.classic_postgame(fixture, typed=typed, all_typed=True).value.record[
        "post_match"
    ]
    home, away = post["sides"]["home"], post["sides"]["away"]
    assert (home["winnings"]["paid"], away["winnings"]["paid"]) == (120_000, 0)
    assert [m["player_id"] for m in home["mvps"]] == [orcs[0], orcs[2]] and away["mvps"] == []
    assert (home["fan_factor"]["after"], away["fan_factor"]["after"]) == (6, 2)
    assert away["conceded"] and away["fan_factor"]["die"] is None and away["veterans"] == []


def test_the_underdogs_news_feature_and_sponsorship_deal_land_on_its_winnings(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)  # ratings 130 and 100: 2 handicaps
    typed = [6] * 8 + [4, 6, 3, 4]  # gate 48,000; handicaps 46 News Feature, 34 Sponsorship Deal
    record = services.match_day.classic_pregame(fixture, typed=typed, all_typed=True).value.record
    assert [h["d66"] for h in record["handicap"]["results"]] == [46, 34]
    services.seasons.set_result(fixture, ResultEntry(home_td=0, away_td=0))
    post = services.match_day.classic_postgame(fixture, typed=[1, 2, 3], seed=4).value.record["post_match"]
    home, away = post["sides"]["home"]["winnings"], post["sides"]["away"]["winnings"]
    assert (home["dice"], home["modifier"], home["paid"]) == ([1], 1, 20_000)  # rating 130: +1
    assert (away["dice"], away["modifier"], away["bonus"]) == ([2, 3], 2, 10_000)
    assert away["paid"] == 80_000  # 2 + 3 + 2 = 7: 70,000, then the Sponsorship Deal's 10,000


def test_bribe_the_announcers_draws_the_mvp_before_the_game_and_inspiration_waits_for_the_pick(
    services: Services,
) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)  # ratings 130 and 100: 2 handicaps
    typed = [6] * 8 + [3, 2, 1, 4]  # gate; handicaps 32 Bribe the Announcers, 14 Inspiration
    record = services.match_day.classic_pregame(fixture, typed=typed, seed=1).value.record
    assert [h["d66"] for h in record["handicap"]["results"]] == [32, 14]
    (entry,) = record["handicap_mvps"]["away"]
    assert (entry["handicap"], entry["spp_earned"], entry["mvps"]) == ("Bribe the Announcers", 5, 1)
    drawn = entry["player_id"]
    assert {p.id: p.spp for p in services.teams.get_team("Visitors").players}[drawn] == 5
    assert record["inspiration_pending"] == ["away"] and len(record["dice"]) > len(typed)
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=1))
    with pytest.raises(RuleViolation, match="choose Inspiration's player first"):
        services.match_day.classic_postgame(fixture, seed=2)
    with pytest.raises(RuleViolation, match="MVP already"):
        services.match_day.classic_inspire(fixture, drawn, seed=3)
    orc = services.teams.get_team("Greenskins").players[0].id
    with pytest.raises(RuleViolation, match="no Inspiration waits"):
        services.match_day.classic_inspire(fixture, orc, seed=3)
    other = next(p.id for p in services.teams.get_team("Visitors").players if p.id != drawn)
    view = services.match_day.classic_inspire(fixture, other, seed=3).value
    assert [e["player_id"] for e in view.record["handicap_mvps"]["away"]] == [drawn, other]
    assert view.record["inspiration_pending"] == []
    with pytest.raises(RuleViolation, match="no Inspiration waits"):
        services.match_day.classic_inspire(fixture, other, seed=3)
    post = services.match_day.classic_postgame(fixture, seed=2).value.record["post_match"]
    assert post["sides"]["away"]["mvps"] == [] and len(post["sides"]["home"]["mvps"]) == 1
    spp = {p.id: p.spp for p in services.teams.get_team("Visitors").players}
    assert spp[drawn] == 5 and spp[other] == 5  # no second MVP after the game


def test_a_handicap_mvp_brings_its_star_player_roll_at_once_for_the_coach_to_pick(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    with Session(services.engine) as session:
        for p in services.teams.get_team("Visitors").players:
            repo.add_spp(p.id, 3, "earlier matches", "correction", session=session)
        session.commit()
    typed = [6] * 8 + [3, 2]  # ratings 130 and 106 now: one handicap, 32 Bribe the Announcers
    typed += [1]  # the announcers' draw (D16 over 11): the first goblin
    typed += [3, 4, 5, 5]  # his Star Player roll at 8 SPP: 7, a new skill; ageing 10 (>= 3): none
    record = services.match_day.classic_pregame(fixture, typed=typed, all_typed=True).value.record
    (entry,) = record["handicap_mvps"]["away"]
    (roll,) = entry["star_player_rolls"]
    assert entry["spp"] == 8 and roll["result"] == "skill" and roll["pick"] is None
    assert "inspiration_pending" in record and record["inspiration_pending"] == []
    assert services.advancement.star_roll(entry["player_id"], "skill", "Catch")
    record = services.match_day.classic_prematch(fixture).record
    assert record["handicap_mvps"]["away"][0]["star_player_rolls"][0]["pick"] == {
        "kind": "skill",
        "name": "Catch",
    }
