"""Pause: a button and a key freeze the board behind a pause screen; resuming plays on."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.gui.match_board.board_helpers import click_square, make_board, press, qt_key


def test_the_pause_key_freezes_input_and_resumes(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=3)
    ctl = board.controller
    count = len(ctl.match.actions)
    press(qtbot, board, Qt.Key.Key_F2)
    assert board.paused and board.pause_screen.isVisible() and not board.panel.isVisible()
    assert board.pause_screen.geometry() == board.view.viewport().rect()
    kind = ctl.prompt.kind
    press(qtbot, board, qt_key("K"), qt_key("H"), qt_key("1"), Qt.Key.Key_Return, qt_key("U"))
    for square in list(ctl.targets)[:3]:
        click_square(qtbot, board, square)
    board.undo_button.click()
    assert len(ctl.match.actions) == count and ctl.prompt.kind == kind and board.paused
    assert not board.undo_button.isEnabled() and board.pause_button.text().startswith("Resume")
    press(qtbot, board, Qt.Key.Key_Pause)  # the Pause key resumes too
    assert not board.paused and not board.pause_screen.isVisible() and board.panel.isVisible()
    choice = ctl.menu().choices[0]
    press(qtbot, board, qt_key(choice.key))  # input counts again
    assert len(ctl.match.actions) == count + 1


def test_the_pause_button_stops_the_bots_until_resumed(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=3, controllers={"home": "random", "away": "random"})
    board.pause_button.click()
    assert board.paused
    count = len(board.controller.match.actions)
    qtbot.wait(30)
    assert len(board.controller.match.actions) == count and not board._bot_timer.isActive()
    board.pause_button.click()
    qtbot.waitUntil(lambda: len(board.controller.match.actions) > count + 5, timeout=5000)
