"""League → Publish Website…: choose a folder, publish on the worker thread, show progress."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from league_manager.reports.site import PublishReport, publish_site

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from league_manager.services.facade import Services
    from league_manager.ui.dialogs import DialogService
    from league_manager.ui.operations import OpRunner

LAST_FOLDER = "site/last_folder"
"""Settings key: the folder the last website was published to (offered next time)."""


def publish_website(
    services: Services,
    league_id: int,
    dialogs: DialogService,
    runner: OpRunner,
    settings: QSettings,
    done: Callable[[PublishReport], None],
) -> bool:
    """Ask for a folder and publish the league's website there without blocking the window.

    Progress goes to the status bar's busy line (``runner.sig_busy``) as it happens.

    Returns:
        False when the user cancelled the folder chooser (nothing is written).
    """
    league = services.leagues.get_league(league_id)
    last = str(settings.value(LAST_FOLDER, "") or "")
    chosen = dialogs.choose_folder(f"Publish the website of {league.name} into…", last)
    if not chosen:
        return False
    settings.setValue(LAST_FOLDER, chosen)
    folder = Path(chosen)

    def progress(text: str) -> None:
        runner.sig_busy.emit(f"Publishing the website: {text}…")  # queued to the GUI thread

    runner.call_in_background(
        lambda: publish_site(services, league_id, folder, progress),
        done,
        lambda exc: runner.report("Could not publish the website", exc),
        f"Publishing the website of {league.name}…",
    )
    return True
