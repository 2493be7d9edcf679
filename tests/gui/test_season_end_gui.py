"""The season page's "Play-offs…" (qualifiers, a seed moved with a reason) and "Close season…"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from league_manager.ui.season_end_dialog import PlayoffsDialog
from tests.gui.conftest import FakeDialogs
from tests.gui.season_setup import played_season, shot


def test_playoffs_dialog_moves_a_seed_and_close_pays_after_confirmation(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs, qtbot: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.services
    season_id, teams = played_season(services)
    window.navigate("season", season_id)
    page = window.season_page
    seen: list[list[str]] = []

    def seeds(dialog: QDialog) -> bool:
        assert isinstance(dialog, PlayoffsDialog)
        assert dialog.table.rowCount() == 4 and "top four" in dialog.rule.text()
        seen.append([dialog.table.item(r, 1).text() for r in range(4)])
        dialog.team.setCurrentIndex(dialog.team.findText(teams[3]))
        dialog.seed.setValue(1)
        qtbot.mouseClick(dialog.set_button, Qt.MouseButton.LeftButton)  # no reason: refused
        assert dialogs.errors and "reason" in dialogs.errors[-1][1]
        dialog.reason.setText("hosts the final")
        qtbot.mouseClick(dialog.set_button, Qt.MouseButton.LeftButton)
        seen.append([dialog.table.item(r, 1).text() for r in range(4)])
        assert dialog.table.item(0, 5).text() == "hosts the final"
        shot(dialog, "playoffs_dialog.png")
        return True

    dialogs.on_run = seeds
    qtbot.mouseClick(page.playoffs_button, Qt.MouseButton.LeftButton)
    assert seen == [teams, [teams[3], *teams[:3]]]

    dialogs.errors.clear()
    dialogs.script("confirm", False)
    qtbot.mouseClick(page.close_button, Qt.MouseButton.LeftButton)  # previewed, then declined
    assert services.season_end.closed(season_id) is None
    before = services.teams.get_team(teams[0]).treasury
    dialogs.script("confirm", True)
    qtbot.mouseClick(page.close_button, Qt.MouseButton.LeftButton)
    assert dialogs.errors == []
    closed = services.season_end.closed(season_id)
    assert closed is not None and closed.champion == teams[0]
    assert services.teams.get_team(teams[0]).treasury == before + 100_000
    page.tabs.setCurrentIndex(1)  # the buttons sit above the standings
    shot(window, "season_closed.png")
    qtbot.mouseClick(page.close_button, Qt.MouseButton.LeftButton)  # a second close is refused
    assert dialogs.errors and "already closed" in dialogs.errors[-1][1]
