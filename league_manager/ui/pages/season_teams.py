"""The Teams tab of the season page: who plays, and adding, removing or withdrawing teams."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from league_manager.services.season_read_models import SeasonTeamView, SeasonView
from league_manager.ui.context import UiContext
from league_manager.ui.operations import UndoStep
from league_manager.ui.season_dialog import AddTeamsDialog
from league_manager.ui.season_models import SeasonTeamModel
from league_manager.ui.widgets import button, label, make_table, source_row

FIXTURE_POLICIES = {
    "forfeit": "will be recorded as forfeits: its opponents win them",
    "void": "will be void: they count for nobody",
}
"""What the league setting ``withdrawn_team_fixtures`` does to a withdrawn team's unplayed fixtures."""


class SeasonTeamsTab(QWidget):
    """The season's teams with Add teams…, Remove and Withdraw… (every change through ``run_op``)."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.season: SeasonView | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 12, 0, 0)
        bar = QHBoxLayout()
        self.summary = label("", "muted")
        bar.addWidget(self.summary, 1)
        self.add_button = button("Add teams…", "add", tip="Enter more of the league's teams")
        self.remove_button = button(
            "Remove", tip="Take out a team entered by mistake (only before it has fixtures)"
        )
        self.withdraw_button = button(
            "Withdraw…", tip="The team leaves mid-season; its unplayed fixtures follow the league's rule"
        )
        self.add_button.clicked.connect(self.add_teams)
        self.remove_button.clicked.connect(self.remove_selected)
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        for widget in (self.add_button, self.remove_button, self.withdraw_button):
            bar.addWidget(widget)
        layout.addLayout(bar)
        self.model = SeasonTeamModel()
        self.table = make_table(
            self.model, sortable=False, stretch=5, placeholder="No teams yet. Use “Add teams…” to enter some."
        )
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._update_buttons())
        layout.addWidget(self.table, 1)
        self._update_buttons()

    # ---- showing
    def show_season(self, season: SeasonView) -> None:
        """Show ``season``'s teams, keeping the selected team selected."""
        selected = self.current_team()
        self.season = season
        self.model.set_rows(season.teams)
        withdrawn = len(season.teams) - len(season.active_teams)
        self.summary.setText(
            f"{len(season.active_teams)} teams entered" + (f", {withdrawn} withdrawn" if withdrawn else "")
        )
        for row, team in enumerate(season.teams):
            if selected is not None and team.team_id == selected.team_id:
                self.table.selectRow(row)
        self._update_buttons()

    def current_team(self) -> SeasonTeamView | None:
        """The selected team."""
        row = source_row(self.table)
        return self.model.row_record(row) if row is not None and row < self.model.rowCount() else None

    def _update_buttons(self) -> None:
        team = self.current_team()
        self.add_button.setEnabled(self.season is not None)
        self.remove_button.setEnabled(team is not None and team.fixtures == 0)
        self.withdraw_button.setEnabled(team is not None and not team.withdrawn)

    # ---- changes
    def add_teams(self) -> None:
        """Enter teams of the league that are not in the season yet (Edit → Undo takes them out)."""
        season, services = self.season, self.ctx.services
        if season is None or services is None:
            return
        dialog = AddTeamsDialog(season, services.seasons.entry_candidates(season.league_id, season.id), self)
        if not self.ctx.dialogs.run(dialog) or not dialog.entries():
            return
        entries = dialog.entries()
        seasons, season_id = services.seasons, season.id
        self.ctx.runner.run_op(
            lambda: seasons.enter_teams(season_id, entries),
            title=f"Could not add teams to {season.name}",
            undo=lambda outcome: UndoStep(
                f"adding {len(entries)} team(s) to {season.name}",
                lambda: seasons.remove_teams(season_id, sorted(outcome.changes.teams)),
            ),
        )

    def remove_selected(self) -> None:
        """Take the selected team out of the season (Edit → Undo enters it again, same division)."""
        season, team = self.season, self.current_team()
        if season is None or team is None:
            return
        seasons, season_id = self.ctx.svc.seasons, season.id
        entry = (team.team_id, team.division)
        self.ctx.runner.run_op(
            lambda: seasons.remove_team(season_id, team.team_id),
            title=f"Could not remove {team.name}",
            undo=lambda _: UndoStep(
                f"removal of {team.name}", lambda: seasons.enter_teams(season_id, [entry])
            ),
        )

    def withdraw_selected(self) -> None:
        """Withdraw the selected team after asking why and saying what becomes of its fixtures."""
        season, team, services = self.season, self.current_team(), self.ctx.services
        if season is None or team is None or services is None:
            return
        reason = self.ctx.dialogs.text(
            f"Withdraw {team.name}", f"Why does {team.name} withdraw from {season.name}? (optional)"
        )
        if reason is None or not self.ctx.dialogs.confirm(
            f"Withdraw {team.name}", self.withdrawal_consequences(season, team), "Withdraw"
        ):
            return
        seasons, season_id = services.seasons, season.id
        self.ctx.runner.run_op(
            lambda: seasons.withdraw_team(season_id, team.team_id, reason),
            title=f"Could not withdraw {team.name}",
        )

    def withdrawal_consequences(self, season: SeasonView, team: SeasonTeamView) -> str:
        """What withdrawing ``team`` does, in words, under the league's fixture rule."""
        services = self.ctx.svc
        policy = str(services.leagues.get_league(season.league_id).settings.get("withdrawn_team_fixtures"))
        unplayed = [
            f
            for f in services.seasons.fixtures(season.id)
            if team.team_id in (f.home_id, f.away_id) and not f.decided
        ]
        text = f"{team.name} will play no more games in {season.name}. "
        if not unplayed:
            return text + "It has no unplayed fixtures."
        effect = FIXTURE_POLICIES.get(policy, f"follow the league's rule ({policy})")
        return text + f"Its {len(unplayed)} unplayed fixture(s) {effect}."
