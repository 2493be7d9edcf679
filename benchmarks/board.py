"""Time the match board: redraw of the whole board, and a click until the board is redrawn.

Run with ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/board.py`` (aims: <= 16 ms
and <= 100 ms). The board is a hot-seat practice match played to mid-game by seeded input.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

RUNS = 60


def main() -> None:
    """Print the median and worst times in milliseconds."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from league_manager.ui.match_board.board import MatchBoard
    from league_manager.ui.match_board.practice import practice_game
    from league_manager.ui.match_board.scene import square_rect
    from league_manager.ui.match_board.session import BoardSession
    from league_manager.ui.match_board.spec import advance_to

    app = QApplication.instance() or QApplication(sys.argv)
    board = MatchBoard(BoardSession(practice_game(seed=4)), bot_delay_ms=0)
    board.resize(1920, 1080)
    board.show()
    app.processEvents()
    advance_to(board.controller, "move")
    redraw = []
    for _ in range(RUNS):
        t = time.perf_counter()
        board.refresh()
        board.view.viewport().repaint()
        redraw.append((time.perf_counter() - t) * 1000)
    clicks = []
    rng = random.Random(1)
    for _ in range(RUNS):
        advance_to(board.controller, "move", seed=rng.randrange(1000))
        ctl = board.controller
        square = sorted(ctl.targets)[0]
        point: QPoint = board.view.mapFromScene(square_rect(square).center())
        before = len(ctl.match.actions)
        t = time.perf_counter()
        QTest.mouseClick(board.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        board.view.viewport().repaint()
        clicks.append((time.perf_counter() - t) * 1000)
        assert len(ctl.match.actions) == before + 1 or ctl.focus >= 0
    for name, values in (("redraw whole board", redraw), ("click to updated board", clicks)):
        print(f"{name}: median {statistics.median(values):.1f} ms, worst {max(values):.1f} ms ({RUNS} runs)")


if __name__ == "__main__":
    main()
