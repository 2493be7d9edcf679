"""Team-specific inducements on the board: the Hot Pot aimed at a square, the Runesmith's runes."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from league_manager.match.inducements.hot_pot import HOT_POT_PROMPT
from league_manager.match.inducements.runesmith import RUNESMITH_PROMPT
from league_manager.match.scenario import build, parse_action
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


def test_the_runesmith_options_name_the_rune_and_the_player(qtbot: QtBot) -> None:
    data = json.loads((SCENARIOS / "runesmith_rune_of_iron.json").read_text())
    data["actions"] = data["actions"][:5]
    scenario, match, _dice = build(data)
    for raw in data["actions"]:
        match.apply(parse_action(scenario, raw))
    board = MatchBoard(BoardSession(LocalGame(match)), bot_delay_ms=0)
    qtbot.addWidget(board)
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None and prompt.kind == RUNESMITH_PROMPT
    h1 = scenario.index("h1")
    names = [labels.label(prompt, act, ctl.names) for act in ctl.targets[ctl.match.state.pos[h1]]]
    assert f"Rune of Iron on {ctl.names[h1]}" in names and len(names) == 5
