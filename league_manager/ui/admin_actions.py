"""The commissioner's admin actions of the main window's menus (league settings, backups, ...).

Kept out of ``main_window.py`` so that module only places the actions in its menus.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QWidget

from league_manager.core.errors import LeagueError
from league_manager.ui import theme
from league_manager.ui.admin_backups import BackupsDialog
from league_manager.ui.admin_fixture import FixtureAdminDialog
from league_manager.ui.admin_settings import LeagueSettingsDialog
from league_manager.ui.league_choice import league_or_first
from league_manager.ui.operations import UndoStep

if TYPE_CHECKING:
    from league_manager.ui.main_window import MainWindow


def free_backup_path(folder: Path, stem: str) -> Path:
    """A name for a manual backup that no backup in ``folder`` has (two in one second differ)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    dest = folder / f"{stem}-{stamp}-manual.db"
    count = 1
    while dest.exists():
        count += 1
        dest = folder / f"{stem}-{stamp}-{count}-manual.db"
    return dest


class AdminActions:
    """Menu actions for league administration, bound to one main window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.act_settings = QAction(theme.icon("edit"), "League Settings…", window)
        self.act_settings.setStatusTip("Change the house rules of the selected league")
        self.act_settings.triggered.connect(lambda _=False: self.league_settings())
        self.act_backups = QAction(theme.icon("backup"), "Backups…", window)
        self.act_backups.setStatusTip("List the league file's backups, back up now or restore one")
        self.act_backups.triggered.connect(lambda _=False: self.show_backups())
        self.act_fixture = QAction(theme.icon("league"), "Move or Swap Fixture…", window)
        self.act_fixture.setStatusTip(
            "Move the open or selected fixture to another round or date, or swap its sides"
        )
        self.act_fixture.triggered.connect(lambda _=False: self.edit_fixture())
        self.act_remove = QAction(theme.icon("remove"), "Retire or Delete…", window)
        self.act_remove.setStatusTip(
            "Delete the team, season or league on screen if it has no history; retire a team that has some"
        )
        self.act_remove.triggered.connect(lambda _=False: self.retire_or_delete())
        self.act_upgrade = QAction(theme.icon("league"), "Move to Another Edition…", window)
        self.act_upgrade.setStatusTip("The ruleset upgrade wizard of the selected league (between seasons)")
        self.act_upgrade.triggered.connect(lambda _=False: self.move_edition())
        # repainted with the others when the colour scheme changes
        window._iconed += [
            (self.act_settings, "edit"),
            (self.act_backups, "backup"),
            (self.act_fixture, "league"),
            (self.act_remove, "remove"),
            (self.act_upgrade, "league"),
        ]

    def update(self) -> None:
        """Enable what the open file and the current page allow."""
        window = self.window
        has_db = window.ctx.services is not None
        self.act_settings.setEnabled(has_db and window.nav_model.rowCount() > 0)
        self.act_fixture.setEnabled(has_db and window.current[0] in {"fixture", "season"})
        self.act_upgrade.setEnabled(self.act_settings.isEnabled())
        self.act_remove.setEnabled(has_db and self.on_screen() is not None)
        self.act_backups.setEnabled(has_db and window.db_path is not None and Path(window.db_path).is_file())

    def show_spec(self, kind: str, name: str) -> QWidget:
        """``settings[:LEAGUE]``, ``backups`` or ``move-fixture:ID`` shown (not modal) for a screenshot."""
        window, services = self.window, self.window.ctx.svc
        dialog: QDialog
        if kind == "settings":
            leagues = services.leagues.list_leagues()
            league = league_or_first(leagues, name=name)
            if league is None:
                raise LeagueError("no league in this league file")
            window.navigate("league", league.id)
            dialog = LeagueSettingsDialog(window.ctx, league.id, window)
        elif kind == "backups" and window.db_path is not None:
            folder = window.backup_dir(window.db_path)
            listing = lambda: services.list_backups(folder)  # noqa: E731
            dialog = BackupsDialog(listing, self.back_up_now, self.restore, folder, window)
        elif kind == "move-fixture" and name.isdigit():
            window.show_fixture(int(name))
            dialog = FixtureAdminDialog(window.ctx, int(name), window)
        else:
            raise LeagueError(f"cannot show '{kind}:{name}' (settings[:LEAGUE], backups, move-fixture:ID)")
        dialog.show()
        return dialog

    # ---- league settings
    def league_settings(self, league: int | None = None) -> LeagueSettingsDialog | None:
        """League → League Settings: the house rules of the selected (or only) league."""
        window = self.window
        league = league if league is not None else window.selected_league()
        services = window.ctx.services
        if league is None and services is not None:
            leagues = services.leagues.list_leagues()
            league = leagues[0].id if len(leagues) == 1 else None
        if league is None or services is None:
            window.dialogs.info("League settings", "Choose a league in the list on the left first.")
            return None
        dialog = LeagueSettingsDialog(window.ctx, league, window)
        window.dialogs.run(dialog)
        return dialog

    def move_edition(self) -> bool:
        """League → Move to Another Edition: the league page's upgrade wizard, for the selected league."""
        window = self.window
        league = window.selected_league()
        if league is None and window.ctx.services is not None:
            leagues = window.ctx.svc.leagues.list_leagues()
            league = leagues[0].id if len(leagues) == 1 else None
        if league is None:
            window.dialogs.info("Move to another edition", "Choose a league in the list on the left first.")
            return False
        window.navigate("league", league)
        page = window.league_page
        if page.upgrade_target is None:
            window.dialogs.info("Move to another edition", "This league already plays the newest edition.")
            return False
        if not page.upgrade_button.isEnabled():
            window.dialogs.info("Move to another edition", page.upgrade_button.toolTip())
            return False
        page.move_edition()
        return True

    # ---- fixtures
    def chosen_fixture(self) -> int | None:
        """The fixture on screen: the fixture page's, or the one selected on the season page."""
        kind, ident = self.window.current
        if kind == "fixture":
            return int(ident)
        if kind == "season":
            fixture = self.window.season_page.current_fixture()
            return fixture.id if fixture is not None else None
        return None

    def edit_fixture(self, fixture: int | None = None) -> FixtureAdminDialog | None:
        """League → Move or Swap Fixture, for the fixture on screen."""
        window = self.window
        fixture = fixture if fixture is not None else self.chosen_fixture()
        if fixture is None or window.ctx.services is None:
            window.dialogs.info("Move or swap a fixture", "Open a fixture, or select one on a season's page.")
            return None
        dialog = FixtureAdminDialog(window.ctx, fixture, window)
        window.dialogs.run(dialog)
        return dialog

    # ---- retire or delete
    def on_screen(self) -> tuple[str, int] | None:
        """The team, season or league whose page is shown."""
        kind, ident = self.window.current
        if kind in {"team", "season", "league"} and ident is not None:
            return kind, int(ident)
        return None

    def retire_or_delete(self, target: tuple[str, int] | None = None) -> bool:
        """Delete what has no history, retire a team that has some; confirmed (a retirement undoable)."""
        window = self.window
        target = target or self.on_screen()
        if target is None or window.ctx.services is None:
            window.dialogs.info("Retire or delete", "Open a team, season or league page first.")
            return False
        services, (kind, ident) = window.ctx.svc, target
        try:
            plan = services.removal.plan(kind, ident)
        except LeagueError as exc:
            window.runner.report("Cannot retire or delete that", exc)
            return False
        reason = plan.reason[:1].upper() + plan.reason[1:] + "."
        if plan.action == "refuse":
            window.dialogs.error(f"Cannot delete {plan.name}", reason)
            return False
        verb = "Retire" if plan.action == "retire" else "Delete"
        text = f"{verb} {plan.name}?\n\n{reason}"
        if plan.action == "delete":
            text += "\n\nThis cannot be undone (a backup can bring it back)."
        if not window.dialogs.confirm(f"{verb} {plan.name}", text, verb):
            return False
        league = window.selected_league()

        def undo(_outcome: object) -> UndoStep | None:
            if plan.action != "retire":
                return None
            return UndoStep(f"retirement of {plan.name}", lambda: services.removal.reinstate_team(ident))

        outcome = window.runner.run_op(
            lambda: services.removal.remove(kind, ident),
            title=f"Could not {verb.lower()} {plan.name}",
            undo=undo,
        )
        if outcome is None:
            return False
        window._populate()
        if plan.action == "retire":
            window.refresh()
        elif kind == "league" or league is None:
            window.navigate("welcome", None)
        else:
            window.navigate("league", league)
        return True

    # ---- backups
    def show_backups(self) -> BackupsDialog | None:
        """File → Backups: list them, back up now, restore one."""
        window = self.window
        if window.ctx.services is None or window.db_path is None:
            return None
        services, path = window.ctx.svc, window.db_path
        folder = window.backup_dir(path)
        dialog = BackupsDialog(
            lambda: services.list_backups(folder), self.back_up_now, self.restore, folder, window
        )
        window.dialogs.run(dialog)
        return dialog

    def back_up_now(self) -> bool:
        """Write a manual backup at once (the dialog lists it next); False when it failed."""
        window = self.window
        if window.ctx.services is None or window.db_path is None:
            return False
        dest = free_backup_path(window.backup_dir(window.db_path), Path(window.db_path).stem)
        try:
            written = window.ctx.svc.backup(dest)
        except LeagueError as exc:
            window.dialogs.error("Could not back up the league file", str(exc))
            return False
        window.statusBar().showMessage(f"Backed up to {written}", 8000)
        return True

    def restore(self, backup: Path) -> bool:
        """Confirm, back the open file up, put ``backup`` in its place and open it again."""
        window = self.window
        path = window.db_path
        if path is None or window.ctx.services is None:
            return False
        if window.restorer is None:
            window.dialogs.error("Cannot restore a backup", "This window cannot replace league files.")
            return False
        question = (
            f"Put {backup.name} in place of {Path(path).name}?\n\n"
            "Everything entered since that backup leaves the league file. The file as it is now "
            'is backed up first (a "by hand" backup) and also kept beside it.'
        )
        if not window.dialogs.confirm("Restore a backup", question, "Restore"):
            return False
        if not self.back_up_now():
            return False  # nothing was changed
        window.runner.wait_for_done(10_000)
        window.close_database()
        try:
            kept = window.restorer(backup, path)
        except LeagueError as exc:
            window.dialogs.error("Could not restore the backup", str(exc), "The league file was not changed.")
            window.open_database(path, background=False)
            return False
        window.open_database(path, background=False)
        window.statusBar().showMessage(f"Restored {backup.name} (the replaced file is kept as {kept})", 10000)
        return True
