"""The post-game between rounds of an event: SPP with the result, skills bought between rounds."""

import json

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.dice import ScriptedDice
from league_manager.rules.event_progression import SppEvent, parse_spp
from league_manager.rules.exhibition import EventSettings, parse_picks
from league_manager.services.event_views import mvp_line, player_skills, player_spp, roster_extras
from league_manager.services.facade import Services


def _event(services: Services, between_rounds: str = "progression", rounds: int = 3) -> tuple[int, int]:
    services.events.create("Cup", EventSettings(rounds=rounds, skills=1, between_rounds=between_rounds))
    for coach in ("Ann", "Bob"):
        services.events.register(
            "Cup", coach=coach, race="orc", team_name=f"{coach} FC", buys=[("Lineman", 11)],
            picks=parse_picks("2:Block") if coach == "Ann" else (),
        )  # fmt: skip
    services.events.pair("Cup")
    ann, bob = services.events.state("Cup").entries
    return ann.id, bob.id


def _sides(services: Services) -> tuple[str, str]:
    game = services.events.state("Cup").round_games()[0]
    assert game.b is not None
    return game.a.coach, game.b.coach


def test_spp_and_a_named_mvp_give_a_skill_for_the_next_round(services: Services) -> None:
    ann, bob = _event(services)
    a, _ = _sides(services)
    ann_spp = parse_spp("3:td, 3:td, 5:cas, 3:mvp")
    bob_spp = parse_spp("7:cas")
    spp = (ann_spp, bob_spp) if a == "Ann" else (bob_spp, ann_spp)
    score, cas = ((2, 0), (1, 1)) if a == "Ann" else ((0, 2), (1, 1))
    game = services.events.result("Cup", 1, score, cas, spp=spp, dice=ScriptedDice([4]))
    assert "MVP #3 (named)" in {mvp_line(game.a.roster, 1), mvp_line(game.b.roster, 1)}
    assert "MVP #4 (rolled)" in {mvp_line(game.a.roster, 1), mvp_line(game.b.roster, 1)}
    entry = services.events.state("Cup").entries[0]
    assert player_spp(entry.roster, 3) == 3 + 3 + 4 and player_spp(entry.roster, 5) == 2
    before = entry.team_value
    entry = services.events.advance("Cup", ann, 3, "chosen_primary", skill="Block")
    assert player_skills(entry.roster, 3) == ["Block (round 2)"]
    assert player_spp(entry.roster, 3) == 10 - 6 and entry.team_value == before + 20_000
    assert "#3 Block (round 2)" in roster_extras(entry.roster)
    # the pack's Block was player 2's first advancement: his next one costs the second's SPP
    with pytest.raises(RuleViolation, match="costs 4 SPP; the player has 0"):
        services.events.advance("Cup", ann, 2, "random_primary")
    with pytest.raises(RuleViolation, match="not offered between rounds"):
        services.events.advance("Cup", ann, 3, "characteristic")
    rolled = services.events.advance("Cup", bob, 4, "random_primary", dice=ScriptedDice([1, 1]))
    assert player_skills(rolled.roster, 4) == ["Block (round 2)"]
    with pytest.raises(RuleViolation, match="Block was rolled: it stays"):
        services.events.take_back("Cup", bob, 4)


def test_the_setting_off_refuses_spp_and_advancements(services: Services) -> None:
    ann, _ = _event(services, between_rounds="none")
    with pytest.raises(RuleViolation, match="has not turned on the post-game between rounds"):
        services.events.result("Cup", 1, (1, 0), spp=(parse_spp("3:td"), None))
    services.events.result("Cup", 1, (1, 0))
    with pytest.raises(RuleViolation, match="has not turned on"):
        services.events.advance("Cup", ann, 3, "chosen_primary", skill="Block")
    roster = services.events.state("Cup").entries[0].roster
    assert "progress" not in roster
    assert "Post-game between rounds: none" in json.dumps(roster["rules"])


