"""Small building blocks shared by the pages: headers, value tiles, sortable tables."""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QSize, QSortFilterProxyModel, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from league_manager.ui import theme
from league_manager.ui.models import SORT_ROLE


def label(text: str = "", name: str = "", wrap: bool = False) -> QLabel:
    """A QLabel with an object name for the style sheet."""
    widget = QLabel(text)
    if name:
        widget.setObjectName(name)
    widget.setWordWrap(wrap)
    return widget


def button(text: str, icon_name: str = "", primary: bool = False, tip: str = "") -> QPushButton:
    """A push button with an optional icon; ``primary`` marks the main action of a page."""
    widget = QPushButton(text)
    if icon_name:
        theme.themed_icon(widget, widget.setIcon, icon_name, "accent_text" if primary else "text")
    if primary:
        widget.setObjectName("primary")
    if tip:
        widget.setToolTip(tip)
    return widget


def accept_cancel(
    layout: QBoxLayout, text: str | QPushButton, on_accept: Callable[[], object],
    on_cancel: Callable[[], object],
) -> QPushButton:  # fmt: skip
    """Put a dialog's Cancel and its own accept button (``text``, or a button made already) at the
    foot of ``layout``; returns the accept button.

    Enter presses the accept button: the button box makes its accept-role button the dialog's
    default when the dialog is shown. (Setting the default here, before the box has a dialog
    to belong to, would leave Qt to pick the first button after the focused widget: Cancel.)
    """
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    if isinstance(text, QPushButton):
        box.addButton(text, QDialogButtonBox.ButtonRole.AcceptRole)
        accept = text
    else:
        accept = box.addButton(text, QDialogButtonBox.ButtonRole.AcceptRole)
    box.accepted.connect(on_accept)
    box.rejected.connect(on_cancel)
    layout.addWidget(box)
    return accept


class ElidedLabel(QLabel):
    """A one-line label that ends in "…" when narrower than its text; ``text()`` stays whole and
    the tooltip shows it while cut."""

    def __init__(self, text: str = "", name: str = "", parent=None) -> None:
        super().__init__(text, parent)
        if name:
            self.setObjectName(name)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def shown_text(self) -> str:
        """The text as painted at the current width."""
        width = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, width)

    def setText(self, text: str) -> None:
        super().setText(text)
        self._show_whole_in_tip()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._show_whole_in_tip()

    def _show_whole_in_tip(self) -> None:
        self.setToolTip(self.text() if self.shown_text() != self.text() else "")

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        self.style().drawItemText(
            painter, self.contentsRect(), int(self.alignment()), self.palette(), self.isEnabled(),
            self.shown_text(), self.foregroundRole(),
        )  # fmt: skip


class PageHeader(QWidget):
    """Title, subtitle and a row of actions at the top of a page."""

    def __init__(
        self, icon_name: str = "", parent=None, *, actions_below: bool = False, one_line: bool = False
    ) -> None:
        """``actions_below``: the actions get their own row under the title (for pages with many
        actions, whose title would otherwise be squeezed into a narrow column). ``one_line``: the
        title never wraps and the subtitle keeps to one line, cut with "…" when the page is too
        narrow (its tooltip then shows it whole)."""
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 4)
        outer.setSpacing(8)
        layout = QHBoxLayout()
        layout.setSpacing(12)
        outer.addLayout(layout)
        self.icon = QLabel()
        self.icon_name = icon_name
        if icon_name:
            theme.themed_icon(
                self.icon, lambda i: self.icon.setPixmap(i.pixmap(QSize(36, 36))), icon_name, "accent"
            )
        layout.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        text = QVBoxLayout()
        text.setSpacing(2)
        self.title = label("", "pageTitle", wrap=not one_line)
        self.subtitle = ElidedLabel("", "pageSubtitle") if one_line else label("", "pageSubtitle", wrap=True)
        text.addWidget(self.title)
        text.addWidget(self.subtitle)
        layout.addLayout(text, 1)
        self.action_row = QHBoxLayout()
        self.action_row.setSpacing(8)
        if actions_below:
            self.action_row.addStretch(1)  # the buttons line up on the right, under the title
            outer.addLayout(self.action_row)
        else:
            layout.addLayout(self.action_row)

    def set_text(self, title: str, subtitle: str = "") -> None:
        """Change the title and subtitle."""
        self.title.setText(title)
        self.subtitle.setText(subtitle)
        self.subtitle.setVisible(bool(subtitle))

    def add_action(self, widget: QWidget) -> None:
        """Add a button to the right-hand side."""
        self.action_row.addWidget(widget, 0, Qt.AlignmentFlag.AlignTop)


class StatTile(QFrame):
    """A small card with a label above a big value (TV, treasury…)."""

    def __init__(self, caption: str, tip: str = "", parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("tile")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        layout.setSpacing(2)
        self.caption = label(caption.upper(), "tileLabel")
        self.value = label("", "tileValue")
        layout.addWidget(self.caption)
        layout.addWidget(self.value)
        if tip:
            self.setToolTip(tip)

    def set_value(self, text: str, tone: str = "") -> None:
        """Show a new value; ``tone`` is "", "good", "danger" or "warning"."""
        self.value.setText(text)
        set_tone(self.value, tone)


def set_tone(widget: QWidget, tone: str) -> None:
    """Colour a label through the style sheet (``QLabel[tone="danger"]``), so theme changes apply."""
    if widget.property("tone") == tone:
        return
    widget.setProperty("tone", tone)
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)


