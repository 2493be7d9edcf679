"""Create an event at the tournament desk: the organiser's settings, as ``event create`` takes them.

"Create" goes through the event service, which checks the settings (budget range, rounds,
tie-breakers, post-game between rounds for the edition) and refuses with the rule named; the
refusal shows in the dialog. Tiers are read from a file and stay on the command line
(``event create --tiers FILE``); the dialog says so instead of offering a control.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.rules.exhibition import BUDGET_RANGE, DEFAULT_BUDGET, EventSettings
from league_manager.rules.loader import list_rulesets, load_ruleset
from league_manager.rules.swiss import TIE_BREAKERS
from league_manager.services.event_views import EventState
from league_manager.ui.widgets import accept_cancel, label

BETWEEN_ROUNDS_TEXT = {
    "none": (
        "None: rosters stay as registered for the whole event (exhibition play: the post-game "
        "sequence need not be completed)."
    ),
    "progression": (
        "Progression: players earn SPP each game (TD, CAS, completions, interceptions, deflections, "
        "MVP named or rolled) and buy skills between rounds (Advance...). No injuries, gold or fans "
        "are carried. BB2020 and later only."
    ),
}


class NewEventDialog(QDialog):
    """Name, edition, rounds, budget, skill pack, points, tie-breakers, stars, teams, post-game."""

    def __init__(self, service: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New event")
        self.service = service
        self.created: EventState | None = None
        defaults = EventSettings()
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit()
        self.ruleset = QComboBox()
        for ruleset_id in list_rulesets():
            self.ruleset.addItem(load_ruleset(ruleset_id).name, ruleset_id)
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 20)
        self.rounds.setValue(defaults.rounds)
        self.budget = QSpinBox()
        self.budget.setRange(*BUDGET_RANGE)
        self.budget.setSingleStep(10_000)
        self.budget.setGroupSeparatorShown(True)
        self.budget.setSuffix(" gp")
        self.budget.setValue(DEFAULT_BUDGET)
        self.skills = QSpinBox()
        self.skills.setRange(0, 30)
        self.skills.setToolTip(
            "Skills the organiser gives each team: a primary skill counts 1, a secondary 2"
        )
        self.per_player = QSpinBox()
        self.per_player.setRange(1, 6)
        self.points = [QSpinBox() for _ in range(3)]
        points_row = QHBoxLayout()
        for text, box, value in zip(("win", "draw", "loss"), self.points, defaults.points, strict=True):
            box.setRange(0, 10)
            box.setValue(value)
            points_row.addWidget(QLabel(text))
            points_row.addWidget(box)
        points_row.addStretch(1)
        self.tie_breakers = QLineEdit(", ".join(defaults.tie_breakers))
        self.tie_breakers.setToolTip(f"In order, from: {', '.join(TIE_BREAKERS)}")
        self.stars = QCheckBox("Star players may be bought from the budget")
        self.team_size = QSpinBox()
        self.team_size.setRange(0, 8)
        self.team_size.setSpecialValueText("no teams")
        self.team_scoring = QComboBox()
        self.team_scoring.addItem("match: team W/D/L by the count of coach wins", "match")
        self.team_scoring.addItem("sum: the coaches' points added", "sum")
        self.team_size.valueChanged.connect(lambda _v: self._teams_changed())
        self.between_rounds = QComboBox()
        self.between_rounds.addItem("none", "none")
        self.between_rounds.addItem("progression", "progression")
        self.between_rounds_text = QLabel()
        self.between_rounds_text.setWordWrap(True)
        self.between_rounds.currentIndexChanged.connect(lambda _i: self._between_rounds_changed())
        form.addRow("&Name:", self.name)
        form.addRow("&Edition:", self.ruleset)
        form.addRow("&Rounds:", self.rounds)
        form.addRow("&Budget:", self.budget)
        form.addRow("&Skill pack:", self.skills)
        form.addRow("Skills &per player:", self.per_player)
        form.addRow("Points:", points_row)
        form.addRow("&Tie-breakers:", self.tie_breakers)
        form.addRow("", self.stars)
        form.addRow("Teams of &coaches:", self.team_size)
        form.addRow("Team sc&oring:", self.team_scoring)
        form.addRow("Post-game between ro&unds:", self.between_rounds)
        form.addRow("", self.between_rounds_text)
        layout.addLayout(form)
        tiers = QLabel(
            "Tiers (a budget or skill pack per race) are read from a file: event create --tiers FILE."
        )
        tiers.setWordWrap(True)
        layout.addWidget(tiers)
        self.status = label(wrap=True)
        layout.addWidget(self.status)
        self.create_button = accept_cancel(layout, "Create", self.create_event, self.reject)
        self._teams_changed()
        self._between_rounds_changed()

    def _teams_changed(self) -> None:
        teams = self.team_size.value() > 0
        self.team_scoring.setEnabled(teams)
        self.team_scoring.setToolTip("" if teams else "Only in a team event (teams of coaches)")

    def _between_rounds_changed(self) -> None:
        self.between_rounds_text.setText(BETWEEN_ROUNDS_TEXT[str(self.between_rounds.currentData())])

    def settings(self) -> EventSettings:
        """The settings as chosen."""
        win, draw, loss = (box.value() for box in self.points)
        return EventSettings(
            rounds=self.rounds.value(), budget=self.budget.value(), skills=self.skills.value(),
            skills_per_player=self.per_player.value(), points=(win, draw, loss),
            tie_breakers=tuple(t.strip() for t in self.tie_breakers.text().split(",") if t.strip()),
            ruleset=str(self.ruleset.currentData()), stars=self.stars.isChecked(),
            team_size=self.team_size.value(), team_scoring=str(self.team_scoring.currentData()),
            between_rounds=str(self.between_rounds.currentData()),
        )  # fmt: skip

    def create_event(self) -> None:
        """Create the event; a refusal stays in the dialog."""
        for box in (self.rounds, self.budget, self.skills, self.per_player, self.team_size, *self.points):
            box.interpretText()
        try:
            self.created = self.service.create(self.name.text().strip(), self.settings())
        except LeagueError as exc:
            self.status.setText(f"Refused: {exc}")
            return
        self.accept()
