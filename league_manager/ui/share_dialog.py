"""File → Share League: copy a league of the open file onto a PostgreSQL server.

The same copy as ``league-manager share LEAGUE --server URL [--replace]``, run off the
GUI thread. The password is typed in its own masked field and joined to the URL for the
connection only: it is never shown, logged or put in the recent files.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.core.urls import is_server_url, mask_password, with_password
from league_manager.ui.widgets import label


class CopyResult(Protocol):
    """What the share service reports (``CopyReport``)."""

    league: str
    rows: dict[str, int]
    replaced: bool
    checks: dict[str, int]


ShareFn = Callable[[str, str, bool], CopyResult]
Background = Callable[[Callable[[], Any], Callable[[Any], None], Callable[[BaseException], None], str], None]


def copied_text(report: CopyResult) -> str:
    """The rows copied per table, in words (tables with no rows left out)."""
    lines = [f"{'Replaced' if report.replaced else 'Shared'} {report.league} on the server. Copied:"]
    lines += [f"  {table}: {count}" for table, count in report.rows.items() if count]
    lines.append(f"Checked on the server: {len(report.checks)} figures (balances, players, wins) equal.")
    return "\n".join(lines)


def server_target(url: str, password: str) -> str:
    """The URL to connect to: ``url`` with ``password`` put in when one was typed.

    Raises:
        LeagueError: ``url`` does not name a database server.
    """
    url = url.strip()
    if not is_server_url(url):
        raise LeagueError("Type the server's URL, e.g. postgresql://commissioner@host/league")
    return with_password(url, password) if password else url


class ShareLeagueDialog(QDialog):
    """Choose a league, the server, its password and "replace"; then copy and show what was copied.

    Args:
        leagues: the league names of the open file.
        share: the service call ``(league, server URL, replace) -> CopyReport``.
        background: runs a job off the GUI thread (``runner.call_in_background``).
        chosen: the league selected in the window, if any.
    """

    def __init__(
        self,
        leagues: list[str],
        share: ShareFn,
        background: Background,
        chosen: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.share, self.background = share, background
        self.setWindowTitle("Share league on a server")
        self.resize(620, 460)
        outer = QVBoxLayout(self)
        outer.addWidget(label(
            "Copies the league onto a PostgreSQL server, where the coaches log in with their own "
            "names. Nothing on the server changes unless the whole copy reads back equal.",
            "help", wrap=True,
        ))  # fmt: skip
        form = QFormLayout()
        self.league = QComboBox()
        self.league.addItems(leagues)
        if chosen in leagues:
            self.league.setCurrentText(chosen)
        form.addRow("League", self.league)
        self.url = QLineEdit()
        self.url.setPlaceholderText("postgresql://commissioner@host:5432/league")
        form.addRow("Server URL", self.url)
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText("used for this copy only, never stored")
        form.addRow("Password", self.password)
        self.replace = QCheckBox("Replace the league if the server already holds it")
        form.addRow("", self.replace)
        outer.addLayout(form)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # moving while the copy runs
        self.busy.setVisible(False)
        outer.addWidget(self.busy)
        self.outcome = QPlainTextEdit()
        self.outcome.setReadOnly(True)
        self.outcome.setPlaceholderText("What was copied, or why not, shows here.")
        outer.addWidget(self.outcome, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.share_button = buttons.addButton("Share", QDialogButtonBox.ButtonRole.ActionRole)
        self.share_button.clicked.connect(self.start)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self.share_button.setEnabled(bool(leagues))
        self.succeeded = False

    def start(self) -> bool:
        """Start the copy in the background; False (with the reason shown) when it cannot start."""
        try:
            target = server_target(self.url.text(), self.password.text())
        except LeagueError as exc:
            self.outcome.setPlainText(str(exc))
            return False
        league, replace = self.league.currentText(), self.replace.isChecked()
        self.share_button.setEnabled(False)
        self.busy.setVisible(True)
        self.outcome.setPlainText(f"Copying {league} onto {mask_password(target)}…")
        self.background(
            lambda: self.share(league, target, replace), self._done, self._failed, f"Sharing {league}…"
        )
        return True

    def _done(self, report: CopyResult) -> None:
        self.busy.setVisible(False)
        self.share_button.setEnabled(True)
        self.succeeded = True
        self.outcome.setPlainText(copied_text(report))

    def _failed(self, exc: BaseException) -> None:
        self.busy.setVisible(False)
        self.share_button.setEnabled(True)
        why = str(exc) if isinstance(exc, LeagueError) else f"{type(exc).__name__}: {exc}"
        self.outcome.setPlainText("Not shared: " + mask_password(why))
