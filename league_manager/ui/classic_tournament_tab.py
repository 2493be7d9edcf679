"""The season page's "Play-offs" tab of a classic (LRB 2004) season: the open play-offs table,
the knock-out draw and the written challenges.

The table is ``season classic-playoffs`` (best three results, ties by team rating); "Draw the
knock-out…" is ``season classic-draw`` (quarter-finals and third-place match as options); the
challenges are ``fixture challenge`` and ``fixture challenge-answer``. Every refusal is the
service's own message, the one the command line prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from league_manager.rules.classic_tournaments.challenges import PLAYOFF_WEEKS
from league_manager.rules.classic_tournaments.playoffs import PlayoffStanding
from league_manager.services.season_read_models import SeasonView
from league_manager.ui.classic_tournament_panel import ClassicTournamentPanel
from league_manager.ui.context import UiContext
from league_manager.ui.models import CENTER, RIGHT, Column, RecordTableModel
from league_manager.ui.widgets import accept_cancel, button, label, make_table, source_row

if TYPE_CHECKING:  # the service module reads the database; only its view type is named here
    from league_manager.services.classic_challenges import ChallengeView

ANSWERED = {"accepted": "accepted", "refused": "refused: 2-0", "substitute": "substitute named",
            "declined": "substitute declined: 0-2"}  # fmt: skip


class PlayoffTableModel(RecordTableModel[PlayoffStanding]):
    """The open play-offs: points from the best three results, the opponents counted, rating."""

    columns = (
        Column[PlayoffStanding]("Team", lambda s: s.team, bold=lambda s: True),
        Column[PlayoffStanding]("Points", lambda s: str(s.points), lambda s: s.points, RIGHT,
                                header_tip="15 a win, 10 a draw, 5 a loss, +TD for -TD against; best three"),
        Column[PlayoffStanding]("Results counted", lambda s: ", ".join(s.counted) or "none yet",
                                header_tip="The opponents of the (up to three) results that count"),
        Column[PlayoffStanding]("Rating", lambda s: str(s.rating), lambda s: s.rating, RIGHT,
                                header_tip="Team rating: it separates teams level on points"),
    )  # fmt: skip


class ChallengeModel(RecordTableModel["ChallengeView"]):
    """The season's written challenges and their answers."""

    columns = (
        Column["ChallengeView"]("No.", lambda c: str(c.id), lambda c: c.id, CENTER),
        Column["ChallengeView"]("Week", lambda c: str(c.week), lambda c: c.week, CENTER),
        Column["ChallengeView"]("Challenger", lambda c: c.challenger),
        Column["ChallengeView"]("Challenged", lambda c: c.challenged),
        Column["ChallengeView"]("Answer", lambda c: ANSWERED.get(c.answer, "waiting for an answer")),
        Column["ChallengeView"]("Plays", lambda c: c.substitute or (c.challenged if c.answer else "")),
        Column["ChallengeView"]("Fixture", lambda c: str(c.fixture_id or "")),
    )  # fmt: skip


class ChallengeDialog(QDialog):
    """Issue a written challenge: challenger, challenged team and play-off week."""

    def __init__(self, teams: list[str], parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Written challenge")
        self.setMinimumWidth(440)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "One challenge a play-off week (1-3) per team, never to a team it has played or has a "
                "fixture with. The challenged coach accepts, refuses (a 2-0 win for the challenger, no "
                "SPP, cash or fan factor) or names a substitute.",
                "help",
                wrap=True,
            )
        )
        form = QFormLayout()
        self.challenger, self.challenged = QComboBox(), QComboBox()
        self.challenger.addItems(teams)
        self.challenged.addItems(teams)
        self.challenged.setCurrentIndex(min(1, len(teams) - 1))
        self.week = QSpinBox()
        self.week.setRange(min(PLAYOFF_WEEKS), max(PLAYOFF_WEEKS))
        form.addRow("Challenger", self.challenger)
        form.addRow("Challenges", self.challenged)
        form.addRow("Play-off week", self.week)
        layout.addLayout(form)
        accept_cancel(layout, "Issue the challenge", self.accept, self.reject)


