"""The tournament desk window: registrations, the round's pairings, a keyboard-only result
grid, the standings, and a second-screen window with pairings and standings in large type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.rules.dice import Dice
from league_manager.services.event_views import EntryView, EventState, roster_extras, spp_line
from league_manager.ui import event_desk_actions as actions
from league_manager.ui.event_advance_dialog import EventAdvanceDialog
from league_manager.ui.event_new_dialog import NewEventDialog
from league_manager.ui.event_register import RegisterDialog
from league_manager.ui.event_result_dialog import ResultDetailsDialog

REFRESH_MS = 5000


class EnterSpinBox(QSpinBox):
    """A spin box that reports Return/Enter (the result grid's "enter this result")."""

    entered = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Return or Enter: take the typed text as the value and say so."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.interpretText()
            self.entered.emit()
            return
        super().keyPressEvent(event)


def _fill(table: QTableWidget, headers: list[str], rows: list[list[str]]) -> None:
    table.clear()
    table.setColumnCount(len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()


def _who(entry: EntryView) -> str:
    return f"{entry.coach} ({entry.squad})" if entry.squad else entry.coach


def pairing_rows(state: EventState) -> list[list[str]]:
    """Table, coaches (with their team of coaches, if any) and result of the current round."""
    rows = []
    for g in state.round_games():
        if g.b is None:
            rows.append([str(g.table), _who(g.a), "bye", ""])
        else:
            score = "" if g.score_a is None else f"{g.score_a}-{g.score_b} (cas {g.cas_a}-{g.cas_b})"
            rows.append([str(g.table), _who(g.a), _who(g.b), score])
    return rows


def team_rows(state: EventState) -> list[list[str]]:
    """Rank, team, its coaches, team points, match record, coach points, TD and CAS."""
    return [
        [str(n), t.squad, ", ".join(t.coaches), str(t.points), f"{t.wins}-{t.draws}-{t.losses}",
         str(t.coach_points), f"{t.td_for}-{t.td_against}", f"{t.cas_for}-{t.cas_against}"]
        for n, t in enumerate(state.teams, start=1)
    ]  # fmt: skip


TEAM_HEADERS = ["#", "Team", "Coaches", "Points", "W-D-L", "Coach points", "TD", "CAS"]


def standing_rows(state: EventState) -> list[list[str]]:
    """Rank, coach, points, record, TD and CAS."""
    return [
        [str(n), s.name, str(s.points), f"{s.wins}-{s.draws}-{s.losses}", f"{s.td_for}-{s.td_against}",
         f"{s.cas_for}-{s.cas_against}", str(s.opponents_points)]
        for n, s in enumerate(state.standings, start=1)
    ]  # fmt: skip


PAIRING_HEADERS = ["Table", "Coach", "Opponent", "Result"]
STANDING_HEADERS = ["#", "Coach", "Points", "W-D-L", "TD", "CAS", "Opp. points"]


class EventDesk(QWidget):
    """One event's desk; ``events`` is the event service (``Services.events``)."""

    def __init__(
        self, events: Callable[[], object], parent: QWidget | None = None, dice: Dice | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Tournament Desk")
        self._events = events
        self.dice = dice  # MVPs and random skills (None: the service's program dice)
        self.screens: list[SecondScreen] = []
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.chooser = QComboBox()
        self.chooser.currentTextChanged.connect(lambda _t: self.reload())
        top.addWidget(QLabel("Event:"))
        top.addWidget(self.chooser, 1)
        self.new_button = QPushButton("&New Event...")
        self.new_button.clicked.connect(self.open_new_event)
        top.addWidget(self.new_button)
        self.pair_button = QPushButton("&Pair Round")
        self.pair_button.clicked.connect(self.pair)
        self.screen_button = QPushButton("Show on a &Second Screen")
        self.screen_button.clicked.connect(self.open_second_screen)
        top.addWidget(self.pair_button)
        top.addWidget(self.screen_button)
        layout.addLayout(top)
        self.rules = QLabel()
        self.rules.setWordWrap(True)
        layout.addWidget(self.rules)
        self.tabs = QTabWidget()
        self.registrations = QTableWidget()
        self.registrations.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.registrations.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.registrations.itemSelectionChanged.connect(self._update_buttons)
        registration_tab = QWidget()
        registration_layout = QVBoxLayout(registration_tab)
        registration_buttons = QHBoxLayout()
        self.register_button = QPushButton("Register a &Team...")
        self.register_button.clicked.connect(lambda: self.open_register())
        self.edit_button = QPushButton("&Edit...")
        self.edit_button.clicked.connect(lambda: self.open_register(self.selected_entry()))
        self.withdraw_button = QPushButton("&Withdraw")
        self.withdraw_button.clicked.connect(self.withdraw)
        self.advance_button = QPushButton("Ad&vance...")
        self.advance_button.clicked.connect(lambda: self.open_advance(self.selected_entry()))
        self.registrations.itemActivated.connect(lambda _i: self.advance_button.click())
        for widget in (self.register_button, self.edit_button, self.withdraw_button, self.advance_button):
            registration_buttons.addWidget(widget)
        registration_buttons.addStretch(1)
        registration_layout.addLayout(registration_buttons)
        registration_layout.addWidget(self.registrations)
        self.pairings = QTableWidget()
        self.pairings.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.pairings.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.pairings.itemActivated.connect(
            lambda item: self.open_details(actions.row_table(self, item.row()))
        )
        self.standings = QTableWidget()
        self.standings.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.standings.setToolTip("Enter or double-click a coach: Advance... (a progression event)")
        self.standings.itemActivated.connect(lambda item: self.advance_from_standings(item.row()))
        round_tab = QWidget()
        round_layout = QVBoxLayout(round_tab)
        round_layout.addWidget(self.pairings)
        round_layout.addLayout(self._result_grid())
        self.tabs.addTab(registration_tab, "&Registrations")
        self.tabs.addTab(round_tab, "R&ound")
        self.tabs.addTab(self.standings, "S&tandings")
        self.team_standings = QTableWidget()
        self.team_tab = self.tabs.addTab(self.team_standings, "Te&am Standings")
        layout.addWidget(self.tabs, 1)
        self.status = QLabel()
        layout.addWidget(self.status)
        self.state: EventState | None = None
        self.dialog: RegisterDialog | None = None
        self.details: ResultDetailsDialog | None = None
        self.advance_dialog: EventAdvanceDialog | None = None
        self.new_dialog: NewEventDialog | None = None
        self.load_names()
        self.watch = QTimer(self)
        self.watch.timeout.connect(self.refresh)
        self.watch.start(REFRESH_MS)

    def _result_grid(self) -> QHBoxLayout:
        """Table number, two scores, two casualty counts; Enter in any field enters it."""
        row = QHBoxLayout()
        self.table_box = EnterSpinBox()
        self.score_a = EnterSpinBox()
        self.score_b = EnterSpinBox()
        self.cas_a = EnterSpinBox()
        self.cas_b = EnterSpinBox()
        self.table_box.setRange(1, 999)
        for label, box in (("Table", self.table_box), ("Score", self.score_a), ("-", self.score_b),
                           ("Cas", self.cas_a), ("-", self.cas_b)):  # fmt: skip
            if box is not self.table_box:
                box.setRange(0, 30)
            box.entered.connect(self.enter_result)
            row.addWidget(QLabel(label))
            row.addWidget(box)
        self.details_button = QPushButton("Result &Details...")
        self.details_button.clicked.connect(lambda: self.open_details(self._chosen_table()))
        row.addWidget(self.details_button)
        row.addStretch(1)
        return row

    @property
    def service(self) -> Any:
        """The event service."""
        return self._events()

    def load_names(self) -> None:
        """Fill the event chooser."""
        current = self.chooser.currentText()
        self.chooser.blockSignals(True)
        self.chooser.clear()
        self.chooser.addItems(self.service.names())
        if current:
            self.chooser.setCurrentText(current)
        self.chooser.blockSignals(False)
        self.reload()

    def refresh(self) -> None:
        """Pick up events created and changed elsewhere (the CLI, another desk) without a restart.

        Shown again only when something changed, so a selection in the lists survives.
        """
        try:
            names = self.service.names()
            if names != [self.chooser.itemText(i) for i in range(self.chooser.count())]:
                self.load_names()
                return
            name = self.chooser.currentText()
            if name and self.service.state(name) != self.state:
                self.reload()
        except LeagueError:  # the league file was closed under the desk
            return

    def reload(self) -> None:
        """Read the event again and show it."""
        name = self.chooser.currentText()
        if not name:
            self.state = None
            self.rules.setText("No event yet: create one with New Event... (or `event create`).")
            self._update_buttons()
            return
        selected = self.selected_entry()
        self.state = state = self.service.state(name)
        self.rules.setText(" · ".join(state.settings.lines()))
        headers = ["Coach", "NAF", "Team", "Race", "TV", "Gold lost", "Bought", "Team of coaches"]
        rows = [
            [e.coach, str(e.naf_number or ""), e.team_name, e.race, f"{e.team_value:,}",
             f"{e.roster.get('lost', 0):,}", roster_extras(e.roster), e.squad]
            for e in state.entries
        ]  # fmt: skip
        if state.settings.between_rounds == "progression":  # what Advance... spends, before the long line
            headers.insert(5, "SPP to spend")
            for cells, entry in zip(rows, state.entries, strict=True):
                cells.insert(5, spp_line(entry.roster))
        _fill(self.registrations, headers, rows)
        if selected is not None:
            for row, entry in enumerate(state.entries):
                if entry.id == selected.id:
                    self.registrations.selectRow(row)
        _fill(self.pairings, PAIRING_HEADERS, pairing_rows(state))
        _fill(self.standings, STANDING_HEADERS, standing_rows(state))
        _fill(self.team_standings, TEAM_HEADERS, team_rows(state))
        self.tabs.setTabVisible(self.team_tab, bool(state.settings.team_size))
        self._update_buttons()
        for screen in self.screens:
            screen.show_state(state)

    def selected_entry(self) -> EntryView | None:
        """The registration selected in the list."""
        rows = {i.row() for i in self.registrations.selectedIndexes()}
        if self.state is None or len(rows) != 1:
            return None
        row = rows.pop()
        return self.state.entries[row] if row < len(self.state.entries) else None

    def _update_buttons(self) -> None:
        """Registration is open until round 1 is paired; edit/withdraw need a selected entry."""
        state = self.state
        open_ = state is not None and state.current_round == 0
        reason = "" if open_ else ("Registration closed: round 1 is paired" if state else "No event chosen")
        self.register_button.setEnabled(open_)
        self.register_button.setToolTip(reason)
        chosen = self.selected_entry() is not None
        for widget in (self.edit_button, self.withdraw_button):
            widget.setEnabled(open_ and chosen)
            widget.setToolTip(reason or ("" if chosen else "Select a registration first"))
        actions.update_buttons(self, chosen)

    def open_register(self, entry: EntryView | None = None) -> RegisterDialog | None:
        """Register a team (or edit ``entry``) in a dialog; the desk shows it once saved."""
        if self.state is None:
            return None
        self.dialog = dialog = RegisterDialog(self.service, self.state, entry, self)
        dialog.accepted.connect(lambda: self._registered(dialog))
        dialog.show()
        return dialog

    def _registered(self, dialog: RegisterDialog) -> None:
        saved = dialog.result_entry
        if saved is not None:
            verb = "Saved" if dialog.entry is not None else "Registered"
            self.status.setText(f"{verb}: {saved.coach}, {saved.team_name} ({saved.race})")
        self.reload()

    def withdraw(self) -> None:
        """Withdraw the selected registration (before round 1)."""
        entry = self.selected_entry()
        if entry is None:
            return
        name = self.chooser.currentText()

        def work() -> str:
            gone = self.service.withdraw(name, entry.id)
            return f"Withdrawn: {gone.coach}, {gone.team_name}"

        self._run(work)

    def _run(self, work: Callable[[], str]) -> None:
        try:
            self.status.setText(work())
        except LeagueError as exc:
            self.status.setText(f"Refused: {exc}")
        self.reload()

    def pair(self) -> None:
        """Pair the next round (or re-pair the current one)."""
        name = self.chooser.currentText()

        def work() -> str:
            games = self.service.pair(name)
            return f"Round {games[0].round} paired: {len(games)} tables"

        self._run(work)

    def enter_result(self) -> None:
        """Enter the grid's result, then go back to the table number for the next one."""
        name = self.chooser.currentText()
        for box in (self.table_box, self.score_a, self.score_b, self.cas_a, self.cas_b):
            box.interpretText()
        table = self.table_box.value()
        score = (self.score_a.value(), self.score_b.value())
        cas = (self.cas_a.value(), self.cas_b.value())

        def work() -> str:
            game = self.service.result(name, table, score, cas, dice=self.dice)
            return f"Table {game.table}: {game.a.coach} {score[0]}-{score[1]} {game.b.coach}" + actions.mvps(
                game
            )

        self._run(work)
        for box in (self.score_a, self.score_b, self.cas_a, self.cas_b):
            box.setValue(0)
        self.table_box.setFocus()
        self.table_box.selectAll()

    def _chosen_table(self) -> int | None:
        return actions.chosen_table(self)

    def open_details(self, table: int | None) -> ResultDetailsDialog | None:
        """The result of ``table`` in the current round with each side's SPP events and MVP."""
        return actions.open_details(self, table)

    def open_advance(self, entry: EntryView | None) -> EventAdvanceDialog | None:
        """Spend ``entry``'s SPP on skills between rounds (or take one back)."""
        return actions.open_advance(self, entry)

    def advance_from_standings(self, row: int) -> EventAdvanceDialog | None:
        """Advance... for the coach on ``row`` of the standings (refused where the event has none)."""
        return actions.advance_from_standings(self, row)

    def open_new_event(self) -> NewEventDialog:
        """Create an event with the organiser's settings; the desk shows it once created."""
        return actions.open_new_event(self)

    def open_second_screen(self) -> SecondScreen:
        """A window with the pairings and standings in large type, refreshing itself."""
        screen = SecondScreen(self)
        self.screens.append(screen)
        screen.show()
        return screen


class SecondScreen(QWidget):
    """Pairings and standings in large type for the players' screen; re-reads every 5 s."""

    def __init__(self, desk: EventDesk) -> None:
        super().__init__(None)
        self.setWindowTitle("Tournament: pairings and standings")
        self.desk = desk
        font = QFont()
        font.setPointSize(20)
        self.setFont(font)
        layout = QHBoxLayout(self)
        self.title = QLabel()
        self.pairings = QTableWidget()
        self.standings = QTableWidget()
        for table in (self.pairings, self.standings):
            table.verticalHeader().setVisible(False)
            table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            table.horizontalHeader().setStretchLastSection(True)
        left = QVBoxLayout()
        left.addWidget(self.title)
        left.addWidget(self.pairings)
        layout.addLayout(left, 1)
        layout.addWidget(self.standings, 1)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.desk.reload)
        self.timer.start(REFRESH_MS)
        if desk.state is not None:
            self.show_state(desk.state)

    def show_state(self, state: EventState) -> None:
        """Show the event's current round and standings."""
        self.title.setText(f"{state.name} - round {state.current_round} of {state.settings.rounds}")
        _fill(self.pairings, PAIRING_HEADERS, pairing_rows(state))
        if state.teams:
            rows = [[r[0], r[1], r[3], r[4]] for r in team_rows(state)]
            _fill(self.standings, ["#", "Team", "Points", "W-D-L"], rows)
        else:
            _fill(self.standings, STANDING_HEADERS[:4], [r[:4] for r in standing_rows(state)])

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop refreshing and leave the desk's list."""
        self.timer.stop()
        if self in self.desk.screens:
            self.desk.screens.remove(self)
        super().closeEvent(event)
