"""The season page's "Simulate…": open fixtures played on the engine off the GUI thread,
with a progress bar and Cancel (fixtures already finished are kept, each its own transaction).
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QListWidget,
    QProgressBar,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from league_manager.match.bots import LEVELS
from league_manager.services.changes import Outcome
from league_manager.services.season_simulate_models import SimulatedFixture, SimulationReport
from league_manager.ui.context import UiContext
from league_manager.ui.widgets import button, label

BOT_CHOICES = tuple((level.name, f"{level.name.capitalize()}: {level.description}") for level in LEVELS)
"""The bot ladder's levels, weakest first, with what each one does."""


class _Relay(QObject):
    """Carries progress from the worker thread to the dialog on the GUI thread."""

    progressed = Signal(int, int, str)


class SimulateDialog(QDialog):
    """Pick the bot and how many rounds, then watch the fixtures being played; Cancel stops
    the run between two fixtures."""

    def __init__(
        self, ctx: UiContext, season_id: int, season_name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.season_id = season_id
        self.setWindowTitle(f"Simulate {season_name}")
        self.resize(620, 440)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "Every open fixture is played on the match engine by the chosen bot for both teams, "
                "with its pre-game and post-game (winnings, fans, SPP and MVP, injuries). "
                "Each fixture is saved as soon as it is played.",
                "muted",
                wrap=True,
            )
        )
        form = QHBoxLayout()
        form.addWidget(label("Bot", "muted"))
        self.bot = QComboBox()
        for name, text in BOT_CHOICES:
            self.bot.addItem(text, name)
        self.bot.setCurrentIndex(self.bot.findData("greedy"))  # the fastest that plays like a team
        form.addWidget(self.bot, 2)
        self.limit = QCheckBox("Only the next")
        self.limit.setToolTip("Play the open fixtures of this many rounds, the earliest first")
        form.addWidget(self.limit)
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 999)
        self.rounds.setSuffix(" round(s)")
        self.rounds.setEnabled(False)
        self.limit.toggled.connect(self.rounds.setEnabled)
        form.addWidget(self.rounds)
        layout.addLayout(form)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("%v / %m fixtures")
        layout.addWidget(self.progress)
        self.log = QListWidget()
        layout.addWidget(self.log, 1)
        self.status = label("", "muted", wrap=True)
        layout.addWidget(self.status)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.start_button = button("Simulate", "add", primary=True, tip="Play the open fixtures now")
        self.start_button.clicked.connect(self.start)
        buttons.addWidget(self.start_button)
        self.cancel_button = button(
            "Cancel", tip="Stop after the fixture being played; finished ones are kept"
        )
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setEnabled(False)
        buttons.addWidget(self.cancel_button)
        self.close_button = button("Close", tip="Close this window")
        self.close_button.clicked.connect(self.accept)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        self._stop = threading.Event()
        self._relay = _Relay()
        self._relay.progressed.connect(self._progressed)
        self.report: SimulationReport | None = None
        self.running = False
        self._show_planned()

    def _show_planned(self) -> None:
        planned = self.ctx.svc.season_simulation.plan(self.season_id)
        self.progress.setRange(0, max(len(planned), 1))
        if planned:
            self.status.setText(f"{len(planned)} open fixture(s) to play.")
        else:
            self.status.setText("No open fixture with both teams known: nothing to simulate.")
            self.start_button.setEnabled(False)

    def start(self) -> None:
        """Start the run on the worker thread."""
        service = self.ctx.svc.season_simulation
        season, bot = self.season_id, str(self.bot.currentData())
        rounds = self.rounds.value() if self.limit.isChecked() else None
        self._stop.clear()
        self.running = True
        self.log.clear()
        for widget in (self.start_button, self.close_button, self.bot, self.limit, self.rounds):
            widget.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText("Simulating…")
        relay, stop = self._relay, self._stop

        def progress(done: int, total: int, fixture: SimulatedFixture) -> None:
            relay.progressed.emit(done, total, fixture.line)

        runner = self.ctx.runner

        def done(outcome: Outcome[SimulationReport]) -> None:
            runner.undo.clear()  # played fixtures are taken back one by one, not as a run
            runner.publish(outcome.changes)
            self._finished(outcome.value)

        def failed(exc: BaseException) -> None:
            self._idle()
            self.status.setText("Nothing more was played.")
            runner.report("Could not simulate the season", exc)

        runner.call_in_background(
            lambda: service.simulate(
                season, bot=bot, rounds=rounds, progress=progress, cancelled=stop.is_set
            ),
            done,
            failed,
            "Simulating fixtures…",
        )

    def cancel(self) -> None:
        """Stop the run after the fixture being played."""
        self._stop.set()
        self.cancel_button.setEnabled(False)
        self.status.setText("Stopping after this fixture…")

    def _progressed(self, done: int, total: int, line: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.log.addItem(line)
        self.log.scrollToBottom()

    def _finished(self, report: SimulationReport) -> None:
        self.report = report
        played = len(report.played)
        skipped = len(report.fixtures) - played
        text = f"{played} fixture(s) played with {report.bot} in {report.seconds:.1f} s"
        if skipped:
            text += f"; {skipped} could not be played (see the list)"
        if report.cancelled:
            text += "; cancelled: the fixtures played so far are kept"
        self.status.setText(text + ".")
        self._idle()

    def _idle(self) -> None:
        self.running = False
        self.cancel_button.setEnabled(False)
        self.close_button.setEnabled(True)
        self.start_button.setEnabled(bool(self.ctx.svc.season_simulation.plan(self.season_id)))
        for widget in (self.bot, self.limit):
            widget.setEnabled(True)
        self.rounds.setEnabled(self.limit.isChecked())

    def reject(self) -> None:
        """Escape while a run goes on asks it to stop instead of closing the window."""
        if self.running:
            self.cancel()
            return
        super().reject()
