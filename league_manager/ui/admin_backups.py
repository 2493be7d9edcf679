"""File → Backups: the open league file's backups, "Back up now" and restoring one.

The dialog only lists and chooses; the main window does the restoring (it closes the
file, backs it up first, puts the backup in place and opens it again).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from league_manager.services.backup_files import BackupFile
from league_manager.ui.widgets import label

HEADERS = ("Taken", "Why", "Size", "File")


def size_text(size: int) -> str:
    """A file size in words."""
    return f"{size / 1_048_576:.1f} MB" if size >= 1_048_576 else f"{max(1, size // 1024):,} KB"


class BackupsDialog(QDialog):
    """The backups of the open league file.

    Args:
        lister: reads the backups again (after "Back up now").
        back_up: writes a backup now; returns False when it could not.
        restore: restores the chosen backup (after its own confirmation); True when done.
    """

    def __init__(
        self,
        lister: Callable[[], list[BackupFile]],
        back_up: Callable[[], bool],
        restore: Callable[[Path], bool],
        folder: Path,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.lister, self.back_up, self.restore = lister, back_up, restore
        self.setWindowTitle("Backups of the league file")
        self.resize(820, 460)
        outer = QVBoxLayout(self)
        outer.addWidget(label(
            f"Backups are kept in {folder}. Restoring one replaces the league file; the file as it is "
            "now is backed up first and kept beside it, so a restore can itself be taken back.",
            "help", wrap=True,
        ))  # fmt: skip
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        for column in range(len(HEADERS) - 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(HEADERS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.doubleClicked.connect(lambda _index: self.restore_selected())
        outer.addWidget(self.table, 1)
        self.empty = label('No backups of this file yet. "Back Up Now" makes one.', "help")
        outer.addWidget(self.empty)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.backup_button = self.buttons.addButton("Back Up Now", QDialogButtonBox.ButtonRole.ActionRole)
        self.restore_button = self.buttons.addButton("Restore…", QDialogButtonBox.ButtonRole.ActionRole)
        self.backup_button.clicked.connect(self.backup_now)
        self.restore_button.clicked.connect(self.restore_selected)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        self.backups: list[BackupFile] = []
        self.reload()

    def reload(self) -> None:
        """Read the backups again."""
        self.backups = self.lister()
        self.table.setRowCount(len(self.backups))
        for row, backup in enumerate(self.backups):
            taken = f"{backup.taken_at:%Y-%m-%d %H:%M:%S}"
            cells = (taken, backup.why, size_text(backup.size), backup.path.name)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(str(backup.path))
                self.table.setItem(row, column, item)
        self.empty.setVisible(not self.backups)
        self.table.setVisible(bool(self.backups))
        if self.backups:
            self.table.selectRow(0)
        self._update_buttons()

    def selected(self) -> BackupFile | None:
        """The chosen backup."""
        rows = self.table.selectionModel().selectedRows()
        return self.backups[rows[0].row()] if rows else None

    def backup_now(self) -> None:
        """Write a backup now and show it."""
        if self.back_up():
            self.reload()

    def restore_selected(self) -> None:
        """Restore the chosen backup (the main window confirms first); close when done."""
        chosen = self.selected()
        if chosen is not None and self.restore(chosen.path):
            self.accept()

    def _update_buttons(self) -> None:
        self.restore_button.setEnabled(self.selected() is not None)
