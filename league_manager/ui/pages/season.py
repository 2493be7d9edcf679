"""The season page: fixtures by round with inline results, standings, leader boards and teams."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset
from league_manager.services.changes import Changes
from league_manager.services.season_read_models import FixtureView, ResultEntry, SeasonView, entry_of
from league_manager.ui import theme
from league_manager.ui.chart_panel import ChartPanel
from league_manager.ui.classic_tournament_tab import ClassicTournamentTab
from league_manager.ui.context import Page, UiContext
from league_manager.ui.league_rules_season import FixtureRulesBar
from league_manager.ui.operations import UndoStep
from league_manager.ui.pages.season_teams import SeasonTeamsTab
from league_manager.ui.printing import Printer
from league_manager.ui.redraft_dialog import open_redraft
from league_manager.ui.season_end_dialog import PlayoffsDialog, close_season
from league_manager.ui.season_models import FixtureTableModel, LeaderModel, StandingsModel
from league_manager.ui.simulate_dialog import SimulateDialog
from league_manager.ui.widgets import PageHeader, button, label, make_table, source_row

OUTCOMES = ("Score", "Forfeit", "Bye", "Concession", "Administrative")
ARRANGE_TIP = "An open league (LRB 2004): add a game the two coaches arranged"
ARRANGE_DRAWN = "The knock-out has been drawn: the play-offs are over, no more games are arranged this season"
"""What the result editor can enter."""


def _ruleset(ruleset_id: str) -> Ruleset | None:
    """The shipped ruleset of that id (the classic one too), or None for an unknown id."""
    try:
        return load_ruleset(ruleset_id)
    except LeagueError:
        return None


def _unscheduled(ruleset_id: str) -> str:
    """What the header says of a season without a schedule: an open league (LRB 2004) needs none."""
    ruleset = _ruleset(ruleset_id)
    return "open league" if ruleset is not None and ruleset.classic else "not scheduled"


def edition_label(ruleset_id: str, version: str) -> str:
    """A season's edition as the header shows it: "Blood Bowl Season 3 (2026.05)"."""
    ruleset = _ruleset(ruleset_id)
    return f"{ruleset.name if ruleset else ruleset_id} ({version})"


