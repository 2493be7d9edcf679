"""The team page: roster, staff and re-rolls, treasury ledger and history; hire, fire, rename."""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QTabWidget, QToolButton, QVBoxLayout, QWidget

from league_manager.core.money import format_gold, format_k
from league_manager.rules.captain import TEAM_CAPTAIN
from league_manager.rules.loader import load_ruleset
from league_manager.services.changes import Changes
from league_manager.services.read_models import PlayerView, TeamView
from league_manager.ui import theme
from league_manager.ui.adjustments_tab import AdjustmentsTab
from league_manager.ui.chart_panel import ChartPanel
from league_manager.ui.context import Page, UiContext
from league_manager.ui.hire_dialog import HirePlayerDialog
from league_manager.ui.models import HistoryModel, LedgerModel, RosterModel
from league_manager.ui.operations import UndoStep
from league_manager.ui.printing import Printer, menu_for
from league_manager.ui.redraft_dialog import open_redraft
from league_manager.ui.widgets import (
    PageHeader,
    StatTile,
    button,
    card,
    label,
    make_table,
    source_row,
    tiles_row,
)

STAFF = (
    ("apothecary", "Apothecary", "Patches up one casualty or KO per game"),
    ("assistant_coach", "Assistant coaches", "Help with Brilliant Coaching kick-off results"),
    ("cheerleader", "Cheerleaders", "Help with Cheering Fans kick-off results"),
)


