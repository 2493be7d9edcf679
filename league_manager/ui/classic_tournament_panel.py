"""The classic (LRB 2004) season's tournament on its "Play-offs" tab: name it and close it.

"Name the tournament…" is ``season classic-tournament`` (one of the four Majors, or a minor
tournament with its prizes), "Close the tournament…" is ``season classic-close`` (prize money,
the Majors' rolls, the Spike!'s Player of the Year, the trophy's holder). The panel shows what
was named and, once closed, the prizes paid and who holds the trophy. Every refusal is the
service's own message, the one the command line prints.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.rules.classic_tournaments.tables import MAJORS
from league_manager.services.season_read_models import SeasonView
from league_manager.ui.context import UiContext
from league_manager.ui.widgets import accept_cancel, button, label

if TYPE_CHECKING:  # the service module reads the database; only its view type is named here
    from league_manager.services.classic_tournaments import TournamentView

MINOR = "A minor tournament (no trophy)"
SPIKE = "Spike! Magazine Trophy"
POTY_YES = "Hand out the Player of the Year (+1 fan factor for his team)"
POTY_NO = "No Player of the Year"


class NameTournamentDialog(QDialog):
    """Pick a Major, or name a minor tournament and its prize money."""

    def __init__(self, season: str, current: TournamentView | None, parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Name {season}'s tournament")
        self.setMinimumWidth(460)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "A Major's finalists share its prize money and its winner holds the trophy (a Trophy "
                "Re-roll each match) until the next one; a minor tournament pays the prizes set here "
                "(within the rules' cap) and gives no trophy. It can be renamed until the final's "
                "post-match.",
                "help",
                wrap=True,
            )
        )
        form = QFormLayout()
        self.kind = QComboBox()
        self.kind.addItems([*MAJORS, MINOR])
        self.minor_name = QLineEdit()
        self.minor_name.setPlaceholderText("e.g. Reikland Cup")
        self.winner, self.runner_up = QSpinBox(), QSpinBox()
        for spin in (self.winner, self.runner_up):
            spin.setRange(0, 1_000_000)
            spin.setSingleStep(10_000)
            spin.setSuffix(" gp")
        form.addRow("Tournament", self.kind)
        form.addRow("Minor tournament's name", self.minor_name)
        form.addRow("Winner's prize", self.winner)
        form.addRow("Runner-up's prize", self.runner_up)
        layout.addLayout(form)
        if current is not None:
            self.kind.setCurrentText(current.name if current.major else MINOR)
            if not current.major:
                self.minor_name.setText(current.name)
                self.winner.setValue(current.winner_prize)
                self.runner_up.setValue(current.runner_up_prize)
        self.kind.currentTextChanged.connect(self._update)
        self._update()
        accept_cancel(layout, "Name the tournament", self.accept, self.reject)

    def minor(self) -> bool:
        """True when a minor tournament is chosen."""
        return self.kind.currentText() == MINOR

    def _update(self) -> None:
        for widget in (self.minor_name, self.winner, self.runner_up):
            widget.setEnabled(self.minor())  # a Major's prizes are the rules'

    def chosen_name(self) -> str:
        """The tournament's name: the Major's, or the minor one typed."""
        return self.minor_name.text().strip() if self.minor() else self.kind.currentText()


def tournament_html(view: TournamentView | None) -> str:
    """The season's tournament as named, and once closed its prizes and trophy holder."""
    if view is None:
        return "<p><b>Tournament</b>: not named yet (name it before the final's post-match)</p>"
    kind = "a Major" if view.major else "a minor tournament, no trophy"
    lines = [f"<b>{escape(view.name)}</b> ({kind})"]
    if not view.major:
        lines.append(f"prizes: winner {view.winner_prize:,} gp, runner-up {view.runner_up_prize:,} gp")
    if not view.closed:
        lines.append("not closed yet: close it once the final and its post-match are done")
        return "<p>" + "<br/>".join(lines) + "</p>"
    lines.extend(escape(line) for line in view.outcome_lines())
    return "<p>" + "<br/>".join(lines) + "</p>"


class ClassicTournamentPanel(QWidget):
    """The season's tournament: its summary and the name and close buttons."""

    def __init__(self, ctx: UiContext, parent: Any = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.season: SeasonView | None = None
        self.view: TournamentView | None = None
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 10)  # apart from the play-offs' help below
        self.summary = label("", wrap=True)
        self.summary.setTextFormat(self.summary.textFormat().RichText)
        row.addWidget(self.summary, 1)
        self.name_button = button(
            "Name the tournament…", "edit", tip="A Major, or a minor one and its prizes"
        )
        self.name_button.clicked.connect(self.name)
        self.close_button = button(
            "Close the tournament…", "team", primary=True,
            tip="After the final's post-match: pay the prizes, roll the Majors' benefits, name the holder",
        )  # fmt: skip
        self.close_button.clicked.connect(self.close_tournament)
        row.addWidget(self.name_button)
        row.addWidget(self.close_button)

    def show_season(self, season: SeasonView) -> None:
        """Fill the panel for ``season``: the tournament named (if any) and what can be done."""
        self.season = season
        try:
            self.view = self.ctx.svc.classic_tournaments.show(season.id)
        except LeagueError:  # not named yet
            self.view = None
        self.summary.setText(tournament_html(self.view))
        closed = self.view is not None and self.view.closed
        self.name_button.setEnabled(not closed and season.status != "finished")
        blocker = self.view.close_blocker if self.view is not None else "name the tournament first"
        self.close_button.setEnabled(self.view is not None and not closed and not blocker)
        self.close_button.setToolTip(blocker[:1].upper() + blocker[1:] if blocker and not closed else "")

    def name(self) -> NameTournamentDialog | None:
        """Ask for the tournament and name it (refusals as the command line's)."""
        season = self.season
        if season is None:
            return None
        dialog = NameTournamentDialog(season.name, self.view, self)
        if not self.ctx.dialogs.run(dialog):
            return dialog
        name, minor = dialog.chosen_name(), dialog.minor()
        winner, runner_up = (dialog.winner.value(), dialog.runner_up.value()) if minor else (0, 0)
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.classic_tournaments.name(
                season.id, name, minor=minor, winner_prize=winner, runner_up_prize=runner_up
            ),
            title="Could not name the tournament",
        )
        return dialog

    def close_tournament(self) -> Any:
        """Confirm, ask about the Spike!'s Player of the Year, and close the tournament."""
        season, view = self.season, self.view
        if season is None or view is None:
            return None
        poty = False
        if view.name == SPIKE:
            text = "The Spike! Magazine Trophy's Player of the Year:"
            answer = self.ctx.dialogs.item("Close the tournament", text, [POTY_YES, POTY_NO])
            if answer is None:
                return None
            poty = answer == POTY_YES
        if not self.ctx.dialogs.confirm(
            "Close the tournament",
            f"Close {season.name}'s {view.name}? The finalists are paid, "
            + ("its prizes are rolled and its winner holds the trophy; " if view.major else "")
            + "the season is finished. It cannot be closed twice.",
            "Close",
        ):
            return None
        return self.ctx.runner.run_op(
            lambda: self.ctx.svc.classic_tournaments.close(season.id, player_of_the_year=poty),
            title="Could not close the tournament",
        )