class ResultEditor(QFrame):
    """A small editor under the fixture table: home TD / away TD / CAS, or another outcome."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 8, 12, 8)
        outer.setSpacing(6)
        top = QHBoxLayout()
        top.setSpacing(8)
        self.fixture_label = label("Select a fixture", "sectionTitle")
        top.addWidget(self.fixture_label, 1)
        self.outcome = QComboBox()
        self.outcome.addItems(OUTCOMES)
        self.outcome.setToolTip(
            "A played game, or a forfeit, bye or commissioner's ruling.\n"
            "A concession is entered with Concede… below: it moves the gold and the MVPs."
        )
        concession = self.outcome.model().item(OUTCOMES.index("Concession"))  # type: ignore[attr-defined]
        concession.setEnabled(False)
        concession.setToolTip("Use Concede… below: a concession moves gold and MVPs, not only the table")
        top.addWidget(self.outcome)
        self.side = QComboBox()
        self.side.setToolTip(
            "Forfeit: the team that did not play.\n"
            "Administrative: the ruling (home wins, away wins, draw, both lose)"
        )
        top.addWidget(self.side)
        outer.addLayout(top)
        layout = QHBoxLayout()
        layout.setSpacing(8)
        self.home_td, self.away_td = self._spin("Home touchdowns"), self._spin("Away touchdowns")
        self.home_cas, self.away_cas = (
            self._spin("Casualties caused by home"),
            self._spin("Casualties by away"),
        )
        self.score_widgets: list[QWidget] = [
            label("TD", "muted"),
            self.home_td,
            label("–"),
            self.away_td,
            label("CAS", "muted"),
            self.home_cas,
            label("–"),
            self.away_cas,
        ]
        for widget in self.score_widgets:
            layout.addWidget(widget)
        self.note = QLineEdit()
        self.note.setPlaceholderText("Note (optional)")
        layout.addWidget(self.note, 1)
        self.save = button("Save result", "save", primary=True, tip="Record this result")
        self.clear = button("Clear", tip="Remove the result; the fixture is scheduled again")
        layout.addWidget(self.save)
        layout.addWidget(self.clear)
        outer.addLayout(layout)
        self.outcome.currentTextChanged.connect(self._outcome_changed)
        self.fixture: FixtureView | None = None
        self.set_fixture(None)

    @staticmethod
    def _spin(tip: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, 30)
        spin.setToolTip(tip)
        spin.setFixedWidth(56)
        return spin

    def set_fixture(self, fixture: FixtureView | None) -> None:
        """Show (and edit) ``fixture``'s result."""
        self.fixture = fixture
        enabled = fixture is not None and not fixture.to_be_decided
        for widget in (
            self.outcome,
            self.home_td,
            self.away_td,
            self.home_cas,
            self.away_cas,
            self.note,
            self.save,
            self.side,
        ):
            widget.setEnabled(enabled)
        self.clear.setEnabled(fixture is not None and fixture.result is not None)
        self.fixture_label.setText(fixture.label() if fixture else "Select a fixture")
        result = fixture.result if fixture else None
        self.home_td.setValue(result.home_td or 0 if result else 0)
        self.away_td.setValue(result.away_td or 0 if result else 0)
        self.home_cas.setValue(result.home_cas or 0 if result else 0)
        self.away_cas.setValue(result.away_cas or 0 if result else 0)
        self.note.setText(result.note if result else "")
        outcome = {
            "score": "Score",
            "forfeit": "Forfeit",
            "bye": "Bye",
            "concession": "Concession",
            "administrative": "Administrative",
        }.get(result.outcome if result else "", "Score")
        if fixture is not None and fixture.is_bye:
            outcome = "Bye"
        self.outcome.setCurrentText(outcome)
        self._outcome_changed(outcome)

    def _outcome_changed(self, outcome: str) -> None:
        fixture = self.fixture
        home = fixture.home or "home" if fixture else "home"
        away = fixture.away or "away" if fixture else "away"
        self.side.clear()
        if outcome in {"Forfeit", "Concession"}:
            self.side.addItems([f"by {home}", f"by {away}"])
        elif outcome == "Administrative":
            self.side.addItems([f"{home} wins", f"{away} wins", "draw", "both lose"])
        self.side.setVisible(self.side.count() > 0)
        scored = outcome in {"Score", "Concession"}
        for widget in self.score_widgets:
            widget.setVisible(scored)

    def entry(self) -> ResultEntry:
        """What the editor says, for ``seasons.set_result``."""
        outcome = self.outcome.currentText()
        note = self.note.text().strip()
        side = ("home", "away")[min(self.side.currentIndex(), 1)] if self.side.currentIndex() >= 0 else "home"
        if outcome == "Forfeit":
            return ResultEntry(forfeit=side, note=note)
        if outcome == "Bye":
            return ResultEntry(bye=True, note=note)
        if outcome == "Administrative":
            ruling = ("home", "away", "draw", "both-lose")[max(self.side.currentIndex(), 0)]
            return ResultEntry(administrative=ruling, note=note)
        return ResultEntry(
            conceded_by=side if outcome == "Concession" else None,
            home_td=self.home_td.value(),
            away_td=self.away_td.value(),
            home_cas=self.home_cas.value(),
            away_cas=self.away_cas.value(),
            note=note,
        )