class ClassicTournamentTab(QWidget):
    """Play-off table, knock-out draw and written challenges of a classic season."""

    def __init__(self, ctx: UiContext, parent: Any = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.season: SeasonView | None = None
        self.drawn = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 12, 0, 0)
        self.tournament = ClassicTournamentPanel(ctx, self)  # the season's tournament: name, close
        layout.addWidget(self.tournament)
        layout.addWidget(
            label(
                "Open play-offs: each team's best three results count (15 a win, 10 a draw, 5 a loss, "
                "plus touchdowns for, minus against); teams level on points are separated by team "
                "rating, then drawn. The top four (eight with quarter-finals) go through.",
                "muted",
                wrap=True,
            )
        )
        self.table_model = PlayoffTableModel()
        self.table = make_table(self.table_model, sortable=False, stretch=2, placeholder="No results yet.")
        layout.addWidget(self.table, 2)
        draw_row = QHBoxLayout()
        self.quarter_finals = QCheckBox("Quarter-finals (8 qualifiers)")
        self.third_place = QCheckBox("Third-place match")
        self.draw_button = button(
            "Draw the knock-out…", "team", primary=True,
            tip="Close the play-offs: qualify the top teams and draw the ties at random "
            "(refused while a play-off match is still to be played)",
        )  # fmt: skip
        self.draw_button.clicked.connect(self.draw)
        for box in (self.quarter_finals, self.third_place):
            draw_row.addWidget(box)
        draw_row.addStretch(1)
        draw_row.addWidget(self.draw_button)
        layout.addLayout(draw_row)
        self.drawn_label = label("", "muted", wrap=True)
        layout.addWidget(self.drawn_label)
        top = QHBoxLayout()
        top.addWidget(label("Written challenges", "sectionTitle"))
        top.addStretch(1)
        self.challenge_button = button("Challenge…", "add", tip="Issue a written play-off challenge")
        self.challenge_button.clicked.connect(self.issue)
        self.accept_button = button("Accept", tip="The challenged coach accepts: the fixture is added")
        self.accept_button.clicked.connect(lambda: self.answer("accept"))
        self.refuse_button = button(
            "Refuse…", tip="A 2-0 win for the challenger, recorded at once: no SPP, cash or fan factor"
        )
        self.refuse_button.clicked.connect(lambda: self.answer("refuse"))
        self.substitute_button = button(
            "Substitute…", tip="Name a team that has not played the challenger to play instead"
        )
        self.substitute_button.clicked.connect(lambda: self.answer("substitute"))
        self.decline_button = button(
            "Decline substitute…", tip="The challenger will not play the substitute: he loses 0-2"
        )
        self.decline_button.clicked.connect(self.decline_substitute)
        for widget in (
            self.challenge_button,
            self.accept_button,
            self.refuse_button,
            self.substitute_button,
            self.decline_button,
        ):
            top.addWidget(widget)
        layout.addLayout(top)
        self.challenge_model = ChallengeModel()
        self.challenges = make_table(
            self.challenge_model, sortable=False, stretch=4, placeholder="No written challenges yet."
        )
        self.challenges.selectionModel().currentRowChanged.connect(lambda *_: self._update_buttons())
        layout.addWidget(self.challenges, 1)
        self._update_buttons()

    def show_season(self, season: SeasonView, drawn: bool) -> None:
        """Fill the tab for ``season`` (``drawn``: its knock-out fixtures exist)."""
        self.season, self.drawn = season, drawn
        svc = self.ctx.svc
        self.tournament.show_season(season)
        self.table_model.set_rows(svc.classic_playoffs.table(season.id))
        self.challenge_model.set_rows(svc.classic_challenges.of_season(season.id))
        self.drawn_label.setText(
            "The knock-out has been drawn: its fixtures are on the Fixtures tab." if drawn else ""
        )
        open_ = season.status != "finished" and not drawn
        widgets: tuple[QWidget, ...] = (self.draw_button, self.quarter_finals, self.third_place,
                                        self.challenge_button)  # fmt: skip
        for widget in widgets:
            widget.setEnabled(open_)
        self._update_buttons()

    def selected(self) -> ChallengeView | None:
        """The challenge selected in the list."""
        row = source_row(self.challenges)
        return self.challenge_model.row_record(row) if row is not None else None

    def _update_buttons(self) -> None:
        """Answers while the play-offs run: before the knock-out is drawn, in a season not finished."""
        chosen = self.selected()
        running = self.season is not None and self.season.status != "finished" and not self.drawn
        waiting = running and chosen is not None and not chosen.answer
        for widget in (self.accept_button, self.refuse_button, self.substitute_button):
            widget.setEnabled(waiting)
        self.decline_button.setEnabled(running and chosen is not None and chosen.answer == "substitute")

    def _teams(self) -> list[str]:
        season = self.season
        if season is None:
            return []
        return sorted(t.name for t in self.ctx.svc.teams.list_teams(season.league_id))

    def draw(self) -> None:
        """Qualify and draw the knock-out after confirming (it cannot be drawn twice)."""
        season = self.season
        if season is None:
            return
        quarter, third = self.quarter_finals.isChecked(), self.third_place.isChecked()
        stage = "quarter-finals" if quarter else "semi-finals"
        if not self.ctx.dialogs.confirm(
            "Draw the knock-out",
            f"Close {season.name}'s play-offs and draw the {stage}"
            + (" with a third-place match" if third else "")
            + "? The bracket is stored and cannot be drawn again.",
            "Draw",
        ):
            return
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.classic_playoffs.draw(season.id, quarter_finals=quarter, third_place=third),
            title="Could not draw the knock-out",
        )

    def issue(self) -> Any:
        """Issue a written challenge (the dialog asks who, whom and the week)."""
        season = self.season
        if season is None:
            return None
        dialog = ChallengeDialog(self._teams(), self)
        if not self.ctx.dialogs.run(dialog):
            return dialog
        a, b, week = dialog.challenger.currentText(), dialog.challenged.currentText(), dialog.week.value()
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.classic_challenges.issue(season.id, a, b, week),
            title="Could not issue the challenge",
        )
        return dialog

    def answer(self, answer: str) -> None:
        """The challenged coach's answer to the selected challenge."""
        chosen = self.selected()
        if chosen is None:
            return
        substitute: str | None = None
        if answer == "substitute":
            others = [t for t in self._teams() if t not in (chosen.challenger, chosen.challenged)]
            substitute = self.ctx.dialogs.item("Substitute", f"Who plays {chosen.challenger}?", others)
            if substitute is None:
                return
        if answer == "refuse" and not self.ctx.dialogs.confirm(
            "Refuse the challenge",
            f"{chosen.challenged} refuses: {chosen.challenger} wins 2-0, recorded at once, with no SPP, "
            "cash or fan factor for either side.",
            "Refuse",
        ):
            return
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.classic_challenges.answer(chosen.id, answer, substitute),
            title=f"Could not answer challenge {chosen.id}",
        )

    def decline_substitute(self) -> None:
        """The challenger will not play the substitute: a 0-2 loss after confirming."""
        chosen = self.selected()
        if chosen is None or not self.ctx.dialogs.confirm(
            "Decline the substitute",
            f"{chosen.challenger} will not play {chosen.substitute}: {chosen.challenger} loses 0-2, "
            "with no SPP, cash or fan factor for either side.",
            "Decline",
        ):
            return
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.classic_challenges.decline_substitute(chosen.id),
            title=f"Could not answer challenge {chosen.id}",
        )