class TeamPage(Page):
    """Everything about one team, with roster changes that follow the rules."""

    kind = "team"

    def __init__(self, ctx: UiContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.team: TeamView | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 16)
        layout.setSpacing(14)
        self.header = PageHeader("team", one_line=True)
        self.edit_draft = button("Edit draft…", "edit", tip="Change the draft until the first match")
        self.edit_draft.clicked.connect(lambda: self.ctx.navigate("draft", self.ident))
        self.header.add_action(self.edit_draft)
        self.hire = button("Hire player…", "hire", primary=True, tip="Hire from the team list (Ctrl+H)")
        self.hire.clicked.connect(self.hire_player)
        self.header.add_action(self.hire)
        self.printer = Printer(ctx, self)
        self.print_button = button("Print…", "save", tip="Roster or match sheet as a PDF")
        self.print_button.setMenu(
            menu_for(
                [
                    ("Roster…", lambda: self.printer.roster(self.ident)),
                    ("Match sheet…", lambda: self.printer.match_sheet(self.ident)),
                ],
                self,
            )
        )
        self.header.add_action(self.print_button)
        self.colours_button = button("Board colours…", tip="The team's colours on the match board")
        self.colours_button.clicked.connect(self.set_board_colours)
        self.header.add_action(self.colours_button)
        self.redraft_button = button("Re-draft…", "team", tip="Re-draft the team for the league's new season")
        self.redraft_button.clicked.connect(self.open_redraft)
        self.redraft_button.setVisible(False)
        self.header.add_action(self.redraft_button)
        self.challenge_button = button(
            "Challenge…", tip="LRB 2004: issue a written play-off challenge to another team of the league"
        )
        self.challenge_button.clicked.connect(self.challenge)
        self.challenge_button.setVisible(False)  # shown by show_team() for a classic team
        self.header.add_action(self.challenge_button)
        layout.addWidget(self.header)
        hire_key = QShortcut(QKeySequence("Ctrl+H"), self)
        hire_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        hire_key.activated.connect(self.hire_player)
        self.tiles = {
            "tv": StatTile("Team value", "TV: players, re-rolls, staff and dedicated fans"),
            "ctv": StatTile("Current TV", "CTV: TV without players who miss the next game"),
            "treasury": StatTile("Treasury"),
            "rerolls": StatTile("Re-rolls"),
            "fans": StatTile("Dedicated fans"),
            "available": StatTile("Available", "Players who can play the next fixture"),
        }
        layout.addLayout(tiles_row(*self.tiles.values()))
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        layout.addWidget(self.tabs, 1)
        self._build_roster_tab()
        self._build_staff_tab()
        self._build_ledger_tab()
        self._build_history_tab()
        self.adjustments_tab = AdjustmentsTab(ctx)
        theme.tab_with_icon(self.tabs, self.adjustments_tab, "ledger", "Adjustments")
        self.charts = ChartPanel("No games played yet: the chart starts with the first.")
        theme.tab_with_icon(self.tabs, self.charts, "history", "Charts")

    # ---- building
    def _build_roster_tab(self) -> None:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.setContentsMargins(0, 10, 0, 0)
        self.roster_model = RosterModel()
        self.roster = make_table(self.roster_model, stretch=8, placeholder="No players: use “Hire player…”.")
        self.roster.setWordWrap(True)  # a long skill list takes two lines instead of hiding behind "…"
        self.roster.doubleClicked.connect(lambda _: self.open_card())
        layout.addWidget(self.roster, 1)
        bar = QHBoxLayout()
        self.card_button = button("Player card", "card", tip="Profile, advancements, injuries (Enter)")
        self.rename_button = button("Rename…", "edit", tip="Give the player a new name (F2)")
        self.number_button = button("Shirt number…", tip="Give the player another number")
        self.fire_button = button("Fire…", "fire", tip="Remove the player from the roster (Delete)")
        self.captain_button = button(
            "Name captain…", tip="Name the selected player the Team Captain (free Pro; Season 3)"
        )
        for widget, slot in (
            (self.card_button, self.open_card),
            (self.rename_button, self.rename_player),
            (self.number_button, self.renumber_player),
            (self.fire_button, self.fire_player),
            (self.captain_button, self.name_captain),
        ):
            widget.clicked.connect(slot)
            bar.addWidget(widget)
        bar.addStretch(1)
        self.roster_note = label("", "muted")
        bar.addWidget(self.roster_note)
        layout.addLayout(bar)
        for key, slot in (
            (Qt.Key.Key_F2, self.rename_player),
            (Qt.Key.Key_Delete, self.fire_player),
            (Qt.Key.Key_Return, self.open_card),
        ):
            shortcut = QShortcut(QKeySequence(key), self.roster)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(slot)
        self.roster.selectionModel().selectionChanged.connect(self._update_buttons)
        theme.tab_with_icon(self.tabs, tab, "player", "Roster")

    def _build_staff_tab(self) -> None:
        tab = QWidget()
        outer = QVBoxLayout(tab)
        outer.setContentsMargins(0, 10, 0, 0)
        frame, layout = card()
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(10)
        for col, text in enumerate(("", "Have", "Price", "", "")):
            grid.addWidget(label(text, "tileLabel"), 0, col)
        self.staff_rows: dict[str, tuple[Any, ...]] = {}
        rows = [("rerolls", "Team re-rolls", "Re-roll one failed dice roll per turn"), *STAFF]
        for r, (key, text, tip) in enumerate(rows, start=1):
            name = label(text, "sectionTitle")
            name.setToolTip(tip)
            have = label("")
            price = label("", "muted")
            add = QToolButton()
            theme.themed_icon(add, add.setIcon, "add")
            add.setToolTip(f"Buy: {text.lower()}")
            sub = QToolButton()
            theme.themed_icon(sub, sub.setIcon, "remove")
            sub.setToolTip(f"Sell or let go: {text.lower()}")
            add.clicked.connect(partial(self.change_staff, key, +1))
            sub.clicked.connect(partial(self.change_staff, key, -1))
            grid.addWidget(name, r, 0)
            grid.addWidget(have, r, 1)
            grid.addWidget(price, r, 2)
            grid.addWidget(add, r, 3)
            grid.addWidget(sub, r, 4)
            self.staff_rows[key] = (have, price, add, sub)
        grid.setColumnStretch(5, 1)
        layout.addLayout(grid)
        self.staff_note = label("", "help", wrap=True)
        layout.addWidget(self.staff_note)
        outer.addWidget(frame)
        outer.addStretch(1)
        theme.tab_with_icon(self.tabs, tab, "staff", "Staff and re-rolls")

    def _build_ledger_tab(self) -> None:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.setContentsMargins(0, 10, 0, 0)
        self.balance = label("", "sectionTitle")
        layout.addWidget(self.balance)
        self.ledger_model = LedgerModel()
        self.ledger = make_table(self.ledger_model, stretch=2, placeholder="No gold has moved yet.")
        layout.addWidget(self.ledger, 1)
        theme.tab_with_icon(self.tabs, tab, "ledger", "Treasury")

    def _build_history_tab(self) -> None:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.setContentsMargins(0, 10, 0, 0)
        self.history_model = HistoryModel()
        self.history = make_table(self.history_model, stretch=1, placeholder="Nothing has happened yet.")
        layout.addWidget(self.history, 1)
        theme.tab_with_icon(self.tabs, tab, "history", "History")

    # ---- data
    def reload(self) -> None:
        services = self.ctx.services
        if services is None or self.ident is None:
            return
        self.show_team(services.teams.get_team(self.ident))
        self.ledger_model.set_rows(services.teams.treasury_ledger(self.ident))
        self.history_model.set_rows(services.history.team_history(self.ident))
        series = services.history.team_series(self.ident)
        self.charts.show_chart((lambda charts: charts.team_chart(series)) if series.points else None)
        self.redraft_button.setVisible(bool(services.redraft.seasons_open(self.ident)))
        if self.team is not None:
            self.adjustments_tab.show_team(self.team)
        self.balance.setText(f"Treasury: {format_gold(self.team.treasury if self.team else 0)}")

    def show_team(self, team: TeamView) -> None:
        """Fill the header, tiles, roster and staff from a read model."""
        selected = self.selected_player()
        self.team = team
        self.ident = team.id
        state = "drafting — sales refunded in full" if not team.first_match_played else "playing"
        self.header.set_text(team.name, f"{team.race}  ·  coach {team.coach}  ·  {team.league}  ·  {state}")
        self.edit_draft.setVisible(not team.first_match_played)
        self.captain_button.setVisible(TEAM_CAPTAIN in team.special_rules)
        self.challenge_button.setVisible(team.classic)
        retiring = team.classic and team.first_match_played  # LRB 2004: a free assistant coach each
        self.fire_button.setText("Retire player…" if retiring else "Fire…")
        self.fire_button.setToolTip(
            "Retire the player for good: a free assistant coach joins the team (Delete)"
            if retiring
            else "Remove the player from the roster (Delete)"
        )
        self.tiles["tv"].set_value(format_k(team.team_value))
        if team.classic:  # LRB 2004: team rating and fan factor instead of CTV and dedicated fans
            self.tiles["ctv"].caption.setText("TEAM RATING")
            self.tiles["ctv"].setToolTip("Team value with the treasury per 10,000 gp, plus total SPP per 5")
            self.tiles["ctv"].set_value(str(team.rating))
        else:
            self.tiles["ctv"].caption.setText("CURRENT TV")
            self.tiles["ctv"].setToolTip("CTV: TV without players who miss the next game")
            self.tiles["ctv"].set_value(format_k(team.current_team_value))
        self.tiles["fans"].caption.setText("FAN FACTOR" if team.classic else "DEDICATED FANS")
        self.tiles["treasury"].set_value(format_k(team.treasury), "danger" if team.treasury < 0 else "")
        self.tiles["rerolls"].set_value(str(team.rerolls))
        self.tiles["fans"].set_value(str(team.dedicated_fans))
        available = team.players_available
        self.tiles["available"].set_value(
            f"{available} / {len(team.players)}", "danger" if available < 11 else ""
        )
        self.roster_model.set_rows(team.players)
        headers = [c.header for c in self.roster_model.columns]
        self.roster.setColumnHidden(headers.index("Injuries"), not any(p.injuries for p in team.players))
        self.roster.setColumnHidden(headers.index("PA"), team.classic)  # LRB 2004 profiles have no PA
        improvers = sum(1 for p in team.players if p.can_improve)
        marks = f"  ·  \u2605 {improvers} can improve (SPP for an advancement)" if improvers else ""
        self.roster_note.setText(f"{len(team.players)} players{marks}  ·  hover over skills for what they do")
        if selected is not None:
            self.select_player(selected.id)
        elif team.players:
            self.roster.selectRow(0)
        self._update_staff()
        self._update_buttons()

    def _update_staff(self) -> None:
        team = self.team
        if team is None:
            return
        draft = load_ruleset(team.ruleset).draft
        drafting = not team.first_match_played
        reroll_price = team.reroll_cost * (1 if drafting else draft.reroll_multiplier_after_draft)
        values = {
            "rerolls": (str(team.rerolls), reroll_price, team.rerolls < draft.max_rerolls,
                        team.rerolls > 0 and drafting),
            "apothecary": ("Yes" if team.apothecary else ("No" if team.apothecary_allowed else "Not allowed"),
                           draft.apothecary.cost, team.apothecary_allowed and not team.apothecary,
                           team.apothecary),
            "assistant_coach": (str(team.assistant_coaches), draft.assistant_coach.cost,
                                team.assistant_coaches < draft.assistant_coach.max,
                                team.assistant_coaches > 0),
            "cheerleader": (str(team.cheerleaders), draft.cheerleader.cost,
                            team.cheerleaders < draft.cheerleader.max, team.cheerleaders > 0),
        }  # fmt: skip
        for key, (have, price, can_add, can_remove) in values.items():
            have_label, price_label, add, sub = self.staff_rows[key]
            have_label.setText(have)
            price_label.setText(format_gold(price))
            add.setEnabled(can_add and price <= team.treasury)
            sub.setEnabled(can_remove)
        self.staff_note.setText(
            "Before the first match everything sold is refunded in full."
            if drafting
            else "After the first match re-rolls cost double, staff let go are not refunded, "
            "and re-rolls stay for the league."
        )

    def _update_buttons(self) -> None:
        has = self.selected_player() is not None
        for widget in (self.card_button, self.rename_button, self.number_button, self.fire_button):
            widget.setEnabled(has)
        players = self.team.players if self.team is not None else ()
        captained = any(p.captain and p.status == "active" for p in players)
        self.captain_button.setEnabled(has and not captained)
        self.captain_button.setToolTip(
            "The team has its Captain; a new one can be named once they have left the team"
            if captained
            else "Name the selected player the Team Captain (free Pro; Season 3)"
        )

    def selected_player(self) -> PlayerView | None:
        """The player selected in the roster table."""
        row = source_row(self.roster)
        if row is None or row >= self.roster_model.rowCount():
            return None
        return self.roster_model.row_record(row)

    def select_player(self, player_id: int) -> None:
        """Select a player's row."""
        proxy = self.roster.model()
        for r in range(proxy.rowCount()):
            source = source_row(self.roster, r)
            if source is not None and self.roster_model.row_record(source).id == player_id:
                self.roster.selectRow(r)
                self.roster.setCurrentIndex(proxy.index(r, 1))
                return

    def concerns(self, changes: Changes) -> bool:
        return self.ident in changes.teams

    def title(self) -> str:
        return self.team.name if self.team else ""

    # ---- actions
    def open_card(self) -> None:
        """Show the selected player's card."""
        player = self.selected_player()
        if player is not None:
            self.ctx.navigate("player", player.id)

    def hire_player(self) -> None:
        """Choose a position, name and number in the Hire dialog, then hire (paid from the treasury)."""
        team = self.team
        if team is None:
            return
        dialog = HirePlayerDialog(team, load_ruleset(team.ruleset), self)
        try:
            if not self.ctx.dialogs.run(dialog):
                return
            position, name, number = dialog.position(), dialog.name.text().strip(), dialog.number.value()
        finally:
            dialog.deleteLater()
        if position is None:
            return
        services = self.ctx.svc

        def undo(outcome):
            player_id = next(iter(outcome.changes.players), None)
            if player_id is None:
                return None
            return UndoStep(f"hire of {position.name}", lambda: services.undo.undo_hire(player_id))

        self.ctx.runner.run_op(
            lambda: services.roster.hire_player(team.id, position.name, name or None, number),
            title="Could not hire the player",
            undo=undo,
        )

    def fire_player(self) -> None:
        """Remove the selected player after confirming what happens to the money."""
        player, team = self.selected_player(), self.team
        if player is None or team is None:
            return
        money = (
            f"The team gets {format_gold(player.value)} back (the draft is still open)."
            if not team.first_match_played
            else "Fired players are not refunded."
        )
        if team.classic and team.first_match_played:  # LRB 2004: each retirement brings a coach
            question = (
                "Retire player",
                f"Retire #{player.number} {player.name} for good? Nothing is refunded; each player "
                "who retires brings the team a free assistant coach.",
                "Retire",
            )
        else:
            question = ("Fire player", f"Remove #{player.number} {player.name}? {money}", "Fire")
        if not self.ctx.dialogs.confirm(*question):
            return
        services = self.ctx.svc
        retiring = question[0] == "Retire player"

        def retired(view: Any) -> None:
            if retiring:
                self.ctx.dialogs.info(
                    "Player retired",
                    f"{player.name} has retired. A free assistant coach joins {view.name} "
                    f"({view.assistant_coaches} assistant coaches now).",
                )

        self.ctx.runner.run_op(
            lambda: services.roster.fire_player(player.id),
            title="Could not retire the player" if retiring else "Could not fire the player",
            on_success=retired,
            undo=lambda _: UndoStep(
                f"{'retirement' if retiring else 'firing'} of {player.name}",
                lambda: services.undo.undo_fire(player.id),
            ),
        )

    def challenge(self) -> Any:
        """Issue a written challenge from this team (classic leagues; the season page answers it)."""
        from league_manager.ui.classic_tournament_tab import challenge_from_team

        team = self.team
        return challenge_from_team(self.ctx, team.name, team.league_id, self) if team is not None else None

    def name_captain(self) -> None:
        """Name the selected player the team's Captain after confirming."""
        player, team = self.selected_player(), self.team
        if player is None or team is None:
            return
        if not self.ctx.dialogs.confirm(
            "Team Captain",
            f"Name #{player.number} {player.name} the Team Captain? They gain Pro for free; while "
            "they are on the pitch a used team re-roll is kept on a 6. The Captain stays until "
            "they leave the team.",
            "Name captain",
        ):
            return
        services, team_id, number = self.ctx.svc, team.id, str(player.number)
        self.ctx.runner.run_op(
            lambda: services.roster.name_captain(team_id, number), title="Could not name the captain"
        )

    def open_redraft(self) -> None:
        """The re-draft window for the team's new season (budget, keep or release, rolls)."""
        if self.team is not None:
            open_redraft(self.ctx, self.team.id, self)

    def set_board_colours(self) -> None:
        """Ask for the team's two board colours (token, then rim and dugout) and store them."""
        if self.team is None:
            return
        services, team_id = self.ctx.svc, self.team.id
        now = services.team_board.colours(team_id)
        text = self.ctx.dialogs.text(
            "Board colours",
            "Token colour and rim colour, as #rrggbb #rrggbb (a clashing opponent changes colour):",
            f"{now.primary} {now.secondary}",
        )
        if text is None:
            return
        parts = text.replace(",", " ").split()
        primary, secondary = [*parts, "", ""][:2] if len(parts) <= 2 else ("", "")
        self.ctx.runner.run_op(
            lambda: services.team_board.set_colours(team_id, primary, secondary),
            title="Could not change the team's colours",
        )

    def rename_player(self) -> None:
        """Give the selected player a new name."""
        player = self.selected_player()
        if player is None:
            return
        name = self.ctx.dialogs.text("Rename player", f"New name for #{player.number}:", player.name)
        if name is None or name == player.name:
            return
        services, old = self.ctx.svc, player.name
        self.ctx.runner.run_op(
            lambda: services.roster.rename_player(player.id, name),
            title="Could not rename the player",
            undo=lambda _: UndoStep(
                f"rename of {old}", lambda: services.roster.rename_player(player.id, old)
            ),
        )

    def renumber_player(self) -> None:
        """Give the selected player another shirt number."""
        player = self.selected_player()
        if player is None:
            return
        number = self.ctx.dialogs.number("Shirt number", f"Number for {player.name}:", player.number, 1, 99)
        if number is None or number == player.number:
            return
        services, old = self.ctx.svc, player.number
        self.ctx.runner.run_op(
            lambda: services.roster.set_number(player.id, number),
            title="Could not change the number",
            undo=lambda _: UndoStep(f"number change of {player.name}",
                                    lambda: services.roster.set_number(player.id, old)),
        )  # fmt: skip

    def change_staff(self, key: str, delta: int) -> None:
        """Buy or sell a re-roll, hire or let go of staff."""
        team = self.team
        if team is None:
            return
        services, team_id = self.ctx.svc, team.id
        if key == "rerolls":
            if delta > 0:
                op = lambda: services.roster.buy_reroll(team_id)  # noqa: E731
                step = UndoStep("re-roll purchase", lambda: services.undo.undo_buy_reroll(team_id))
            else:
                op = lambda: services.roster.remove_reroll(team_id)  # noqa: E731
                step = UndoStep("re-roll sale", lambda: services.undo.undo_sell_reroll(team_id))
        elif delta > 0:
            op = lambda: services.roster.hire_staff(team_id, key)  # noqa: E731
            step = UndoStep("staff hire", lambda: services.undo.undo_staff(team_id, key, True))
        else:
            op = lambda: services.roster.fire_staff(team_id, key)  # noqa: E731
            step = UndoStep("staff change", lambda: services.undo.undo_staff(team_id, key, False))
        self.ctx.runner.run_op(op, title="Could not change the staff", undo=lambda _: step)
