"""The wizard prompt on the board: square spells on their square, player spells on the player's
square, option spells (Weather Mage, Temporal Distortion) as buttons."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from league_manager.match.actions import CHOOSE, Action
from league_manager.match.pitch import sq
from league_manager.match.scenario import Scenario, build, parse_action
from league_manager.ui.match_board import labels
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.session import BoardSession, LocalGame
from tests.gui.match_board.board_helpers import click_square, press, qt_key, uncovered

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


def _board(qtbot: QtBot, name: str) -> tuple[Scenario, MatchBoard]:
    scenario, match, _dice = build(json.loads((SCENARIOS / name).read_text()))
    board = MatchBoard(BoardSession(LocalGame(match)), bot_delay_ms=0)  # the scripted dice kept
    qtbot.addWidget(board)
    board.resize(1366, 768)
    board.show()
    qtbot.waitExposed(board)
    return scenario, board


def test_column_of_fire_is_cast_by_clicking_a_sideline_square(qtbot: QtBot) -> None:
    _scenario, board = _board(qtbot, "wizard_column_of_fire.json")
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None and prompt.kind == "wizard" and uncovered(ctl) == []
    start = sq(10, 0)
    names = [labels.label(prompt, act, ctl.names) for act in ctl.targets[start]]
    assert names == [f"Column of Fire at {labels.square_name(start)}"]
    before = len(ctl.match.actions)
    click_square(qtbot, board, start)
    if len(ctl.match.actions) == before:  # a one-option menu: its key casts it
        press(qtbot, board, qt_key(ctl.menu().choices[0].key))
    assert ctl.match.actions[before] == Action(CHOOSE, -2, start)
    assert any(e.kind == "column_of_fire" for e in ctl.match.events)


def test_the_weather_mage_offers_its_modifiers_as_buttons(qtbot: QtBot) -> None:
    _scenario, board = _board(qtbot, "weather_mage.json")
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None and prompt.kind == "wizard" and uncovered(ctl) == []
    choices = {c.label: c for c in ctl.menu().choices if c.action is not None}
    assert "Weather Mage: weather roll -2" in choices and "Weather Mage: weather roll +2" in choices
    press(qtbot, board, qt_key(choices["Weather Mage: weather roll -2"].key))
    assert ctl.match.actions[-1] == Action(CHOOSE, -1, -2)
    assert ctl.match.state.weather == "perfect"


def test_a_danse_macabre_lineman_picks_its_boost_on_the_board(qtbot: QtBot) -> None:
    data = json.loads((SCENARIOS / "wizard_danse_macabre.json").read_text())
    data["actions"] = data["actions"][:4]  # up to the Lineman's activation
    data["expect"] = {}
    scenario, match, _dice = build(data)
    for raw in data["actions"]:
        match.apply(parse_action(scenario, raw))
    board = MatchBoard(BoardSession(LocalGame(match)), bot_delay_ms=0)
    qtbot.addWidget(board)
    board.resize(1366, 768)
    board.show()
    qtbot.waitExposed(board)
    ctl = board.controller
    assert ctl.prompt is not None and ctl.prompt.kind == "prayer" and uncovered(ctl) == []
    choices = {c.label: c for c in ctl.menu().choices if c.action is not None}
    assert "Gain MA +1" in choices
    press(qtbot, board, qt_key(choices["Gain MA +1"].key))
    assert ctl.match.state.ma[scenario.index("h1")] == 7


def test_strange_flora_targets_an_empty_square_then_nominates_players(qtbot: QtBot) -> None:
    scenario, board = _board(qtbot, "wizard_strange_flora.json")
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None and uncovered(ctl) == []
    square = sq(11, 7)
    assert [labels.label(prompt, act, ctl.names) for act in ctl.targets[square]] == [
        f"Strange Flora at {labels.square_name(square)}"
    ]
    ctl.match.apply(Action(CHOOSE, -2, square))
    ctl.sync()
    nominate = ctl.prompt
    assert nominate is not None and nominate.kind == "wizard" and uncovered(ctl) == []
    a1 = scenario.index("a1")
    names = [labels.label(nominate, act, ctl.names) for act in ctl.targets[ctl.match.state.pos[a1]]]
    assert names == [f"Strange Flora on {ctl.names[a1]}"]
