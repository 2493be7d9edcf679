"""Papa Skullbones' blessing on the board: the coach clicks the player to bless."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from league_manager.match import actions as a
from league_manager.match.scenario import build, parse_action
from league_manager.ui.match_board import labels
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.session import BoardSession, LocalGame
from tests.gui.match_board.board_helpers import click_square

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "inducements"


def test_papa_skullbones_blesses_the_clicked_player(qtbot: QtBot) -> None:
    data = json.loads((SCENARIOS / "staff_papa_skullbones_blessing.json").read_text())
    scenario, match, _dice = build(data)
    for raw in data["actions"][:-1]:  # up to the blessing prompt; the scripted dice kept
        match.apply(parse_action(scenario, raw))
    board = MatchBoard(BoardSession(LocalGame(match)), bot_delay_ms=0)
    qtbot.addWidget(board)
    board.resize(1366, 768)
    board.show()
    qtbot.waitExposed(board)
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None and prompt.kind == a.PRAYER and prompt.info.get("staff") == "Papa Skullbones"
    assert labels.title(prompt, ctl.names).startswith("Papa Skullbones")
    h2 = scenario.index("h2")
    before = len(ctl.match.actions)
    click_square(qtbot, board, ctl.match.state.pos[h2])
    assert len(ctl.match.actions) == before + 1
    assert ctl.match.actions[-1] == a.Action(a.CHOOSE, h2)
    assert any(e.kind == "blessing" and e.player == h2 for e in ctl.match.events)


def test_krot_shockwhisker_offers_the_casualties_by_name(qtbot: QtBot) -> None:
    data = json.loads((SCENARIOS / "staff_krot_perfection.json").read_text())
    scenario, match, _dice = build(data)
    for raw in data["actions"][:-1]:  # up to Krot's prompt at the end of the drive
        match.apply(parse_action(scenario, raw))
    board = MatchBoard(BoardSession(LocalGame(match)), bot_delay_ms=0)
    qtbot.addWidget(board)
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None and prompt.kind == a.PRAYER and prompt.info.get("staff") == "Krot Shockwhisker"
    assert labels.title(prompt, ctl.names).startswith("Krot Shockwhisker: A New Playthi")
    h5 = scenario.index("h5")
    menu = {c.action: c for c in ctl.menu().choices if c.action is not None}
    treat = menu[a.Action(a.CHOOSE, h5)]
    assert treat.label.startswith("Treat ") and "Casualty box" in treat.label
    assert a.Action(a.DECLINE) in menu
    board.choose(treat)
    assert ctl.match.actions[-1] == a.Action(a.CHOOSE, h5)
    assert any(e.kind == "krot" and e.player == h5 for e in ctl.match.events)
