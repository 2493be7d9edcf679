"""The main window: opening files (and refusing newer ones), the wizard, backups, remembered state."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWizard

from league_manager.app import main as cli_main
from league_manager.services.facade import Services
from league_manager.ui.wizard import NewLeagueWizard


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_newer_database_is_refused_and_left_alone(make_window: Any, league_file: Path, tmp_path: Path,
                                                  dialogs: Any) -> None:  # fmt: skip
    newer = tmp_path / "from-the-future.db"
    newer.write_bytes(league_file.read_bytes())
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_a_newer_version'")
    conn.close()
    before = _digest(newer)
    window = make_window()
    window.open_database(str(league_file), background=False)
    window.open_database(str(newer), background=False)
    title, text, detail = dialogs.errors[-1]
    assert title == "Cannot open this league file"
    assert "newer version of League Manager" in text and "left exactly as it was" in detail
    assert _digest(newer) == before
    assert not (newer.parent / "backups").exists()
    assert window.db_path == str(league_file)  # the open file stays open
    assert str(newer) not in window.recent_files()


def test_opening_in_the_background(qtbot: Any, make_window: Any, demo_file: Path) -> None:
    window = make_window()
    window.open_database(str(demo_file))
    qtbot.waitUntil(lambda: window.ctx.services is not None and not window.runner.busy, timeout=10_000)
    assert window.stack.currentWidget() is window.league_page
    assert window.league_page.model.rowCount() == 8
    assert window.nav_model.rowCount() == 1
    assert "demo.db" in window.windowTitle() and str(demo_file) in window.db_label.text()


def test_welcome_page_when_file_has_no_league(make_window: Any, tmp_path: Path, dialogs: Any) -> None:
    window = make_window()
    window.open_database(str(tmp_path / "new.db"), background=False)
    assert window.stack.currentWidget() is window.welcome_page
    assert not window.act_new_team.isEnabled()
    window.new_team()
    assert window.stack.currentWidget() is window.welcome_page


def test_new_league_wizard_creates_the_league(
    qtbot: Any, make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(tmp_path / "new.db"), background=False)

    def fill(wizard: Any) -> bool:
        assert isinstance(wizard, NewLeagueWizard)
        assert not wizard.name_page.isComplete()
        qtbot.keyClicks(wizard.name_page.name, "Old World Classic")
        assert wizard.name_page.isComplete()
        wizard.rules_page.editors["budget"].setValue(1_100_000)
        wizard.rules_page.editors["points_win"].setValue(2)
        labels = [rule.label for rule in wizard.rules_page.rules]
        assert "Draft budget" in labels and len(labels) >= 5
        return True

    dialogs.on_run = fill
    window.welcome_page.buttons["new-league"].click()
    league = window.ctx.services.leagues.get_league("Old World Classic")
    assert league.settings["budget"] == 1_100_000 and league.settings["points_win"] == 2
    assert window.stack.currentWidget() is window.league_page
    assert window.nav_model.find("league", league.id).isValid()
    window.navigate("new-team", league.id)
    assert window.draft_page.budget == 1_100_000


def test_new_league_wizard_sets_the_season3_edition(
    qtbot: Any, make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(tmp_path / "new.db"), background=False)

    def fill(wizard: Any) -> bool:
        qtbot.keyClicks(wizard.name_page.name, "Third Season")
        combo = wizard.name_page.ruleset
        combo.setCurrentIndex(combo.findData("bb2025"))
        keys = {rule.key for rule in wizard.rules_page.rules}
        assert "dedicated_fans_in_tv" in keys and "master_chef_discount_for_thimble_cup" not in keys
        return True

    dialogs.on_run = fill
    window.welcome_page.buttons["new-league"].click()
    league = window.ctx.services.leagues.get_league("Third Season")
    assert (league.ruleset, league.settings["dedicated_fans_in_tv"]) == ("bb2025", False)
    window.navigate("new-team", league.id)
    page = window.draft_page
    assert page.ruleset.id == "bb2025" and page.race.findData("bretonnian") >= 0
    assert page.model.headerData(8, Qt.Orientation.Horizontal) == "Keywords"


def test_wizard_refuses_a_taken_name(qtbot: Any) -> None:
    wizard = NewLeagueWizard({"Demo League"})
    try:
        wizard.name_page.name.setText("demo league")
        assert not wizard.name_page.isComplete()
        assert "already exists" in wizard.name_page.problem.text()
        assert wizard.settings() == {}
        assert wizard.button(QWizard.WizardButton.FinishButton).text() == "Create league"
    finally:
        shiboken6.delete(wizard)  # never deleteLater a QWizard (see MainWindow.new_league)


def test_demo_from_the_welcome_page(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = make_window()
    window.open_database(str(tmp_path / "new.db"), background=False)
    window.welcome_page.buttons["demo"].click()
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.league_page, timeout=15_000)
    assert window.league_page.model.rowCount() == 8


def test_backup_and_save_a_copy(qtbot: Any, make_window: Any, league_file: Path, tmp_path: Path,
                                dialogs: Any) -> None:  # fmt: skip
    window = make_window()
    window.open_database(str(league_file), background=False)
    window.backup_now()
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=10_000)
    copies = list((tmp_path / "backups").glob("*-manual.db"))
    assert len(copies) == 1
    target = tmp_path / "copy.db"
    dialogs.script("save_file", str(target))
    window.save_copy()
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=10_000)
    services = Services.open(target)
    assert [lg.name for lg in services.leagues.list_leagues()] == ["Test League"]
    services.close()
    assert dialogs.errors == []


def test_open_file_and_recent_files(
    make_window: Any, league_file: Path, demo_file: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(league_file), background=False)
    dialogs.script("open_file", str(demo_file))
    window.choose_file()
    window.runner.wait_for_done(10_000)
    for _ in range(20):
        QApplication.processEvents()
    assert window.db_path == str(demo_file)
    assert window.recent_files()[:2] == [str(demo_file), str(league_file)]
    assert len(window.recent_menu.actions()) == 2
    window.recent_menu.actions()[1].trigger()
    window.runner.wait_for_done(10_000)
    for _ in range(20):
        QApplication.processEvents()
    assert window.db_path == str(league_file)


def test_window_remembers_size_splitter_and_last_league(make_window: Any, demo_file: Path) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    window.resize(1200, 800)
    QApplication.processEvents()
    window.splitter.setSizes([330, window.splitter.width() - 330])
    league = window.ctx.services.leagues.list_leagues()[0]
    window.navigate("league", league.id)
    window.close()
    again = make_window(resize=False)
    QApplication.processEvents()
    assert again.size().width() == 1200
    assert again.splitter.sizes()[0] == 330
    again.open_database(str(demo_file), background=False)
    assert again.current == ("league", league.id)


def test_gui_screenshot_command(tmp_path: Path, demo_file: Path, capsys: Any) -> None:
    out = tmp_path / "shot.png"
    code = cli_main(
        ["--db", str(demo_file), "gui", "--screenshot", str(out), "--page", "team:Karak Stonefists"]
    )
    assert code == 0 and out.stat().st_size > 10_000
    assert "wrote" in capsys.readouterr().out


def test_new_league_file_then_wizard(qtbot: Any, make_window: Any, league_file: Path, tmp_path: Path,
                                     dialogs: Any) -> None:  # fmt: skip
    window = make_window()
    window.open_database(str(league_file), background=False)
    target = tmp_path / "fresh.db"
    dialogs.script("save_file", str(target))

    def fill(wizard: Any) -> bool:
        wizard.name_page.name.setText("Fresh League")
        return True

    dialogs.on_run = fill
    window.act_new_file.trigger()
    assert window.db_path == str(target)
    assert [lg.name for lg in window.ctx.services.leagues.list_leagues()] == ["Fresh League"]
    assert window.current[0] == "league"
    assert "fresh.db" in window.windowTitle()
    dialogs.script("save_file", str(target))
    window.new_file()
    assert "already exists" in dialogs.errors[-1][1]


def test_colour_scheme_switch(make_window: Any, demo_file: Path, qapp: QApplication) -> None:
    from league_manager.ui import theme

    window = make_window()
    window.open_database(str(demo_file), background=False)
    window.navigate("team", window.ctx.services.teams.list_teams()[0].id)
    try:
        window.set_theme("dark")
        assert theme.current().dark and window.settings.value("theme") == "dark"
        assert qapp.palette().window().color().name() == theme.DARK.window
        assert window.stack.currentWidget() is window.team_page
    finally:
        window.set_theme("light")
    assert not theme.current().dark


def test_help_menu_opens_the_offline_manual(make_window: Any) -> None:
    window = make_window()
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    assert window.act_manual in help_menu.actions()
    window.act_manual.trigger()
    manual = window.manual_window
    assert manual.isVisible()
    text = manual.text()
    for heading in ("How a league night runs", "The pages", "Keyboard keys"):
        assert heading in text
    assert "Players who can improve".lower() in text.lower()
    assert "Ctrl+Z" in text


def test_switching_to_dark_repaints_page_icons(make_window: Any) -> None:
    window = make_window()
    buttons = [window.team_page.hire, window.team_page.card_button]
    before = [b.icon().pixmap(16, 16).toImage() for b in buttons]
    tab_before = window.team_page.tabs.tabIcon(0).pixmap(16, 16).toImage()
    try:
        window.set_theme("dark")
        after = [b.icon().pixmap(16, 16).toImage() for b in buttons]
        assert all(a != b for a, b in zip(after, before, strict=True))
        assert window.team_page.tabs.tabIcon(0).pixmap(16, 16).toImage() != tab_before
    finally:
        window.set_theme("light")
    assert window.team_page.card_button.icon().pixmap(16, 16).toImage() == before[1]
