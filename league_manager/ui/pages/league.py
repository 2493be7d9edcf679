"""The league page: every team with race, coach, TV, CTV (a classic league: team rating, fan factor),
treasury, re-rolls and players available."""

from __future__ import annotations

from typing import cast

import shiboken6
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QIcon, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QMenu, QVBoxLayout

from league_manager.core.errors import LeagueError
from league_manager.core.money import format_gold, format_k
from league_manager.match.turn_timer import SETTING as TIMER_SETTING
from league_manager.match.turn_timer import describe as describe_timer
from league_manager.rules.classic import CLASSIC_RULESETS
from league_manager.rules.loader import ruleset_name
from league_manager.services.changes import Changes
from league_manager.services.read_models import LeagueView, TeamSummary
from league_manager.ui import theme
from league_manager.ui.context import Page, UiContext
from league_manager.ui.models import TeamTableModel
from league_manager.ui.printing import Printer, menu_for
from league_manager.ui.upgrade_wizard import LeagueUpgradeWizard
from league_manager.ui.widgets import (
    PageHeader,
    SortProxy,
    StatTile,
    button,
    label,
    make_table,
    source_row,
    tiles_row,
)


class LeaguePage(Page):
    """A league's team table; double-click (or Enter) opens a team."""

    kind = "league"

    def __init__(self, ctx: UiContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.league: LeagueView | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 16)
        layout.setSpacing(14)
        self.header = PageHeader("league", one_line=True)
        self.new_team = button(
            "New team…", "add", primary=True, tip="Draft a new team for this league (Ctrl+T)"
        )
        self.new_team.clicked.connect(lambda: self.ctx.navigate("new-team", self.ident))
        self.header.add_action(self.new_team)
        self.printer = Printer(ctx, self)
        self.print_button = button("Print…", "save", tip="Roster book or a blank match sheet as a PDF")
        self.print_button.setMenu(
            menu_for(
                [
                    ("Roster book…", lambda: self.printer.roster_book(self.ident)),
                    ("Blank match sheet…", lambda: self.printer.blank_sheet(self.ident)),
                ],
                self,
            )
        )
        self.header.add_action(self.print_button)
        self.upgrade_button = button("Move to a new edition…", "edit", tip="Between seasons only")
        self.upgrade_button.clicked.connect(self.move_edition)
        self.upgrade_button.hide()
        self.upgrade_target: str | None = None
        self.header.add_action(self.upgrade_button)
        layout.addWidget(self.header)
        self.tiles = {
            "teams": StatTile("Teams"),
            "avg": StatTile("Average TV", "Mean team value of the league's teams"),
            "top": StatTile("Highest TV"),
            "gold": StatTile("Gold in treasuries", "All teams' treasuries together"),
        }
        layout.addLayout(tiles_row(*self.tiles.values()))
        bar = QHBoxLayout()
        bar.addWidget(label("Teams", "sectionTitle"))
        bar.addStretch(1)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter by team, race or coach")
        self.filter.setClearButtonEnabled(True)
        search = self.filter.addAction(QIcon(), QLineEdit.ActionPosition.LeadingPosition)
        theme.themed_icon(search, search.setIcon, "search", "muted")
        self.filter.setMinimumWidth(240)
        self.filter.setMaximumWidth(340)
        bar.addWidget(self.filter)
        layout.addLayout(bar)
        self.model = TeamTableModel()
        self.table = make_table(self.model, stretch=0)
        self.proxy = cast(SortProxy, self.table.model())
        self.table.setToolTip("Double-click a team to open it")
        self.table.doubleClicked.connect(lambda index: self.open_team(index.row()))
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        layout.addWidget(self.table, 1)
        self.empty = label("No teams yet. Use “New team…” to draft the first one.", "muted")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.empty, 1)  # an empty league lays out like a full one
        find = QShortcut(QKeySequence.StandardKey.Find, self)
        find.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.activated.connect(self.filter.setFocus)
        self.filter.setToolTip("Ctrl+F")
        enter = QShortcut(QKeySequence(Qt.Key.Key_Return), self.table)
        enter.setContext(Qt.ShortcutContext.WidgetShortcut)
        enter.activated.connect(lambda: self.open_team(self.table.currentIndex().row()))

    def reload(self) -> None:
        services = self.ctx.services
        if services is None or self.ident is None:
            return
        self.league = services.leagues.get_league(self.ident)
        self.show_teams(self.league, services.teams.list_teams(self.ident))

    def show_teams(self, league: LeagueView, teams: list[TeamSummary]) -> None:
        """Fill the page from read models (also used by the background loader)."""
        self.league = league
        self.ident = league.id
        settings = league.settings
        points = "/".join(str(settings.get(k, "?")) for k in ("points_win", "points_draw", "points_loss"))
        table = f"win/draw/loss {points} points"
        if "points_win" not in settings:  # LRB 2004: an open league, no league table
            table = "open league: the coaches arrange games"
        seconds = int(settings.get(TIMER_SETTING, 0) or 0)
        timer = f"   ·   board turn timer {describe_timer(seconds)}" if seconds > 0 else ""
        self.header.set_text(
            league.name,
            f"{ruleset_name(league.ruleset)} ({league.ruleset_version})   ·   draft budget "
            f"{format_gold(int(settings.get('budget', 0)))}   ·   {table}{timer}",
        )
        self.model.set_rows(teams)
        self.tiles["teams"].set_value(str(len(teams)))
        if league.ruleset in CLASSIC_RULESETS:  # LRB 2004: team rating instead of TV, even with no team
            self._show_ratings(teams)
        else:
            values = [t.team_value for t in teams]
            average = round(sum(values) / len(values) / 1000) * 1000 if values else 0  # whole thousands
            self.tiles["avg"].caption.setText("AVERAGE TV")
            self.tiles["avg"].setToolTip("Mean team value of the league's teams")
            self.tiles["top"].caption.setText("HIGHEST TV")
            self.tiles["avg"].set_value(format_k(average) if values else "—")
            top = max(teams, key=lambda t: t.team_value, default=None)
            self.tiles["top"].set_value(f"{format_k(top.team_value)}" if top else "—")
            self.tiles["top"].setToolTip(f"{top.name}" if top else "")
        self.tiles["gold"].set_value(format_k(sum(t.treasury for t in teams)))
        self.empty.setVisible(not teams)
        self.table.setVisible(bool(teams))
        self._offer_upgrade(league)

    def _show_ratings(self, teams: list[TeamSummary]) -> None:
        """The tiles of a classic league: average and highest team rating."""
        ratings = [t.rating or 0 for t in teams]
        self.tiles["avg"].caption.setText("AVERAGE RATING")
        self.tiles["avg"].setToolTip("Mean team rating of the league's teams")
        self.tiles["top"].caption.setText("HIGHEST RATING")
        self.tiles["avg"].set_value(str(round(sum(ratings) / len(ratings))) if ratings else "—")
        top = max(teams, key=lambda t: t.rating or 0, default=None)
        self.tiles["top"].set_value(str(top.rating) if top else "—")
        self.tiles["top"].setToolTip(top.name if top else "")

    def _offer_upgrade(self, league: LeagueView) -> None:
        """Offer the move to a newer edition when there is one; enabled only between seasons."""
        services = self.ctx.services
        options = services.upgrades.options(league.id) if services is not None else None
        self.upgrade_target = options.targets[0] if options and options.targets else None
        self.upgrade_button.setVisible(self.upgrade_target is not None)
        if options is None or self.upgrade_target is None:
            return
        name = ruleset_name(self.upgrade_target)
        short = name.removeprefix("Blood Bowl ")  # "Season 3": the header keeps to one line
        self.upgrade_button.setText(f"Move to {short}…")
        self.upgrade_button.setEnabled(options.blocked is None)
        self.upgrade_button.setToolTip(
            options.blocked or f"Preview and apply the move of the whole league to {name} (a backup first)"
        )

    def move_edition(self) -> None:
        """Preview the move in the wizard, then back up and apply it."""
        if self.league is None or self.upgrade_target is None:
            return
        services, league_id, target = self.ctx.svc, self.league.id, self.upgrade_target
        try:
            plan = services.upgrades.preview(league_id, target)
        except LeagueError as refused:
            self.ctx.dialogs.error("Cannot move the league", str(refused))
            return
        wizard = LeagueUpgradeWizard(plan, lambda c: services.upgrades.preview(league_id, target, c), self)
        try:
            if not self.ctx.dialogs.run(wizard):
                return
            choices = wizard.choices()
        finally:
            shiboken6.delete(wizard)  # see MainWindow.new_league: no deferred delete of a QWizard
        self.ctx.runner.run_op(
            lambda: services.upgrades.apply(league_id, target, choices),
            title="Could not move the league",
            on_success=lambda moved: self.ctx.dialogs.info(
                "League moved", f"{moved.league} now plays {moved.target}. Backup: {moved.backup}"
            ),
        )

    def open_team(self, proxy_row: int) -> None:
        """Show the team in ``proxy_row`` of the (sorted) table."""
        row = source_row(self.table, proxy_row)
        if row is not None:
            self.ctx.navigate("team", self.model.row_record(row).id)

    def _context_menu(self, point: QPoint) -> None:
        index = self.table.indexAt(point)
        row = source_row(self.table, index.row()) if index.isValid() else None
        if row is None:
            return
        team = self.model.row_record(row)
        menu = QMenu(self)
        menu.addAction(theme.icon("team"), f"Open {team.name}", lambda: self.ctx.navigate("team", team.id))
        menu.addAction(theme.icon("edit"), "Edit draft…", lambda: self.ctx.navigate("draft", team.id))
        menu.addSeparator()
        menu.addAction(theme.icon("add"), "New team…", lambda: self.ctx.navigate("new-team", self.ident))
        menu.exec(self.table.viewport().mapToGlobal(point))

    def concerns(self, changes: Changes) -> bool:
        return self.ident in changes.leagues or bool(changes.teams)

    def title(self) -> str:
        return self.league.name if self.league else ""
