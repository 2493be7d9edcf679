"""The composition root: which league file the desktop application opens first."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from league_manager import app
from league_manager.persistence.location import default_database


def test_explicit_database_wins(tmp_path: Path) -> None:
    chosen = str(tmp_path / "chosen.db")
    assert app.choose_database(chosen, tmp_path / "s.ini") == chosen


def test_default_database_gives_way_to_the_last_file_opened(tmp_path: Path) -> None:
    settings_path = tmp_path / "s.ini"
    last = tmp_path / "last.db"
    last.write_bytes(b"")
    settings = QSettings(str(settings_path), QSettings.Format.IniFormat)
    settings.setValue("recent", [str(tmp_path / "gone.db"), str(last)])
    settings.sync()
    assert app.choose_database(default_database(), settings_path) == str(last)
    assert app.choose_database(None, tmp_path / "empty.ini") == default_database()


def test_settings_and_backups_live_in_the_user_folders(tmp_path: Path) -> None:
    assert app.settings_file().name == "desktop.ini"
    assert app.backup_dir(str(tmp_path / "league.db")) == tmp_path / "backups"


def test_screenshot_size_is_parsed_and_bad_sizes_are_refused() -> None:
    import argparse

    import pytest

    assert app._size("1366x768") == (1366, 768)
    assert app._size("1920X1080") == (1920, 1080)
    for bad in ("12", "wide", "100x100", "1366x"):
        with pytest.raises(argparse.ArgumentTypeError):
            app._size(bad)


def test_screenshot_renders_at_the_size_asked(tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    out = tmp_path / "small.png"
    assert app.screenshot(str(tmp_path / "l.db"), out, "welcome", None, (1366, 768)) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1366, 768)
