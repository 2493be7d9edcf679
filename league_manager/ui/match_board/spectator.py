"""The spectator window: a second, read-only view of a board match for a projector or the
other coach's screen, following every action live (and every undo).

It listens to the board's :class:`BoardSession` and redraws the pitch with the score, the
turn and the latest log lines in type large enough to read across a room. Nothing in it
acts on the match.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QFont
from PySide6.QtWidgets import QLabel, QListWidget, QSplitter, QVBoxLayout, QWidget

from league_manager.match.events import Event
from league_manager.match.replay import mark_of
from league_manager.ui import theme
from league_manager.ui.match_board.narration import narrate
from league_manager.ui.match_board.practice import player_names
from league_manager.ui.match_board.session import BoardSession
from league_manager.ui.match_board.still_view import StillPitch

LOG_LINES = 12
"""The latest log lines shown (older ones scroll away: a room reads the last few)."""
SCORE_POINTS = 34
TURN_POINTS = 20
LOG_POINTS = 16


class SpectatorWindow(QWidget):
    """A read-only window over a board session's match, redrawn after every change."""

    def __init__(self, session: BoardSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.session = session
        home, away = session.team_names()
        self.setWindowTitle(f"Spectator — {home} v {away}")
        colours = tuple(getattr(session.game, "colours", ()))
        self.pitch = StillPitch((home, away), colours, dark=theme.current().dark)
        self.score = QLabel()
        self.score.setObjectName("spectatorScore")
        self.score.setFont(QFont("Sans", SCORE_POINTS, QFont.Weight.Bold))
        self.score.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.turn = QLabel()
        self.turn.setObjectName("spectatorTurn")
        self.turn.setFont(QFont("Sans", TURN_POINTS))
        self.turn.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.log = QListWidget()
        self.log.setFont(QFont("Sans", LOG_POINTS))
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.log.setWordWrap(True)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        split = QSplitter()
        split.addWidget(self.pitch)
        split.addWidget(self.log)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.score)
        layout.addWidget(self.turn)
        layout.addWidget(split, 1)
        self._names = player_names(session.match)
        self.companion: QWidget | None = None
        """A window kept open with this one (the page spec's board)."""
        session.listeners.append(self._changed)
        self.resize(1600, 900)
        self.refresh()

    def _changed(self, _events: list[Event]) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the match as it stands now."""
        match = self.session.match
        names = self.session.team_names()
        state = match.state
        self.pitch.show_match(match)
        self.score.setText(f"{names[0]}  {state.score[0]} – {state.score[1]}  {names[1]}")
        self.turn.setText("Full time" if match.prompt is None else mark_of(state).label(names, score=False))
        self.log.clear()
        for event in match.events[-LOG_LINES:]:
            self.log.addItem(narrate(event, self._names, names))
        self.log.scrollToBottom()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._changed in self.session.listeners:
            self.session.listeners.remove(self._changed)
        super().closeEvent(event)