def tiles_row(*tiles: StatTile) -> QHBoxLayout:
    """Tiles side by side with even widths."""
    row = QHBoxLayout()
    row.setSpacing(10)
    for tile in tiles:
        row.addWidget(tile, 1)
    return row


class SortProxy(QSortFilterProxyModel):
    """Sorts by the raw values of SORT_ROLE and filters on every column's text."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)


ITEM_PADDING = 12
"""The left and right padding of a table cell in the style sheet (``QTableView::item``)."""


class WrappedTextDelegate(QStyledItemDelegate):
    """Measures wrapped text at the width it is painted in (the cell less its padding), so a
    long skill list gets all the lines it needs instead of ending in "…"."""

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:
        narrower = QStyleOptionViewItem(option)
        if narrower.rect.width() > ITEM_PADDING:
            narrower.rect = option.rect.adjusted(0, 0, -ITEM_PADDING, 0)
        return super().sizeHint(narrower, index)


class Table(QTableView):
    """A table view that says so, in muted words, when it has no rows."""

    placeholder = ""

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        model = self.model()
        if self.placeholder and model is not None and model.rowCount() == 0:
            painter = QPainter(self.viewport())
            painter.setPen(QColor(theme.current().muted))
            rect = self.viewport().rect().adjusted(24, 24, -24, -24)
            painter.drawText(
                rect, int(Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap), self.placeholder
            )
            painter.end()


ITEM_PADDING = 2
"""Top and bottom padding of a table cell (``QTableView::item`` in the theme's style sheet)."""
CONTENTS_PRECISION = 50
"""Rows (besides the visible ones) whose text sizes a column: a season of a thousand fixtures
is not measured cell by cell each time it is shown."""


def make_table(
    model,
    sortable: bool = True,
    stretch: int | None = None,
    view: QTableView | None = None,
    placeholder: str = "",
) -> QTableView:
    """A styled read-only table view over ``model`` (through a sorting proxy when sortable).

    ``placeholder`` is said in the empty table (a new team's ledger, a rookie's advancements).
    """
    if view is None:
        view = Table()
        view.placeholder = placeholder
    if sortable:
        proxy = SortProxy(view)
        proxy.setSourceModel(model)
        view.setModel(proxy)
        view.setSortingEnabled(True)
        view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
    else:
        view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setShowGrid(False)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    uniform_rows(view)
    header = view.horizontalHeader()
    header.setHighlightSections(False)
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setResizeContentsPrecision(CONTENTS_PRECISION)
    if stretch is not None:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
        view.setItemDelegateForColumn(stretch, WrappedTextDelegate(view))
        # wrapped text (skill lists) needs its rows measured again at the column's new width
        rows = view.verticalHeader()
        header.sectionResized.connect(
            lambda index, _old, _new: (
                index == stretch
                and view.wordWrap()
                and rows.resizeSections(QHeaderView.ResizeMode.ResizeToContents)
            )
        )
    else:
        header.setStretchLastSection(True)
    return view


def uniform_rows(view: QTableView) -> None:
    """Give every row the height sizing it to its contents gives a one-line row.

    A table whose view wraps words (the roster's skills column) sizes its rows to their
    contents instead, after every reset.

    Rows are one line each (no word wrap), so they are all as tall: the header's section
    hint (or the text line with the item padding, if taller). Sizing each row to its
    contents instead asks the model for every cell of every row whenever the table is
    shown, which takes seconds for a season of a thousand fixtures.
    """
    header = view.verticalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    model = view.model()

    def measure() -> None:
        if shiboken6.isValid(view) and model.rowCount() > 0:  # the model may outlive the view
            line = view.fontMetrics().height() + 2 * ITEM_PADDING
            header.setDefaultSectionSize(max(header.sectionSizeHint(0), line, header.minimumSectionSize()))
            if view.wordWrap():  # a wrapped column (a roster's skills): small tables, rows by content
                header.resizeSections(QHeaderView.ResizeMode.ResizeToContents)

    model.modelReset.connect(measure)
    model.rowsInserted.connect(measure)
    measure()


def source_row(view: QTableView, proxy_row: int | None = None) -> int | None:
    """The source-model row of the current (or given) row of a possibly sorted view."""
    model = view.model()
    if proxy_row is None:
        index = view.currentIndex()
        if not index.isValid():
            rows = view.selectionModel().selectedRows() if view.selectionModel() else []
            if not rows:
                return None
            index = rows[0]
    else:
        index = model.index(proxy_row, 0)
    if isinstance(model, QSortFilterProxyModel):
        index = model.mapToSource(index)
    return index.row() if index.isValid() else None


def card() -> tuple[QFrame, QVBoxLayout]:
    """A rounded panel and its layout."""
    frame = QFrame()
    frame.setObjectName("card")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(16, 14, 16, 14)
    layout.setSpacing(8)
    return frame, layout
