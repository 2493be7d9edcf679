"""Classic (LRB 2004) handicap results that land on the gate and on who plays, pre- to post-match."""

import pytest
from sqlmodel import Session

from league_manager.core.errors import NotFound, RuleViolation, RuleViolations
from league_manager.persistence.season_models import PlayerMatchStats
from league_manager.services.facade import Services
from league_manager.services.season_read_models import PlayerStatLine, ResultEntry
from tests.unit.services.test_classic_prematch import GOBLINS, fixture_between, niggle

GATE = [6] * 8  # Orcs (fan factor 5, rating 130) v Goblins (3, rating 100): 5 + 3 D6


def test_bad_press_halves_the_opponents_gate_dice_and_the_winnings_read_that_gate(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)  # Goblins roll 2 handicaps
    typed = [*GATE, 2, 1, 1, 2]  # 21 Bad Press, 12 Extra Training
    record = services.match_day.classic_pregame(fixture, typed=typed, all_typed=True).value.record
    gate = record["gate"]
    assert record["match_fan_factors"] == {"home": 3, "away": 3}  # 5 halved, rounding up
    assert gate["dropped"] == {"home": [6, 6], "away": []} and (gate["fans"], gate["dice"]) == (36_000, 6)
    services.seasons.set_result(fixture, ResultEntry(home_td=0, away_td=0))
    post = services.match_day.classic_postgame(fixture, typed=[1, 1], seed=1).value.record["post_match"]
    # 36,000 fans is the 20,001-40,000 row (48,000 would be the next): rating 130 +0, rating 100 +1
    home, away = post["sides"]["home"]["winnings"], post["sides"]["away"]["winnings"]
    assert (home["modifier"], away["modifier"]) == (0, 1)


def test_team_anthem_adds_a_gate_die_for_the_team_that_sang_it(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    typed = [1] * 8 + [4, 1, 1, 2, 5]  # 41 Team Anthem, 12 Extra Training; the anthem's gate die 5
    record = services.match_day.classic_pregame(fixture, typed=typed, all_typed=True).value.record
    assert record["fan_factors"] == {"home": 5, "away": 3} and record["match_fan_factors"]["away"] == 4
    assert record["gate"]["added"] == {"home": [], "away": [5]}
    assert (record["gate"]["fans"], record["gate"]["dice"]) == (13_000, 9)
    assert [d["label"] for d in record["dice"]][-1] == "gate"


def test_virus_keeps_every_niggled_opponent_out_of_the_match_and_its_post_match(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    orcs = [p.id for p in services.teams.get_team("Greenskins").players]
    niggle(services, orcs[0])
    niggle(services, orcs[1], 2)
    typed = [*GATE, 6, 3, 1, 2]  # 63 Virus, 12 Extra Training; the two orcs roll no niggling injury
    record = services.match_day.classic_pregame(fixture, typed=typed, all_typed=True).value.record
    home = record["sides"]["home"]
    assert home["niggles"] == []
    assert [(e["player_id"], e["reason"]) for e in home["absences"]] == [
        (orcs[0], "Virus (a niggling injury)"),
        (orcs[1], "Virus (a niggling injury)"),
    ]
    assert len(home["misses_match"]) == 2
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0))
    with pytest.raises(RuleViolation, match="did not play"):
        services.match_day.classic_postgame(fixture, seed=1, figures=[PlayerStatLine(orcs[1], td=1)])
    typed = [1, 1, 1, 1]  # winnings; the MVP draws (D16 over 9 orcs, 11 goblins): the first of each
    post = services.match_day.classic_postgame(fixture, typed=typed, seed=2).value.record["post_match"]
    assert [m["player_id"] for m in post["sides"]["home"]["mvps"]] == [orcs[2]]
    assert next((e["player_id"], e["reason"]) for e in post["sides"]["home"]["missed"]) == (
        orcs[0],
        "Virus (a niggling injury)",
    )
    spp = {p.id: p.spp for p in services.teams.get_team("Greenskins").players}
    assert (spp[orcs[0]], spp[orcs[1]], spp[orcs[2]]) == (0, 0, 5)


