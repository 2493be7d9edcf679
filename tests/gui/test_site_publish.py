"""League → Publish Website…: the folder chooser, publishing on the worker, progress and the result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.services.demo import DEMO_LEAGUE


def test_publish_website_from_the_league_menu(
    qtbot: Any, make_window: Any, demo_file: Path, tmp_path: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    assert window.act_publish_site.isEnabled()
    seen: list[str] = []
    window.runner.sig_busy.connect(seen.append)
    folder = tmp_path / "www"
    folder.mkdir()
    dialogs.script("choose_folder", str(folder))
    window.publish_website()
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=30_000)
    assert dialogs.errors == []
    home = (folder / "index.html").read_text(encoding="utf-8")
    assert DEMO_LEAGUE in home
    assert any("Reading teams" in text for text in seen)  # progress reached the GUI thread
    assert "Website published" in window.statusBar().currentMessage()
    assert window.settings.value("site/last_folder") == str(folder)


def test_cancelling_the_folder_chooser_writes_nothing(
    qtbot: Any, make_window: Any, demo_file: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    dialogs.script("choose_folder", None)
    window.publish_website()
    assert not window.runner.busy and dialogs.errors == []
