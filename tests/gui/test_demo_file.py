"""The demo league lives in its own file, opened from the Welcome page, apart from the user's leagues;
the user's own file is chosen or created from the Welcome page too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.services.facade import Services


def _league_names(path: Path) -> list[str]:
    services = Services.open(path)
    try:
        return [lg.name for lg in services.leagues.list_leagues()]
    finally:
        services.close()


def test_demo_opens_in_its_own_file_not_the_users(
    qtbot: Any, make_window: Any, league_file: Path, tmp_path: Path, dialogs: Any
) -> None:
    window = make_window()
    window.demo_path = str(tmp_path / "data" / "demo.db")
    window.open_database(str(league_file), background=False)
    window.welcome_page.buttons["demo"].click()
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.league_page, timeout=15_000)
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=15_000)
    assert window.db_path == str(Path(window.demo_path).resolve())
    assert window.league_page.model.rowCount() == 8
    assert _league_names(league_file) == ["Test League"]  # the user's file got no demo league
    # "Create a league" while the demo is open starts a file of the user's own
    own = tmp_path / "mine.db"
    dialogs.script("save_file", str(own))
    created: list[Any] = []
    dialogs.on_run = lambda wizard: created.append(wizard) and False
    window.window_action("new-league")
    assert window.db_path == str(own.resolve()) and created  # the wizard ran in the new file
    assert _league_names(Path(window.demo_path)) == ["Demo League"]
    # opening the demo again finds it, without a second demo league
    window.welcome_page.buttons["demo"].click()
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=15_000)
    assert window.db_path == str(Path(window.demo_path).resolve())
    assert window.ctx.svc.leagues.list_leagues()[0].name == "Demo League"
    assert len(window.ctx.svc.leagues.list_leagues()) == 1


def test_welcome_page_creates_a_league_file_of_the_users_own(
    qtbot: Any, make_window: Any, league_file: Path, tmp_path: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(league_file), background=False)
    target = tmp_path / "club" / "our-league.db"
    target.parent.mkdir()
    dialogs.script("save_file", str(target))
    dialogs.on_run = lambda _wizard: False  # the New League wizard opens in it; cancelled here
    window.welcome_page.buttons["new-file"].click()
    assert window.db_path == str(target.resolve()) and target.exists()
    assert str(target.resolve()) == window.recent_files()[0]
    # an existing file is not overwritten
    dialogs.script("save_file", str(league_file))
    window.welcome_page.buttons["new-file"].click()
    assert "already exists" in dialogs.errors[-1][1]
    assert window.db_path == str(target.resolve())
