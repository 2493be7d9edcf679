"""The main window's tools that open their own windows or copy the league file: joining or
practising a match, the tournament desk, the website, sharing, saving a copy and backing up.

A mixin of :class:`league_manager.ui.main_window.MainWindow`, kept apart so that module only
builds the window, its menus and its navigation.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from league_manager.ui.share_dialog import ShareLeagueDialog

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QStatusBar, QWidget

    from league_manager.ui.context import UiContext
    from league_manager.ui.dialogs import DialogService
    from league_manager.ui.operations import OpRunner


class WindowTools:
    """File and League menu tools of the main window (it supplies the attributes below)."""

    if TYPE_CHECKING:
        ctx: UiContext
        dialogs: DialogService
        runner: OpRunner
        settings: QSettings
        db_path: str | None
        backup_dir: Callable[[str], Path]
        remote_window: Any
        practice_window: Any
        event_desk: Any

        def selected_league(self) -> int | None: ...

        def statusBar(self) -> QStatusBar: ...

    @property
    def _as_parent(self) -> QWidget:
        """This window, as the parent of the dialogs and windows it opens."""
        return cast("QWidget", self)

    def join_match(self) -> None:
        """File → Join a Match: the board on a match another coach's app hosts."""
        from league_manager.ui.match_board.remote_launch import join_match

        self.remote_window = join_match(self.ctx, self._as_parent)

    def practice_match(self) -> None:
        """League → Practice Match: two of the file's teams on the board, nothing saved."""
        if self.ctx.services is None:
            self.dialogs.info("Practice match", "Open a league file first: the teams are kept in it.")
            return
        from league_manager.ui.practice_dialog import play_practice

        self.practice_window = play_practice(self.ctx, self._as_parent)

    def open_event_desk(self) -> None:
        """League → Tournament Desk: the events of the open file in their own window."""
        if self.ctx.services is None:
            self.dialogs.info("Tournament desk", "Open a league file first: events are kept in it.")
            return
        from league_manager.ui.event_desk import EventDesk

        self.event_desk = EventDesk(lambda: self.ctx.svc.events)
        self.event_desk.resize(900, 600)
        self.event_desk.show()

    def publish_website(self) -> None:
        """League → Publish Website: the selected league as a static site in a chosen folder."""
        from league_manager.ui.site_publish import publish_website

        league = self.selected_league()
        if league is None and self.ctx.services is not None:
            leagues = self.ctx.svc.leagues.list_leagues()
            league = leagues[0].id if len(leagues) == 1 else None
        if league is None or self.ctx.services is None:
            self.dialogs.info("Publish website", "Choose a league in the list on the left first.")
            return
        publish_website(
            self.ctx.services, league, self.dialogs, self.runner, self.settings,
            lambda report: self.statusBar().showMessage(
                f"Website published to {report.folder}: {report.written} files written, "
                f"{report.unchanged} unchanged", 15000),
        )  # fmt: skip

    def save_copy(self) -> None:
        """File → Save a Copy."""
        if self.ctx.services is None or self.db_path is None:
            return
        source = Path(self.db_path)
        dest = self.dialogs.save_file(
            "Save a copy of the league file", str(source.with_name(f"{source.stem}-copy.db"))
        )
        if dest:
            self._copy_to(Path(dest), "Saved a copy")

    def share_league(self) -> ShareLeagueDialog | None:
        """File → Share League: copy a league of the open file onto a PostgreSQL server."""
        services = self.ctx.services
        if services is None:
            return None
        leagues = services.leagues.list_leagues()
        chosen = next((lg.name for lg in leagues if lg.id == self.selected_league()), None)
        names = [lg.name for lg in leagues]
        background = self.runner.call_in_background
        dialog = ShareLeagueDialog(names, services.share_league, background, chosen, self._as_parent)
        self.dialogs.run(dialog)
        return dialog

    def backup_now(self) -> None:
        """File → Back Up Now: a time-stamped copy in the backups folder."""
        if self.ctx.services is None or self.db_path is None:
            return
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        dest = self.backup_dir(self.db_path) / f"{Path(self.db_path).stem}-{stamp}-manual.db"
        self._copy_to(dest, "Backed up")

    def _copy_to(self, dest: Path, verb: str) -> None:
        if self.db_path is not None and dest.resolve() == Path(self.db_path).resolve():
            self.dialogs.error("Save a copy", "Choose another file than the open one.")
            return
        services = self.ctx.svc
        self.runner.call_in_background(
            lambda: services.backup(dest),
            lambda written: self.statusBar().showMessage(f"{verb} to {written}", 8000),
            lambda exc: self.runner.report("Could not copy the league file", exc),
            f"Copying to {dest.name}…",
        )
