"""The demo league lives in a file of its own, never in the user's league files.

The Welcome page's "Open the demo league" opens (creating on first use) that file and shows
the demo league in it; "Create a league" while the demo file is open starts a new file of the
user's own instead of adding a league to the demo's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from league_manager.ui.main_window import MainWindow

DEMO_FILE_NAME = "demo.db"


def default_demo_path(settings_file: str) -> str:
    """The demo file beside the settings file (the application passes the user's data folder)."""
    return str(Path(settings_file).with_name(DEMO_FILE_NAME))


def is_demo_file(window: MainWindow) -> bool:
    """Whether the open league file is the demo's."""
    return bool(window.db_path) and Path(str(window.db_path)).resolve() == Path(window.demo_path).resolve()


def open_demo(window: MainWindow) -> None:
    """Open the demo file (created on first use) and show its demo league."""
    if not is_demo_file(window):
        Path(window.demo_path).parent.mkdir(parents=True, exist_ok=True)
        window.open_database(window.demo_path, background=False, then=("welcome", None))
        if not is_demo_file(window):
            return  # the file could not be opened: the error was shown
    services = window.ctx.svc
    window.runner.run_op(
        services.create_demo,
        title="Could not open the demo league",
        on_success=lambda league: window.navigate("league", league.id),
        background=True,
        busy="Drafting the demo teams…",
    )
