"""The tournament desk's service: registration, re-pairing, refusals, corrections, byes."""

import pytest

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.rules.exhibition import EventSettings, parse_picks
from league_manager.services.facade import Services


def _register(services: Services, coaches: list[str]) -> None:
    for coach in coaches:
        services.events.register(
            "Cup", coach=coach, race="orc", team_name=f"{coach} FC", buys=[("Lineman", 11)]
        )


def test_repair_until_the_first_result_then_corrections_move_standings(services: Services) -> None:
    services.events.create("Cup", EventSettings(rounds=2))
    with pytest.raises(RuleViolation, match="exists already"):
        services.events.create("cup", EventSettings())
    _register(services, ["Ann", "Bob", "Cy", "Dee", "Eve"])
    first = services.events.pair("Cup")
    assert [g.table for g in first] == [1, 2, 3] and first[-1].b is None
    with pytest.raises(RuleViolation, match="registration"):
        _register(services, ["Fay"])
    again = services.events.pair("Cup")
    assert len(services.events.state("Cup").games) == 3 and again[0].round == 1
    with pytest.raises(RuleViolation, match="bye"):
        services.events.result("Cup", 3, (1, 0))
    with pytest.raises(NotFound):
        services.events.result("Cup", 9, (1, 0))
    with pytest.raises(RuleViolation, match="result"):
        services.events.result("Cup", 1, (99, 0))
    services.events.result("Cup", 1, (2, 0), (1, 0))
    with pytest.raises(RuleViolation, match="table\\(s\\) 2"):
        services.events.pair("Cup")
    services.events.result("Cup", 2, (1, 1))
    state = services.events.state("Cup")
    leader = state.standings[0]
    assert leader.points == 3 and leader.byes == 0 and leader.td_for == 2
    services.events.pair("Cup")
    services.events.result("Cup", 1, (0, 2), round=1)
    table = services.events.state("Cup").standings
    assert table[0].name != leader.name
    assert any(s.byes == 1 and s.points == 3 for s in table)


def test_edit_and_withdraw_a_registration_until_round_one(services: Services) -> None:
    services.events.create("Cup", EventSettings(rounds=1, skills=2))
    _register(services, ["Ann", "Bob"])
    ann = services.events.state("Cup").entries[0]
    with pytest.raises(RuleViolation, match="Bob is registered already"):
        services.events.register(
            "Cup", coach="bob", race="orc", team_name="X", buys=[("Lineman", 11)], replaces=ann.id
        )
    with pytest.raises(RuleViolation, match="skill access"):
        services.events.register(
            "Cup", coach="Ann", race="orc", team_name="Ann FC", buys=[("Lineman", 11)],
            picks=parse_picks("1:Claws"), replaces=ann.id,
        )  # fmt: skip
    edited = services.events.register(
        "Cup", coach="Ann", race="human", team_name="Ann's Humans", buys=[("Lineman", 11)],
        picks=parse_picks("2:Block"), naf_number=1234, replaces=ann.id,
    )  # fmt: skip
    state = services.events.state("Cup")
    assert edited.id == ann.id and [e.coach for e in state.entries] == ["Ann", "Bob"]
    assert state.entries[0].race == "Human" and state.entries[0].naf_number == 1234
    assert state.entries[0].roster["players"][1]["skills"] == ["Block"]  # type: ignore[index]
    with pytest.raises(NotFound):
        services.events.withdraw("Cup", 999)
    assert services.events.withdraw("Cup", state.entries[1].id).coach == "Bob"
    _register(services, ["Cy"])
    services.events.pair("Cup")
    with pytest.raises(RuleViolation, match="first round is paired"):
        services.events.withdraw("Cup", ann.id)
    with pytest.raises(RuleViolation, match="first round is paired"):
        services.events.register(
            "Cup", coach="Ann", race="orc", team_name="Ann FC", buys=[("Lineman", 11)], replaces=ann.id
        )
