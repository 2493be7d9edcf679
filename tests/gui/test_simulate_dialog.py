"""The season page's "Simulate…": the run goes on the worker thread with progress; Cancel
stops it between fixtures and keeps those finished."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from league_manager.ui.simulate_dialog import SimulateDialog
from tests.gui.conftest import FakeDialogs
from tests.gui.season_setup import scheduled_season, shot


def test_simulate_plays_a_round_then_cancel_keeps_what_is_finished(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs, qtbot: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.services
    season_id, _teams = scheduled_season(services, "Sim")
    window.navigate("season", season_id)
    page = window.season_page
    runs: list[int] = []

    def run(dialog: QDialog) -> bool:
        assert isinstance(dialog, SimulateDialog)
        assert "6 open fixture(s)" in dialog.status.text()
        dialog.limit.setChecked(True)
        dialog.rounds.setValue(1)
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
        assert dialog.running and not dialog.close_button.isEnabled()
        qtbot.waitUntil(lambda: not dialog.running, timeout=60_000)
        assert dialog.report is not None and len(dialog.report.played) == 2
        assert dialog.log.count() == 2 and dialog.progress.value() == 2
        assert "2 fixture(s) played with greedy" in dialog.status.text()
        shot(dialog, "simulate_round.png")
        dialog.limit.setChecked(False)
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.log.count() >= 1, timeout=60_000)
        qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not dialog.running, timeout=60_000)
        report = dialog.report
        assert report is not None
        assert len(report.played) == dialog.log.count()
        assert report.cancelled == (len(report.played) < 4)
        if report.cancelled:
            assert "cancelled" in dialog.status.text()
        shot(dialog, "simulate_cancelled.png")
        runs.append(len(report.played))
        return True

    dialogs.on_run = run
    shot(window, "season_simulate_button.png")
    qtbot.mouseClick(page.simulate_button, Qt.MouseButton.LeftButton)
    assert dialogs.errors == []
    played = [f for f in services.seasons.fixtures(season_id) if f.status == "played"]
    assert runs and len(played) == 2 + runs[0]
