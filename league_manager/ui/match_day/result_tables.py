"""The tabletop result grid on screen: one table per team under its name, with the team's totals.

Columns keep fixed widths (nothing moves while typing), Tab goes only through cells that take
input, and the injury and lasting-injury cells are drop-downs of the casualty table's results.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from league_manager.ui.match_day.grid import CHECKS, COUNTERS, HEADERS, SIDES, ResultGridModel
from league_manager.ui.widgets import label

Index = QModelIndex | QPersistentModelIndex
WIDTHS = {
    "#": 40,
    "Injury": 150,
    "Lasting": 80,
    "Injured by": 150,
    "Apothecary": 96,
    "Sent off": 80,
    "CAS (no SPP)": 104,
}
"""Fixed column widths in pixels; other counters are 60, the player's name takes the rest."""
COUNTER_WIDTH = 60


class SideRows(QSortFilterProxyModel):
    """The rows of one team of the grid."""

    def __init__(self, side: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.side = side

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        source = self.sourceModel()
        assert isinstance(source, ResultGridModel)
        return 0 <= source_row < len(source.rows) and source.rows[source_row]["side"] == self.side


class ChoiceDelegate(QStyledItemDelegate):
    """A drop-down of the column's results (the casualty table, the characteristics, or the
    opposing players who could have caused the casualty)."""

    def __init__(self, grid: ResultGridModel, parent: Any = None) -> None:
        super().__init__(parent)
        self.grid = grid

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        model = index.model()
        row = model.mapToSource(index).row() if isinstance(model, QSortFilterProxyModel) else index.row()
        for text, value in self.grid.options(row, index.column()):
            combo.addItem(text, value)
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        found = editor.findData(index.data(Qt.ItemDataRole.EditRole) or "")
        editor.setCurrentIndex(max(0, found))

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData() or "", Qt.ItemDataRole.EditRole)


def takes_input(index: QModelIndex) -> bool:
    """A cell the user types in or ticks (not the team, number or name)."""
    flags = index.flags()
    return bool(flags & (Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable))


class ResultTable(QTableView):
    """One team's rows: Tab and Shift+Tab move only between cells that take input."""

    def moveCursor(self, action: QAbstractItemView.CursorAction, modifiers: Any) -> QModelIndex:
        forward = action == QAbstractItemView.CursorAction.MoveNext
        if not forward and action != QAbstractItemView.CursorAction.MovePrevious:
            return super().moveCursor(action, modifiers)
        model = self.model()
        current = self.currentIndex()
        columns = model.columnCount()
        cells = [model.index(r, c) for r in range(model.rowCount()) for c in range(columns)]
        open_cells = [i for i in cells if takes_input(i) and not self.isColumnHidden(i.column())]
        if not open_cells:
            return current
        position = current.row() * columns + current.column() if current.isValid() else -1
        if forward:
            later = [i for i in open_cells if i.row() * columns + i.column() > position]
            return later[0] if later else current
        earlier = [i for i in open_cells if i.row() * columns + i.column() < position]
        return earlier[-1] if earlier else current


def result_table(model: ResultGridModel, side: str) -> ResultTable:
    """A keyboard-first table of one team's rows: type a figure, Tab to the next."""
    rows = SideRows(side)
    rows.setSourceModel(model)
    view = ResultTable()
    rows.setParent(view)
    view.setModel(rows)
    view.setTabKeyNavigation(True)
    view.setEditTriggers(
        QAbstractItemView.EditTrigger.AnyKeyPressed
        | QAbstractItemView.EditTrigger.DoubleClicked
        | QAbstractItemView.EditTrigger.EditKeyPressed
    )
    view.verticalHeader().setVisible(False)
    view.setColumnHidden(HEADERS.index("Team"), True)  # the team's name heads its table
    choices = ChoiceDelegate(model, view)
    for name in ("Injury", "Lasting", "Injured by"):
        view.setItemDelegateForColumn(HEADERS.index(name), choices)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    for column, name in enumerate(HEADERS):
        header.resizeSection(column, WIDTHS.get(name, COUNTER_WIDTH))
    header.setSectionResizeMode(HEADERS.index("Player"), QHeaderView.ResizeMode.Stretch)
    return view


class ResultGridPanel(QWidget):
    """Both teams' tables, each under the team's name and over its totals."""

    def __init__(self, model: ResultGridModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        self.headings = {side: label(side, "sectionTitle") for side in SIDES}
        self.tables = {side: result_table(model, side) for side in SIDES}
        self.total_labels = {side: label("", "help") for side in SIDES}
        for side in SIDES:
            box.addWidget(self.headings[side])
            box.addWidget(self.tables[side], 1)
            box.addWidget(self.total_labels[side])
        model.dataChanged.connect(self.refresh)
        model.modelReset.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Team names over the tables and each team's totals under them."""
        for side in SIDES:
            self.headings[side].setText(f"{self.model.team_names[side]} ({side})")
            self.total_labels[side].setText(self.totals_text(side))

    def totals_text(self, side: str) -> str:
        """ "Totals: TD 1 · COMP 0 · … · injured 1 · sent off 0"."""
        rows = [r for r in self.model.rows if r["side"] == side]
        parts = [f"{head} {sum(r[key] for r in rows)}" for key, head in COUNTERS]
        parts.append(f"injured {sum(1 for r in rows if r['injury'])}")
        parts += [f"{name.replace('_', ' ')} {sum(1 for r in rows if r[name])}" for name in CHECKS]
        return "Totals: " + " · ".join(parts)
