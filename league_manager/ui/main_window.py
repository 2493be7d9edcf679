"""The main window: navigator on the left, pages in the centre, menus, status bar with the database."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import shiboken6
from PySide6.QtCore import QByteArray, QModelIndex, QPoint, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QMainWindow,
    QMenu,
    QSplitter,
    QStackedWidget,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from league_manager import __version__
from league_manager.core.errors import DatabaseTooNew, DatabaseUnavailable, LeagueError, PasswordNeeded
from league_manager.core.urls import is_server_url, mask_password, short_name, with_password
from league_manager.services.changes import Changes
from league_manager.services.read_models import LeagueView, TeamSummary
from league_manager.ui import demo_file, interop_dialogs, page_router, theme
from league_manager.ui.admin_actions import AdminActions
from league_manager.ui.claims_dialog import action_state as claims_action_state
from league_manager.ui.claims_dialog import open_claims
from league_manager.ui.coaches_dialog import action_state as coaches_action_state
from league_manager.ui.coaches_dialog import open_coaches
from league_manager.ui.context import Page, UiContext
from league_manager.ui.dialogs import DialogService
from league_manager.ui.league_choice import league_or_first
from league_manager.ui.match_day.fixture_page import FixturePage
from league_manager.ui.models import ID_ROLE, KIND_ROLE, NavigatorModel
from league_manager.ui.operations import explain
from league_manager.ui.pages.draft import DraftPage
from league_manager.ui.pages.league import LeaguePage
from league_manager.ui.pages.player import PlayerPage
from league_manager.ui.pages.season import SeasonPage
from league_manager.ui.pages.team import TeamPage
from league_manager.ui.pages.welcome import WelcomePage
from league_manager.ui.schedule_dialog import ScheduleDialog
from league_manager.ui.season_dialog import NewSeasonDialog
from league_manager.ui.window_tools import WindowTools
from league_manager.ui.wizard import NewLeagueWizard

if TYPE_CHECKING:
    from league_manager.services.facade import Services

log = logging.getLogger(__name__)
MAX_RECENT = 8
Snapshot = tuple[list[LeagueView], list[TeamSummary]]


def load_snapshot(services: Services) -> Snapshot:
    """Leagues and every team summary (what the navigator and league pages show)."""
    return services.leagues.list_leagues(), services.teams.list_teams()


class MainWindow(QMainWindow, WindowTools):
    """League Manager's main window.

    Args:
        settings: where window geometry, recent files and the theme are remembered.
        opener: opens (and migrates) a database path, returning the service facade.
        backup_dir: the folder for "Back up now" copies of a database path.
        dialogs: the dialog service (tests pass a scripted fake).
    """

    def __init__(
        self,
        settings: QSettings,
        opener: Callable[[str], Any],
        backup_dir: Callable[[str], Path],
        dialogs: DialogService | None = None,
        restorer: Callable[[Path, str], Any] | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.opener = opener
        self.restorer = restorer
        self.backup_dir = backup_dir
        self.dialogs = dialogs or DialogService(self)
        self.ctx = UiContext(self.dialogs)
        self.runner = self.ctx.runner
        self.db_path: str | None = None
        self.demo_path = demo_file.default_demo_path(settings.fileName())  # the app sets its own
        self.history: list[tuple[str, Any]] = []
        self.current: tuple[str, Any] = ("welcome", None)
        self._iconed: list[tuple[QAction, str]] = []
        self.setWindowIcon(theme.icon("app"))
        self.setMinimumSize(QSize(900, 600))
        self._build_central()
        self._build_actions()
        self.admin = AdminActions(self)
        self._build_menus()
        self._build_status()
        self.ctx.sig_navigate.connect(self.navigate)
        self.ctx.sig_action.connect(self.window_action)
        self.ctx.bus.sig_changed.connect(self._on_changes)
        self.runner.undo.sig_changed.connect(self._update_undo)
        self.runner.sig_busy.connect(self._busy)
        QApplication.styleHints().colorSchemeChanged.connect(self._system_scheme_changed)
        self._restore_state()
        self._update_title()
        self._update_actions()

    # ---- building
    def _build_central(self) -> None:
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setHandleWidth(1)
        self.splitter.setChildrenCollapsible(False)
        sidebar = QWidget()
        sidebar.setObjectName("sidebar")
        side = QVBoxLayout(sidebar)
        side.setContentsMargins(0, 0, 0, 0)
        side.setSpacing(0)
        title = QLabel("LEAGUES AND TEAMS")
        title.setObjectName("navTitle")
        side.addWidget(title)
        self.nav_model = NavigatorModel(self)
        self.navigator = QTreeView()
        self.navigator.setObjectName("navigator")
        self.navigator.setModel(self.nav_model)
        self.navigator.setHeaderHidden(True)
        self.navigator.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.navigator.setIconSize(QSize(18, 18))
        self.navigator.setIndentation(18)
        self.navigator.setRootIsDecorated(False)
        self.navigator.setItemsExpandable(False)
        self.navigator.setUniformRowHeights(True)
        self.navigator.selectionModel().currentChanged.connect(self._nav_selected)
        self.navigator.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.navigator.customContextMenuRequested.connect(self._nav_menu)
        side.addWidget(self.navigator, 1)
        self.nav_empty = QLabel("No leagues in this file yet.\nCreate one with League → New League.")
        self.nav_empty.setObjectName("help")
        self.nav_empty.setWordWrap(True)
        self.nav_empty.setContentsMargins(16, 0, 16, 16)
        side.addWidget(self.nav_empty)
        sidebar.setMinimumWidth(200)
        self.splitter.addWidget(sidebar)

        self.stack = QStackedWidget()
        self.welcome_page = WelcomePage(self.ctx)
        self.league_page = LeaguePage(self.ctx)
        self.team_page = TeamPage(self.ctx)
        self.draft_page = DraftPage(self.ctx)
        self.player_page = PlayerPage(self.ctx)
        self.fixture_page = FixturePage(self.ctx)
        self.season_page = SeasonPage(self.ctx)
        self.season_page.fixture_activated.connect(self.show_fixture)
        self.pages: dict[str, Page] = {
            "welcome": self.welcome_page,
            "league": self.league_page,
            "team": self.team_page,
            "draft": self.draft_page,
            "player": self.player_page,
            "fixture": self.fixture_page,
            "season": self.season_page,
        }
        for page in self.pages.values():
            self.stack.addWidget(page)
        self.splitter.addWidget(self.stack)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([260, 1140])
        self.setCentralWidget(self.splitter)

    def _action(self, text: str, slot: Callable[[], Any], shortcut: Any = None, icon_name: str = "",
                tip: str = "") -> QAction:  # fmt: skip
        action = QAction(text, self)
        if icon_name:
            action.setIcon(theme.icon(icon_name))
            self._iconed.append((action, icon_name))
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _=False: slot())
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.act_new_file = self._action("New League File…", self.new_file, "Ctrl+Shift+N", "new",
                                         "Start a new, empty league file")  # fmt: skip
        self.act_open = self._action("Open…", self.choose_file, keys.Open, "open", "Open a league file")
        self.act_save_copy = self._action("Save a Copy…", self.save_copy, "Ctrl+Shift+S", "save",
                                          "Write a copy of the open league file somewhere else")  # fmt: skip
        self.act_backup = self._action("Back Up Now", self.backup_now, "Ctrl+B", "backup",
                                       "Copy the league file to its backups folder")  # fmt: skip
        self.act_export_league = self._action("Export League…", lambda: interop_dialogs.export_league(self),
                                              None, "save", "Write the league to a JSON file")  # fmt: skip
        self.act_import_league = self._action("Import League…", lambda: interop_dialogs.import_league(self),
                                              None, "open", "Read a league JSON file in")  # fmt: skip
        self.act_import_team = self._action("Import Team…", lambda: interop_dialogs.import_team(self), None,
                                            "add", "A team from a file: ours, OBBLM or FUMBBL")  # fmt: skip
        self.act_import_code = self._action("Import Team from a BBRoster Code…",
                                            lambda: interop_dialogs.import_team_code(self), None, "add",
                                            "A team from a roster code of the BBRoster web app")  # fmt: skip
        self.act_join_match = self._action("Join a Match…", self.join_match, None, "demo",
                                           "Play a match hosted by a coach on another machine")  # fmt: skip
        self.act_share = self._action("Share League…", self.share_league, None, "league",
                                      "Copy a league onto a PostgreSQL server for its coaches")  # fmt: skip
        self.act_coaches = self._action("Coaches…", lambda: open_coaches(self), None, "team",
                                        "The logins of the shared league")  # fmt: skip
        self.act_claims = self._action("Match Claims…", lambda: open_claims(self), None, "league",
                                       "Remote matches a coach left: award or replay them")  # fmt: skip
        self.act_quit = self._action("Quit", self.close, keys.Quit)
        self.act_undo = self._action(
            "Undo", self.runner.undo_last, keys.Undo, "undo", "Take back the last change"
        )
        self.act_new_league = self._action("New League…", self.new_league, keys.New, "league",
                                           "Create a league in the open file")  # fmt: skip
        self.act_new_team = self._action("New Team…", self.new_team, "Ctrl+T", "add",
                                         "Draft a new team for the selected league")  # fmt: skip
        self.act_new_season = self._action("New Season…", self.new_season, None, "add",
                                           "Start a season of the selected league")  # fmt: skip
        self.act_schedule = self._action("Schedule Season…", self.schedule_season, None, "league",
                                         "Draw the fixtures of the selected season")  # fmt: skip
        self.act_demo = self._action("Open the Demo League", self.open_demo, None, "demo")
        self.act_practice = self._action("Practice Match…", self.practice_match, None, "pitch",
                                         "Two of your teams on the board, against the computer or "
                                         "hot-seat; nothing is saved to the league")  # fmt: skip
        self.act_publish_site = self._action("Publish Website…", self.publish_website, None, "",
                                             "Write the selected league as a static website")  # fmt: skip
        self.act_event_desk = self._action("Tournament Desk…", self.open_event_desk, None, "league",
                                           "Run a tournament: pairings, results, standings")  # fmt: skip
        self.act_back = self._action("Back", self.go_back, "Alt+Left", "back", "Back to the previous page")
        self.act_refresh = self._action("Refresh", self.refresh, keys.Refresh)
        self.act_welcome = self._action("Welcome Page", lambda: self.navigate("welcome", None), None, "home")
        self.act_about = self._action("About League Manager", self.about)
        self.act_manual = self._action("User Manual", self.show_manual, keys.HelpContents, "",
                                       "How a league night runs, each page, the keyboard keys")  # fmt: skip

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.act_new_file)
        file_menu.addAction(self.act_open)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        file_menu.addSeparator()
        file_menu.addAction(self.act_save_copy)
        file_menu.addAction(self.act_backup)
        file_menu.addAction(self.admin.act_backups)
        file_menu.addAction(self.act_share)
        file_menu.addSeparator()
        file_menu.addAction(self.act_export_league)
        file_menu.addAction(self.act_import_league)
        file_menu.addAction(self.act_import_team)
        file_menu.addAction(self.act_import_code)
        file_menu.addAction(self.act_join_match)
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)
        edit = bar.addMenu("&Edit")
        edit.addAction(self.act_undo)
        league = bar.addMenu("&League")
        league.addAction(self.act_new_league)
        league.addAction(self.act_new_team)
        league.addSeparator()
        league.addAction(self.act_new_season)
        league.addAction(self.act_schedule)
        league.addSeparator()
        league.addAction(self.admin.act_settings)
        league.addAction(self.admin.act_fixture)
        league.addAction(self.admin.act_remove)
        league.addAction(self.admin.act_upgrade)
        league.addAction(self.act_publish_site)
        league.addAction(self.act_event_desk)
        league.addAction(self.act_coaches)
        league.addAction(self.act_claims)
        league.addAction(self.act_practice)
        league.setToolTipsVisible(True)  # a disabled Coaches… says why
        league.addSeparator()
        league.addAction(self.act_demo)
        view = bar.addMenu("&View")
        view.addAction(self.act_back)
        view.addAction(self.act_refresh)
        view.addAction(self.act_welcome)
        view.addSeparator()
        theme_menu = view.addMenu("Colour Scheme")
        group = QActionGroup(self)
        chosen = str(self.settings.value("theme", "system"))
        for key, text in (("system", "Follow the System"), ("light", "Light"), ("dark", "Dark")):
            act = QAction(text, self, checkable=True)
            act.setChecked(key == chosen)
            act.triggered.connect(lambda _=False, k=key: self.set_theme(k))
            group.addAction(act)
            theme_menu.addAction(act)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.act_manual)
        help_menu.addSeparator()
        help_menu.addAction(self.act_about)

        tools = QToolBar("Main")
        tools.setObjectName("mainToolbar")
        tools.setMovable(False)
        tools.setIconSize(QSize(18, 18))
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for tool in (self.act_back, None, self.act_new_league, self.act_new_team, None, self.act_open,
                     self.act_backup, None, self.act_undo):  # fmt: skip
            if tool is None:
                tools.addSeparator()
            else:
                tools.addAction(tool)
        self.addToolBar(tools)
        self.toolbar = tools
        self._fill_recent()

    def _build_status(self) -> None:
        self.db_label = QLabel()
        self.db_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.busy_label = QLabel()
        self.statusBar().addPermanentWidget(self.busy_label)
        self.statusBar().addPermanentWidget(self.db_label)

    # ---- database
    def open_database(self, path: str, background: bool = True, then: tuple[str, Any] | None = None) -> None:
        """Open (and migrate) a league file; a refused file leaves the current one open."""
        path = str(path)
        opener = self.opener

        def work() -> tuple[Any, Snapshot]:
            services = opener(path)
            try:
                return services, load_snapshot(services)
            except BaseException:
                services.close()
                raise

        def done(result: tuple[Any, Snapshot]) -> None:
            self._set_services(path, result[0], result[1], then)

        def failed(exc: BaseException) -> None:
            self._open_failed(path, exc)

        if background:
            self.runner.call_in_background(work, done, failed, f"Opening {short_name(mask_password(path))}…")
            return
        try:
            result = work()
        except Exception as exc:
            failed(exc)
        else:
            done(result)

    def _open_failed(self, path: str, exc: BaseException) -> None:
        if isinstance(exc, PasswordNeeded) and is_server_url(path):
            self._ask_password(path, str(exc))
            return
        path = mask_password(path)  # everything below is shown or logged
        if isinstance(exc, DatabaseTooNew):
            self.dialogs.error("Cannot open this league file", str(exc),
                               f"{path}\nThe file was left exactly as it was.")  # fmt: skip
        elif isinstance(exc, DatabaseUnavailable) and exc.backup is not None and self.restorer is not None:
            self._offer_restore(path, exc.backup, str(exc))
            return
        elif isinstance(exc, LeagueError):
            self.dialogs.error("Cannot open this league file", str(exc), path)
        else:
            log.exception("opening %s failed", path, exc_info=exc)
            headline, _ = explain(exc)
            self.dialogs.error("Cannot open this league file", f"{path} could not be opened.", headline)
        self._update_title()

    def _ask_password(self, url: str, reason: str) -> None:
        """A shared league whose server wants a password: ask for it and open again.

        The password is used for this connection only: the title, the recent files and
        every message show the league without it (``~/.pgpass`` spares the question).
        """
        shown = mask_password(url)
        password = self.dialogs.password(
            "Password for the shared league", f"{reason}\n\nPassword for {short_name(shown)}:"
        )
        if password is None:
            self._update_title()
            return
        self.open_database(with_password(url, password))

    def _offer_restore(self, path: str, backup: str, reason: str) -> None:
        """A league file that cannot be opened: offer to put its newest good backup back."""
        question = (
            f"{reason}\n\nRestore {Path(backup).name}? The file that cannot be opened is kept "
            "beside it (named …replaced-<time>)."
        )
        restorer = self.restorer
        if restorer is None or not self.dialogs.confirm(
            "Cannot open this league file", question, "Restore the backup"
        ):
            self._update_title()
            return
        try:
            kept = restorer(Path(backup), path)
        except LeagueError as exc:
            self.dialogs.error("Cannot restore the backup", str(exc), backup)
            self._update_title()
            return
        log.warning("restored %s over %s (kept %s)", backup, path, kept)
        self.open_database(path, background=False)

    def _set_services(
        self, path: str, services: Services, snapshot: Snapshot, then: tuple[str, Any] | None
    ) -> None:
        old = self.ctx.services
        self.ctx.services = services
        self.db_path = str(services.location)
        if old is not None and old is not services:
            old.close()
        self.runner.undo.clear()
        self.history.clear()
        for page in self.pages.values():
            page.ident = None
        self._remember_recent(self.db_path)
        self._populate(snapshot)
        leagues, teams = snapshot
        target = then
        if target is None:
            last = self.settings.value(f"last/{self.db_path}")
            ids = {lg.id for lg in leagues}
            if last is not None and int(last) in ids:
                target = ("league", int(last))
            elif len(leagues) == 1:
                target = ("league", leagues[0].id)
            else:
                target = ("welcome", None)
        if target[0] == "league":
            league = next((lg for lg in leagues if lg.id == target[1]), None)
            if league is not None:
                self.league_page.show_teams(league, [t for t in teams if t.league_id == league.id])
                self._show_page("league", league.id, load=False)
                return
        self.navigate(*target)

    def close_database(self) -> None:
        """Release the open database."""
        if self.ctx.services is not None:
            self.ctx.svc.close()
            self.ctx.services = None

    def _populate(self, snapshot: Snapshot | None = None) -> None:
        if self.ctx.services is None:
            return
        leagues, teams = snapshot or load_snapshot(self.ctx.services)
        self.navigator.selectionModel().blockSignals(True)
        seasons = [
            (season, [(r.number, r.name) for r in self.ctx.svc.seasons.rounds(season.id)])
            for season in self.ctx.svc.seasons.list_seasons()
        ]
        self.nav_model.populate(leagues, teams, seasons)
        self.navigator.expandAll()
        self.nav_empty.setVisible(not leagues)
        self.navigator.selectionModel().blockSignals(False)
        self._select_nav(*self.current)
        self._update_actions()
        self._update_title()

    # ---- navigation
    def navigate(self, kind: str, ident: Any = None) -> None:
        """Show a page (from the navigator, a page, a menu or a test)."""
        if kind == "new-season":
            self.new_season(ident)
            return
        if kind == "schedule":
            self.schedule_season(ident)
            return
        if kind == "round":
            season_id, number = ident
            self.navigate("season", season_id)
            if self.current == ("season", season_id):
                self.season_page.show_round(number)
                self.season_page.tabs.setCurrentIndex(0)
            return
        if self.current != (kind, ident) and self.current[0] not in {"draft", "new-team"}:
            self.history.append(self.current)
            del self.history[:-30]
        self._show_page(kind, ident)

    def _show_page(self, kind: str, ident: Any, load: bool = True) -> None:
        if kind != "welcome" and self.ctx.services is None:
            kind, ident = "welcome", None
        page = self.pages["draft" if kind == "new-team" else kind]
        try:
            if kind == "new-team":
                self.draft_page.show_new(ident)
            elif kind == "welcome":
                self.welcome_page.set_recent(self.recent_files(), self.db_path or "")
            elif load:
                page.show_item(ident)
        except LeagueError as exc:
            self.runner.report("Cannot show that", exc)
            return
        self.current = (kind, ident)
        self.stack.setCurrentWidget(page)
        self._select_nav(kind, ident)
        if kind == "league" and self.db_path:
            self.settings.setValue(f"last/{self.db_path}", ident)
        self._update_title()
        self._update_actions()

    def _select_nav(self, kind: str, ident: Any) -> None:
        nav_kind, nav_id = kind, ident
        if kind in {"draft", "player"}:
            team_id = None
            if kind == "draft":
                team_id = ident
            else:
                card = self.player_page.card
                team_id = card.team_id if card else None
            nav_kind, nav_id = "team", team_id
        elif kind == "new-team":
            nav_kind = "league"
        index = self.nav_model.find(nav_kind, nav_id) if nav_id is not None else QModelIndex()
        selection = self.navigator.selectionModel()
        selection.blockSignals(True)
        if index.isValid():
            self.navigator.setCurrentIndex(index)
        else:
            self.navigator.clearSelection()
            # through the view, not its selection model: the view then knows its current index was
            # set, and does not make the first row current when it next gains focus (which showed
            # the first league in place of a fixture page after a background change)
            self.navigator.setCurrentIndex(QModelIndex())
        selection.blockSignals(False)
        self.navigator.viewport().update()

    def _nav_selected(self, index: QModelIndex, _previous: QModelIndex) -> None:
        if index.isValid():
            self.navigate(index.data(KIND_ROLE), index.data(ID_ROLE))

    def _nav_menu(self, point: QPoint) -> None:
        index = self.navigator.indexAt(point)
        if not index.isValid():
            return
        kind, ident = index.data(KIND_ROLE), index.data(ID_ROLE)
        menu = QMenu(self)
        if kind == "league":
            menu.addAction(theme.icon("league"), "Open", lambda: self.navigate("league", ident))
            menu.addAction(theme.icon("add"), "New Team…", lambda: self.navigate("new-team", ident))
            menu.addAction(theme.icon("add"), "New Season…", lambda: self.new_season(ident))
        elif kind in {"season", "round"}:
            season = ident if kind == "season" else ident[0]
            menu.addAction(theme.icon("league"), "Open", lambda: self.navigate(kind, ident))
            menu.addAction(theme.icon("add"), "Schedule…", lambda: self.schedule_season(season))
        else:
            menu.addAction(theme.icon("team"), "Open", lambda: self.navigate("team", ident))
            menu.addAction(theme.icon("edit"), "Edit Draft…", lambda: self.navigate("draft", ident))
        menu.exec(self.navigator.viewport().mapToGlobal(point))

    def go_back(self) -> None:
        """Show the previous page."""
        while self.history:
            kind, ident = self.history.pop()
            if kind == "welcome" or self.ctx.services is not None:
                self._show_page(kind, ident)
                return

    def refresh(self) -> None:
        """Read everything again."""
        self._populate()
        self._show_page(*self.current)

    def selected_league(self) -> int | None:
        """The league the current page belongs to."""
        kind, ident = self.current
        if kind in {"league", "new-team"}:
            return ident
        if kind == "team" and self.team_page.team:
            return self.team_page.team.league_id
        if kind == "draft" and self.draft_page.league_id:
            return self.draft_page.league_id
        if kind == "season" and self.season_page.season:
            return self.season_page.season.league_id
        if kind == "player" and self.player_page.card:
            return self.ctx.svc.teams.get_team(self.player_page.card.team_id).league_id
        return None

    def show_spec(self, spec: str) -> QWidget:
        """Show a page named on the command line (``gui --page``); returns the widget to capture.

        The specs are listed in :data:`page_specs.PAGE_SPECS`; :mod:`page_router` reads them.
        """
        return page_router.show_spec(self, spec)

    def show_fixture(self, fixture_id: int) -> None:
        """Show a fixture's page (the season page's ``fixture_activated`` lands here)."""
        self.navigate("fixture", int(fixture_id))

    # ---- actions
    def window_action(self, name: str) -> None:
        """Actions requested by pages (the welcome page's buttons)."""
        if name == "new-league":
            self.new_league()
        elif name == "open":
            self.choose_file()
        elif name == "demo":
            self.open_demo()
        elif name == "new-file":
            self.new_file()
        elif name == "practice":
            self.practice_match()
        elif name.startswith("open-recent:"):
            self.open_database(name.split(":", 1)[1])

    def choose_file(self) -> None:
        """File → Open."""
        folder = str(Path(self.db_path).parent) if self.db_path else ""
        path = self.dialogs.open_file("Open a league file", folder)
        if path:
            if not Path(path).exists():
                self.dialogs.error("Cannot open this league file", f"{path} does not exist.")
                return
            self.open_database(path)

    def new_file(self) -> None:
        """File → New league file: create an empty file, then start the New League wizard."""
        folder = str(Path(self.db_path).parent) if self.db_path else ""
        path = self.dialogs.save_file("New league file", str(Path(folder) / "my-league.db") if folder else "")
        if not path:
            return
        if Path(path).exists():
            self.dialogs.error("New league file", f"{path} already exists; use File → Open for it.")
            return
        self.open_database(path, background=False, then=("welcome", None))
        if self.db_path and Path(self.db_path) == Path(path).resolve():
            self.new_league()

    def new_league(self) -> bool:
        """League → New League: the wizard, then create it."""
        if self.ctx.services is None or demo_file.is_demo_file(self):  # the demo's file is not for leagues
            self.new_file()
            return False
        taken = {lg.name for lg in self.ctx.svc.leagues.list_leagues()}
        wizard = NewLeagueWizard(taken, self)
        try:
            if not self.dialogs.run(wizard):
                return False
            name, ruleset_id, settings = wizard.league_name(), wizard.ruleset_id(), wizard.settings()
        finally:
            # Delete at once: a deferred delete (deleteLater) of a QWizard with pages makes a
            # later application-wide style sheet change crash (PySide6 6.12, reproduced).
            shiboken6.delete(wizard)
        return self.create_league(name, ruleset_id, settings)

    def create_league(self, name: str, ruleset_id: str, settings: dict[str, Any]) -> bool:
        """Create a league and show it."""
        services = self.ctx.svc
        outcome = self.runner.run_op(
            lambda: services.leagues.create_league(name, ruleset_id, settings),
            title="Could not create the league",
            on_success=lambda league: self.navigate("league", league.id),
        )
        return outcome is not None

    def new_team(self) -> None:
        """League → New Team: the draft editor for the current league."""
        league = self.selected_league()
        if league is None and self.ctx.services is not None:
            leagues = self.ctx.svc.leagues.list_leagues()
            league = leagues[0].id if len(leagues) == 1 else None
        if league is None:
            self.dialogs.info("New team", "Choose a league in the list on the left first (or create one).")
            return
        self.navigate("new-team", league)

    def _show_new_season(self, leagues: list[LeagueView], name: str, with_divisions: bool) -> QWidget:
        """The New Season dialog shown (not modal) for a screenshot, with two divisions if asked."""
        league = league_or_first(leagues, name=name)
        if league is None:
            raise LeagueError("no league in this league file")
        self.navigate("league", league.id)
        dialog = NewSeasonDialog(self.ctx.svc, self.runner, league.id, self)
        if with_divisions:
            for division in ("Old World", "New World"):
                dialog.add_division(division)
        dialog.show()
        return dialog

    def new_season(self, league: int | None = None) -> None:
        """League → New Season: name it, optionally split it into divisions, choose the teams that play."""
        league = league if league is not None else self.selected_league()
        services = self.ctx.services
        if league is None and services is not None:
            leagues = services.leagues.list_leagues()
            league = leagues[0].id if len(leagues) == 1 else None
        if league is None or services is None:
            self.dialogs.info("New season", "Choose a league in the list on the left first (or create one).")
            return
        dialog = NewSeasonDialog(services, self.runner, league, self)
        if not self.dialogs.run(dialog) or dialog.created is None:
            return
        self._populate()
        self.navigate("season", dialog.created.id)

    def schedule_season(self, season: int | None = None) -> None:
        """League → Schedule Season: the schedule wizard (preview, then commit)."""
        services = self.ctx.services
        if season is None and self.current[0] == "season":
            season = self.current[1]
        if season is None or services is None:
            self.dialogs.info("Schedule", "Open a season first (in the list on the left).")
            return
        dialog = ScheduleDialog(services, self.runner, services.seasons.get_season(season), self)
        if self.dialogs.run(dialog):
            self._populate()
            self.navigate("season", season)

    def open_demo(self) -> None:
        """Open the demo league, in its own file (never mixed with the user's leagues)."""
        demo_file.open_demo(self)

    def set_theme(self, choice: str) -> None:
        """View → Colour scheme."""
        self.settings.setValue("theme", choice)
        theme.apply(cast(QApplication, QApplication.instance()), choice)
        for act, icon_name in self._iconed:
            act.setIcon(theme.icon(icon_name))
        theme.repaint_icons()
        self._populate()
        self._show_page(*self.current)

    def _system_scheme_changed(self) -> None:
        if str(self.settings.value("theme", "system")) == "system":
            self.set_theme("system")

    def show_manual(self) -> QWidget:
        """Help → User Manual, in its own window beside the main one."""
        from league_manager.ui.manual import ManualWindow

        if getattr(self, "manual_window", None) is None:
            self.manual_window = ManualWindow(self)
        self.manual_window.show()
        self.manual_window.raise_()
        return self.manual_window

    def about(self) -> None:
        """Help → About."""
        self.dialogs.info("About League Manager",
                          f"League Manager {__version__}\n"
                          "Runs Blood Bowl leagues: drafts, rosters, treasury.\n"
                          f"League file: {self.db_path or 'none'}")  # fmt: skip

    # ---- state
    def recent_files(self) -> list[str]:
        """Recently opened league files, newest first."""
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def _remember_recent(self, path: str) -> None:
        path = mask_password(path)  # Services.location has none; never store one, whatever comes
        recent = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for i, path in enumerate(files, start=1):
            where = mask_password(path) if is_server_url(path) else str(Path(path).parent)
            act = QAction(f"&{i}  {short_name(path)}   ({where})", self)
            self.recent_menu.addAction(act)
            act.triggered.connect(lambda _=False, p=path: self.open_database(p))
        self.recent_menu.setEnabled(bool(files))

    def _restore_state(self) -> None:
        size = self.settings.value("window/size")
        self.resize(size if isinstance(size, QSize) and size.isValid() else QSize(1400, 900))
        position = self.settings.value("window/position")
        if isinstance(position, QPoint):
            self.move(position)
        if self.settings.value("window/maximized", False) in (True, "true"):
            self.setWindowState(Qt.WindowState.WindowMaximized)
        splitter = self.settings.value("window/splitter")
        if isinstance(splitter, QByteArray) and not splitter.isEmpty():
            self.splitter.restoreState(splitter)

    def save_state(self) -> None:
        """Remember the window size, position and splitter (the size when not maximised)."""
        maximized = self.isMaximized()
        self.settings.setValue("window/maximized", maximized)
        if not maximized:
            self.settings.setValue("window/size", self.size())
            self.settings.setValue("window/position", self.pos())
        self.settings.setValue("window/splitter", self.splitter.saveState())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        self.runner.wait_for_done(10_000)
        self.close_database()
        super().closeEvent(event)

    # ---- reactions
    def _on_changes(self, changes: Changes) -> None:
        if changes.leagues or changes.teams:
            self._populate()
        if changes.description:
            self.statusBar().showMessage(changes.description[:1].upper() + changes.description[1:], 6000)

    def _update_undo(self) -> None:
        step = self.runner.undo.top
        self.act_undo.setEnabled(step is not None)
        self.act_undo.setText(f"Undo {step.label}" if step else "Undo")

    def _busy(self, message: str) -> None:
        self.busy_label.setText(message)
        if message:
            QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
        else:
            while QApplication.overrideCursor() is not None:
                QApplication.restoreOverrideCursor()

    def _update_actions(self) -> None:
        has_db = self.ctx.services is not None
        for act in (
            self.act_save_copy,
            self.act_backup,
            self.act_new_league,
            self.act_demo,
            self.act_refresh,
            self.act_practice,
        ):
            act.setEnabled(has_db)
        self.act_new_team.setEnabled(has_db and self.nav_model.rowCount() > 0)
        self.act_new_season.setEnabled(has_db and self.nav_model.rowCount() > 0)
        self.act_publish_site.setEnabled(has_db and self.nav_model.rowCount() > 0)
        self.act_schedule.setEnabled(  # not for an open league (LRB 2004) or a finished season
            has_db and self.current[0] == "season" and not self.season_page.schedule_button.isHidden()
        )
        self.act_back.setEnabled(bool(self.history))
        self.act_share.setEnabled(has_db and not is_server_url(self.db_path or ""))
        coaches, why = coaches_action_state(self.ctx.services.share_place if self.ctx.services else None)
        self.act_coaches.setEnabled(coaches)
        self.act_coaches.setToolTip(why)
        self.act_coaches.setStatusTip(why)
        claims, why = claims_action_state(self.ctx.services.share_place if self.ctx.services else None)
        self.act_claims.setEnabled(has_db and claims)
        self.act_claims.setToolTip(why)
        self.act_claims.setStatusTip(why)
        self.admin.update()
        self._update_undo()

    def _update_title(self) -> None:
        page = self.stack.currentWidget()
        part = page.title() if isinstance(page, Page) else ""
        name = short_name(self.db_path) if self.db_path else "no league file"
        self.setWindowTitle(" — ".join(p for p in (part, name, "League Manager") if p))
        self.db_label.setText(f"League file: {self.db_path}" if self.db_path else "No league file open")
        access = self.ctx.services.access if self.ctx.services is not None and self.db_path else None
        if access:  # a shared league: the server, its database and who this login is there
            self.db_label.setText(f"Shared league: {short_name(self.db_path or '')} — {access}")
        self.db_label.setToolTip(self.db_path or "")
