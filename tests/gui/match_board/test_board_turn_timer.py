"""The board's turn timer: time left, the warning in the last 30 s, and the turn's end at zero,
driven by a fake clock (no waiting)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from league_manager.match import actions as a
from league_manager.ui.match_board.practice import practice_game
from league_manager.ui.match_board.session import BoardSession, LocalGame
from league_manager.ui.match_board.spec import advance_to
from league_manager.ui.match_board.turn_clock import TurnTimerLabel
from league_manager.ui.match_board.window import BoardWindow
from tests.gui.match_board.board_helpers import make_board


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 50.0

    def __call__(self) -> float:
        return self.t


class TimedGame(LocalGame):
    """A game with the league's turn timer, as the board service hands one over."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.turn_seconds = 240
        self.timeouts: list[int] = []


def test_the_board_counts_down_warns_and_ends_the_turn_at_zero(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=5)
    assert advance_to(board.controller, "move")  # a player's action in progress
    now = FakeClock()
    label = TurnTimerLabel(board.session, 240, now=now)
    qtbot.addWidget(label)
    label.stop()  # the test ticks by hand
    assert label.text() == "Turn time left 4:00" and not label.warning
    now.t += 215
    label.tick()
    assert label.text().startswith("Turn time left 0:25") and label.warning
    assert "#c62828" in label.styleSheet()
    match = board.session.match
    team, turn, before = match.state.active, match.state.turn[match.state.active], len(match.actions)
    now.t += 30
    label.tick()
    assert match.actions[before:] == [a.Action(a.END_ACTIVATION), a.Action(a.END_TURN)]
    assert (match.state.active, match.state.turn[team]) != (team, turn)
    assert "ran out of time" in label.text()
    assert board.session.undo() is None  # a local game keeps no timeouts: undo as usual


def test_a_league_game_keeps_its_timeouts_and_refuses_their_undo(qtbot: QtBot) -> None:
    game = TimedGame(practice_game(seed=5).match)
    saves: list[int] = []
    session = BoardSession(game, saver=lambda g, **kw: saves.append(len(g.match.actions)))
    window = BoardWindow(session, bot_delay_ms=0)
    qtbot.addWidget(window)
    assert window.turn_timer is not None
    window.turn_timer.stop()
    assert advance_to(window.board.controller, "turn")
    now = FakeClock()
    window.turn_timer.clock.now = now
    window.turn_timer.tick()
    now.t += 241
    before = len(session.match.actions)
    window.turn_timer.tick()
    assert game.timeouts == [before]
    assert saves[-1] == before + 1
    assert session.undo() == "The turn timer ended that turn; it cannot be taken back."
    assert len(session.match.actions) == before + 1


def test_no_timer_without_the_setting(qtbot: QtBot) -> None:
    window = BoardWindow(BoardSession(practice_game(seed=5)), bot_delay_ms=0)
    qtbot.addWidget(window)
    assert window.turn_timer is None
