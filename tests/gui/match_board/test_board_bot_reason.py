"""'Why this move?' on the board: the coach bot's one-line reason for its activation."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.gui.match_board.board_helpers import make_board


def test_why_this_move_shows_the_coach_bots_reason(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=5, controllers={"home": "coach", "away": "greedy"})
    board.stop_bots()
    ctl = board.controller
    session = ctl.session
    assert board.why_button.isVisibleTo(board)
    qtbot.mouseClick(board.why_button, Qt.MouseButton.LeftButton)
    assert board.message.text() == "The bot has not explained a move yet."
    for _ in range(3000):
        if ctl.prompt is None:
            break
        if ctl.notice:
            ctl.notice = []
            continue
        assert ctl.bot_step()
        reason = session.bot_reason()
        if reason.startswith(session.team_names()[0]) and "end the turn" not in reason:
            break
    reason = session.bot_reason()
    assert reason.startswith(f"{session.team_names()[0]} (bot): ")
    board.refresh()
    qtbot.mouseClick(board.why_button, Qt.MouseButton.LeftButton)
    assert board.message.text() == reason
    assert session.bot_to_play()
    assert ctl.menu().lines == [f"Why this move? {reason}"]


def test_hot_seat_has_no_why_button(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=5)
    assert not board.why_button.isVisibleTo(board)
