"""What every page shares: the open services, the operation runner, dialogs and navigation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from league_manager.core.errors import LeagueError
from league_manager.services.changes import Changes
from league_manager.ui.dialogs import DialogService
from league_manager.ui.operations import OpRunner

if TYPE_CHECKING:
    from league_manager.services.facade import Services


class UiContext(QObject):
    """Shared state of the main window, handed to every page (no global registry)."""

    sig_navigate = Signal(str, object)
    """Emitted to show a page: ("league", id), ("team", id), ("player", id), ("draft", team id),
    ("new-team", league id), ("welcome", None)."""

    sig_action = Signal(str)
    """Emitted to ask the main window for a window-level action ("new-league", "open", "demo")."""

    def __init__(self, dialogs: DialogService) -> None:
        super().__init__()
        self.dialogs = dialogs
        self.runner = OpRunner(dialogs)
        self.services: Services | None = None

    @property
    def svc(self) -> Services:
        """The open league's services (pages are shown only while a league file is open)."""
        if self.services is None:
            raise LeagueError("no league file is open")
        return self.services

    @property
    def bus(self):
        """The change broadcaster."""
        return self.runner.bus

    def navigate(self, kind: str, ident: object = None) -> None:
        """Show a page."""
        self.sig_navigate.emit(kind, ident)

    def action(self, name: str) -> None:
        """Trigger a window-level action."""
        self.sig_action.emit(name)


class Page(QWidget):
    """Base of the centre pages: reloads itself when a change concerns it."""

    kind = ""

    def __init__(self, ctx: UiContext, parent=None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.ident: Any = None
        self._stale = False
        ctx.bus.sig_changed.connect(self._on_changes)

    def show_item(self, ident: Any) -> None:
        """Show the league, team or player ``ident``."""
        self.ident = ident
        self.reload()

    def reload(self) -> None:
        """Read the page's data again from the services."""

    def concerns(self, changes: Changes) -> bool:
        """True when ``changes`` touch what the page shows."""
        return True

    def title(self) -> str:
        """Window-title part for this page."""
        return ""

    def _on_changes(self, changes: Changes) -> None:
        if self.ident is None or self.ctx.services is None or not self.concerns(changes):
            return
        if not self.isVisible():
            self._stale = True
            return
        try:
            self.reload()
        except LeagueError:  # what the page showed is gone; the window moves on
            self.ident = None

    def showEvent(self, event) -> None:
        if self._stale:
            self._stale = False
            self.reload()
        super().showEvent(event)