def test_spp_checked_against_roster_result_and_spending(services: Services) -> None:
    ann, _ = _event(services)
    a, _ = _sides(services)

    def mine(text: str) -> tuple[list[SppEvent] | None, list[SppEvent] | None]:
        return (parse_spp(text), None) if a == "Ann" else (None, parse_spp(text))

    score = (1, 0) if a == "Ann" else (0, 1)
    with pytest.raises(RuleViolation, match="2 touchdowns by players, but the result says 1"):
        services.events.result("Cup", 1, score, spp=mine("3:td,4:td"), dice=ScriptedDice([1, 1]))
    with pytest.raises(RuleViolation, match="no player 12"):
        services.events.result("Cup", 1, score, spp=mine("12:td"), dice=ScriptedDice([1, 1]))
    with pytest.raises(RuleViolation, match="one MVP"):
        services.events.result("Cup", 1, score, spp=mine("1:mvp,2:mvp"), dice=ScriptedDice([1]))
    with pytest.raises(RuleViolation, match="is not PLAYER:KIND"):
        parse_spp("x:td")
    with pytest.raises(RuleViolation, match="'kick' is not one of"):
        parse_spp("3:kick")
    services.events.result("Cup", 1, score, spp=mine("3:td,3:mvp"), dice=ScriptedDice([1]))
    services.events.advance("Cup", ann, 3, "chosen_primary", skill="Block")
    # a score-only correction keeps the SPP; one that takes the TD away is refused
    game = services.events.result("Cup", 1, score, round=1, dice=ScriptedDice([]))
    shown = {mvp_line(game.a.roster, 1), mvp_line(game.b.roster, 1)}
    assert shown == {"MVP #3 (named)", "MVP #1 (rolled)"}  # kept as they were
    with pytest.raises(RuleViolation, match="1 touchdowns by players, but the result says 0"):
        services.events.result("Cup", 1, (0, 0), round=1, dice=ScriptedDice([]))
    with pytest.raises(RuleViolation, match="spent 6 SPP on advancements but would have earned only 4"):
        services.events.result("Cup", 1, score, round=1, spp=mine("3:mvp"), dice=ScriptedDice([]))
    with pytest.raises(RuleViolation, match="costs 8 SPP; the player has 1"):
        services.events.advance("Cup", ann, 3, "chosen_primary", skill="Dirty Player")


def test_advancement_needs_a_round_played_and_one_to_come(services: Services) -> None:
    ann, _ = _event(services, rounds=1)
    with pytest.raises(RuleViolation, match="none is played yet"):
        services.events.advance("Cup", ann, 3, "chosen_primary", skill="Block")
    services.events.result("Cup", 1, (1, 0), dice=ScriptedDice([1, 1]))
    with pytest.raises(RuleViolation, match="all 1 rounds are played"):
        services.events.advance("Cup", ann, 3, "chosen_primary", skill="Block")


def test_an_advancement_is_taken_back_until_its_round_is_played(services: Services) -> None:
    services.events.create("Cup", EventSettings(rounds=3, between_rounds="progression"))
    for coach in ("Ann", "Bob", "Cy", "Dee"):
        services.events.register("Cup", coach=coach, race="orc", team_name=coach, buys=[("Lineman", 11)])
    services.events.pair("Cup")
    for game in services.events.state("Cup").round_games():
        spp = (parse_spp("3:td,3:mvp"), parse_spp("3:mvp"))
        services.events.result("Cup", game.table, (1, 0), spp=spp)
    winner = services.events.state("Cup").round_games()[0].a
    value = winner.team_value
    with pytest.raises(RuleViolation, match="player 3 bought nothing between rounds"):
        services.events.take_back("Cup", winner.id, 3)
    services.events.advance("Cup", winner.id, 3, "chosen_primary", skill="Block")
    entry = services.events.take_back("Cup", winner.id, 3)
    assert player_skills(entry.roster, 3) == [] and player_spp(entry.roster, 3) == 7
    assert entry.team_value == value
    services.events.advance("Cup", winner.id, 3, "chosen_primary", skill="Dirty Player")
    with pytest.raises(RuleViolation, match="take the advancement back first"):  # the TD stays
        services.events.result("Cup", 1, (0, 0), round=1, spp=(parse_spp("3:mvp"), None))
    services.events.pair("Cup")
    table = next(
        g for g in services.events.state("Cup").round_games() if winner.id in (g.a.id, g.b and g.b.id)
    )
    services.events.result("Cup", table.table, (0, 0))
    with pytest.raises(RuleViolation, match=r"Dirty Player \(\+1\) was played in round 2: it stays"):
        services.events.take_back("Cup", winner.id, 3)


def test_progression_is_refused_under_a_classic_edition(services: Services) -> None:
    with pytest.raises(RuleViolation, match="progression is offered for BB2020 and later only"):
        services.events.create("Old", EventSettings(ruleset="lrb2004", between_rounds="progression"))
