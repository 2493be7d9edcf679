"""The wizard prompt on the board: Fireball on a square, player spells on the player's square."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from league_manager.match.scenario import build
from league_manager.ui.match_board import labels
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.session import BoardSession, LocalGame
from tests.gui.match_board.board_helpers import click_square, press, qt_key

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "inducements"


def test_zap_is_chosen_at_the_player_square_next_to_fireball(qtbot: QtBot) -> None:
    scenario, match, _dice = build(json.loads((SCENARIOS / "wizard_zap_frog.json").read_text()))
    board = MatchBoard(BoardSession(LocalGame(match)), bot_delay_ms=0)  # the scripted dice kept
    qtbot.addWidget(board)
    board.resize(1366, 768)
    board.show()
    qtbot.waitExposed(board)
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None and prompt.kind == "wizard"
    a1 = scenario.index("a1")
    square = ctl.match.state.pos[a1]
    names = [labels.label(prompt, act, ctl.names) for act in ctl.targets[square]]
    assert names == [f"Fireball at {labels.square_name(square)}", f"Zap! on {ctl.names[a1]}"]
    before = len(ctl.match.actions)
    click_square(qtbot, board, square)
    menu = ctl.menu()
    zap = next(c for c in menu.choices if c.action.player == a1)
    press(qtbot, board, qt_key(zap.key))
    assert len(ctl.match.actions) == before + 1
    assert ctl.match.actions[-1].player == a1