def open_season_of(ctx: UiContext, league_id: int) -> SeasonView | None:
    """The league's latest season that is not finished (where challenges are issued), if any."""
    seasons = [s for s in ctx.svc.seasons.list_seasons(league_id) if s.status != "finished"]
    return seasons[-1] if seasons else None


def challenge_from_team(
    ctx: UiContext, team: str, league_id: int, parent: Any = None
) -> ChallengeDialog | None:
    """The team page's "Challenge…": the team challenges another in the league's open season."""
    season = open_season_of(ctx, league_id)
    if season is None:
        ctx.dialogs.error(
            "No season", "Challenges are issued in a season that is not finished: create one first."
        )
        return None
    teams = sorted(t.name for t in ctx.svc.teams.list_teams(league_id))
    dialog = ChallengeDialog(teams, parent)
    dialog.setWindowTitle(f"Written challenge ({season.name})")
    dialog.challenger.setCurrentText(team)
    dialog.challenged.setCurrentIndex(0 if teams[0] != team else min(1, len(teams) - 1))
    if ctx.dialogs.run(dialog):
        a, b, week = dialog.challenger.currentText(), dialog.challenged.currentText(), dialog.week.value()
        ctx.runner.run_op(
            lambda: ctx.svc.classic_challenges.issue(season.id, a, b, week),
            title="Could not issue the challenge",
        )
    return dialog
