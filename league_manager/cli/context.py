"""What every CLI command receives: output helpers and lazily opened services."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from league_manager.services.facade import Services

from league_manager.core.urls import mask_password


@dataclass
class CliContext:
    """Output settings plus a factory for the services (opening the database lazily).

    Commands that need no database (rulesets, match simulation) never open one.
    """

    as_json: bool = False
    db: str | None = None
    stdout: TextIO = field(default_factory=lambda: sys.stdout)
    stderr: TextIO = field(default_factory=lambda: sys.stderr)
    _open_services: Callable[[], Services] | None = None
    _services: Services | None = None

    def services(self) -> Services:
        """The service facade over the selected database (opened and migrated on first use)."""
        if self._services is None:
            if self._open_services is None:  # pragma: no cover - wired by cli.main
                raise RuntimeError("no database configured")
            self._services = self._open_services()
        return self._services

    def unopened_database(self) -> str | None:
        """The database named for this run while no services have opened it yet: a
        read-only listing may read a league file at the newest schema directly."""
        return self.db if self._services is None else None

    def print(self, text: str = "") -> None:
        """Print a line for people."""
        print(text, file=self.stdout)

    def emit(self, data: Any, text: Callable[[], str]) -> int:
        """Print ``data`` as JSON with ``--json``, else the text ``text()`` builds; exit 0."""
        if self.as_json:
            json.dump(data, self.stdout, indent=2, ensure_ascii=False, default=str)
            self.stdout.write("\n")
        else:
            self.print(text())
        return 0

    def fail(self, message: str, code: int = 1) -> int:
        """Report a refused command on stderr (never with a password) and return its exit code."""
        print(f"league-manager: {mask_password(message)}", file=self.stderr)
        return code
