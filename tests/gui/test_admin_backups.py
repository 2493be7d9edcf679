"""File → Backups: list the league file's backups, back up now, restore one after a confirmation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.services.facade import Services
from league_manager.ui.admin_backups import BackupsDialog


def _window(make_window: Any, league_file: Path) -> Any:
    window = make_window()
    window.restorer = Services.restore
    window.open_database(str(league_file), background=False)
    return window


def _with_dialog(window: Any, dialogs: Any, act: Any) -> BackupsDialog:
    shown: list[BackupsDialog] = []

    def run(dialog: Any) -> bool:
        assert isinstance(dialog, BackupsDialog)
        shown.append(dialog)
        act(dialog)
        return True

    dialogs.on_run = run
    window.admin.act_backups.trigger()
    assert shown
    return shown[0]


def test_back_up_now_lists_it(make_window: Any, league_file: Path, dialogs: Any, tmp_path: Path) -> None:
    window = _window(make_window, league_file)
    (tmp_path / "backups").mkdir()
    (tmp_path / "backups" / "other-league-20260101-120000-manual.db").write_bytes(b"not ours")

    def act(dialog: BackupsDialog) -> None:
        assert dialog.backups == [] and not dialog.restore_button.isEnabled()
        dialog.backup_button.click()
        assert len(dialog.backups) == 1 and dialog.backups[0].why == "by hand"
        assert dialog.table.rowCount() == 1 and dialog.restore_button.isEnabled()

    _with_dialog(window, dialogs, act)
    assert not dialogs.errors


def test_restore_after_confirmation(make_window: Any, league_file: Path, dialogs: Any) -> None:
    window = _window(make_window, league_file)
    assert window.admin.back_up_now()
    window.ctx.svc.leagues.create_league("Added After The Backup")
    assert len(window.ctx.svc.leagues.list_leagues()) == 2

    dialogs.script("confirm", False)  # refused: nothing changes
    _with_dialog(window, dialogs, lambda d: d.restore_button.click())
    assert len(window.ctx.svc.leagues.list_leagues()) == 2

    dialogs.script("confirm", True)
    dialog = _with_dialog(window, dialogs, lambda d: d.restore_button.click())
    assert dialog.result() == BackupsDialog.DialogCode.Accepted
    assert [lg.name for lg in window.ctx.svc.leagues.list_leagues()] == ["Test League"]
    # The file as it was before the restore was backed up first: it can be put back.
    after = window.ctx.svc.list_backups(window.backup_dir(window.db_path))
    assert len(after) == 2 and all(b.why == "by hand" for b in after)
    assert not dialogs.errors


def test_a_broken_backup_is_refused_and_changes_nothing(
    make_window: Any, league_file: Path, dialogs: Any, tmp_path: Path
) -> None:
    window = _window(make_window, league_file)
    broken = tmp_path / "backups" / "test-league-20260101-120000-manual.db"
    broken.parent.mkdir()
    broken.write_bytes(b"this is not a league file")
    dialogs.script("confirm", True)
    _with_dialog(window, dialogs, lambda d: d.restore_selected())
    assert dialogs.errors and "cannot be restored" in dialogs.errors[-1][1]
    assert [lg.name for lg in window.ctx.svc.leagues.list_leagues()] == ["Test League"]


def test_admin_pages_for_screenshots(make_window: Any, league_file: Path) -> None:
    from league_manager.core.errors import LeagueError
    from league_manager.ui.admin_settings import LeagueSettingsDialog

    window = _window(make_window, league_file)
    backups = window.show_spec("backups")
    settings = window.show_spec("settings:test league")
    assert isinstance(backups, BackupsDialog) and isinstance(settings, LeagueSettingsDialog)
    assert settings.league.name == "Test League"
    try:
        window.show_spec("move-fixture:x")
    except LeagueError as refused:
        assert "move-fixture:ID" in str(refused)
    else:
        raise AssertionError("a bad spec was accepted")
    backups.close()
    settings.close()
