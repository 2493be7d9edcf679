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
