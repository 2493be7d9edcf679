"""The board's own window, and the ``match:`` page spec that opens one for a screenshot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from league_manager.core.errors import LeagueError
from league_manager.ui import theme
from league_manager.ui.dialogs import DialogService
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.practice import practice_game, practice_stars_game
from league_manager.ui.match_board.session import BoardSession
from league_manager.ui.match_board.spec import advance_to
from league_manager.ui.match_board.turn_clock import TurnTimerLabel

if TYPE_CHECKING:
    from league_manager.services.facade import Services


class BoardWindow(QWidget):
    """A top-level window holding one match board."""

    def __init__(
        self,
        session: BoardSession,
        dialogs: DialogService | None = None,
        parent: QWidget | None = None,
        bot_delay_ms: int = 400,
    ) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)  # its own window, owned by the app's
        self.setWindowTitle(f"Match board — {session.game.home_name} v {session.game.away_name}")
        self.dialogs = dialogs or DialogService(self)
        self.board = MatchBoard(
            session,
            bot_delay_ms=bot_delay_ms,
            dark=theme.current().dark,
            confirm=self.dialogs.confirm,
            ask_text=self.dialogs.text,
        )
        self.spectators: list[QWidget] = []
        spectate = QPushButton("Spectator window")
        spectate.setToolTip("A second, read-only window of this match for a projector or the other coach")
        spectate.clicked.connect(self.open_spectator)
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 2, 6, 0)
        seconds = int(getattr(session.game, "turn_seconds", 0) or 0)
        self.turn_timer = TurnTimerLabel(session, seconds, parent=self) if seconds > 0 else None
        if self.turn_timer is not None:
            bar.addWidget(self.turn_timer)
        bar.addStretch(1)
        bar.addWidget(spectate)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(bar)
        layout.addWidget(self.board)
        self.resize(1400, 900)

    def open_spectator(self) -> QWidget:
        """Open a spectator window following this board's match (closed with this window)."""
        from league_manager.ui.match_board.spectator import SpectatorWindow

        window = SpectatorWindow(self.board.session, self)
        self.spectators.append(window)
        window.show()
        return window

    def closeEvent(self, event: QCloseEvent) -> None:
        self.board.shut_down()  # a searching bot's thread reads the match: let it finish
        if self.turn_timer is not None:
            self.turn_timer.stop()
        super().closeEvent(event)


def show_board_spec(session: BoardSession, moment: str, parent: QWidget | None = None) -> BoardWindow:
    """A board window at a screenshot moment (played on in memory; nothing is saved)."""
    saver = session.saver
    session.saver = None
    try:
        window = BoardWindow(session, parent=parent, bot_delay_ms=0)
        window.board.stop_bots()
        if moment:
            window.board.controller_moment(moment)
    finally:
        session.saver = saver
    window.show()
    return window


def practice_spec(moment: str, parent: QWidget | None = None, ruleset_id: str = "bb2020") -> BoardWindow:
    """``match:practice[@RULESET][#MOMENT]``: a hot-seat practice match between two generated teams."""
    return show_board_spec(BoardSession(practice_game(seed=4, ruleset_id=ruleset_id)), moment, parent)


def stars_spec(moment: str, parent: QWidget | None = None) -> BoardWindow:
    """``match:stars[#MOMENT]``: a practice match whose home side fields star players, with the
    first star's card (its special rule and how often it may be used) shown."""
    window = show_board_spec(BoardSession(practice_stars_game(seed=4)), moment, parent)
    window.board.show_card(0)
    return window


def fixture_spec(
    services: Services, fixture_id: int, moment: str, parent: QWidget | None = None
) -> BoardWindow:
    """``match:FIXTURE[#MOMENT]``: the fixture's board match (resumed, or started from its pre-game,
    hot-seat, the pre-game rolled with program dice first when none ran); the moment is played
    in memory only."""
    status = services.board.status(fixture_id)
    if status is not None and status.in_progress:
        game = services.board.resume(fixture_id)
    else:
        try:
            services.match_day.get(fixture_id)
        except LeagueError:
            services.match_day.pregame(fixture_id, seed=1)
        game = services.board.start(fixture_id, seed=1)
    return show_board_spec(BoardSession(game), moment, parent)


__all__ = ["BoardWindow", "advance_to", "fixture_spec", "practice_spec", "show_board_spec", "stars_spec"]
