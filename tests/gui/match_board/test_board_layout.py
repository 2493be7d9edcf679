"""The whole pitch is visible at 1366x768 and 1920x1080: the prompt panel never covers a token, a
square to click or a square a move can reach (it moves to the strip beside the pitch instead)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QRectF
from pytestqt.qtbot import QtBot

from league_manager.match.pitch import LENGTH, WIDTH
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.practice import practice_game
from league_manager.ui.match_board.scene import DUG_H, DUG_TOP, PITCH_X, PITCH_Y, S, square_rect
from league_manager.ui.match_board.session import BoardSession
from league_manager.ui.match_board.spec import advance_to
from tests.gui.match_board.board_helpers import make_board


def _view_rect(board: MatchBoard, rect: QRectF) -> QRect:
    return board.view.mapFromScene(rect).boundingRect()


def _covered(board: MatchBoard) -> list[str]:
    ctl = board.controller
    s = ctl.match.state
    panel = board.panel.geometry()
    found = [
        f"token {p}"
        for p in range(s.size)
        if s.pos[p] >= 0 and panel.intersects(_view_rect(board, square_rect(s.pos[p])))
    ]
    found += [f"target {q}" for q in ctl.targets if panel.intersects(_view_rect(board, square_rect(q)))]
    found += [f"reach {q}" for q in ctl.plans if panel.intersects(_view_rect(board, square_rect(q)))]
    found += [
        f"dugout {p}" for p, r in board.scene.dugout_slots.items() if panel.intersects(_view_rect(board, r))
    ]
    return found


CASES = [((1366, 768), m) for m in ("setup", "move", "block", "push")] + [((1920, 1080), "block")]


@pytest.mark.parametrize(("size", "moment"), CASES)
def test_the_panel_leaves_the_pitch_clear(qtbot: QtBot, size: tuple[int, int], moment: str) -> None:
    board = make_board(qtbot, seed=4)
    board.resize(*size)
    qtbot.wait(1)
    area = board.view.viewport().rect()
    whole = QRectF(PITCH_X, 0, LENGTH * S, DUG_TOP[1] + DUG_H)
    assert area.contains(_view_rect(board, whole).adjusted(1, 1, -1, -1))  # pitch and both dugouts
    assert _view_rect(board, QRectF(PITCH_X, PITCH_Y, LENGTH * S, WIDTH * S)).width() > size[0] * 0.55
    assert advance_to(board.controller, moment)
    board.refresh()
    assert board.panel.isVisible() and area.contains(board.panel.geometry())
    assert _covered(board) == []


def test_long_team_names_still_fit_a_1366_pixel_screen(qtbot: QtBot) -> None:
    game = practice_game(seed=4)
    game.home_name, game.away_name = "Gutrot Ironjaws of the Black Peak", "Middenheim Marauders United"
    board = MatchBoard(BoardSession(game), bot_delay_ms=0)
    qtbot.addWidget(board)
    board.resize(1366, 768)
    board.show()
    qtbot.waitExposed(board)
    assert board.minimumSizeHint().width() <= 1366 and board.width() == 1366
