"""The prompt panel: the current decision, shown on the pitch next to the players it concerns."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

from league_manager.ui.match_board.controller import Choice, Menu

PANEL_WIDTH = 300
"""Widest the panel gets; it narrows to the strip beside the pitch, down to ``MIN_WIDTH``."""
MIN_WIDTH = 220
KEY_NAMES = {"Return": "Enter", "Escape": "Esc", "Delete": "Del"}


class PromptPanel(QFrame):
    """A small floating frame over the board view with the title, lines and one button per choice."""

    def __init__(self, parent: QWidget, on_choice: Callable[[Choice], None]) -> None:
        super().__init__(parent)
        self.setObjectName("promptPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setStyleSheet(
            "#promptPanel { background: rgba(20, 24, 30, 225); border: 1px solid #ffe14d;"
            " border-radius: 6px; }"
            " QLabel { color: #f2f2f2; } QPushButton { text-align: left; padding: 3px 8px; }"
        )
        self._on_choice = on_choice
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(8, 6, 8, 8)
        self._layout.setSpacing(3)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; color: #ffe14d;")
        self.title.setWordWrap(True)
        self.lines = QLabel()
        self.lines.setWordWrap(True)
        self._layout.addWidget(self.title)
        self._layout.addWidget(self.lines)
        self.buttons: list[QPushButton] = []
        self.menu: Menu | None = None
        self.panel_width = PANEL_WIDTH

    def fit_to(self, dock: QRect) -> None:
        """Take the width of the strip beside the pitch (within ``MIN_WIDTH``..``PANEL_WIDTH``)."""
        width = max(MIN_WIDTH, min(PANEL_WIDTH, dock.width() - 8))
        if width != self.panel_width:
            self.panel_width = width
            self._fit()

    def show_menu(self, menu: Menu) -> None:
        """Show a menu (rebuilding the buttons)."""
        self.menu = menu
        for button in self.buttons:
            self._layout.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.buttons = []
        self.title.setText(menu.title)
        self.lines.setText("\n".join(menu.lines))
        self.lines.setVisible(bool(menu.lines))
        for choice in menu.choices:
            key = KEY_NAMES.get(choice.key, choice.key)
            button = QPushButton(f"[{key}]  {choice.label}" if key else choice.label)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, c=choice: self._on_choice(c))
            self._layout.addWidget(button)
            self.buttons.append(button)
        self._fit()

    def _fit(self) -> None:
        self.setFixedWidth(self.panel_width)
        inner = self.panel_width - 16
        height = 14
        for widget in (self.title, self.lines, *self.buttons):
            if widget is self.lines and not self.lines.text():
                continue
            hint = widget.heightForWidth(inner) if widget.hasHeightForWidth() else -1
            height += max(hint, widget.sizeHint().height()) + self._layout.spacing()
        self.setFixedHeight(height)

    def place_near(
        self, anchor: QRect | None, area: QRect, avoid: list[QRect] | None = None, dock: QRect | None = None
    ) -> None:
        """Put the panel beside ``anchor`` (view coordinates) inside ``area``, covering as few of the
        ``avoid`` rectangles (tokens and the squares to click) as it can; top-centre without an
        anchor. ``dock`` is the strip beside the pitch: level with the anchor there, the panel
        covers nothing, so it goes there when every place next to the anchor would."""
        w, h = self.width(), self.height()
        docked = []
        if dock is not None and not dock.isEmpty():
            level = anchor.center().y() - h // 2 if anchor is not None else dock.top() + 8
            docked = [QPoint(dock.left() + 4, level), QPoint(dock.left() + 4, dock.top() + 8)]
        if anchor is None:
            middle_y = area.center().y() - h // 2
            candidates = [  # beside the pitch first, then wherever it hides fewer tokens and squares
                *docked,
                QPoint(area.center().x() - w // 2, area.top() + 8),
                QPoint(area.left() + area.width() // 4 - w // 2, middle_y),
                QPoint(area.left() + 3 * area.width() // 4 - w // 2, middle_y),
                QPoint(area.right() - w, area.top() + 8),
                QPoint(area.center().x() - w // 2, area.bottom() - h),
            ]
        else:
            mid_x, mid_y = anchor.center().x() - w // 2, anchor.center().y() - h // 2
            candidates = [
                QPoint(anchor.right() + 12, mid_y),
                QPoint(anchor.left() - 12 - w, mid_y),
                QPoint(mid_x, anchor.bottom() + 12),
                QPoint(mid_x, anchor.top() - 12 - h),
                QPoint(anchor.right() + 3 * anchor.width(), mid_y),
                QPoint(anchor.left() - 3 * anchor.width() - w, mid_y),
                QPoint(mid_x, area.top()),
                QPoint(mid_x, area.bottom() - h),
            ]
            candidates += docked
        best: tuple[int, int] | None = None
        chosen = candidates[0]
        for order, point in enumerate(candidates):
            x = min(max(area.left() + 4, point.x()), area.right() - w - 4)
            y = min(max(area.top() + 4, point.y()), area.bottom() - h - 4)
            rect = QRect(x, y, w, h)
            hidden = sum(1 for r in (avoid or []) if rect.intersects(r))
            if anchor is not None and rect.intersects(anchor):
                hidden += 100
            score = (hidden, order)
            if best is None or score < best:
                best, chosen = score, QPoint(x, y)
        self.move(chosen)
        self.raise_()
