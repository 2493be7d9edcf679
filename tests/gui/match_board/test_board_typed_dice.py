"""Physical dice on the board: key D switches them on, each roll asks the in-board entry, the
typed value is applied, marked "typed" in the log and the record, and replayed on resume."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, QTimer
from pytestqt.qtbot import QtBot

from league_manager.match.engine import Match
from league_manager.rules.dice import BoardDice
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.session import BoardSession, LocalGame
from tests.gui.match_board.board_helpers import make_board, press, random_input


def _answer(qtbot: QtBot, board: MatchBoard, keys: list[str]) -> QTimer:
    """Answer every question of the dice entry with the next key (Esc: the program rolls)."""
    answers = iter(keys)

    def reply() -> None:
        if not board.dice_entry.asking:
            return
        key = next(answers, "1")
        if key == "Esc":
            qtbot.keyClick(board.dice_entry.field, Qt.Key.Key_Escape)
        else:
            qtbot.keyClicks(board.dice_entry.field, key)
            qtbot.keyClick(board.dice_entry.field, Qt.Key.Key_Return)

    timer = QTimer(board)
    timer.setInterval(0)
    timer.timeout.connect(reply)
    timer.start()
    return timer


def _play_until_typed(board: MatchBoard, count: int) -> None:
    rng = random.Random(5)
    for _ in range(400):
        if len(board.session.match.dice.typed) >= count:
            return
        board.act(lambda: (random_input(board.controller, rng), True)[1])
    raise AssertionError("no roll was typed")


def test_key_d_types_dice_which_are_applied_logged_and_replayed(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=4)
    dice = board.session.match.dice
    assert isinstance(dice, BoardDice) and not board.typed_dice
    before = len(dice.log)
    press(qtbot, board, Qt.Key.Key_D)
    assert board.typed_dice and board.dice_button.isChecked()
    timer = _answer(qtbot, board, ["9", "Esc", "2"])  # 9 is refused for a D6 and answered again
    _play_until_typed(board, 3)
    timer.stop()
    sources = [(r.die, r.result, r.source) for r in dice.log]
    typed = [(d, v) for d, v, s in sources if s == "typed"]
    # "9" cannot be typed for a die of 1-6 (nor Enter pressed on nothing), Esc let the program
    # roll that die, then the next die was typed as 2 and all later ones as 1
    assert sources[before][2] == "program" and sources[before + 1][1:] == (2, "typed")
    assert [v for _, v in typed] == [2] + [1] * (len(typed) - 1)
    logged = [board.log.item(i).text() for i in range(board.log.count())]
    assert sum("(typed)" in line for line in logged) == len(typed)
    again = Match.from_dict(board.session.match.to_dict())
    assert [(r.die, r.result, r.source) for r in again.dice.log] == sources
    assert again.prompt == board.session.match.prompt
    press(qtbot, board, Qt.Key.Key_D)
    assert not board.typed_dice and dice.typed_source is None


def test_a_board_whose_dice_cannot_be_typed_says_so(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=4)
    plain = LocalGame(Match(board.session.match.home, board.session.match.away, seed=1))
    other = MatchBoard(BoardSession(plain), bot_delay_ms=0)
    qtbot.addWidget(other)
    other.set_typed_dice(True)
    assert not other.typed_dice and not other.dice_button.isChecked()
    assert "cannot be typed" in other.message.text()


def test_closing_while_a_die_is_awaited_lets_the_program_roll_it(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=4)
    press(qtbot, board, Qt.Key.Key_D)
    QTimer.singleShot(0, board.stop_bots)
    _play_until_rolled(board)
    dice = board.session.match.dice
    assert not board.typed_dice and not board.dice_entry.asking
    assert dice.log and all(r.source == "program" for r in dice.log)


def _play_until_rolled(board: MatchBoard) -> None:
    rng = random.Random(5)
    start = len(board.session.match.dice.log)
    for _ in range(400):
        if len(board.session.match.dice.log) > start:
            return
        board.act(lambda: (random_input(board.controller, rng), True)[1])
    raise AssertionError("nothing was rolled")


def test_the_dice_entry_sits_beside_the_pitch_covering_nothing(qtbot: QtBot) -> None:
    from league_manager.match.pitch import ON_PITCH
    from league_manager.ui.match_board.scene import gutter_rect, square_rect

    board = make_board(qtbot, seed=4)
    press(qtbot, board, Qt.Key.Key_D)
    seen: list[bool] = []

    def check() -> None:
        if not board.dice_entry.asking:
            return
        entry = board.dice_entry.geometry()
        view = board.view
        strip = view.mapFromScene(gutter_rect()).boundingRect()
        pitch = [
            view.mapFromScene(square_rect(q)).boundingRect() for q in range(len(ON_PITCH)) if ON_PITCH[q]
        ]
        slots = [view.mapFromScene(r).boundingRect() for r in board.scene.dugout_slots.values()]
        panel = board.panel.geometry() if board.panel.isVisible() else entry.adjusted(0, 0, -entry.width(), 0)
        seen.append(
            view.viewport().rect().contains(entry)
            and entry.left() >= strip.left()
            and not any(entry.intersects(r) for r in pitch + slots)
            and not entry.intersects(panel)
        )
        qtbot.keyClick(board.dice_entry.field, Qt.Key.Key_Escape)

    timer = QTimer(board)
    timer.setInterval(0)
    timer.timeout.connect(check)
    timer.start()
    _play_until_typed_or_asked(board, seen, 4)
    timer.stop()
    assert len(seen) >= 4 and all(seen)


def _play_until_typed_or_asked(board: MatchBoard, seen: list[bool], count: int) -> None:
    rng = random.Random(5)
    for _ in range(400):
        if len(seen) >= count:
            return
        board.act(lambda: (random_input(board.controller, rng), True)[1])
    raise AssertionError("no die was asked for")
