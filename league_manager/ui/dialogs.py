"""Every message box, question and file chooser goes through a DialogService.

Tests replace it with a scripted fake, so no modal dialog ever blocks a test run.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QLineEdit, QMessageBox, QWidget

LEAGUE_FILES = "League files (*.db *.sqlite *.league);;All files (*)"
PDF_FILES = "PDF documents (*.pdf);;All files (*)"
JSON_FILES = "League JSON files (*.json);;All files (*)"
TEAM_FILES = "Team files (*.xml *.json);;All files (*)"


class DialogService:
    """Modal dialogs for the desktop application."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    def info(self, title: str, text: str) -> None:
        """Tell the user something."""
        QMessageBox.information(self.parent, title, text)

    def error(self, title: str, text: str, detail: str = "") -> None:
        """Report something that went wrong (nothing was changed)."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self.parent)
        if detail.count("\n") > 3:  # a report: shown on demand, selectable, with a copy button
            box.setDetailedText(detail)
            copy = box.addButton("Copy report", QMessageBox.ButtonRole.ActionRole)
            copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(detail))
        elif detail:
            box.setInformativeText(detail)
        box.exec()

    def confirm(self, title: str, text: str, ok: str = "OK") -> bool:
        """Ask before doing something; True when the user agrees."""
        box = QMessageBox(
            QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, self.parent
        )
        yes = box.addButton(ok, QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is yes

    def open_file(self, title: str, folder: str = "") -> str | None:
        """Choose an existing league file."""
        path, _ = QFileDialog.getOpenFileName(self.parent, title, folder, LEAGUE_FILES)
        return path or None

    def save_file(self, title: str, suggestion: str = "") -> str | None:
        """Choose where to write a league file."""
        path, _ = QFileDialog.getSaveFileName(self.parent, title, suggestion, LEAGUE_FILES)
        return path or None

    def save_pdf(self, title: str, suggestion: str = "") -> str | None:
        """Choose where to write a PDF."""
        path, _ = QFileDialog.getSaveFileName(self.parent, title, suggestion, PDF_FILES)
        return path or None

    def choose_folder(self, title: str, folder: str = "") -> str | None:
        """Choose a folder to write into (created files go inside it)."""
        return QFileDialog.getExistingDirectory(self.parent, title, folder) or None

    def save_json(self, title: str, suggestion: str = "") -> str | None:
        """Choose where to write a league JSON file."""
        path, _ = QFileDialog.getSaveFileName(self.parent, title, suggestion, JSON_FILES)
        return path or None

    def open_json(self, title: str, folder: str = "") -> str | None:
        """Choose a league JSON file to read."""
        path, _ = QFileDialog.getOpenFileName(self.parent, title, folder, JSON_FILES)
        return path or None

    def open_team_file(self, title: str, folder: str = "") -> str | None:
        """Choose a team file of another tool (OBBLM XML, FUMBBL JSON)."""
        path, _ = QFileDialog.getOpenFileName(self.parent, title, folder, TEAM_FILES)
        return path or None

    def text(self, title: str, label: str, value: str = "") -> str | None:
        """Ask for a line of text; None when cancelled."""
        result, ok = QInputDialog.getText(self.parent, title, label, text=value)
        return result if ok else None

    def password(self, title: str, label: str) -> str | None:
        """Ask for a password (typed hidden, never remembered); None when cancelled."""
        result, ok = QInputDialog.getText(self.parent, title, label, QLineEdit.EchoMode.Password)
        return result if ok else None

    def number(self, title: str, label: str, value: int, low: int, high: int) -> int | None:
        """Ask for a whole number; None when cancelled."""
        result, ok = QInputDialog.getInt(self.parent, title, label, value, low, high)
        return result if ok else None

    def item(self, title: str, label: str, items: list[str]) -> str | None:
        """Choose one of ``items``; None when cancelled."""
        result, ok = QInputDialog.getItem(self.parent, title, label, items, 0, False)
        return result if ok else None

    def run(self, dialog: QDialog) -> bool:
        """Show a custom dialog modally; True when accepted."""
        return dialog.exec() == QDialog.DialogCode.Accepted
