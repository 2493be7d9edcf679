"""The inducement picker of the pre-game step: per team, what it may buy, its price and budget.

Every figure comes from the service's read model (``match_day.inducement_offer``), which asks
the purchase validation's own rules; the picker only keeps the quantities the coaches chose.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.match.coverage import TABLETOP_ONLY
from league_manager.rules.pregame.petty_cash import SEASON3_UNDERDOG_TREASURY
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.match_day.offer_models import InducementOffer, OfferLine, SideOffer
from league_manager.ui.context import UiContext
from league_manager.ui.match_day.grid import SIDES
from league_manager.ui.widgets import label

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("Inducement", "Kind", "Price", "May add", "Buy")
QUANTITY = 4
SHORT_TABLETOP = "tabletop only"
SHORT_REFUSED = "not sold here"


def gp(value: int) -> str:
    """Gold in the rulebook's style."""
    return f"{value:,} gp"


class InducementModel(QAbstractTableModel):
    """One side's offer; the Quantity column is edited with a spin box."""

    refused = Signal(str)
    quantity_changed = Signal(str, int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lines: list[OfferLine] = []
        self.quantities: dict[str, int] = {}

    def set_offer(self, offer: SideOffer) -> None:
        """Show the offer; the row set only changes when another team's offer is shown."""
        lines = list(offer.lines)
        if [line.name for line in lines] != [line.name for line in self.lines]:
            self.beginResetModel()
            self.lines = lines
            self.endResetModel()
        else:
            self.lines = lines
            if lines:
                self.dataChanged.emit(self.index(0, 0), self.index(len(lines) - 1, len(COLUMNS) - 1))

    def purchases(self) -> list[Purchase]:
        """The chosen quantities as purchases, in the table's order."""
        return [
            Purchase(line.name, self.quantities[line.name])
            for line in self.lines
            if self.quantities.get(line.name)
        ]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.lines)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(COLUMNS)
        ):
            return COLUMNS[section]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return base | Qt.ItemFlag.ItemIsEditable if index.column() == QUANTITY else base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.lines):
            return None
        line = self.lines[index.row()]
        column = index.column()
        quantity = self.quantities.get(line.name, 0)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == 0:
                return line.name
            if column == 1:  # short, so the names are not cut; the reason is the row's tooltip
                kind = "star player" if line.is_star else line.kind.replace("_", " ")
                if line.refused:
                    return SHORT_REFUSED
                return kind if line.played else SHORT_TABLETOP
            if column == 2:
                return gp(line.unit_cost) if role == Qt.ItemDataRole.DisplayRole else line.unit_cost
            if column == 3:
                return line.may_add
            if column == QUANTITY:
                return quantity
        if role == Qt.ItemDataRole.ToolTipRole and column in (3, QUANTITY) and line.why_not:
            return f"No more: {line.why_not}"
        if role == Qt.ItemDataRole.ToolTipRole and line.refused:
            return f"{line.name}: {line.refused}"
        if role == Qt.ItemDataRole.ToolTipRole and not line.played:
            return f"{line.name}: {TABLETOP_ONLY}; play its effect at the table by hand."
        if role == Qt.ItemDataRole.ForegroundRole and not line.may_add and not quantity:
            return QColor("#8a8a8a")  # nothing more allowed: shown, greyed
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= 2:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() != QUANTITY:
            return False
        line = self.lines[index.row()]
        try:
            wanted = int(value)
        except (TypeError, ValueError):
            self.refused.emit(f"{line.name}: type a number of them")
            return False
        have = self.quantities.get(line.name, 0)
        if wanted == have:
            return True
        if wanted < 0:
            self.refused.emit(f"{line.name}: the quantity cannot be below nought")
            return False
        if wanted > have + line.may_add:
            self.refused.emit(f"Cannot take {wanted} × {line.name}: {line.why_not or 'not allowed'}.")
            return False
        self.quantities[line.name] = wanted
        self.dataChanged.emit(index, index)
        self.quantity_changed.emit(line.name, wanted)
        return True


