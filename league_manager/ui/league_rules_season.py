"""League rules on the season page: a fixture's deadline, a concession before the match,
cross-division friendlies and the "Enforce deadlines…" dialog (list, no-shows, confirmation).
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from league_manager.services.league_rules_views import OverdueFixture
from league_manager.services.season_read_models import FixtureView, SeasonView
from league_manager.ui.context import UiContext
from league_manager.ui.widgets import accept_cancel, button, label

OPEN = ("scheduled", "in_progress", "postponed")


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def _pydate(day: QDate) -> date:
    return date(day.year(), day.month(), day.day())


def _date_edit(day: date) -> QDateEdit:
    edit = QDateEdit(_qdate(day))
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd")
    return edit


class DeadlineDialog(QDialog):
    """Choose the last day a fixture may be played."""

    def __init__(self, fixture: FixtureView, current: date | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Deadline of {fixture.label()}")
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "Past this day the fixture counts as a loss for both teams when the "
                "commissioner enforces deadlines.",
                "help",
                wrap=True,
            )
        )
        self.day = _date_edit(current or datetime.now(UTC).date())
        form = QFormLayout()
        form.addRow("Last day", self.day)
        layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def deadline(self) -> date:
        """The chosen day."""
        return _pydate(self.day.date())


class FriendlyDialog(QDialog):
    """Choose two teams of different divisions for a friendly."""

    def __init__(self, season: SeasonView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Friendly in {season.name}")
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "A friendly is played across divisions, once per pair of teams; it gives no "
                "league points and no MVP.",
                "help",
                wrap=True,
            )
        )
        self.divisions = {t.name: t.division for t in season.active_teams}
        self.home, self.away = QComboBox(), QComboBox()
        for combo in (self.home, self.away):
            for team in season.active_teams:
                combo.addItem(f"{team.name} ({team.division or 'no division'})", team.name)
            combo.currentIndexChanged.connect(lambda _i: self._update())
        form = QFormLayout()
        form.addRow("Home", self.home)
        form.addRow("Away", self.away)
        layout.addLayout(form)
        self.problem_label = label("", "help", wrap=True)
        layout.addWidget(self.problem_label)
        self.ok = accept_cancel(layout, "Add friendly", self.accept, self.reject)
        self.away.setCurrentIndex(min(1, self.away.count() - 1))
        self._update()

    def teams(self) -> tuple[str, str]:
        """(home, away) team names."""
        return str(self.home.currentData()), str(self.away.currentData())

    def problem(self) -> str:
        """Why the pair cannot play a friendly ("" when it can, as far as the dialog knows)."""
        home, away = self.teams()
        if home == away:
            return "Choose two different teams."
        if self.divisions.get(home) is None or self.divisions.get(home) == self.divisions.get(away):
            return "Friendlies are between teams of different divisions."
        return ""

    def _update(self) -> None:
        problem = self.problem()
        self.problem_label.setText(problem)
        self.ok.setEnabled(not problem)


class EnforceDeadlinesDialog(QDialog):
    """The fixtures past their deadline on a day, the no-shows to dock, then Apply."""

    def __init__(self, ctx: UiContext, season: SeasonView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.season = ctx, season
        self.setWindowTitle(f"Enforce deadlines: {season.name}")
        self.resize(720, 420)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "Each fixture listed becomes a loss for both teams (the league rules). Tick "
                "a team that did not turn up: it also loses the rules' league points for a "
                "no-show.",
                "help",
                wrap=True,
            )
        )
        row = QHBoxLayout()
        row.addWidget(label("Overdue on", "muted"))
        self.today = _date_edit(datetime.now(UTC).date())
        self.today.dateChanged.connect(lambda _d: self.refresh())
        row.addWidget(self.today)
        row.addStretch(1)
        layout.addLayout(row)
        self.fixtures = QListWidget()
        layout.addWidget(self.fixtures, 2)
        layout.addWidget(label("No-shows", "sectionTitle"))
        self.no_shows = QListWidget()
        layout.addWidget(self.no_shows, 1)
        self.ok = accept_cancel(layout, "Apply…", self.accept, self.reject)
        self.overdue: list[OverdueFixture] = []
        self.refresh()

    def day(self) -> date:
        """The day of enforcement."""
        return _pydate(self.today.date())

    def set_day(self, day: date) -> None:
        """Enforce as of ``day`` (lists again)."""
        self.today.setDate(_qdate(day))

    def refresh(self) -> None:
        """List the fixtures overdue on the chosen day and their teams."""
        self.overdue = self.ctx.svc.deadlines.overdue(self.season.id, self.day())
        self.fixtures.clear()
        self.no_shows.clear()
        teams: list[str] = []
        for item in self.overdue:
            self.fixtures.addItem(
                f"{item.round_name}: {item.label} — deadline {item.deadline} ({item.days_over} day(s) over)"
            )
            teams += [t for t in item.label.split(" v ") if t not in teams]
        for team in teams:
            entry = QListWidgetItem(team)
            entry.setFlags(entry.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            entry.setCheckState(Qt.CheckState.Unchecked)
            self.no_shows.addItem(entry)
        if not self.overdue:
            self.fixtures.addItem(f"No fixture is past its deadline on {self.day()}.")
        self.ok.setEnabled(bool(self.overdue))

    def chosen_no_shows(self) -> list[str]:
        """The ticked teams."""
        items = (self.no_shows.item(i) for i in range(self.no_shows.count()))
        return [i.text() for i in items if i.checkState() == Qt.CheckState.Checked]

    def tick(self, team: str) -> None:
        """Tick a team as a no-show."""
        for i in range(self.no_shows.count()):
            if self.no_shows.item(i).text() == team:
                self.no_shows.item(i).setCheckState(Qt.CheckState.Checked)


class FixtureRulesBar(QWidget):
    """Under the result editor: the selected fixture's deadline, Concede… and Friendly…."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.season: SeasonView | None = None
        self.fixture: FixtureView | None = None
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.deadline_label = label("", "muted")
        layout.addWidget(self.deadline_label, 1)
        self.deadline_button = button("Deadline…", tip="The last day this fixture may be played")
        self.deadline_button.clicked.connect(self.set_deadline)
        self.concede_button = button(
            "Concede before the match…",
            tip="A coach concedes this unplayed fixture (the rules' result, gold, MVPs)",
        )
        self.concede_button.clicked.connect(self.concede)
        self.friendly_button = button(
            "Friendly…", "add", tip="A friendly across divisions (no points, no MVP)"
        )
        self.friendly_button.clicked.connect(self.add_friendly)
        self.enforce_button = button(
            "Enforce deadlines…", tip="Fixtures past their deadline: a loss for both"
        )
        self.enforce_button.clicked.connect(self.enforce)
        for widget in (self.deadline_button, self.concede_button, self.friendly_button):
            layout.addWidget(widget)
        self.set_fixture(None)

    def set_season(self, season: SeasonView | None) -> None:
        """The season the buttons act on."""
        self.season = season
        divisions = {t.division for t in season.active_teams} if season else set()
        self.friendly_button.setEnabled(len(divisions - {None}) > 1)

    def set_fixture(self, fixture: FixtureView | None) -> None:
        """Show the selected fixture's deadline and enable what applies to it."""
        self.fixture = fixture
        unplayed = (
            fixture is not None
            and fixture.status in OPEN
            and fixture.home_id is not None
            and fixture.away_id is not None
            and fixture.stage != "playoff"
        )
        self.deadline_button.setEnabled(unplayed)
        self.concede_button.setEnabled(unplayed)
        during = fixture is not None and fixture.status == "in_progress"
        self.concede_button.setText("Concede during the match…" if during else "Concede before the match…")
        text = ""
        if fixture is not None and fixture.id is not None and self.ctx.services is not None:
            day = self.ctx.services.deadlines.deadline_of(fixture.id)
            text = f"Deadline: {day}" if day else ("No deadline" if unplayed else "")
        self.deadline_label.setText(text)

    def set_deadline(self) -> None:
        """Choose the fixture's deadline in a dialog."""
        fixture = self.fixture
        if fixture is None or fixture.id is None:
            return
        fixture_id = fixture.id
        dialog = DeadlineDialog(fixture, self.ctx.svc.deadlines.deadline_of(fixture_id), self)
        try:
            if not self.ctx.dialogs.run(dialog):
                return
            day = dialog.deadline()
        finally:
            dialog.deleteLater()
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.deadlines.set_deadline(fixture_id, day),
            title=f"Could not set the deadline of {fixture.label()}",
        )

    def concede(self) -> None:
        """A team concedes the unplayed fixture, after choosing it and confirming."""
        fixture = self.fixture
        if fixture is None or fixture.id is None or not fixture.home or not fixture.away:
            return
        if fixture.status == "in_progress":
            self.concede_during(fixture)
            return
        team = self.ctx.dialogs.item(
            "Concede before the match", "Which team concedes?", [fixture.home, fixture.away]
        )
        if team is None:
            return
        other = fixture.away if team == fixture.home else fixture.home
        text = (
            f"{team} concede {fixture.label()}. {other} win 1-0, gain D6 x 10,000 gp and two MVP awards "
            "(rolled now). This result cannot be cleared afterwards."
        )
        if not self.ctx.dialogs.confirm("Concede before the match", text, "Concede"):
            return
        fixture_id = fixture.id
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.concessions.concede_before(fixture_id, team),
            title=f"Could not concede {fixture.label()}",
            on_success=lambda view: self.ctx.dialogs.info(
                "Conceded",
                f"{view.winner} gain {view.gold:,} gp (D6 = {view.gold_die}); MVP awards: "
                f"{', '.join(view.mvps) or 'none'}.",
            ),
        )

    def add_friendly(self) -> None:
        """Choose two teams of different divisions and add their friendly."""
        season = self.season
        if season is None:
            return
        dialog = FriendlyDialog(season, self)
        try:
            if not self.ctx.dialogs.run(dialog) or dialog.problem():
                return
            home, away = dialog.teams()
        finally:
            dialog.deleteLater()
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.concessions.friendly(season.id, home, away),
            title="Could not add the friendly",
        )

    def enforce(self) -> None:
        """List the overdue fixtures, tick no-shows, confirm, then decide them all at once."""
        season = self.season
        if season is None:
            return
        dialog = EnforceDeadlinesDialog(self.ctx, season, self)
        try:
            if not self.ctx.dialogs.run(dialog) or not dialog.overdue:
                return
            day, no_shows, count = dialog.day(), dialog.chosen_no_shows(), len(dialog.overdue)
        finally:
            dialog.deleteLater()
        absent = f" {', '.join(no_shows)} lose the no-show league points." if no_shows else ""
        text = f"{count} fixture(s) become a loss for both teams.{absent} This is one change."
        if not self.ctx.dialogs.confirm("Enforce deadlines", text, "Apply"):
            return
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.deadlines.enforce(season.id, day, no_shows),
            title="Could not enforce the deadlines",
        )

    def concede_during(self, fixture: FixtureView) -> None:
        """A team concedes the match under way at the table: who, the score then, players left."""
        if fixture.id is None or not fixture.home or not fixture.away:
            return
        team = self.ctx.dialogs.item(
            "Concede during the match", "Which team concedes?", [fixture.home, fixture.away]
        )
        if team is None:
            return
        typed = self.ctx.dialogs.text(
            "Concede during the match", "Score when they conceded (home-away)", "0-0"
        )
        if typed is None:
            return
        home, sep, away = typed.partition("-")
        if not sep or not home.strip().isdigit() or not away.strip().isdigit():
            self.ctx.dialogs.error("Concede during the match", f"'{typed}' is not a score such as 1-2.")
            return
        left = self.ctx.dialogs.number(
            "Concede during the match", f"Players {team} can still set up (3 or fewer: no penalty)", 11, 0, 16
        )
        if left is None:
            return
        score, fixture_id = (int(home), int(away)), fixture.id
        how = "without penalty" if left <= 3 else "with the rules' penalties"
        if not self.ctx.dialogs.confirm(
            "Concede during the match",
            f"{team} concede {fixture.label()} at {score[0]}-{score[1]}, {how}. Then run the post-game.",
            "Concede",
        ):
            return
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.table_concessions.concede_during(
                fixture_id, team, score=score, players_left=left
            ),
            title=f"Could not concede {fixture.label()}",
            on_success=lambda view: self.ctx.dialogs.info(
                "Conceded",
                f"Final score {view.score[0]}-{view.score[1]}"
                f"{' (no penalty)' if view.penalty_free else ''}. Run the post-game next.",
            ),
        )