def test_it_wasnt_me_draws_one_opponent_who_misses_the_match(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    orcs = [p.id for p in services.teams.get_team("Greenskins").players]
    typed = [*GATE, 4, 4, 1, 2, 3]  # 44 It Wasn't Me!, 12 Extra Training; the draw (D16 over 11): 3rd
    record = services.match_day.classic_pregame(fixture, typed=typed, all_typed=True).value.record
    (entry,) = record["sides"]["home"]["absences"]
    assert (entry["player_id"], entry["reason"]) == (orcs[2], "It Wasn't Me!")
    assert record["dice"][-1]["label"] == "it wasn't me"
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0))
    typed = [1, 1, 3, 1]  # winnings; the MVP draws: the 3rd of the 10 orcs who played is the 4th
    post = services.match_day.classic_postgame(fixture, typed=typed, seed=2).value.record["post_match"]
    assert [m["player_id"] for m in post["sides"]["home"]["mvps"]] == [orcs[3]]
    assert post["sides"]["home"]["missed"] == [
        {"player_id": orcs[2], "name": entry["name"], "reason": "It Wasn't Me!"}
    ]


def test_a_player_kept_out_is_never_injured_in_the_match_nor_given_stored_figures(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    orcs = [p.id for p in services.teams.get_team("Greenskins").players]
    services.match_day.classic_pregame(fixture, typed=[*GATE, 4, 4, 1, 2, 1], all_typed=True)  # 1st orc out
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0))
    with pytest.raises(RuleViolation, match="did not play"):
        services.match_day.classic_postgame(fixture, seed=1, injured=[orcs[0]])
    home = services.teams.get_team("Greenskins").id
    with Session(services.engine) as session:
        session.add(PlayerMatchStats(fixture_id=fixture, player_id=orcs[0], team_id=home, td=1))
        session.commit()
    with pytest.raises(RuleViolation, match=r"missed fixture \d+ \(It Wasn't Me!\)"):
        services.match_day.classic_postgame(fixture, seed=1)


def test_that_boys_got_talent_joins_for_the_match_and_leaves_with_the_mvp_he_draws(
    services: Services,
) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    record = services.match_day.classic_pregame(
        fixture, typed=[*GATE, 4, 5, 1, 2], all_typed=True
    ).value.record
    assert [w["result"] for w in record["handicap_pending"]] == ["That Boy's Got Talent"]
    services.seasons.set_result(fixture, ResultEntry(home_td=0, away_td=0))
    with pytest.raises(RuleViolation, match="That Boy's Got Talent for Visitors first"):
        services.match_day.classic_postgame(fixture, seed=1)
    with pytest.raises(NotFound):
        services.match_day.classic_talent(fixture, "Visitors", "Black Orc Blocker")
    with pytest.raises(RuleViolation, match="nothing waits for Greenskins"):
        services.match_day.classic_talent(fixture, "Greenskins", "Lineman")
    record = services.match_day.classic_talent(fixture, "Visitors", "Goblin").value.record  # a 12th Goblin
    assert record["sides"]["away"]["talent"]["position"] == "Goblin" and record["handicap_pending"] == []
    typed = [1, 1, 1, 12]  # winnings; the MVP draws: the first orc, then the 12th of 12 goblins: him
    post = services.match_day.classic_postgame(fixture, typed=typed, seed=2).value.record["post_match"]
    (mvp,) = post["sides"]["away"]["mvps"]
    assert (mvp["player_id"], mvp["lost"]) == (None, True) and "That Boy's Got Talent" in mvp["name"]
    goblins = services.teams.get_team("Visitors").players
    assert len(goblins) == 11 and all(p.spp == 0 for p in goblins)


