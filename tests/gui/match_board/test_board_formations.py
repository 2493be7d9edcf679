"""Saved formations and team colours on the board: a coach saves the set-up under a name and
picks it again by key (one decision, one undo); in a league the formation is kept with the
team; each team's tokens wear its colours, and clashing teams are told apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QGraphicsEllipseItem
from pytestqt.qtbot import QtBot

from league_manager.match import actions as a
from league_manager.match.engine import Match
from league_manager.rules.team_colours import CLASH, TeamColours, distance
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.practice import practice_game
from league_manager.ui.match_board.session import BoardSession, LocalGame
from tests.gui.match_board.board_helpers import press, qt_key
from tests.gui.match_board.test_board_league import _pregame_template, _start, _window

__all__ = ["_pregame_template"]  # the league fixture, shared with the league board tests


def _board(qtbot: QtBot, game: LocalGame, name: str | None = "Wedge") -> MatchBoard:
    asked: list[str] = []

    def ask_text(title: str, label: str, value: str) -> str | None:
        asked.append(label)
        return name

    board = MatchBoard(BoardSession(game), bot_delay_ms=0, ask_text=ask_text)
    qtbot.addWidget(board)
    board.resize(1366, 768)
    board.show()
    qtbot.waitExposed(board)
    return board


def _at_setup(seed: int = 3, **kw: Any) -> LocalGame:
    game = practice_game(seed=seed)
    match = game.match
    while match.prompt is not None and match.prompt.kind != a.SETUP:
        match.apply(match.prompt.options[0])
    return LocalGame(match, **kw)


def _squares(match: Match, team: int) -> dict[int, int]:
    s = match.state
    return {p: s.pos[p] for p in s.players_of(team) if s.pos[p] >= 0}


def _key_of(board: MatchBoard, label: str) -> str:
    return next(c.key for c in board.controller.menu().choices if c.label == label)


def test_a_saved_formation_is_picked_by_key_and_undone_in_one_step(qtbot: QtBot) -> None:
    board = _board(qtbot, _at_setup())
    ctl = board.controller
    team = ctl.prompt.team
    labels = [c.label for c in ctl.menu().choices]
    assert "Save this set-up as a formation…" not in labels  # nobody on the pitch yet
    press(qtbot, board, qt_key("1"))
    wedge = _squares(ctl.match, team)
    press(qtbot, board, qt_key(_key_of(board, "Save this set-up as a formation…")))
    assert "saved" in ctl.message
    assert [f.name for f in board.session.formations.formations(team)] == ["Wedge"]
    press(qtbot, board, qt_key("2"))
    spread = _squares(ctl.match, team)
    assert spread != wedge
    count = len(ctl.match.actions)
    press(qtbot, board, qt_key(_key_of(board, "Saved: Wedge")))
    assert _squares(ctl.match, team) == wedge
    assert len(ctl.match.actions) > count + 1  # removals and placements, checked by the engine
    assert a.END_SETUP in [o.kind for o in ctl.prompt.options]  # legality shown live
    assert any("On the pitch 11/11" in line for line in ctl.menu().lines)
    press(qtbot, board, qt_key("U"))  # the whole formation is one decision
    assert len(ctl.match.actions) == count and _squares(ctl.match, team) == spread


def test_a_cancelled_name_saves_nothing(qtbot: QtBot) -> None:
    board = _board(qtbot, _at_setup(), name=None)
    press(qtbot, board, qt_key("1"))
    press(qtbot, board, qt_key(_key_of(board, "Save this set-up as a formation…")))
    assert "not saved" in board.controller.message
    assert board.session.formations.formations(board.controller.prompt.team) == []


def test_in_a_league_the_formation_is_kept_with_the_team(
    make_window: Any, dialogs: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    window, _fid = _window(make_window, tmp_path, _pregame_template)
    board = _start(window, dialogs, qtbot).board
    ctl = board.controller
    team = ctl.prompt.team
    team_id = board.session.game.team_ids[team]
    press(qtbot, board, qt_key("3"))
    dialogs.script("text", "Spread out")
    press(qtbot, board, qt_key(_key_of(board, "Save this set-up as a formation…")))
    stored = window.ctx.services.team_board.formations(team_id)
    assert [f.name for f in stored] == ["Spread out"] and len(stored[0].spots) == 11
    assert "Saved: Spread out" in [c.label for c in ctl.menu().choices]


def _token_fills(board: MatchBoard) -> set[str]:
    return {
        item.brush().color().name()
        for item in board.scene.items()
        if isinstance(item, QGraphicsEllipseItem) and item.zValue() == 10
    }


def test_tokens_wear_the_team_colours_and_clashing_teams_are_told_apart(qtbot: QtBot) -> None:
    home, away = TeamColours("#aa0000", "#ffffff"), TeamColours("#0000aa", "#ffff00")
    board = _board(qtbot, _at_setup(colours=(home, away)))
    press(qtbot, board, qt_key("1"))
    assert {"#aa0000", "#0000aa"} <= _token_fills(board)  # on the pitch and in the dugouts
    assert board.scene.fills[0].name() == "#aa0000" and board.scene.fills[1].name() == "#0000aa"
    assert board.scene.rims[1].name() == "#ffff00"
    same = TeamColours("#aa0000", "#ffffff")
    clash = _board(qtbot, _at_setup(colours=(home, same)))
    fills = clash.scene.fills
    assert distance(fills[0].name(), fills[1].name()) >= CLASH
