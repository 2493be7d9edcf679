"""Arrange a game in a classic (LRB 2004) open league: the two coaches name the home and away
teams and the fixture is added (``fixture add``), as seed 001's open league runs it.

An open league has no schedule: the season page offers this in place of "Schedule…". The
service refuses a third match in a row between two teams, with the command line's message.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QVBoxLayout

from league_manager.services.season_read_models import SeasonView
from league_manager.ui.context import UiContext
from league_manager.ui.widgets import accept_cancel, label


class ArrangeGameDialog(QDialog):
    """Choose the home and the away team of a game the coaches arranged."""

    def __init__(self, teams: list[str], parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Arrange a game")
        self.setMinimumWidth(440)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "In an open league the coaches arrange their own games: any two teams of the league "
                "(a team joins the season with its first game), never a third match in a row "
                "against one opponent.",
                "help",
                wrap=True,
            )
        )
        form = QFormLayout()
        self.home, self.away = QComboBox(), QComboBox()
        self.home.addItems(teams)
        self.away.addItems(teams)
        self.away.setCurrentIndex(min(1, len(teams) - 1))
        form.addRow("Home", self.home)
        form.addRow("Away", self.away)
        layout.addLayout(form)
        accept_cancel(layout, "Add the fixture", self.accept, self.reject)


def arrange_game(ctx: UiContext, season: SeasonView, parent: Any = None) -> ArrangeGameDialog:
    """Ask for the two teams and add their fixture to the season (refusals shown as the CLI's)."""
    teams = sorted(t.name for t in ctx.svc.teams.list_teams(season.league_id))
    dialog = ArrangeGameDialog(teams, parent)
    if ctx.dialogs.run(dialog):
        home, away = dialog.home.currentText(), dialog.away.currentText()
        ctx.runner.run_op(
            lambda: ctx.svc.seasons.add_fixture(season.id, home, away),
            title=f"Could not add {home} v {away}",
        )
    return dialog
