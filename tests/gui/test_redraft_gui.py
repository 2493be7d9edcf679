"""The re-draft window from the team page and the season page: budget bar, keep or release per
player, staff kept, typed dice, a summary confirmed, then the re-draft."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from league_manager.services.facade import Services
from league_manager.services.season_next import next_season
from league_manager.ui.redraft_dialog import RedraftDialog
from tests.gui.conftest import FakeDialogs
from tests.gui.season_setup import played_season, shot


def _closed_and_next(services: Services) -> tuple[int, list[str]]:
    """Season Cup of four, every game won by the first named team, closed; season Cup II from it."""
    season_id, teams = played_season(services)
    services.season_end.close_season(season_id)
    made = next_season(services.seasons, "Cup", "Cup II", seed=3).value.created
    assert made is not None
    return made.id, teams


def test_redraft_window_keeps_releases_and_applies_with_typed_dice(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs, qtbot: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.services
    season_id, teams = _closed_and_next(services)
    team = services.teams.get_team(teams[0])
    window.navigate("team", team.id)
    page = window.team_page
    assert page.redraft_button.isVisible()
    shot(window, "redraft_team_page.png")
    seen: dict[str, Any] = {}

    def redraft(dialog: QDialog) -> bool:
        assert isinstance(dialog, RedraftDialog) and dialog.view is not None
        assert dialog.season.currentText() == "Cup II"
        full = dialog.view.spent
        assert dialog.table.rowCount() == len(dialog.view.players)
        assert "Spent" in dialog.bar.format() and "left" in dialog.bar.format()
        dialog.table.item(0, 0).setCheckState(Qt.CheckState.Unchecked)  # release the first player
        released = dialog.view.players[0]
        assert not released.keep and dialog.view.spent == full - released.cost
        assert f"releases {released.name}" in dialog.summary.text()
        rerolls = dialog.spins["rerolls"]
        if rerolls.value():
            rerolls.setValue(rerolls.value() - 1)
            assert dialog.view.spent == full - released.cost - dialog.view.extras[0].cost_each
        dialog.typed.setChecked(True)
        dialog.dice_entry.setText("")
        shot(dialog, "redraft_dialog.png")
        dialogs.script("confirm", True)
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        seen["view"] = dialog.done_view
        seen["released"] = released
        return True

    dialogs.on_run = redraft
    qtbot.mouseClick(page.redraft_button, Qt.MouseButton.LeftButton)
    assert dialogs.errors == []
    done = seen["view"]
    assert done is not None and done.applied and done.season == "Cup II"
    after = services.teams.get_team(teams[0])
    assert after.treasury == done.left and seen["released"].player_id not in {p.id for p in after.players}
    assert dialogs.infos and "re-drafted for Cup II" in dialogs.infos[-1][1]
    assert not page.redraft_button.isVisible()  # re-drafted once
    assert window.runner.undo.top is not None and "re-draft" in window.runner.undo.top.label
    window.runner.undo_last()  # Edit > Undo takes the re-draft back
    assert services.teams.get_team(teams[0]).treasury == team.treasury
    assert page.redraft_button.isVisible()

    window.navigate("season", season_id)
    season_page = window.season_page
    dialogs.script("item", teams[1])
    opened: list[str] = []

    def from_season(dialog: QDialog) -> bool:
        assert isinstance(dialog, RedraftDialog) and dialog.view is not None
        opened.append(dialog.view.team)
        return False

    dialogs.on_run = from_season
    qtbot.mouseClick(season_page.redraft_button, Qt.MouseButton.LeftButton)
    assert opened == [teams[1]]
