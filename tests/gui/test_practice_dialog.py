"""League > Practice Match…: two of the file's teams on the board, a bot on one side, nothing saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox

from league_manager.match.bots import make_bot, play
from league_manager.ui.match_board.window import BoardWindow
from league_manager.ui.practice_dialog import PracticeDialog
from tests.gui.conftest import FakeDialogs
from tests.gui.season_setup import shot


def test_practice_from_the_welcome_card_plays_the_computer_and_saves_nothing(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs, qtbot: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.services
    before = {t.name: t.to_dict() for t in services.teams.list_teams()}
    window.navigate("welcome")
    card = window.welcome_page.buttons["practice"]
    assert card.isEnabled()
    seen: list[PracticeDialog] = []

    def run(dialog: QDialog) -> bool:
        assert isinstance(dialog, PracticeDialog)
        seen.append(dialog)
        start = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        home = dialog.team_combos["home"]
        dialog.team_combos["away"].setCurrentIndex(home.currentIndex())
        assert "cannot play itself" in dialog.problem.text() and not start.isEnabled()
        dialog.team_combos["away"].setCurrentIndex(home.currentIndex() + 1)
        assert dialog.problem.text() == "" and start.isEnabled()
        assert dialog.controllers() == {"home": "human", "away": "coach"}
        dialog.fixed_seed.setChecked(True)
        dialog.seed.setValue(42)
        shot(dialog, "practice_dialog.png")
        return True

    dialogs.on_run = run
    card.click()
    board = window.practice_window
    assert seen and isinstance(board, BoardWindow)
    assert "not saved to the league" in board.windowTitle()
    game = board.board.session.game
    home_id, away_id = seen[0].team_ids()
    names = {t.id: t.name for t in services.teams.list_teams()}
    assert (game.home_name, game.away_name) == (names[home_id], names[away_id])
    assert game.controllers == {"home": "human", "away": "coach"}
    play(game.match, (make_bot("greedy", 1), make_bot("greedy", 2)))
    board.board.finished.emit()
    title, text = dialogs.infos[-1]
    assert title == "Practice match over" and "not saved to the league" in text
    s = game.match.state.score
    assert f"{game.home_name} {s[0]} – {s[1]} {game.away_name}" in text
    qtbot.waitUntil(lambda: not board.isVisible(), timeout=5000)
    assert {t.name: t.to_dict() for t in services.teams.list_teams()} == before


def test_without_two_engine_teams_the_dialog_says_why(qtbot: Any) -> None:
    dialog = PracticeDialog([])
    qtbot.addWidget(dialog)
    assert "needs two teams" in dialog.problem.text()
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
