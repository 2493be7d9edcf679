"""The replay viewer: a stored match stepped by action, team turn and drive, with its log.

Opened from the fixture page for a fixture played on the board or the engine (and by the
``replay:FIXTURE`` page spec). "Branch from here" opens a practice board from the position
shown: a game held in memory, never saved to the league.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from league_manager.rules.team_colours import TeamColours
from league_manager.ui import theme
from league_manager.ui.dialogs import DialogService
from league_manager.ui.match_board.narration import narrate
from league_manager.ui.match_board.practice import player_names
from league_manager.ui.match_board.replay_model import ReplayModel
from league_manager.ui.match_board.session import BoardSession, LocalGame
from league_manager.ui.match_board.still_view import StillPitch
from league_manager.ui.match_board.window import BoardWindow


class ReplayWindow(QWidget):
    """A top-level window that replays one stored match (it changes nothing stored)."""

    def __init__(
        self,
        model: ReplayModel,
        title: str,
        colours: tuple[TeamColours, ...] = (),
        dialogs: DialogService | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setWindowTitle(f"Replay — {title}")
        self.model = model
        self.colours = colours
        self.dialogs = dialogs or DialogService(self)
        self.branches: list[BoardWindow] = []
        """Practice boards opened from this replay (kept alive while it is open)."""
        self._names = player_names(model.match)
        self._logged = 0
        self.pitch = StillPitch(model.names, colours, dark=theme.current().dark)
        self.position = QLabel()
        self.position.setObjectName("replayPosition")
        self.turn_box = QComboBox()
        self.turn_box.addItem("Jump to turn…", -1)
        for count, label in model.turn_choices():
            self.turn_box.addItem(label, count)
        self.turn_box.activated.connect(self._jump)
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.buttons: dict[str, QPushButton] = {}
        bar = QHBoxLayout()
        steps = (
            ("drive_back", "|◀ Drive", "Home", lambda: model.previous_in(model.drives)),
            ("turn_back", "◀◀ Turn", "PgUp", lambda: model.previous_in(model.turns)),
            ("back", "◀ Action", "Left", lambda: model.step(-1)),
            ("forward", "Action ▶", "Right", lambda: model.step(1)),
            ("turn_forward", "Turn ▶▶", "PgDown", lambda: model.next_in(model.turns)),
            ("drive_forward", "Drive ▶|", "End", lambda: model.next_in(model.drives)),
        )
        for key, text, shortcut, move in steps:
            button = QPushButton(text)
            button.setToolTip(f"{text.strip('|◀▶ ')} ({shortcut})")
            button.clicked.connect(lambda _=False, m=move: self._move(m))
            QShortcut(QKeySequence(shortcut), self, lambda m=move: self._move(m))
            self.buttons[key] = button
            bar.addWidget(button)
        bar.addWidget(self.turn_box, 1)
        export = QPushButton("Export replay…")
        export.clicked.connect(self.export)
        branch = QPushButton("Branch from here")
        branch.setToolTip("Play on from this position in a practice match (nothing goes to the league)")
        branch.clicked.connect(self.branch)
        self.buttons["export"], self.buttons["branch"] = export, branch
        bar.addWidget(export)
        bar.addWidget(branch)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.position)
        side_layout.addWidget(self.log, 1)
        split = QSplitter()
        split.addWidget(self.pitch)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(split, 1)
        self.resize(1400, 860)
        self.refresh()

    def _move(self, move: object) -> None:
        assert callable(move)
        move()
        self.refresh()

    def _jump(self, index: int) -> None:
        count = self.turn_box.itemData(index)
        if isinstance(count, int) and count >= 0:
            self.model.go(count)
            self.refresh()

    def refresh(self) -> None:
        """Redraw the pitch, the position line and the log at the model's position."""
        model = self.model
        self.pitch.show_match(model.match)
        self.position.setText(f"Action {model.position} of {model.length} — {model.mark.label(model.names)}")
        events = model.match.events
        while self._logged > len(events):
            self._logged -= 1
            self.log.takeItem(self._logged)
        for event in events[self._logged :]:
            self.log.addItem(narrate(event, self._names, model.names))
        self._logged = len(events)
        self.log.scrollToBottom()
        at_start, at_end = model.position == 0, model.position == model.length
        for key in ("drive_back", "turn_back", "back"):
            self.buttons[key].setEnabled(not at_start)
        for key in ("forward", "turn_forward", "drive_forward"):
            self.buttons[key].setEnabled(not at_end)
        self.buttons["branch"].setEnabled(model.match.prompt is not None)

    def export(self) -> None:
        """Save the whole match (seed, dice, actions) as a replay file."""
        path = self.dialogs.save_file("Export the replay", "replay.json")
        if path:
            self.model.export(path)

    def branch(self) -> BoardWindow | None:
        """Open a practice board that plays on from the position shown (hot-seat)."""
        if self.model.match.prompt is None:
            return None  # the match is over here: nothing to play on
        game = LocalGame(
            self.model.branch(),
            home_name=self.model.names[0],
            away_name=self.model.names[1],
            colours=self.colours,
        )
        window = BoardWindow(BoardSession(game), self.dialogs)
        window.setWindowTitle(f"Practice from replay — {game.home_name} v {game.away_name}")
        self.branches.append(window)
        window.show()
        return window