class SeasonPage(Page):
    """A season: fixtures by round (results entered inline), standings, leaders and its teams."""

    kind = "season"
    fixture_activated = Signal(int)
    """Emitted with a fixture's id when its row is double-clicked."""

    def __init__(self, ctx: UiContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.season: SeasonView | None = None
        self.round_filter: int | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 16)
        layout.setSpacing(14)
        self.header = PageHeader("league", one_line=True)
        self.schedule_button = button(
            "Schedule…", "add", primary=True, tip="Generate fixtures: round robin, Swiss, knock-out"
        )
        self.schedule_button.clicked.connect(lambda: self.ctx.navigate("schedule", self.ident))
        self.header.add_action(self.schedule_button)
        self.arrange_button = button(
            "Arrange a game…", "add", primary=True,
            tip=ARRANGE_TIP,
        )  # fmt: skip
        self.arrange_button.clicked.connect(self.arrange_game)
        self.header.add_action(self.arrange_button)
        self.arrange_button.hide()  # shown by reload() on a classic season
        self.printer = Printer(ctx, self)
        self.print_button = button("Print…", "save", tip="League table and fixtures as a PDF")
        self.print_button.clicked.connect(lambda: self.printer.season(self.ident))
        self.header.add_action(self.print_button)
        self.simulate_button = button(
            "Simulate…",
            "league",
            tip="Play the open fixtures on the match engine, pre-game and post-game included",
        )
        self.simulate_button.clicked.connect(self.simulate)
        layout.addWidget(self.header)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        layout.addWidget(self.tabs, 1)

        fixtures = QWidget()
        fl = QVBoxLayout(fixtures)
        fl.setContentsMargins(0, 12, 0, 0)
        bar = QHBoxLayout()
        bar.addWidget(label("Round", "muted"))
        self.round_combo = QComboBox()
        self.round_combo.setMinimumWidth(180)
        self.round_combo.currentIndexChanged.connect(self._round_chosen)
        bar.addWidget(self.round_combo)
        bar.addStretch(1)
        bar.addWidget(self.simulate_button)
        fl.addLayout(bar)
        self.fixture_model = FixtureTableModel()
        self.fixture_table = make_table(
            self.fixture_model,
            sortable=False,
            stretch=7,
            placeholder="No fixtures yet. Use “Schedule…” to draw them.",
        )
        self.fixture_table.setToolTip("Select a fixture to enter its result; double-click to open it")
        self.fixture_table.doubleClicked.connect(self._activated)
        self.fixture_table.selectionModel().currentRowChanged.connect(lambda *_: self._fixture_selected())
        fl.addWidget(self.fixture_table, 1)
        self.editor = ResultEditor()
        self.editor.save.clicked.connect(self.save_result)
        self.editor.clear.clicked.connect(self.clear_result)
        fl.addWidget(self.editor)
        self.rules_bar = FixtureRulesBar(ctx)
        fl.addWidget(self.rules_bar)
        self.header.add_action(self.rules_bar.enforce_button)
        theme.tab_with_icon(self.tabs, fixtures, "league", "Fixtures")

        standings = QWidget()
        sl = QVBoxLayout(standings)
        sl.setContentsMargins(0, 12, 0, 0)
        self.tiebreak_label = label("", "muted", wrap=True)
        sl.addWidget(self.tiebreak_label)
        self.table_choice = QComboBox()
        self.table_choice.currentIndexChanged.connect(self._table_chosen)
        top = QHBoxLayout()
        self.table_label = label("Table", "muted")
        top.addWidget(self.table_label)
        top.addWidget(self.table_choice)
        top.addStretch(1)
        self.playoffs_button = button("Play-offs…", "team", tip="Qualifiers and seeds from the divisions")
        self.playoffs_button.clicked.connect(self.show_playoffs)
        top.addWidget(self.playoffs_button)
        self.close_button = button(
            "Close season…", "save", tip="Prize money, League Trophy, awards, final table"
        )
        self.close_button.clicked.connect(self.close_season)
        top.addWidget(self.close_button)
        self.redraft_button = button("Re-draft a team…", "team", tip="Re-draft a team for the new season")
        self.redraft_button.clicked.connect(self.redraft_team)
        top.addWidget(self.redraft_button)
        sl.addLayout(top)
        self.standings_model = StandingsModel()
        self.standings_table = make_table(
            self.standings_model, sortable=False, stretch=11, placeholder="No teams in this season yet."
        )
        sl.addWidget(self.standings_table, 1)
        theme.tab_with_icon(self.tabs, standings, "team", "Standings")

        leaders = QWidget()
        lv = QVBoxLayout(leaders)
        lv.setContentsMargins(0, 12, 0, 0)
        scope_row = QHBoxLayout()
        scope_row.addWidget(label("Count", "muted"))
        self.leader_scope = QComboBox()
        self.leader_scope.addItem("This season", "season")
        self.leader_scope.addItem("Career (the league's seasons up to this one)", "career")
        self.leader_scope.setToolTip("Leader boards of this season's games, or of every season so far")
        self.leader_scope.currentIndexChanged.connect(lambda _i: self._load_leaders())
        scope_row.addWidget(self.leader_scope)
        scope_row.addStretch(1)
        lv.addLayout(scope_row)
        ll = QHBoxLayout()
        lv.addLayout(ll, 1)
        self.leader_models: dict[str, LeaderModel] = {}
        self.leader_boards: dict[str, QComboBox] = {}
        self._leaders: dict[str, Any] = {}
        for key, title in (("players", "Players"), ("teams", "Teams")):
            column = QVBoxLayout()
            row = QHBoxLayout()
            row.addWidget(label(title, "sectionTitle"))
            combo = QComboBox()
            combo.currentIndexChanged.connect(lambda _i, k=key: self._board_chosen(k))
            row.addWidget(combo, 1)
            column.addLayout(row)
            model = LeaderModel()
            empty = "No player statistics recorded yet." if key == "players" else "No games played yet."
            board = make_table(model, sortable=False, stretch=1, placeholder=empty)
            board.setColumnHidden(2, key == "teams")  # a team board's name is the team
            column.addWidget(board, 1)
            ll.addLayout(column, 1)
            self.leader_models[key] = model
            self.leader_boards[key] = combo
        theme.tab_with_icon(self.tabs, leaders, "player", "Leaders")
        self.race_chart = ChartPanel("No league games played yet: the race starts with the first round.")
        theme.tab_with_icon(self.tabs, self.race_chart, "history", "Standings race")
        self.teams_tab = SeasonTeamsTab(ctx)
        theme.tab_with_icon(self.tabs, self.teams_tab, "team", "Teams")
        self.classic_tab = ClassicTournamentTab(ctx)
        theme.tab_with_icon(self.tabs, self.classic_tab, "team", "Play-offs")
        self.tabs.setTabVisible(self.tabs.indexOf(self.classic_tab), False)  # a classic season's
        self._standings: Any = None
        self._fixtures: list[FixtureView] = []

    # ---- loading
    def reload(self) -> None:
        services = self.ctx.services
        if services is None or self.ident is None:
            return
        self.season = services.seasons.get_season(self.ident)
        season = self.season
        self.header.set_text(
            f"{season.name}",
            f"{season.league}  ·  {edition_label(season.ruleset, season.ruleset_version)}  ·  "
            f"{len(season.teams)} teams  ·  {season.format or _unscheduled(season.ruleset)}  ·  "
            f"{season.decided}/{season.fixtures} decided  ·  {season.status}",
        )
        self.teams_tab.show_season(season)
        self.rules_bar.set_season(season)
        self._fixtures = services.seasons.fixtures(season.id)
        self._show_classic(season)
        rounds = sorted({(f.round, f.round_name) for f in self._fixtures})
        self.round_combo.blockSignals(True)
        self.round_combo.clear()
        self.round_combo.addItem("All rounds", None)
        for number, name in rounds:
            self.round_combo.addItem(name, number)
        found = self.round_combo.findData(self.round_filter)
        self.round_combo.setCurrentIndex(max(found, 0))
        self.round_combo.blockSignals(False)
        self._show_fixtures()
        self._standings = services.seasons.standings(season.id)
        order = ", ".join(t.replace("_", " ") for t in self._standings.tiebreakers)
        self.tiebreak_label.setText(f"Teams level on points are separated by, in order: {order or 'name'}.")
        current = self.table_choice.currentText()
        self.table_choice.blockSignals(True)
        self.table_choice.clear()
        self.table_choice.addItem("Overall")
        for division in self._standings.divisions:
            self.table_choice.addItem(division.name)
        self.table_choice.setCurrentIndex(max(self.table_choice.findText(current), 0))
        self.table_choice.blockSignals(False)
        self.table_choice.setVisible(bool(self._standings.divisions))
        self.table_label.setVisible(bool(self._standings.divisions))
        self._table_chosen()
        self._load_leaders()
        race = services.history.standings_race(season.id)
        self.race_chart.show_chart((lambda charts: charts.race_chart(race)) if race.rounds else None)

    def _show_classic(self, season: SeasonView) -> None:
        """A classic (LRB 2004) open league arranges its games and runs its own play-offs; no
        season takes a schedule once finished."""
        ruleset = _ruleset(season.ruleset)
        classic = ruleset is not None and ruleset.classic
        finished = season.status == "finished"
        self.schedule_button.setVisible(not classic and not finished)
        self.arrange_button.setVisible(classic and not finished)
        self.playoffs_button.setVisible(not classic)  # the BB2020 qualifiers from the standings
        self.simulate_button.setVisible(not classic)  # the engine plays no classic match
        self.tabs.setTabVisible(self.tabs.indexOf(self.classic_tab), classic)
        self.fixture_table.placeholder = (  # type: ignore[attr-defined]
            "No games yet. Use “Arrange a game…” for a game two coaches arranged."
            if classic
            else "No fixtures yet. Use “Schedule…” to draw them."
        )
        if classic:
            drawn = any(f.stage == "playoff" for f in self._fixtures)
            self.classic_tab.show_season(season, drawn)
            self.arrange_button.setEnabled(not drawn)
            self.arrange_button.setToolTip(ARRANGE_DRAWN if drawn else ARRANGE_TIP)

    def arrange_game(self) -> Any:
        """An open league's game the coaches arranged: its two teams, then the fixture is added."""
        from league_manager.ui.classic_arrange import arrange_game

        return arrange_game(self.ctx, self.season, self) if self.season is not None else None

    def _load_leaders(self) -> None:
        services = self.ctx.services
        if services is None or self.season is None:
            return
        scope = self.leader_scope.currentData() or "season"
        leaders = services.seasons.leaders(self.season.id, scope=scope)
        for key in ("players", "teams"):
            boards = getattr(leaders, key)
            self._leaders[key] = boards
            combo = self.leader_boards[key]
            chosen = combo.currentIndex()
            combo.blockSignals(True)
            combo.clear()
            for board in boards:
                combo.addItem(board.label)
            combo.setCurrentIndex(chosen if 0 <= chosen < combo.count() else 0)
            combo.blockSignals(False)
            self._board_chosen(key)

    def show_round(self, number: int | None) -> None:
        """Show only the fixtures of round ``number`` (None: every round)."""
        self.round_filter = number
        self.round_combo.setCurrentIndex(max(self.round_combo.findData(number), 0))
        self._show_fixtures()

    def _round_chosen(self) -> None:
        self.round_filter = self.round_combo.currentData()
        self._show_fixtures()

    def _show_fixtures(self) -> None:
        selected = self.editor.fixture.id if self.editor.fixture else None
        rows = [f for f in self._fixtures if self.round_filter is None or f.round == self.round_filter]
        self.fixture_model.set_rows(rows)
        self.editor.set_fixture(None)
        for row, fixture in enumerate(rows):
            if fixture.id == selected:
                self.fixture_table.selectRow(row)
                self._fixture_selected()

    def _table_chosen(self) -> None:
        if self._standings is None:
            return
        index = self.table_choice.currentIndex()
        table = self._standings.overall if index <= 0 else self._standings.divisions[index - 1]
        self.standings_model.set_rows(table.rows)

    def _board_chosen(self, key: str) -> None:
        boards = self._leaders.get(key, ())
        index = self.leader_boards[key].currentIndex()
        self.leader_models[key].set_rows(boards[index].entries if 0 <= index < len(boards) else [])

    # ---- fixtures
    def current_fixture(self) -> FixtureView | None:
        """The selected fixture."""
        row = source_row(self.fixture_table)
        return self.fixture_model.row_record(row) if row is not None else None

    def _fixture_selected(self) -> None:
        self.editor.set_fixture(self.current_fixture())
        self.rules_bar.set_fixture(self.current_fixture())

    def _activated(self, index: Any) -> None:
        fixture = self.fixture_model.row_record(index.row())
        if fixture.id is not None:
            self.fixture_activated.emit(fixture.id)

    def save_result(self) -> None:
        """Record the editor's result for the selected fixture (Edit → Undo puts back the old one)."""
        fixture = self.editor.fixture
        if fixture is None or fixture.id is None:
            return
        entry = self.editor.entry()
        fixture_id = fixture.id
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.seasons.set_result(fixture_id, entry),
            title=f"Could not record {fixture.label()}",
            undo=lambda _: self._undo_step(fixture, f"result of {fixture.label()}"),
        )

    def clear_result(self) -> None:
        """Remove the selected fixture's result (Edit → Undo puts it back)."""
        fixture = self.editor.fixture
        if fixture is None or fixture.id is None:
            return
        fixture_id = fixture.id
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.seasons.clear_result(fixture_id),
            title=f"Could not clear {fixture.label()}",
            undo=lambda _: self._undo_step(fixture, f"clearing of {fixture.label()}"),
        )

    def show_playoffs(self) -> None:
        """The play-off qualifiers and seeds (a seed may be moved with a reason)."""
        if self.season is None:
            return
        try:
            dialog = PlayoffsDialog(self.ctx, self.season.id, self)
        except LeagueError as refused:
            self.ctx.dialogs.error("No play-offs yet", str(refused))
            return
        self.ctx.dialogs.run(dialog)

    def simulate(self) -> None:
        """Open the simulation window for the season's open fixtures."""
        if self.season is not None:
            self.ctx.dialogs.run(SimulateDialog(self.ctx, self.season.id, self.season.name, self))

    def close_season(self) -> None:
        """Preview the season's close, ask, then close it."""
        if self.season is not None:
            close_season(self.ctx, self.season.id)

    def redraft_team(self) -> None:
        """Choose one of the season's teams that can be re-drafted now and open its re-draft window."""
        if self.season is None:
            return
        open_now = {
            t.name: t.team_id for t in self.season.teams if self.ctx.svc.redraft.seasons_open(t.team_id)
        }
        if not open_now:
            self.ctx.dialogs.error(
                "No re-draft",
                f"No team of {self.season.name} can be re-drafted now: a team re-drafts once the season it "
                "played is closed and it is entered in the league's next season, before it plays there.",
            )
            return
        name = self.ctx.dialogs.item("Re-draft", "Team", sorted(open_now))
        if name is not None:
            open_redraft(self.ctx, open_now[name], self)

    def _undo_step(self, before: FixtureView, label: str) -> UndoStep:
        """Put ``before``'s result back: clear the fixture, or record its earlier result."""
        seasons, fixture_id = self.ctx.svc.seasons, before.id or 0
        if before.result is None:
            return UndoStep(label, lambda: seasons.clear_result(fixture_id))
        entry = entry_of(before.result)
        return UndoStep(label, lambda: seasons.set_result(fixture_id, entry))

    def concerns(self, changes: Changes) -> bool:
        season = self.season
        return bool(changes.fixtures or changes.teams) or (
            season is not None and season.league_id in changes.leagues
        )

    def title(self) -> str:
        return self.season.name if self.season else ""
