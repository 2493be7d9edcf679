"""The Halfling Hot Pot prompt on the board: the coach clicks the square to aim at."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from league_manager.match.inducements.hot_pot import HOT_POT_PROMPT
from league_manager.match.scenario import build
from league_manager.ui.match_board import labels
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.session import BoardSession, LocalGame
from tests.gui.match_board.board_helpers import click_square

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "inducements"


def test_the_hot_pot_is_aimed_by_clicking_a_square(qtbot: QtBot) -> None:
    scenario, match, _dice = build(json.loads((SCENARIOS / "hot_pot_on_target.json").read_text()))
    board = MatchBoard(BoardSession(LocalGame(match)), bot_delay_ms=0)
    qtbot.addWidget(board)
    board.resize(1366, 768)
    board.show()
    qtbot.waitExposed(board)
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None and prompt.kind == HOT_POT_PROMPT
    square = ctl.match.state.pos[scenario.index("a1")]
    names = [labels.label(prompt, act, ctl.names) for act in ctl.targets[square]]
    assert names == [f"Hot Pot at {labels.square_name(square)}"]
    before = len(ctl.match.actions)
    click_square(qtbot, board, square)
    assert len(ctl.match.actions) == before + 1
    assert ctl.match.actions[-1].square == square
