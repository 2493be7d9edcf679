"""The desktop app and damaged files: the newest good backup is offered for restore."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.persistence.backups import write_backup
from league_manager.persistence.migrate import head_revision
from league_manager.services.facade import Services


def broken_file_with_backup(folder: Path) -> tuple[Path, Path]:
    path = folder / "league.db"
    services = Services.open(path)
    services.leagues.create_league("Kept League")
    name = f"league-20260101-000000-before-{head_revision()}.db"
    backup = write_backup(services.engine, folder / "backups" / name)
    services.close()
    path.write_bytes(b"not a database any more" * 100)
    return path, backup


def test_unopenable_file_offers_its_backup(make_window: Any, tmp_path: Path, dialogs: Any) -> None:
    path, _backup = broken_file_with_backup(tmp_path)
    dialogs.script("confirm", True)
    window = make_window()
    window.restorer = Services.restore
    window.open_database(str(path), background=False)
    assert dialogs.errors == []
    assert window.db_path == str(path)
    assert window.nav_model.rowCount() == 1  # the restored league
    assert len(list(tmp_path.glob("league.db.replaced-*"))) == 1


def test_declining_the_restore_changes_nothing(make_window: Any, tmp_path: Path, dialogs: Any) -> None:
    path, _backup = broken_file_with_backup(tmp_path)
    before = path.read_bytes()
    dialogs.script("confirm", False)
    window = make_window()
    window.restorer = Services.restore
    window.open_database(str(path), background=False)
    assert path.read_bytes() == before
    assert window.ctx.services is None


def test_the_desktop_app_wires_the_restore(tmp_path: Path) -> None:
    from league_manager.app import build_window

    window = build_window(tmp_path / "settings.ini")
    assert window.restorer is not None
    window.close()


def test_unexpected_errors_get_a_copyable_report_and_the_window_lives_on(
    qtbot: Any, make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    from PySide6.QtCore import QTimer

    from league_manager.ui.crash import ExceptionHook

    window = make_window()
    hook = ExceptionHook(dialogs).install()
    try:

        def broken_slot() -> None:
            raise ZeroDivisionError("a bug in a slot")

        QTimer.singleShot(0, broken_slot)
        qtbot.waitUntil(lambda: bool(dialogs.errors), timeout=5_000)
    finally:
        hook.uninstall()
    title, text, report = dialogs.errors[-1]
    assert title == "Something went wrong" and "can still be used" in text
    assert "League Manager" in report and "ZeroDivisionError: a bug in a slot" in report
    assert "broken_slot" in report  # the traceback is in the report
    window.open_database(str(tmp_path / "after.db"), background=False)  # still usable
    assert window.db_path == str(tmp_path / "after.db")


def test_system_errors_in_the_hook_are_sentences(dialogs: Any) -> None:
    import errno

    from league_manager.ui.crash import ExceptionHook

    hook = ExceptionHook(dialogs)
    exc = OSError(errno.ENOSPC, "No space left on device", "book.pdf")
    hook(OSError, exc, None)
    _title, text, detail = dialogs.errors[-1]
    assert "disk is full" in text and detail == ""
