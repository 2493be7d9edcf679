"""A team's saved formations and colours through the service: stored with the team in the
league file, checked, replaced by name, limited, and offered to the team's board matches."""

from __future__ import annotations

import pytest

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.match.formations import SavedFormation, Spot
from league_manager.rules.draft import DraftPlan
from league_manager.rules.team_colours import default_colours
from league_manager.services import team_board
from league_manager.services.facade import Services

ORCS = DraftPlan("orc", {"Lineman": 7, "Blitzer": 4}, rerolls=2)
WALL = SavedFormation(
    "Wall", (Spot(12, 6, 1, "Lineman"), Spot(12, 7, 2, "Lineman"), Spot(12, 8, 3, "Blitzer"))
)


def orc_team(services: Services, league: str) -> int:
    return services.teams.draft_team(league, "Gitz", "Bob", ORCS).value.id


def test_a_saved_formation_is_kept_with_the_team_and_replaced_by_name(
    services: Services, league: str
) -> None:
    team = orc_team(services, league)
    assert services.team_board.formations(team) == []
    outcome = services.team_board.save_formation(team, WALL)
    assert outcome.value == [WALL] and outcome.changes.teams == {team}
    wider = SavedFormation("Wall", (*WALL.spots, Spot(6, 7, 4, "Lineman")))
    services.team_board.save_formation(team, wider)
    services.team_board.save_formation(team, SavedFormation(" Arrow ", WALL.spots[:1]))
    reopened = Services.open(services.location)
    try:
        names = [f.name for f in reopened.team_board.formations("Gitz")]
        assert names == ["Arrow", "Wall"]
        assert reopened.team_board.formations(team)[1] == wider
    finally:
        reopened.close()
    left = services.team_board.delete_formation(team, "Arrow").value
    assert left == [wider]
    with pytest.raises(RuleViolation, match="no formation called"):
        services.team_board.delete_formation(team, "Arrow")


def test_bad_formations_and_too_many_are_refused_and_change_nothing(
    services: Services, league: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    team = orc_team(services, league)
    with pytest.raises(RuleViolation, match="own half"):
        services.team_board.save_formation(team, SavedFormation("Far", (Spot(20, 7),)))
    with pytest.raises(RuleViolation, match="name"):
        services.team_board.save_formation(team, SavedFormation("", WALL.spots))
    with pytest.raises(NotFound):
        services.team_board.save_formation("No such team", WALL)
    monkeypatch.setattr(team_board, "MAX_FORMATIONS", 2)
    services.team_board.save_formation(team, SavedFormation("A", WALL.spots))
    services.team_board.save_formation(team, SavedFormation("B", WALL.spots))
    with pytest.raises(RuleViolation, match="delete one first"):
        services.team_board.save_formation(team, SavedFormation("C", WALL.spots))
    services.team_board.save_formation(team, SavedFormation("B", WALL.spots[:2]))  # a replacement
    assert [f.name for f in services.team_board.formations(team)] == ["A", "B"]


def test_colours_default_to_the_race_and_can_be_set(services: Services, league: str) -> None:
    team = orc_team(services, league)
    assert services.team_board.colours(team) == default_colours("orc")
    outcome = services.team_board.set_colours(team, "#AA0000", "#ffffff")
    assert outcome.value.primary == "#aa0000" and outcome.changes.teams == {team}
    services.team_board.set_colours(team, "#00aa00", "#ffffff")
    assert services.team_board.colours(team).primary == "#00aa00"
    with pytest.raises(RuleViolation, match="#rrggbb"):
        services.team_board.set_colours(team, "green", "#ffffff")
    with pytest.raises(RuleViolation, match="differ"):
        services.team_board.set_colours(team, "#ffffff", "#FFFFFF")
    assert services.team_board.colours(team).primary == "#00aa00"
