"""Advancing players through the service: SPP ledger, value, and refusals that change nothing."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.dice import ScriptedDice
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services


@pytest.fixture
def blitzer(services: Services, league: str) -> int:
    plan = DraftPlan("human", {"Lineman": 7, "Blitzer": 4})
    team = services.teams.draft_team(league, "Reavers", "Bob", plan).value
    return next(p.id for p in team.players if p.position == "Human Blitzer")


def test_advance_spends_spp_and_raises_value(services: Services, blitzer: int) -> None:
    services.advancement.adjust_spp(blitzer, 9, "tabletop game before the program")
    view = services.advancement.advance(blitzer, "chosen_primary", skill="Tackle").value
    player = next(p for p in view.players if p.id == blitzer)
    assert player.spp == 3 and player.value == 85000 + 20000
    assert [s.name for s in player.skills if s.gained] == ["Tackle"]
    assert view.team_value == 7 * 50000 + 4 * 85000 + 20000
    record = services.advancement.record(blitzer)
    assert record.advancements == 1 and record.spp == 3
    assert sum(h.spp for h in record.history) == 3
    assert {c.kind: c.cost for c in record.choices}["random_primary"] == 4


def test_characteristic_with_typed_dice(services: Services, blitzer: int) -> None:
    services.advancement.adjust_spp(blitzer, 18, "bonus")
    view = services.advancement.advance(
        blitzer, "characteristic", prefer=("ST",), skill="Dodge", dice=ScriptedDice([15])
    ).value
    player = next(p for p in view.players if p.id == blitzer)
    assert player.stats.st == 4 and player.characteristic_change("ST") == 1 and player.value == 165000


def test_refusals_change_nothing(services: Services, blitzer: int) -> None:
    with pytest.raises(RuleViolation, match="costs 6 SPP; the player has 0"):
        services.advancement.advance(blitzer, "chosen_primary", skill="Tackle")
    services.advancement.adjust_spp(blitzer, 6, "bonus")
    with pytest.raises(RuleViolation, match="skill access"):
        services.advancement.advance(blitzer, "chosen_primary", skill="Dodge")
    with pytest.raises(RuleViolation, match="unknown kind"):
        services.advancement.advance(blitzer, "free_skill")
    with pytest.raises(RuleViolation, match="cannot remove 7"):
        services.advancement.adjust_spp(blitzer, -7, "oops")
    record = services.advancement.record(blitzer)
    assert record.spp == 6 and record.advancements == 0


def test_program_dice_record_their_seed(services: Services, blitzer: int) -> None:
    services.advancement.adjust_spp(blitzer, 20, "tabletop games before the program")
    services.advancement.advance(blitzer, "random_primary", category="G")
    services.advancement.advance(blitzer, "random_primary", category="S", seed=77)
    notes = [h.text for h in services.advancement.record(blitzer).history if "dice" in h.text]
    assert len(notes) == 2
    assert "program dice seed" in notes[0] and "program dice seed 77" in notes[1]
