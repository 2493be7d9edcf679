"""League → Move or Swap Fixture: change an unplayed fixture's round, date or home side.

Each change is one service call (the ``fixture move`` and ``fixture swap`` of the command
line), confirmed first and taken back with Undo where an exact inverse exists.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from PySide6.QtCore import QDateTime, QTime
from PySide6.QtWidgets import (
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from league_manager.services.changes import Outcome
from league_manager.services.season_read_models import FixtureView
from league_manager.ui.context import UiContext
from league_manager.ui.operations import UndoStep
from league_manager.ui.widgets import label, set_tone

OPEN = {"scheduled", "postponed"}
"""The statuses a fixture can still be moved or swapped in (the service decides; this greys out)."""


def when_text(when: datetime | None) -> str:
    """A fixture's date in words."""
    return f"{when.astimezone():%a %d %b %Y, %H:%M}" if when else "no date set"


class FixtureAdminDialog(QDialog):
    """Move one fixture to another round or date, or swap its home and away teams."""

    def __init__(self, ctx: UiContext, fixture_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.fixture_id = fixture_id
        self.setWindowTitle("Move or swap a fixture")
        self.resize(560, 320)
        outer = QVBoxLayout(self)
        self.heading = label("", "sectionTitle", wrap=True)
        self.state = label("", "help", wrap=True)
        outer.addWidget(self.heading)
        outer.addWidget(self.state)
        form = QFormLayout()
        self.round_box = QSpinBox()
        self.round_box.setRange(1, 99)
        self.move_button = QPushButton("Move to This Round…")
        self.move_button.clicked.connect(self.move_round)
        form.addRow("Round", _row(self.round_box, self.move_button))
        self.date_box = QDateTimeEdit()
        self.date_box.setCalendarPopup(True)
        self.date_box.setDisplayFormat("ddd d MMM yyyy, HH:mm")
        self.date_button = QPushButton("Set This Date…")
        self.date_button.clicked.connect(self.set_date)
        form.addRow("Date", _row(self.date_box, self.date_button))
        self.swap_button = QPushButton("Swap Home and Away…")
        self.swap_button.clicked.connect(self.swap)
        form.addRow("Sides", _row(self.swap_button))
        outer.addLayout(form)
        outer.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self.fixture: FixtureView = ctx.svc.seasons.get_fixture(fixture_id)
        self.show_fixture(self.fixture)

    def show_fixture(self, fixture: FixtureView) -> None:
        """Fill the dialog from the fixture as stored."""
        self.fixture = fixture
        away = "bye" if fixture.is_bye else fixture.away or "to be decided"
        self.heading.setText(f"{fixture.round_name}: {fixture.home or 'to be decided'} v {away}")
        self.round_box.setValue(fixture.round)
        when = fixture.scheduled_for
        if when is not None:
            self.date_box.setDateTime(QDateTime.fromSecsSinceEpoch(int(when.timestamp())))
        else:  # a week from now, at seven in the evening
            self.date_box.setDateTime(QDateTime(QDateTime.currentDateTime().date().addDays(7), QTime(19, 0)))
        is_open = fixture.status in OPEN
        if is_open:
            self.state.setText(f"{fixture.status.capitalize()}, {when_text(when)}.")
            set_tone(self.state, "")
        else:
            self.state.setText(
                f"This fixture is {fixture.status}: only unplayed fixtures move or swap "
                "(clear its result on the season page first)."
            )
            set_tone(self.state, "warning")
        for widget in (self.round_box, self.move_button, self.date_box, self.date_button):
            widget.setEnabled(is_open)
        self.swap_button.setEnabled(is_open and fixture.home_id is not None and fixture.away_id is not None)

    def _run(
        self,
        op: Callable[[], Outcome[FixtureView]],
        undo: Callable[[Outcome[Any]], UndoStep | None],
        title: str,
    ) -> bool:
        outcome = self.ctx.runner.run_op(op, title=title, undo=undo)
        if outcome is None:
            return False
        self.show_fixture(outcome.value)
        return True

    def move_round(self) -> bool:
        """Move the fixture to the round in the box (confirmed; Undo moves it back)."""
        fixture, number = self.fixture, self.round_box.value()
        if number == fixture.round:
            self.ctx.dialogs.info("Move a fixture", f"The fixture is already in round {number}.")
            return False
        if not self.ctx.dialogs.confirm(
            "Move a fixture", f"Move {fixture.label()} from round {fixture.round} to round {number}?", "Move"
        ):
            return False
        seasons, fixture_id, back = self.ctx.svc.seasons, fixture.id or 0, fixture.round
        return self._run(
            lambda: seasons.move_fixture(fixture_id, round_number=number),
            lambda _o: UndoStep("fixture move", lambda: seasons.move_fixture(fixture_id, round_number=back)),
            "Could not move the fixture",
        )

    def set_date(self) -> bool:
        """Give the fixture the date in the box (confirmed; Undo restores an earlier date)."""
        fixture = self.fixture
        when = self.date_box.dateTime().toPython()
        assert isinstance(when, datetime)
        when = when.astimezone()
        if not self.ctx.dialogs.confirm(
            "Date a fixture", f"Play {fixture.label()} on {when_text(when)}?", "Set the date"
        ):
            return False
        seasons, fixture_id, before = self.ctx.svc.seasons, fixture.id or 0, fixture.scheduled_for
        return self._run(
            lambda: seasons.move_fixture(fixture_id, when=when),
            # A fixture without a date cannot be given "no date" again: that change is only confirmed.
            lambda _o: (
                UndoStep("fixture date", lambda: seasons.move_fixture(fixture_id, when=before))
                if before is not None
                else None
            ),
            "Could not date the fixture",
        )

    def swap(self) -> bool:
        """Swap home and away (confirmed; Undo swaps back)."""
        fixture = self.fixture
        if not self.ctx.dialogs.confirm(
            "Swap home and away", f"Make {fixture.away} the home team of {fixture.label()}?", "Swap"
        ):
            return False
        seasons, fixture_id = self.ctx.svc.seasons, fixture.id or 0
        return self._run(
            lambda: seasons.swap_home_away(fixture_id),
            lambda _o: UndoStep("home/away swap", lambda: seasons.swap_home_away(fixture_id)),
            "Could not swap the fixture",
        )


def _row(*widgets: QWidget) -> QWidget:
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        row.addWidget(widget)
    row.addStretch(1)
    return holder
