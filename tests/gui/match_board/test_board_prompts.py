"""Every prompt kind of the engine is answered on the board by a click or a key."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from league_manager.match import actions as a
from tests.gui.match_board.board_helpers import (
    KINDS,
    board_for,
    click_square,
    press,
    prompt_positions,
    qt_key,
)


@pytest.mark.parametrize("kind", KINDS)
def test_each_prompt_kind_is_answered_on_the_board(qtbot: QtBot, kind: str) -> None:
    board = board_for(qtbot, prompt_positions()[kind])
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None and prompt.kind == kind
    before = len(ctl.match.actions)
    if kind == a.SETUP:
        press(qtbot, board, qt_key("1"))  # a formation preset
        assert ctl.prompt is not None and a.END_SETUP in [o.kind for o in ctl.prompt.options]
        press(qtbot, board, qt_key("E"))
        assert len(ctl.match.actions) == before + 2
        return
    squares = sorted(ctl.targets)
    if squares:
        square = squares[0]
        wanted = ctl.targets[square][0]
        click_square(qtbot, board, square)
        if len(ctl.match.actions) == before:  # a menu at the square: take its first entry by key
            menu = ctl.menu()
            assert menu.anchor == square
            press(qtbot, board, qt_key(menu.choices[0].key))
    else:
        choice = ctl.menu().choices[0]
        wanted = choice.action
        press(qtbot, board, qt_key(choice.key))
    assert len(ctl.match.actions) == before + 1
    assert ctl.match.actions[-1] == wanted or prompt.kind == a.TURN
    assert board.log.count() == len(ctl.match.events)


def test_ranulf_prompts_say_what_the_choice_is() -> None:
    from league_manager.match.actions import Action, Prompt
    from league_manager.match.inducements.referees import RANULF
    from league_manager.ui.match_board.labels import title

    opts = [Action(a.YES), Action(a.NO)]
    argue = title(Prompt(a.ARGUE, 0, opts, {"player": 0, "referee": RANULF}), ["Bob"])
    assert argue == f"{RANULF}: argue with his axe (armour +2) for Bob?"
    assert title(Prompt(a.ARGUE, 0, opts, {"player": 0}), ["Bob"]) == "Argue the Call? (Bob)"


def test_papa_skullbones_prompt_names_him() -> None:
    from league_manager.match.actions import Action, Prompt
    from league_manager.match.inducements.staff import BLESSING, PAPA
    from league_manager.ui.match_board.labels import title

    opts = [Action(a.CHOOSE, 0), Action(a.DECLINE)]
    prompt = Prompt(a.PRAYER, 0, opts, {"prayer": BLESSING, "staff": PAPA})
    assert title(prompt, ["Bob"]) == f"{PAPA}: {BLESSING}"