def budget_text(offer: SideOffer, favourite_spent: int) -> str:
    """The budget line of one side, live."""
    if offer.role == "equal":
        return "The current team values are equal: neither team may buy inducements."
    if offer.role == "favourite":
        source = f"the favourite, spends its treasury first ({gp(offer.treasury)})"
    else:
        source = (
            f"the underdog, has petty cash {gp(offer.petty_cash)} = the CTV difference "
            f"{gp(offer.petty_cash - favourite_spent)} + what the favourite spent {gp(favourite_spent)}"
        )
        if offer.procedure == "original":
            source += f", and may add its treasury {gp(offer.treasury)} (original printing)"
        elif offer.procedure == "season3":
            most = min(offer.treasury, SEASON3_UNDERDOG_TREASURY)
            source += f", and may add up to {gp(most)} of its treasury (Season 3)"
    spent = f"Spent {gp(offer.spent)} of {gp(offer.budget)}: <b>{gp(offer.left)} left</b>."
    return f"<b>{offer.team}</b>, {source}. {spent}"


class InducementPicker(QWidget):
    """Both teams' inducement tables with their budgets; refusals in plain words."""

    changed = Signal()

    def __init__(self, ctx: UiContext, fixture_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.fixture_id = fixture_id
        self.offer: InducementOffer | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        layout.addLayout(row, 1)
        self.models: dict[str, InducementModel] = {}
        self.tables: dict[str, QTableView] = {}
        self.budgets: dict[str, Any] = {}
        self.groups: dict[str, QGroupBox] = {}
        for side in SIDES:
            group = QGroupBox(side.capitalize())
            box = QVBoxLayout(group)
            self.budgets[side] = label("", "help", wrap=True)
            box.addWidget(self.budgets[side])
            model = InducementModel(self)
            model.refused.connect(self.show_refusal)
            model.quantity_changed.connect(lambda _name, _q: self.update_offer())
            table = QTableView()
            table.setModel(model)
            table.verticalHeader().setVisible(False)
            table.setEditTriggers(
                QAbstractItemView.EditTrigger.AllEditTriggers & ~QAbstractItemView.EditTrigger.CurrentChanged
            )
            header = table.horizontalHeader()
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # names are never cut
            box.addWidget(table, 1)
            self.models[side], self.tables[side], self.groups[side] = model, table, group
            row.addWidget(group, 1)
        self.message = label("", "help", wrap=True)
        layout.addWidget(self.message)
        self.update_offer()

    def purchases(self) -> dict[str, list[Purchase]]:
        """What each side chose, for the pre-game."""
        return {side: self.models[side].purchases() for side in SIDES}

    def set_quantity(self, side: str, name: str, quantity: int) -> bool:
        """Type a quantity in a side's table (as the spin box does)."""
        model = self.models[side]
        row = next(i for i, line in enumerate(model.lines) if line.name == name)
        return model.setData(model.index(row, QUANTITY), quantity)

    def show_refusal(self, text: str) -> None:
        """A refusal, in plain words, under the tables."""
        self.message.setText(f"<span style='color:#b3261e'>{text}</span>")

    def update_offer(self) -> None:
        """Ask the service again for both sides' offer and show it."""
        try:
            self.offer = self.ctx.svc.match_day.inducement_offer(self.fixture_id, self.purchases())
        except LeagueError as exc:  # the pre-game was run: nothing to buy any more
            self.offer = None
            self.message.setText(str(exc))
            self.setEnabled(False)
            return
        self.setEnabled(True)
        spent = {side: self.offer.sides[side].spent for side in SIDES}
        favourite = next((s for s in SIDES if self.offer.sides[s].role == "favourite"), None)
        for side in SIDES:
            offer = self.offer.sides[side]
            self.groups[side].setTitle(f"{offer.team} ({side}, {offer.role})")
            self.models[side].set_offer(offer)
            self.budgets[side].setText(budget_text(offer, spent[favourite] if favourite else 0))
        if self.offer.problem:
            self.show_refusal(self.offer.problem)
        else:
            self.message.setText("Choose a quantity; the tables say how many more each team may take.")
        self.changed.emit()

    @property
    def acceptable(self) -> bool:
        """Whether the choice as it stands would be accepted by the pre-game."""
        return self.offer is not None and self.offer.problem is None
