"""The tournament desk's service: registration, re-pairing, refusals, corrections, byes."""

import pytest

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.rules.exhibition import EventSettings
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
