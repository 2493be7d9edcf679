"""Physical dice on the board: a small entry beside the pitch that asks for each die's value.

When the coaches switch "Type dice" on (key D), the board's :class:`BoardDice` asks
:meth:`DiceEntry.ask` for every roll: the entry shows which die is rolled and for what, takes
the value from the keyboard (digits, Enter) and returns it; Esc lets the program roll that
die. The entry runs a local event loop while it waits, because the engine asks in the middle
of an action.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEventLoop, QPoint, QSize, Qt
from PySide6.QtGui import QIntValidator, QKeyEvent
from PySide6.QtWidgets import QFrame, QLabel, QLineEdit, QVBoxLayout, QWidget


class DieLine(QLineEdit):
    """The value field: Esc hands the die back to the program."""

    def __init__(self, entry: DiceEntry) -> None:
        super().__init__(entry)
        self.entry = entry

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.entry.finish(None)
            return
        super().keyPressEvent(event)


class DiceEntry(QFrame):
    """Asks for one die at a time over the board view; ``typed`` lists what was typed."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.area = parent
        self.setObjectName("diceEntry")
        self.setAutoFillBackground(True)
        self.setStyleSheet(
            "#diceEntry { background: rgba(20, 24, 30, 235); border: 2px solid #7fd3ff;"
            " border-radius: 6px; } QLabel { color: #f2f2f2; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 10)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; color: #7fd3ff;")
        self.title.setWordWrap(True)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.field = DieLine(self)
        self.field.setMaxLength(2)
        self.field.returnPressed.connect(self._enter)
        layout.addWidget(self.title)
        layout.addWidget(self.field)
        layout.addWidget(self.hint)
        self.sides = 6
        self.asking = False
        self._value: int | None = None
        self._loop: QEventLoop | None = None
        self.hide()

    def ask(self, sides: int, label: str, spot: Callable[[QSize], QPoint] | None = None) -> int | None:
        """Wait for the value of a D``sides`` rolled for ``label`` (None: the program rolls).

        ``spot`` gives the entry's top-left corner for its size (the board puts it in the strip
        beside the pitch, where it covers nothing); without it the entry sits top-centre.
        """
        self.sides, self._value, self.asking = sides, None, True
        self.title.setText(f"Type the D{sides}" + (f" for {label}" if label else ""))
        self.hint.setText(f"1-{sides}, Enter · Esc: the program rolls it")
        self.field.setValidator(QIntValidator(1, sides, self.field))
        self.field.clear()
        self.adjustSize()
        width = min(self.sizeHint().width(), self.maximumWidth())
        height = self.heightForWidth(width) if self.hasHeightForWidth() else self.sizeHint().height()
        self.resize(width, max(height, self.minimumSizeHint().height()))  # wrapped lines get their height
        area = self.area.rect()
        if spot is not None:
            self.move(spot(self.size()))
        else:
            self.move(area.center().x() - self.width() // 2, area.top() + 12)
        self.show()
        self.raise_()
        self.field.setFocus()
        self._loop = QEventLoop()
        self._loop.exec()
        self._loop = None
        self.asking = False
        self.hide()
        return self._value

    def _enter(self) -> None:
        text = self.field.text().strip()
        if text.isdigit() and 1 <= int(text) <= self.sides:
            self.finish(int(text))
        else:
            self.hint.setText(f"A D{self.sides} shows 1 to {self.sides}; Esc: the program rolls it")

    def finish(self, value: int | None) -> None:
        """Answer the question being asked (None: the program rolls the die)."""
        self._value = value
        if self._loop is not None:
            self._loop.quit()