def test_an_appearance_fee_paid_comes_from_the_treasury(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    orcs = [p.id for p in services.teams.get_team("Greenskins").players]
    typed = [*GATE, 1, 1, 1, 2, 2, 3]  # 11 Appearance Fee, 12; eleven orcs on 0 SPP: the 2nd; fee 3
    record = services.match_day.classic_pregame(fixture, typed=typed, all_typed=True).value.record
    fee = record["sides"]["home"]["appearance_fee"]
    assert (fee["player_id"], fee["die"], fee["fee"], fee["paid"]) == (orcs[1], 3, 15_000, None)
    assert [d["label"] for d in record["dice"]][-2:] == ["appearance fee player", "appearance fee"]
    before = services.teams.get_team("Greenskins").treasury
    services.seasons.set_result(fixture, ResultEntry(home_td=0, away_td=0))
    with pytest.raises(RuleViolation, match="Appearance Fee for Greenskins first"):
        services.match_day.classic_postgame(fixture, seed=1)
    services.match_day.classic_appearance_fee(fixture, "Greenskins", paid=True)
    assert services.teams.get_team("Greenskins").treasury == before - 15_000
    with pytest.raises(RuleViolation, match="nothing waits"):
        services.match_day.classic_appearance_fee(fixture, "Greenskins", paid=False)
    post = services.match_day.classic_postgame(fixture, typed=[1, 1, 2, 1], seed=2).value.record["post_match"]
    assert [m["player_id"] for m in post["sides"]["home"]["mvps"]] == [orcs[1]]  # he played


def test_an_appearance_fee_unpaid_keeps_the_player_in_the_dugout(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    orcs = [p.id for p in services.teams.get_team("Greenskins").players]
    services.match_day.classic_pregame(fixture, typed=[*GATE, 1, 1, 1, 2, 2, 3], all_typed=True)
    before = services.teams.get_team("Greenskins").treasury
    record = services.match_day.classic_appearance_fee(fixture, "Greenskins", paid=False).value.record
    assert record["sides"]["home"]["appearance_fee"]["paid"] is False
    assert services.teams.get_team("Greenskins").treasury == before
    services.seasons.set_result(fixture, ResultEntry(home_td=0, away_td=0))
    post = services.match_day.classic_postgame(fixture, typed=[1, 1, 2, 1], seed=2).value.record["post_match"]
    assert [m["player_id"] for m in post["sides"]["home"]["mvps"]] == [orcs[2]]  # 2nd of the 10 who played
    assert post["sides"]["home"]["missed"] == [
        {"player_id": orcs[1], "name": record["sides"]["home"]["appearance_fee"]["name"],
         "reason": "Appearance Fee not paid"}
    ]  # fmt: skip


def test_the_assassins_serious_injury_keeps_the_victim_out_and_rolls_with_the_post_match(
    services: Services,
) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    orcs = [p.id for p in services.teams.get_team("Greenskins").players]
    goblin = services.teams.get_team("Visitors").players[0].id
    record = services.match_day.classic_pregame(
        fixture, typed=[*GATE, 5, 6, 1, 2], all_typed=True
    ).value.record
    assert [w["result"] for w in record["handicap_pending"]] == ["Assassin"]
    services.seasons.set_result(fixture, ResultEntry(home_td=0, away_td=0))
    with pytest.raises(RuleViolation, match="Assassin for Visitors first"):
        services.match_day.classic_postgame(fixture, seed=1)
    with pytest.raises(RuleViolation, match="no Assassin waits"):
        services.match_day.classic_assassin(fixture, goblin, seed=1)
    record = services.match_day.classic_assassin(
        fixture, orcs[0], typed=[6, 6, 5], all_typed=True
    ).value.record
    hit = record["sides"]["home"]["assassin"]
    assert (hit["dice"], hit["casualty_die"], hit["result"], hit["out"]) == (
        [6, 6],
        5,
        "Serious Injury",
        True,
    )
    typed = [
        1,
        1,
        1,
        1,
        1,
        1,
    ]  # his D66 11 Concussion first; winnings; the MVP draws: the 2nd orc, 1st goblin
    post = services.match_day.classic_postgame(fixture, typed=typed, seed=2).value.record["post_match"]
    home = post["sides"]["home"]
    assert [m["player_id"] for m in home["mvps"]] == [orcs[1]]
    assert home["missed"][0] == {
        "player_id": orcs[0],
        "name": hit["name"],
        "reason": "Assassin (Serious Injury)",
    }
    (injured,) = [p for p in home["players"] if p["player_id"] == orcs[0]]
    assert injured["serious_injury"]["name"] == "Concussion" and injured["spp_earned"] == 0
    assert services.teams.get_team("Greenskins").players[0].misses_next_game


def test_the_assassins_victim_may_be_healed_by_the_apothecary_or_die(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    orcs = [p.id for p in services.teams.get_team("Greenskins").players]
    services.match_day.classic_pregame(fixture, typed=[*GATE, 5, 6, 1, 2], all_typed=True)
    record = services.match_day.classic_assassin(
        fixture, orcs[0], apothecary=True, typed=[6, 6, 6, 3], all_typed=True
    ).value.record
    home = record["sides"]["home"]
    assert (home["assassin"]["result"], home["assassin"]["apothecary"], home["assassin"]["out"]) == (
        "Dead",
        3,
        False,
    )
    assert home["apothecary_used"] and home["absences"] == []
    other = services.seasons.add_fixture("Open", "Greenskins", "Visitors").value.id or 0
    services.match_day.classic_pregame(other, typed=[*GATE, 5, 6, 1, 2], all_typed=True)
    record = services.match_day.classic_assassin(other, orcs[1], typed=[6, 6, 6], all_typed=True).value.record
    assert record["sides"]["home"]["absences"][0]["reason"] == "Assassin (Dead)"
    assert orcs[1] not in [p.id for p in services.teams.get_team("Greenskins").players]


def test_tabletop_results_name_their_players_for_the_coaches(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    orcs = [p.name for p in services.teams.get_team("Greenskins").players]
    goblins = [p.name for p in services.teams.get_team("Visitors").players]
    typed = [*GATE, 2, 4, 6, 5]  # 24 Running Late, 65 Iron Man
    typed += [2, 1, 1]  # Running Late: D6 2 orcs, the 1st, then the 1st of those left
    typed += [3]  # Iron Man: the 3rd goblin
    record = services.match_day.classic_pregame(fixture, typed=typed, all_typed=True).value.record
    assert record["sides"]["home"]["handicap_players"] == [
        {"d66": 24, "result": "Running Late", "players": orcs[:2]}
    ]
    assert record["sides"]["away"]["handicap_players"] == [
        {"d66": 65, "result": "Iron Man", "players": [goblins[2]]}
    ]
    assert [d["label"] for d in record["dice"]][-4:] == [
        "running late",
        "handicap victim",
        "handicap victim",
        "iron man",
    ]


def test_a_hired_star_draws_the_mvp_with_the_team_and_the_mvp_he_draws_is_lost(services: Services) -> None:
    from league_manager.services.match_day.classic_prematch_models import classic_hires

    fixture = fixture_between(services, GOBLINS, gold=300_000)
    hires = {"home": classic_hires([("Varag Ghoul-Chewer", 1)])}
    typed = [*GATE, 1, 2, 1, 6]  # 12 Extra Training, 16 Under Scrutiny: nothing to pick
    services.match_day.classic_pregame(fixture, typed=typed, hires=hires, all_typed=True)
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0))
    typed = [1, 1, 12, 1]  # winnings; the MVP draws: the 12th of eleven orcs and the star (him), a goblin
    post = services.match_day.classic_postgame(fixture, typed=typed, seed=2).value.record["post_match"]
    (mvp,) = post["sides"]["home"]["mvps"]
    assert (mvp["player_id"], mvp["lost"]) == (None, True)
    assert mvp["name"] == "Varag Ghoul-Chewer (hired Star Player)"
    assert all(p.spp == 0 for p in services.teams.get_team("Greenskins").players)
    assert [m["player_id"] is not None for m in post["sides"]["away"]["mvps"]] == [True]


def test_a_star_both_teams_hired_draws_no_mvp() -> None:
    from league_manager.rules.classic_postmatch.sequence import TeamIn
    from league_manager.services.match_day.classic_handicap_picks import with_hired_stars

    team = TeamIn(rating=100, fan_factor=3, score=0, casualties=0, players=())
    side = {
        "hires": [{"kind": "star", "name": "Morg 'N' Thorg"}, {"kind": "star", "name": "Zara the Slayer"}]
    }
    drawn = with_hired_stars(team, side, both=["morg 'n' thorg"])
    assert [(p.id, p.star, p.spp) for p in drawn.players] == [("star:Zara the Slayer", True, 0)]
    assert with_hired_stars(team, {"hires": [{"kind": "freebooter", "name": "Blitzer"}]}) is team


def test_undoing_the_pre_match_brings_back_the_player_its_assassin_killed(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    orcs = [p.id for p in services.teams.get_team("Greenskins").players]
    services.match_day.classic_pregame(fixture, typed=[*GATE, 5, 6, 1, 2], all_typed=True)
    services.match_day.classic_assassin(fixture, orcs[0], typed=[6, 6, 6], all_typed=True)
    assert orcs[0] not in [p.id for p in services.teams.get_team("Greenskins").players]
    services.match_day.cancel_pregame(fixture, "the wrong handicap table was read")
    back = next(p for p in services.teams.get_team("Greenskins").players if p.id == orcs[0])
    assert back.status == "active"
    services.match_day.classic_pregame(fixture, typed=[*GATE, 1, 2, 1, 6], all_typed=True)  # runs again


def test_the_killed_player_does_not_come_back_over_a_new_hire_with_his_number(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    team = services.teams.get_team("Greenskins")
    victim = team.players[0]
    services.match_day.classic_pregame(fixture, typed=[*GATE, 5, 6, 1, 2], all_typed=True)
    services.match_day.classic_assassin(fixture, victim.id, typed=[6, 6, 6], all_typed=True)
    services.roster.hire_player("Greenskins", "Lineman", name="Replacement", number=victim.number)
    with pytest.raises(RuleViolations, match=f"his number {victim.number} has been given to Replacement"):
        services.match_day.cancel_pregame(fixture, "typo")
    assert victim.id not in [p.id for p in services.teams.get_team("Greenskins").players]
