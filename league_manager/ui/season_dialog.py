"""Who plays in a season: the New Season dialog and the Add Teams dialog of the season page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from league_manager.services.season_read_models import EntryCandidate, SeasonView
from league_manager.ui.operations import OpRunner
from league_manager.ui.season_models import TeamEntryModel
from league_manager.ui.widgets import accept_cancel, button, label, make_table, set_tone

if TYPE_CHECKING:
    from league_manager.services.facade import Services

Index = QModelIndex | QPersistentModelIndex


class DivisionDelegate(QStyledItemDelegate):
    """A combo box of the model's divisions; a choice is stored at once."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        model = index.model()
        assert isinstance(model, TeamEntryModel)
        combo.addItems(model.divisions)
        combo.currentTextChanged.connect(lambda _text: self.commitData.emit(combo))
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        editor.blockSignals(True)
        editor.setCurrentText(str(index.data(Qt.ItemDataRole.EditRole)))
        editor.blockSignals(False)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)


class EntryTable(QWidget):
    """The teams to enter: a check box each, a division combo each when there are divisions."""

    def __init__(self, model: TeamEntryModel, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        row = QHBoxLayout()
        self.summary = label("", "muted")
        row.addWidget(self.summary, 1)
        self.all_button = button("All", tip="Enter every team")
        self.none_button = button("None", tip="Enter no team")
        self.all_button.clicked.connect(lambda: model.set_all_entered(True))
        self.none_button.clicked.connect(lambda: model.set_all_entered(False))
        row.addWidget(self.all_button)
        row.addWidget(self.none_button)
        layout.addLayout(row)
        self.view: QTableView = make_table(model, sortable=False, stretch=0, placeholder=placeholder)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.view.setItemDelegateForColumn(TeamEntryModel.DIVISION, DivisionDelegate(self.view))
        layout.addWidget(self.view, 1)
        model.dataChanged.connect(lambda *_: self._update_summary())
        self.refresh_divisions()

    def refresh_divisions(self) -> None:
        """Show a division combo on every row when there are divisions, else hide the column."""
        column = TeamEntryModel.DIVISION
        has_divisions = bool(self.model.divisions)
        for row in range(self.model.rowCount()):
            index = self.model.index(row, column)
            self.view.closePersistentEditor(index)
            if has_divisions:
                self.view.openPersistentEditor(index)
        self.view.setColumnHidden(column, not has_divisions)
        if has_divisions:
            longest = max(self.view.fontMetrics().horizontalAdvance(d) for d in self.model.divisions)
            self.view.horizontalHeader().setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            self.view.setColumnWidth(column, max(longest + 64, 140))
        self._update_summary()

    def _update_summary(self) -> None:
        chosen = len(self.model.entries())
        self.summary.setText(f"{chosen} of {self.model.rowCount()} teams will be entered")


class NewSeasonDialog(QDialog):
    """League → New Season: name, divisions and the teams that take part; OK creates it all at once."""

    def __init__(
        self,
        services: Services,
        runner: OpRunner,
        league: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self.league = services.leagues.get_league(league)
        self.created: SeasonView | None = None
        seasons = services.seasons.list_seasons(league)
        self.taken = {s.name.lower() for s in seasons}
        self.setWindowTitle("New season")
        self.resize(900, 600)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        layout.setSpacing(12)
        layout.addWidget(label(f"New season of {self.league.name}", "pageTitle"))
        form = QFormLayout()
        self.name = QLineEdit(f"Season {len(seasons) + 1}")
        self.name.setPlaceholderText("The season's name")
        form.addRow("Name", self.name)
        layout.addLayout(form)
        columns = QHBoxLayout()
        columns.setSpacing(18)
        columns.addLayout(self._divisions_editor(), 1)
        self.teams = TeamEntryModel(services.seasons.entry_candidates(league))
        teams = QVBoxLayout()
        teams.addWidget(label("Teams", "sectionTitle"))
        self.entry_table = EntryTable(self.teams, "The league has no teams to enter yet.")
        teams.addWidget(self.entry_table, 1)
        columns.addLayout(teams, 3)
        layout.addLayout(columns, 1)
        self.problem = label("", "help", wrap=True)
        layout.addWidget(self.problem)
        self.ok_button = accept_cancel(
            layout,
            button("Create season", "add", primary=True, tip="Create the season and enter the teams"),
            self.create_season,
            self.reject,
        )
        self.name.textChanged.connect(lambda _text: self._validate())
        self._validate()

    def _divisions_editor(self) -> QVBoxLayout:
        column = QVBoxLayout()
        column.addWidget(label("Divisions", "sectionTitle"))
        self.division_list = QListWidget()
        self.division_list.setObjectName("editList")
        self.division_list.setToolTip("Double-click a division to rename it")
        self.division_list.itemChanged.connect(lambda _item: self._divisions_changed())
        self.division_list.currentRowChanged.connect(lambda _row: self._update_division_buttons())
        column.addWidget(self.division_list, 1)
        row = QHBoxLayout()
        self.add_division_button = button("Add", "add", tip="Add a division")
        self.rename_division_button = button("Rename", tip="Rename the selected division")
        self.remove_division_button = button("Remove", tip="Remove the selected division")
        self.add_division_button.clicked.connect(lambda: self.add_division())
        self.rename_division_button.clicked.connect(self._rename_division)
        self.remove_division_button.clicked.connect(self.remove_division)
        for widget in (self.add_division_button, self.rename_division_button, self.remove_division_button):
            row.addWidget(widget)
        row.addStretch(1)
        column.addLayout(row)
        self.division_hint = label("", "muted", wrap=True)
        column.addWidget(self.division_hint)
        self._update_division_buttons()
        return column

    # ---- divisions
    def division_names(self) -> list[str]:
        """The division names as typed, in order."""
        return [self.division_list.item(row).text().strip() for row in range(self.division_list.count())]

    def add_division(self, name: str = "") -> QListWidgetItem:
        """Add a division (named "Division N" unless ``name`` is given) and select it."""
        name = name or self._free_division_name()
        item = QListWidgetItem(name)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        self.division_list.addItem(item)
        self.division_list.setCurrentItem(item)
        self._divisions_changed()
        return item

    def rename_division(self, row: int, name: str) -> None:
        """Rename the division in ``row``."""
        self.division_list.item(row).setText(name)

    def remove_division(self) -> None:
        """Remove the selected division."""
        row = self.division_list.currentRow()
        if row >= 0:
            self.division_list.takeItem(row)
            self._divisions_changed()

    def _rename_division(self) -> None:
        item = self.division_list.currentItem()
        if item is not None:
            self.division_list.editItem(item)

    def _free_division_name(self) -> str:
        taken = {n.lower() for n in self.division_names()}
        number = self.division_list.count() + 1
        while f"division {number}" in taken:
            number += 1
        return f"Division {number}"

    def _divisions_changed(self) -> None:
        self.teams.set_divisions(self.division_names())
        self.entry_table.refresh_divisions()
        self._update_division_buttons()
        self._validate()

    def _update_division_buttons(self) -> None:
        count = self.division_list.count()
        self.division_hint.setText(
            "No divisions: every team plays in one table."
            if not count
            else f"{count} division{'s' if count > 1 else ''}: round robins are played within each "
            "division, which has its own table next to the overall one."
        )
        selected = self.division_list.currentRow() >= 0
        self.rename_division_button.setEnabled(selected)
        self.remove_division_button.setEnabled(selected)

    # ---- checks and creation
    def problem_text(self) -> str:
        """Why the season cannot be created as it stands ("" when it can)."""
        name = self.name.text().strip()
        if not name:
            return "Give the season a name."
        if name.lower() in self.taken:
            return f"{self.league.name} already has a season called “{name}”."
        divisions = self.division_names()
        if any(not d for d in divisions):
            return "Every division needs a name."
        if len({d.lower() for d in divisions}) != len(divisions):
            return "Division names must differ."
        return ""

    def _validate(self) -> None:
        problem = self.problem_text()
        self.problem.setText(problem)
        set_tone(self.problem, "danger" if problem else "")
        self.ok_button.setEnabled(not problem)

    def create_season(self) -> None:
        """Create the season with its divisions and teams in one go; a refusal keeps the dialog open."""
        if self.problem_text():
            return
        league, name, divisions = self.league.id, self.name.text().strip(), self.division_names()
        entries: Sequence[tuple[int, str | None]] = self.teams.entries()
        outcome = self.runner.run_op(
            lambda: self.services.seasons.create_season(league, name, divisions, entries=entries),
            title="Could not create the season",
        )
        if outcome is not None:
            self.created = outcome.value
            self.accept()


class AddTeamsDialog(QDialog):
    """Season page → Add teams…: tick the league's teams not yet in the season (and their divisions)."""

    def __init__(
        self, season: SeasonView, candidates: Sequence[EntryCandidate], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.season = season
        self.setWindowTitle(f"Add teams to {season.name}")
        self.resize(720, 480)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        layout.setSpacing(12)
        layout.addWidget(label(f"Add teams to {season.name}", "pageTitle"))
        self.model = TeamEntryModel(candidates, season.divisions, entered=False)
        self.entry_table = EntryTable(self.model, "Every team of the league is already in this season.")
        layout.addWidget(self.entry_table, 1)
        add = button("Add teams", "add", primary=True, tip="Enter the ticked teams")
        self.ok_button: QPushButton = accept_cancel(layout, add, self.accept, self.reject)
        self.model.dataChanged.connect(lambda *_: self._update_ok())
        self._update_ok()

    def entries(self) -> list[tuple[int, str | None]]:
        """(team id, division) of every ticked team."""
        return self.model.entries()

    def _update_ok(self) -> None:
        self.ok_button.setEnabled(bool(self.entries()))
