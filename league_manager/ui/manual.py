"""Help → User Manual: the short offline manual shipped in resources/manual, in its own window."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from league_manager.core.resources import resource

MANUAL = ("manual", "index.html")
"""The manual's path under resources/."""


class ManualWindow(QDialog):
    """The user manual: how a league night runs, each page, the keyboard keys (no network needed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("League Manager: user manual")
        self.resize(760, 820)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setSource(QUrl.fromLocalFile(str(resource(*MANUAL))))
        layout.addWidget(self.browser, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)

    def text(self) -> str:
        """The manual as plain text."""
        return self.browser.toPlainText()
