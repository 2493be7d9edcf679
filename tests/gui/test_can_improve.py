"""Players whose SPP buy an advancement are marked on the roster, on screen and in the PDF."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from league_manager.reports.player_cells import spp_cell
from league_manager.services.facade import Services
from league_manager.ui.models import CAN_IMPROVE_MARK, RosterModel, spp_text


def test_roster_marks_players_who_can_improve(tmp_path: Any) -> None:
    services = Services.open(tmp_path / "demo.db")
    try:
        services.create_demo()
        team = services.teams.get_team(services.teams.list_teams()[0].id)
    finally:
        services.close()
    rookie = team.players[0]
    assert rookie.spp == 0 and not rookie.can_improve
    assert spp_text(rookie) == "0"
    assert CAN_IMPROVE_MARK not in spp_cell(rookie)
    ready = replace(rookie, spp=6, can_improve=True)
    assert spp_text(ready) == f"6 {CAN_IMPROVE_MARK}"
    assert spp_cell(ready).endswith(CAN_IMPROVE_MARK)
    model = RosterModel([rookie, ready])
    spp_column = [c.header for c in model.columns].index("SPP")
    assert "Can improve" in model.columns[spp_column].tooltip(ready)  # type: ignore[misc]
    assert model.columns[spp_column].tooltip(rookie) == ""  # type: ignore[misc]
