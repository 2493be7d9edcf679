"""The Move-to-another-edition wizard: what changes per team, the commissioner's choices, confirm.

It shows the service's preview (read models) and gathers the choices the rules leave open
(players over a new position limit, gained skills with no new form); the league page
then applies the move through the same service the ``league upgrade`` command uses.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QPlainTextEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from league_manager.core.errors import LeagueError
from league_manager.core.money import format_gold
from league_manager.services.upgrade_models import DROP, OverLimit, TeamChoices, UpgradePlan, plan_text
from league_manager.ui.widgets import label, set_tone

Preview = Callable[[dict[str, TeamChoices]], UpgradePlan]


class _ChangesPage(QWizardPage):
    def __init__(self, plan: UpgradePlan) -> None:
        super().__init__()
        self.setTitle(f"Move {plan.league} to {plan.target}")
        self.setSubTitle(
            "What changes for each team. Played seasons, results, standings and ledgers keep the "
            "edition they were played under."
        )
        layout = QVBoxLayout(self)
        self.text = QPlainTextEdit(plan_text(plan))
        self.text.setReadOnly(True)
        layout.addWidget(self.text)


class _ChoicesPage(QWizardPage):
    def __init__(self, plan: UpgradePlan) -> None:
        super().__init__()
        self.setTitle("The commissioner's choices")
        self.setSubTitle(
            "Where the new rules leave a choice: who leaves a position that is over its new limit, "
            "and what a player gets for a skill the new edition no longer has."
        )
        self.releases: dict[str, list[tuple[OverLimit, list[QCheckBox]]]] = {}
        self.skills: dict[str, list[tuple[str, str, QComboBox]]] = {}
        outer = QVBoxLayout(self)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        body = QWidget()
        layout = QVBoxLayout(body)
        for team in plan.teams:
            if not (team.over_limits or team.lost_skills):
                continue
            box = QGroupBox(team.team)
            form = QFormLayout(box)
            for over in team.over_limits:
                ticks = [QCheckBox(name) for name in over.players]
                for tick in ticks:  # a player in two limits (a Big Guy position) is one choice
                    tick.toggled.connect(partial(self._sync, team.team, tick.text()))
                    tick.toggled.connect(self._changed)
                self.releases.setdefault(team.team, []).append((over, ticks))
                form.addRow(label(f"{over.position}: {len(over.players)} players, the limit is {over.limit}. "
                                  f"Tick the {over.must_leave} who leave the team.", wrap=True))  # fmt: skip
                for tick in ticks:
                    form.addRow("", tick)
            for lost in team.lost_skills:
                combo = QComboBox()
                combo.addItem(f"Drop it ({lost.spp_cost} SPP given back)", DROP)
                for option in lost.options:
                    combo.addItem(f"Take {option} instead", option)
                self.skills.setdefault(team.team, []).append((lost.player, lost.old, combo))
                form.addRow(f"{lost.player}: {lost.old}", combo)
            layout.addWidget(box)
        if not self.releases and not self.skills:
            layout.addWidget(label("No choices are needed: every team moves as it is.", "muted"))
        layout.addStretch(1)
        scroll.setWidget(body)
        outer.addWidget(scroll)
        self.problem = label("", "help", wrap=True)
        set_tone(self.problem, "danger")
        outer.addWidget(self.problem)
        self._changed()

    def _sync(self, team: str, name: str, on: bool) -> None:
        for _over, ticks in self.releases.get(team, []):
            for tick in ticks:
                if tick.text() == name and tick.isChecked() != on:
                    tick.setChecked(on)

    def _changed(self) -> None:
        wrong = [
            f"{team}: tick {over.must_leave} {over.position}, not {sum(t.isChecked() for t in ticks)}"
            for team, rows in self.releases.items()
            for over, ticks in rows
            if sum(t.isChecked() for t in ticks) != over.must_leave
        ]
        self.problem.setText("; ".join(wrong))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return not self.problem.text()

    def choices(self) -> dict[str, TeamChoices]:
        teams = set(self.releases) | set(self.skills)
        result = {}
        for team in sorted(teams):
            release = tuple(
                dict.fromkeys(
                    t.text() for _over, ticks in self.releases.get(team, []) for t in ticks if t.isChecked()
                )
            )
            skills: dict[str, dict[str, str]] = {}
            for player, skill, combo in self.skills.get(team, []):
                skills.setdefault(player, {})[skill] = str(combo.currentData())
            result[team] = TeamChoices(release, skills)
        return result


class _ConfirmPage(QWizardPage):
    def __init__(self, preview: Preview, choices: Callable[[], dict[str, TeamChoices]]) -> None:
        super().__init__()
        self.preview = preview
        self.choices = choices
        self.setTitle("Move the league")
        self.setSubTitle("A backup of the league is taken first; then the whole move is one change.")
        layout = QVBoxLayout(self)
        self.summary = label("", wrap=True)
        layout.addWidget(self.summary)
        layout.addStretch(1)
        self.ok = False

    def initializePage(self) -> None:
        try:
            plan = self.preview(self.choices())
        except LeagueError as refused:
            self.ok = False
            self.summary.setText(f"The move is refused: {refused}")
            set_tone(self.summary, "danger")
        else:
            self.ok = not plan.missing_choices
            lines = [
                f"{t.team}: team value {format_gold(t.team_value_before)} → {format_gold(t.team_value_after)}"
                for t in plan.teams
            ]
            lines += [f"Still to choose: {m}" for m in plan.missing_choices]
            self.summary.setText("\n".join(lines))
            set_tone(self.summary, "" if self.ok else "danger")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self.ok


class LeagueUpgradeWizard(QWizard):
    """Shows a league's move to another edition and collects the choices it needs."""

    def __init__(self, plan: UpgradePlan, preview: Preview, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plan = plan
        self.setWindowTitle(f"Move {plan.league} to {plan.target}")
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage)
        self.setButtonText(QWizard.WizardButton.FinishButton, "Back up and move")
        self.changes_page = _ChangesPage(plan)
        self.choices_page = _ChoicesPage(plan)
        self.confirm_page = _ConfirmPage(preview, self.choices)
        for page in (self.changes_page, self.choices_page, self.confirm_page):
            self.addPage(page)
        self.resize(820, 680)

    def choices(self) -> dict[str, TeamChoices]:
        """The choices made on the second page, per team."""
        return self.choices_page.choices()
