"""The last-resort exception hook: any unexpected error becomes a dialog with a copyable report."""

from __future__ import annotations

import logging
import platform
import sys
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import Any

from league_manager import __version__
from league_manager.core.errors import LeagueError
from league_manager.core.system_errors import describe_system_error
from league_manager.ui.dialogs import DialogService

log = logging.getLogger(__name__)

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], Any]


def error_report(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> str:
    """The text a user copies into a bug report: versions, then the traceback."""
    lines = [
        f"League Manager {__version__}",
        f"Python {platform.python_version()} on {platform.platform()}",
        "",
        *traceback.format_exception(kind, exc, tb),
    ]
    return "\n".join(line.rstrip("\n") for line in lines)


class ExceptionHook:
    """Shows an unexpected error in a dialog; the program keeps running.

    Installed as ``sys.excepthook`` while the desktop application runs (PySide6 hands
    exceptions raised in slots and event handlers to it).
    """

    def __init__(self, dialogs: DialogService) -> None:
        self.dialogs = dialogs
        self.previous: Hook | None = None
        self._showing = False

    def __call__(self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        """Report one exception (log it, then show it, never recursively)."""
        if issubclass(kind, KeyboardInterrupt) and self.previous is not None:
            self.previous(kind, exc, tb)
            return
        log.error("unexpected error", exc_info=(kind, exc, tb))
        if self._showing:
            return
        self._showing = True
        try:
            self._show(kind, exc, tb)
        except Exception:  # the report itself failed: the log has it
            log.exception("could not show the error report")
        finally:
            self._showing = False

    def _show(self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        sentence = describe_system_error(exc)
        if isinstance(exc, LeagueError):
            self.dialogs.error("Could not do that", str(exc))
        elif sentence is not None:
            self.dialogs.error("Could not do that", sentence[0].upper() + sentence[1:])
        else:
            self.dialogs.error(
                "Something went wrong",
                f"An unexpected error happened: {exc}. The window can still be used; "
                "nothing unsaved was lost. Please copy the report below into a bug report.",
                error_report(kind, exc, tb),
            )

    def install(self) -> ExceptionHook:
        """Make this the process's ``sys.excepthook`` (remembering the one before)."""
        self.previous = sys.excepthook
        sys.excepthook = self
        return self

    def uninstall(self) -> None:
        """Put back the hook that was there before."""
        if sys.excepthook is self and self.previous is not None:
            sys.excepthook = self.previous
