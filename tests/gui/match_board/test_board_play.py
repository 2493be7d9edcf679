"""Playing on the board through its own input: keys only, mouse and drag, hot-seat, bots, concede."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from league_manager.match import actions as a
from league_manager.match.pitch import sq
from league_manager.ui.match_board.spec import advance_to
from tests.gui.match_board.board_helpers import click_square, make_board, press, qt_key, square_point

ARROWS = ("Left", "Right", "Up", "Down")


def _keys_only_step(qtbot: QtBot, board, rng: random.Random) -> None:
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None
    menu = ctl.menu()
    if ctl.notice or ctl.handover_team >= 0:
        press(qtbot, board, Qt.Key.Key_Return)
    elif prompt.kind == a.SETUP:
        ends = [c for c in menu.choices if c.action is not None and c.action.kind == a.END_SETUP]
        press(qtbot, board, qt_key(ends[0].key if ends else "2"))
    elif ctl.targets and rng.random() < 0.6:
        press(qtbot, board, Qt.Key.Key_Tab, Qt.Key.Key_Return)
    else:
        keyed = [c for c in menu.choices if c.key and c.key != "Escape"]
        ends = [c for c in keyed if c.action is not None and c.action.kind == a.END_TURN]
        pick = ends[0] if ends and rng.random() < 0.4 else rng.choice(keyed) if keyed else None
        if pick is None:
            press(qtbot, board, Qt.Key.Key_Tab)
        else:
            press(qtbot, board, qt_key(pick.key))


def test_a_drive_is_played_with_the_keyboard_alone(qtbot: QtBot) -> None:
    saves: list[int] = []
    board = make_board(qtbot, seed=5, saver=lambda g, **kw: saves.append(len(g.match.actions)))
    ctl = board.controller
    rng = random.Random(5)
    for _ in range(1500):
        if any(e.kind == "end_of_drive" for e in ctl.match.events) or ctl.prompt is None:
            break
        _keys_only_step(qtbot, board, rng)
    assert any(e.kind == "end_of_drive" for e in ctl.match.events)
    assert saves and saves[-1] == len(ctl.match.actions)
    assert board.log.count() == len(ctl.match.events)


def test_set_up_by_drag_and_drop_with_live_legality(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=3)
    ctl = board.controller
    press(qtbot, board, qt_key("K"))  # coin toss: kick
    prompt = ctl.prompt
    assert prompt is not None and prompt.kind == a.SETUP
    team = prompt.team
    s = ctl.match.state
    p = next(iter(board.scene.dugout_slots))
    assert s.team[p] == team
    start = board.view.mapFromScene(board.scene.dugout_slots[p].center())
    line_square = sq(12 if team == 0 else 13, 7)
    view = board.view.viewport()
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=square_point(board, line_square))
    assert s.pos[p] == line_square
    assert "On the pitch 1/11" in ctl.menu().lines[0]
    assert a.END_SETUP not in [c.action.kind for c in ctl.menu().choices if c.action is not None]
    # drag it back to the dugout
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=square_point(board, line_square))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=start)
    assert s.pos[p] < 0
    # a square in the other half is refused with a message and changes nothing
    p2 = next(iter(board.scene.dugout_slots))
    board.act(lambda: ctl.select(p2))
    other_half = sq(20 if team == 0 else 5, 7)
    count = len(ctl.match.actions)
    click_square(qtbot, board, other_half)
    assert len(ctl.match.actions) == count and "cannot be set up" in ctl.message
    press(qtbot, board, qt_key("1"), qt_key("E"))
    assert ctl.prompt is not None and ctl.prompt.team != team


def test_hot_seat_hands_over_between_the_teams(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=3)
    ctl = board.controller
    press(qtbot, board, qt_key("K"), qt_key("1"), qt_key("E"))
    assert ctl.handover_team >= 0 and "to play" in ctl.menu().title
    count = len(ctl.match.actions)
    press(qtbot, board, qt_key("1"))  # refused: the other coach has not started
    assert len(ctl.match.actions) == count
    press(qtbot, board, Qt.Key.Key_Return)
    assert ctl.handover_team < 0
    press(qtbot, board, qt_key("1"), qt_key("E"))
    assert len(ctl.match.actions) == count + 2


def test_a_human_plays_the_bot_with_mouse_clicks(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=9, controllers={"home": "human", "away": "greedy"})
    ctl = board.controller
    rng = random.Random(9)
    for _ in range(400):
        turns = [e.team for e in ctl.match.events if e.kind == "turn"]
        if ctl.prompt is None or (turns.count(0) >= 2 and turns.count(1) >= 2):
            break
        if ctl.session.bot_to_play() and not ctl.notice:
            qtbot.waitUntil(lambda: not ctl.session.bot_to_play() or ctl.prompt is None or bool(ctl.notice))
            continue
        menu = ctl.menu()
        if ctl.focus >= 0:  # the action menu at a player: take an action
            index = rng.randrange(len(menu.choices) - 1)
            qtbot.mouseClick(board.panel.buttons[index], Qt.MouseButton.LeftButton)
        elif ctl.targets and rng.random() < 0.6:
            click_square(qtbot, board, rng.choice(sorted(ctl.targets)))
        elif menu.choices:
            ends = (a.END_TURN, a.END_SETUP)
            weights = [3 if c.action is not None and c.action.kind in ends else 1 for c in menu.choices]
            choice = rng.choices(menu.choices, weights)[0]
            qtbot.mouseClick(board.panel.buttons[menu.choices.index(choice)], Qt.MouseButton.LeftButton)
    turns = [e.team for e in ctl.match.events if e.kind == "turn"]
    assert turns.count(0) >= 2 and turns.count(1) >= 2
    assert any(e.kind == "activate" and e.team == 0 for e in ctl.match.events)


def test_concede_asks_first_and_full_time_hands_over_the_result(qtbot: QtBot) -> None:
    answers = [False, True]
    board = make_board(qtbot, seed=3)
    board.confirm = lambda title, text: answers.pop(0)
    board.concede()  # at the coin toss: refused by the rules, nothing asked
    assert board.controller.prompt is not None and "start of its own team turn" in board.controller.message
    assert advance_to(board.controller, "turn")
    team = board.controller.prompt.team
    board.concede()  # the coach says no
    assert board.controller.prompt is not None
    board.concede()
    assert board.controller.prompt is None and board.controller.match.state.conceded == team
    assert board.controller.menu().title == "Full time"
    with qtbot.waitSignal(board.finished, timeout=1000):
        press(qtbot, board, Qt.Key.Key_Return)


def test_undo_takes_back_and_saves(qtbot: QtBot) -> None:
    saves: list[int] = []
    board = make_board(qtbot, seed=3, saver=lambda g, **kw: saves.append(len(g.match.actions)))
    press(qtbot, board, qt_key("K"), qt_key("1"))
    assert saves == [1, 2]
    press(qtbot, board, qt_key("U"))
    assert saves == [1, 2, 1] and len(board.controller.match.actions) == 1
    assert board.log.count() == len(board.controller.match.events)


def test_cheat_sheet_opens_on_f1(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=3)
    press(qtbot, board, Qt.Key.Key_F1)
    assert board.keys.isVisible() and "End turn" in board.keys.text()
    press(qtbot, board, Qt.Key.Key_F1)
    assert not board.keys.isVisible()
