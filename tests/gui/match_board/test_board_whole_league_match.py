"""A whole league match played through the board's own input (mouse clicks on squares, key
presses on the view), from the set-up to the post-game: afterwards every team's treasury and
every player's SPP equal their ledgers, and the SPP the match earned are the ones the board's
match awarded. A greedy bot picks each decision; the test enters it as a coach would."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlmodel import Session, select

from league_manager.match import actions as a
from league_manager.match.actions import Action
from league_manager.match.bots import make_bot
from league_manager.persistence.models import SppEntry
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_day.wizard import MatchDayWizard
from tests.gui.match_board.board_helpers import click_square, press, qt_key
from tests.gui.match_board.test_board_league import _pregame_template, _start, _window

__all__ = ["_pregame_template"]

HURRY = 0.5
"""How often a coach ends the team turn at once instead of the greedy bot's pick."""
AWARDS = {"td": 3, "comp": 1, "cas": 2, "intc": 2, "defl": 1}


def _key_of(board: MatchBoard, action: Action) -> Qt.Key:
    choice = next((c for c in board.controller.menu().choices if c.action == action), None)
    assert choice is not None and choice.key, f"{action} has no key in {board.controller.menu()}"
    return qt_key(choice.key)


def _enter(qtbot: QtBot, board: MatchBoard, action: Action) -> None:
    """Enter one decision with the mouse and the keyboard, as a coach at the board would."""
    ctl = board.controller
    prompt = ctl.prompt
    assert prompt is not None
    if prompt.kind == a.SETUP and action.kind in (a.PLACE, a.REMOVE):
        for _ in range(60):  # Tab selects the players to set up in turn
            if ctl.selected == action.player:
                break
            press(qtbot, board, Qt.Key.Key_Tab)
        assert ctl.selected == action.player
        if action.kind == a.PLACE:
            click_square(qtbot, board, action.square)
        else:
            press(qtbot, board, _key_of(board, action))
        return
    square = next((q for q, acts in ctl.targets.items() if action in acts), -1)
    if square >= 0:
        click_square(qtbot, board, square)
        if ctl.focus == square:  # the menu at the player: the action's key
            press(qtbot, board, _key_of(board, action))
        return
    press(qtbot, board, _key_of(board, action))


def test_a_whole_league_match_is_played_on_the_board_into_the_post_game(
    make_window: Any, dialogs: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    window, fid = _window(make_window, tmp_path, _pregame_template)
    services = window.ctx.services
    board = _start(window, dialogs, qtbot).board
    ctl = board.controller
    coaches = (make_bot("greedy", 1), make_bot("greedy", 2))
    rng = random.Random(3)
    formations = 0
    for _ in range(6000):
        prompt = ctl.prompt
        if prompt is None:
            break
        count = len(ctl.match.actions)
        if ctl.notice or ctl.handover_team >= 0:
            press(qtbot, board, Qt.Key.Key_Return)
            continue
        if prompt.kind == a.SETUP and formations < 40:
            kinds = [o.kind for o in prompt.options]
            formations += 1
            press(qtbot, board, qt_key("E") if a.END_SETUP in kinds else qt_key("1"))
            if len(ctl.match.actions) > count:
                continue
        action = coaches[prompt.team].choose(ctl.match)
        end = next((o for o in prompt.options if o.kind == a.END_TURN), None)
        if prompt.kind == a.TURN and end is not None and rng.random() < HURRY:
            action = end  # a coach in a hurry: fewer activations keep the test quick
        _enter(qtbot, board, action)
        assert ctl.match.actions[count:] == [action], (prompt.kind, action, ctl.message)
    assert ctl.prompt is None, "the match did not end"
    result = ctl.match.outcome()
    assert result is not None
    wizards: list[MatchDayWizard] = []

    def show(wizard: Any) -> bool:
        wizards.append(wizard)
        return True

    dialogs.on_run = show
    press(qtbot, board, Qt.Key.Key_Return)  # Finish: the post-game step opens with the result
    assert wizards and wizards[0].stack.currentIndex() == 2
    wizard = wizards[0]
    wizard.post_dice.seed.setValue(7)  # scripted post-game dice (the MVPs are drawn)
    wizard.post_run.click()
    assert wizard.view.stage == "post_game_applied", dialogs.errors
    fixture = services.seasons.fixtures("S")[0]
    with Session(services.engine) as session:
        earned: dict[int, int] = {}
        for entry in session.exec(select(SppEntry).where(SppEntry.fixture_id == fid)):
            earned[entry.player_id] = earned.get(entry.player_id, 0) + entry.amount
    assert sum(earned.values()) >= 3  # this seed scores a touchdown
    s = ctl.match.state
    for team, team_id in enumerate((fixture.home_id, fixture.away_id)):
        assert team_id is not None
        view = services.teams.get_team(team_id)
        ledger = services.teams.treasury_ledger(team_id)
        assert view.treasury == sum(row.amount for row in ledger) == ledger[-1].balance
        assert any(row.fixture_id == fid and row.amount > 0 for row in ledger)  # the winnings
        first = 0 if team == 0 else len(s.teams[0].players)
        for local, snap in enumerate(s.teams[team].players):
            if not snap.id.isdigit():
                continue  # journeymen are not on the roster
            st = s.stats[first + local]
            won = sum(getattr(st, k) * v for k, v in AWARDS.items()) + st.bonus_spp
            got = earned.get(int(snap.id), 0)
            assert got in (won, won + 4), (snap.name, got, won)  # + 4 for the MVP
