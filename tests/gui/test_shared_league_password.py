"""Reopening a shared (PostgreSQL) league asks for its password, and no screen keeps it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.core.errors import PasswordNeeded
from league_manager.services.facade import Services

URL = "postgresql+psycopg://coach@db.example/league"
SECRET = "s3cret"


class SharedServices(Services):
    """A league file standing in for a server database (no server in the GUI tests)."""

    @property
    def location(self) -> str:
        return URL


def server(league_file: Path, attempts: list[str]) -> Any:
    """An opener that, like a server, wants the password and refuses a wrong one."""

    def open_(url: str) -> Services:
        attempts.append(url)
        if f":{SECRET}@" not in url:
            raise PasswordNeeded(f"cannot open {URL}: the server wants a password (no password supplied)")
        services = Services.open(league_file)
        services.__class__ = SharedServices
        return services

    return open_


def test_reopening_a_shared_league_asks_for_the_password_and_never_keeps_it(
    qtbot: Any, make_window: Any, league_file: Path, dialogs: Any, settings_path: Path
) -> None:
    attempts: list[str] = []
    window = make_window()
    window.opener = server(league_file, attempts)
    dialogs.script("password", "wrong", SECRET)
    window.open_database(URL, background=False)
    qtbot.waitUntil(lambda: window.db_path is not None, timeout=20_000)
    assert len(attempts) == 3 and attempts[-1] == f"postgresql+psycopg://coach:{SECRET}@db.example/league"
    assert dialogs.errors == []
    assert window.db_path == URL and window.nav_model.rowCount() == 1
    shown = [window.windowTitle(), window.db_label.text(), window.db_label.toolTip()]
    shown += [action.text() for action in window.recent_menu.actions()] + window.recent_files()
    assert all(SECRET not in text for text in shown)
    assert "league on db.example" in window.windowTitle()
    window.settings.sync()
    assert SECRET not in settings_path.read_text(encoding="utf-8")


def test_cancelling_the_password_leaves_nothing_open(
    make_window: Any, league_file: Path, dialogs: Any
) -> None:
    attempts: list[str] = []
    window = make_window()
    window.opener = server(league_file, attempts)
    dialogs.script("password", None)
    window.open_database(URL, background=False)
    assert attempts == [URL] and window.ctx.services is None and dialogs.errors == []
