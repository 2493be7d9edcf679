"""Helpers for the match board tests: a practice game, clicks on squares, random legal input."""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from league_manager.match import actions as a
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.teams import TeamSnapshot
from league_manager.rules.model import SkillRef
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.controller import BoardController
from league_manager.ui.match_board.practice import practice_game, practice_teams
from league_manager.ui.match_board.scene import square_rect
from league_manager.ui.match_board.session import BoardSession
from league_manager.ui.match_board.spec import wander


def make_board(
    qtbot: QtBot, seed: int = 3, controllers: dict[str, str] | None = None, **kw: object
) -> MatchBoard:
    """A board over a practice game, shown at 1366x768."""
    session = BoardSession(practice_game(seed=seed, controllers=controllers), **kw)  # type: ignore[arg-type]
    board = MatchBoard(session, bot_delay_ms=0)
    qtbot.addWidget(board)
    board.resize(1366, 768)
    board.show()
    qtbot.waitExposed(board)
    return board


def square_point(board: MatchBoard, square: int) -> QPoint:
    """Where a square is drawn in the view's viewport."""
    return board.view.mapFromScene(square_rect(square).center())


def click_square(qtbot: QtBot, board: MatchBoard, square: int) -> None:
    """A real mouse click on a square of the board."""
    qtbot.mouseClick(board.view.viewport(), Qt.MouseButton.LeftButton, pos=square_point(board, square))


def press(qtbot: QtBot, board: MatchBoard, *keys: Qt.Key) -> None:
    """Key presses sent to the board view."""
    for key in keys:
        qtbot.keyClick(board.view, key)


def uncovered(ctl: BoardController) -> list[a.Action]:
    """Legal options of the current prompt the board offers neither as a square nor a choice."""
    prompt = ctl.prompt
    if (
        prompt is None
        or prompt.kind == a.SETUP
        or not ctl.human_turn()
        or ctl.notice
        or ctl.handover_team >= 0
    ):
        return []
    covered = {c.action for c in ctl.menu().choices if c.action is not None}
    covered |= {x for acts in ctl.targets.values() for x in acts}
    return [o for o in prompt.options if o not in covered]


def random_input(ctl: BoardController, rng: random.Random, end_turn_weight: float = 0.3) -> None:
    """One random board input (the screenshot driver's, which dismisses screens too)."""
    wander(ctl, rng, end_turn_weight)


KINDS = (
    a.COIN_TOSS, a.SETUP, a.KICKER, a.KICK, a.TOUCHBACK, a.TURN, a.ACTIVATION, a.REROLL, a.BLOCK_DIE,
    a.PUSH, a.FOLLOW_UP, a.APOTHECARY, a.CASUALTY_CHOICE, a.INTERFERENCE, a.HIGH_KICK, a.QUICK_SNAP,
    a.ARGUE, a.BRIBE, a.USE_SKILL_PROMPT, a.ON_THE_BALL, a.LASH_OUT, a.PRAYER, a.DECLARE_TARGET,
)  # fmt: skip


def _spiced(team: TeamSnapshot) -> TeamSnapshot:
    players = list(team.players)
    for i, skill in ((0, "Kick"), (1, "On the Ball"), (2, "Dirty Player (+1)"), (3, "Animal Savagery")):
        p = players[i]
        players[i] = dataclasses.replace(p, skills=(*p.skills, SkillRef.parse(skill)))
    return dataclasses.replace(team, players=tuple(players), bribes=2)


@functools.cache
def prompt_positions(max_seeds: int = 400) -> dict[str, Any]:
    """For each prompt kind, the first match (as ``Match.to_dict``) found asking it.

    Bots play seeded matches between generated teams given Kick, On the Ball, Dirty Player,
    Animal Savagery and bribes, so that the rarer prompts come up too.
    """
    found: dict[str, Any] = {}
    for seed in range(1, max_seeds):
        home, away = practice_teams("human", "orc", seed)
        match = Match(_spiced(home), _spiced(away), seed=seed, snapshots=False)
        bots = (RandomBot(seed), RandomBot(seed + 1))
        while match.prompt is not None:
            kind = match.prompt.kind
            if kind not in found:
                found[kind] = match.to_dict()
            match.apply(bots[match.prompt.team].choose(match))
        if all(k in found for k in KINDS):
            break
    return found


QT_KEYS = {
    "Return": Qt.Key.Key_Return,
    "Escape": Qt.Key.Key_Escape,
    "Delete": Qt.Key.Key_Delete,
    "Tab": Qt.Key.Key_Tab,
    "Space": Qt.Key.Key_Space,
}


def qt_key(name: str) -> Qt.Key:
    """The Qt key of a board key name ("M", "3", "Return")."""
    return QT_KEYS.get(name) or Qt.Key(ord(name))


def board_for(qtbot: QtBot, data: dict[str, Any]) -> MatchBoard:
    """A hot-seat board over a match rebuilt from ``Match.to_dict`` data."""
    from league_manager.ui.match_board.session import LocalGame

    session = BoardSession(LocalGame(Match.from_dict(data)))
    board = MatchBoard(session, bot_delay_ms=0)
    qtbot.addWidget(board)
    board.resize(1366, 768)
    board.show()
    qtbot.waitExposed(board)
    return board
