"""The Hire Player dialog: pick a position from the team list, name and number the new player."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
)

from league_manager.core.money import format_gold
from league_manager.rules.model import Position, Ruleset
from league_manager.services.read_models import TeamView
from league_manager.ui.models import DraftModel
from league_manager.ui.widgets import accept_cancel, button, label, make_table, set_tone, source_row


class HirePlayerDialog(QDialog):
    """Shows every position with its price, profile, skills and how many the team has."""

    def __init__(self, team: TeamView, ruleset: Ruleset, parent=None) -> None:
        super().__init__(parent)
        self.team = team
        self.roster = ruleset.team(team.race_id)
        self.setWindowTitle(f"Hire a player for {team.name}")
        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        layout.addWidget(label(f"Treasury: {format_gold(team.treasury)}", "sectionTitle"))
        have = {p.name: sum(1 for x in team.players if x.position == p.name) for p in self.roster.positions}
        descriptions = {
            s.name: ruleset.skill(s.name).description for p in self.roster.positions for s in p.skills
        }
        self.model = DraftModel()
        self.model.HEADERS = (*DraftModel.HEADERS[:-1], "On the team")
        self.model.set_roster(self.roster, have, descriptions)
        self.table = make_table(self.model, sortable=False, stretch=7)
        self.table.setMinimumWidth(760)
        self.table.setWordWrap(True)
        self.table.doubleClicked.connect(lambda _: self.accept_if_ok())
        layout.addWidget(self.table, 1)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setPlaceholderText("Leave empty for a placeholder such as “Blitzer #12”")
        self.number = QSpinBox()
        self.number.setRange(1, 99)
        self.number.setMaximumWidth(self.number.fontMetrics().horizontalAdvance("0000") + 48)
        taken = {p.number for p in team.players}
        self.number.setValue(next((n for n in range(1, 100) if n not in taken), 99))
        self.number.valueChanged.connect(lambda _: self._update())
        form.addRow("Name", self.name)
        form.addRow("Shirt number", self.number)
        layout.addLayout(form)
        self.note = label("", "help", wrap=True)
        layout.addWidget(self.note)
        self.ok = accept_cancel(layout, button("Hire", primary=True), self.accept_if_ok, self.reject)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._update())
        self.table.selectRow(0)
        self._update()
        self.resize(880, 560)

    def position(self) -> Position | None:
        """The selected position."""
        row = source_row(self.table)
        return self.model.position(row) if row is not None else None

    def select_position(self, name: str) -> None:
        """Select a position by (part of) its name."""
        for row in range(self.model.rowCount()):
            if self.model.position(row).name.lower().endswith(name.lower()):
                self.table.selectRow(row)
                return
        raise ValueError(f"no position {name!r}")

    def problem(self) -> str:
        """Why the selected position cannot be hired, or ""."""
        position = self.position()
        if position is None:
            return "Choose a position."
        row = self.roster.positions.index(position)
        if self.model.count(row) >= position.max_quantity:
            return f"The team already has {position.max_quantity} {position.name} (the most allowed)."
        if len(self.team.players) >= 16:
            return "The team already has 16 players."
        if position.cost > self.team.treasury:
            return (f"{position.name} costs {format_gold(position.cost)}; "
                    f"the treasury holds {format_gold(self.team.treasury)}.")  # fmt: skip
        if self.number.value() in {p.number for p in self.team.players}:
            return f"#{self.number.value()} is taken."
        return ""

    def _update(self) -> None:
        position = self.position()
        problem = self.problem()
        self.ok.setEnabled(not problem)
        if position is not None:
            self.ok.setText(f"Hire for {format_gold(position.cost)}")
        if not problem and position is not None:
            problem_text = (
                f"After hiring, the treasury holds {format_gold(self.team.treasury - position.cost)}."
            )
        else:
            problem_text = problem
        self.note.setText(problem_text)
        set_tone(self.note, "danger" if problem else "muted")

    def accept_if_ok(self) -> None:
        """Accept only when the hire follows the rules."""
        self._update()
        if not self.problem():
            self.accept()

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.table.hasFocus():
            self.accept_if_ok()
            return
        super().keyPressEvent(event)
