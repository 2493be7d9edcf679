"""The draft editor: pick a race, buy positions and sideline staff within the budget, save when legal.

Used for new teams and to edit a team's draft before its first match. Prices,
limits and messages come from the pure ``check_draft`` rule function, so the
budget bar and the problems list update on every click without touching the
database.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold, format_k
from league_manager.rules.classic_draft import team_rating
from league_manager.rules.draft import DraftCheck, DraftPlan, check_draft, suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset
from league_manager.rules.team_value import ValuedPlayer, ValuedTeam, team_value
from league_manager.services.changes import Changes
from league_manager.services.read_models import TeamView
from league_manager.ui.context import Page, UiContext
from league_manager.ui.models import DraftModel
from league_manager.ui.operations import UndoStep
from league_manager.ui.widgets import PageHeader, button, card, label, make_table, set_tone, source_row

ADD_KEYS = {Qt.Key.Key_Plus, Qt.Key.Key_Equal, Qt.Key.Key_Insert, Qt.Key.Key_Right}
REMOVE_KEYS = {Qt.Key.Key_Minus, Qt.Key.Key_Delete, Qt.Key.Key_Backspace, Qt.Key.Key_Left}


class DraftTable(QTableView):
    """The positions table: + / Insert / → buys the selected position, - / Delete / ← sells one."""

    sig_add = Signal()
    """Emitted when the user asks to buy one more of the current position."""
    sig_remove = Signal()
    """Emitted when the user asks to sell one of the current position."""

    def keyPressEvent(self, event) -> None:
        if event.key() in ADD_KEYS:
            self.sig_add.emit()
        elif event.key() in REMOVE_KEYS:
            self.sig_remove.emit()
        else:
            super().keyPressEvent(event)


def plain_words(rule: str, detail: str) -> str:
    """A violation as a sentence: ``Players: 9 on the roster; a team needs 11-16``."""
    return f"{rule[:1].upper()}{rule[1:]}: {detail}"


class DraftPage(Page):
    """Draft a new team (``show_new(league_id)``) or edit a draft (``show_item(team_id)``)."""

    kind = "draft"

    def __init__(self, ctx: UiContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.league_id: int | None = None
        self.team: TeamView | None = None
        self.previous_plan: DraftPlan | None = None
        self.ruleset: Ruleset = load_ruleset("bb2020")
        self.settings: dict[str, Any] = {}
        self.budget = 0
        self.check: DraftCheck | None = None
        self._loading = False
        self._build()

    # ---- building
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 16)
        layout.setSpacing(12)
        self.header = PageHeader("team", one_line=True)
        self.cancel = button("Cancel", tip="Leave without saving (Esc)")
        self.cancel.clicked.connect(self.leave)
        self.save = button(
            "Save team", "ok", primary=True, tip="Possible once the draft follows every rule (Ctrl+S)"
        )
        self.save.clicked.connect(self.save_draft)
        self.header.add_action(self.cancel)
        self.header.add_action(self.save)
        layout.addWidget(self.header)

        form = QHBoxLayout()
        form.setSpacing(10)
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Reikland Reavers")
        self.coach = QLineEdit()
        self.coach.setPlaceholderText("Who runs the team")
        self.race = QComboBox()
        self.race.setMinimumContentsLength(12)
        self.race.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.special = QComboBox()
        self.special.setMinimumContentsLength(12)
        self.special.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.special_label = label("SPECIAL RULE", "tileLabel")
        for caption, widget, stretch in (("TEAM NAME", self.name, 3), ("COACH", self.coach, 2),
                                         ("RACE", self.race, 2)):  # fmt: skip
            box = QVBoxLayout()
            box.setSpacing(3)
            box.addWidget(label(caption, "tileLabel"))
            box.addWidget(widget)
            form.addLayout(box, stretch)
        box = QVBoxLayout()
        box.setSpacing(3)
        box.addWidget(self.special_label)
        box.addWidget(self.special)
        form.addLayout(box, 2)
        layout.addLayout(form)

        body = QHBoxLayout()
        body.setSpacing(14)
        left = QVBoxLayout()
        left.setSpacing(8)
        bar = QHBoxLayout()
        bar.addWidget(label("Players", "sectionTitle"))
        bar.addStretch(1)
        self.suggest = button("Suggest a draft", "demo", tip="Fill in a sensible legal draft for this race")
        self.add = button("Add", "add", tip="Buy one more of the selected position (+ or Insert)")
        self.remove = button("Remove", "remove", tip="Sell one of the selected position (- or Delete)")
        for tool in (self.suggest, self.add, self.remove):
            bar.addWidget(tool)
        left.addLayout(bar)
        self.model = DraftModel()
        self.table = DraftTable()
        make_table(self.model, sortable=False, stretch=7, view=self.table)
        self.table.setWordWrap(True)  # long skill lists wrap instead of hiding behind "…"
        self.table.doubleClicked.connect(lambda index: self.change(index.row(), +1))
        self.table.sig_add.connect(lambda: self.change(self.current_row(), +1))
        self.table.sig_remove.connect(lambda: self.change(self.current_row(), -1))
        left.addWidget(self.table, 1)
        self.limit_note = label("", "help", wrap=True)
        set_tone(self.limit_note, "warning")
        left.addWidget(self.limit_note)
        left.addWidget(label("Double-click a position or press + to buy one, - to sell one. "
                             "Hover over skills for what they do.", "help", wrap=True))  # fmt: skip
        body.addLayout(left, 3)

        right = QVBoxLayout()
        right.setSpacing(12)
        side, side_layout = card()
        side_layout.addWidget(label("Sideline", "sectionTitle"))
        sideline = QFormLayout()
        sideline.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        sideline.setHorizontalSpacing(16)
        self.rerolls = QSpinBox()
        self.apothecary = QCheckBox("Hire the team's apothecary")
        self.assistants = QSpinBox()
        self.cheerleaders = QSpinBox()
        self.fans = QSpinBox()
        self.reroll_price = label("", "help")
        sideline.addRow("Team re-rolls", self._with_note(self.rerolls, self.reroll_price))
        self.apothecary_price = label("", "help")
        sideline.addRow("Apothecary", self._with_note(self.apothecary, self.apothecary_price))
        self.assistant_price = label("", "help")
        sideline.addRow("Assistant coaches", self._with_note(self.assistants, self.assistant_price))
        self.cheer_price = label("", "help")
        sideline.addRow("Cheerleaders", self._with_note(self.cheerleaders, self.cheer_price))
        self.fans_price = label("", "help")
        self.fans_label = QLabel("Dedicated fans")
        sideline.addRow(self.fans_label, self._with_note(self.fans, self.fans_price))
        side_layout.addLayout(sideline)
        right.addWidget(side)

        money, money_layout = card()
        money_layout.addWidget(label("Budget", "sectionTitle"))
        self.budget_bar = QProgressBar()
        self.budget_bar.setTextVisible(True)
        money_layout.addWidget(self.budget_bar)
        self.spent = label("")
        self.left_over = label("")
        self.players = label("")
        self.tv = label("", "sectionTitle")
        for line in (self.spent, self.left_over, self.players, self.tv):
            money_layout.addWidget(line)
        right.addWidget(money)

        self.problems = QFrame()
        self.problems.setObjectName("problems")
        problems_layout = QVBoxLayout(self.problems)
        problems_layout.setContentsMargins(12, 10, 12, 10)
        self.problems_text = label("", wrap=True)
        self.problems_text.setTextFormat(Qt.TextFormat.RichText)
        problems_layout.addWidget(self.problems_text)
        right.addWidget(self.problems)
        right.addStretch(1)
        holder = QWidget()
        holder.setLayout(right)
        holder.setMinimumWidth(300)
        holder.setMaximumWidth(390)
        body.addWidget(holder, 2)
        layout.addLayout(body, 1)

        height = self.name.sizeHint().height()
        for combo in (self.race, self.special):
            combo.setMinimumHeight(height)
        for keys, slot in (
            (QKeySequence.StandardKey.Save, self.save_draft),
            (QKeySequence(Qt.Key.Key_Escape), self.leave),
        ):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        self.name.textChanged.connect(self.update_check)
        self.coach.textChanged.connect(self.update_check)
        self.race.currentIndexChanged.connect(self.race_changed)
        self.special.currentIndexChanged.connect(self.update_check)
        for spin in (self.rerolls, self.assistants, self.cheerleaders, self.fans):
            spin.valueChanged.connect(self.update_check)
            spin.setMinimumWidth(spin.fontMetrics().horizontalAdvance("0000") + 40)
        self.apothecary.toggled.connect(self.update_check)
        self.add.clicked.connect(lambda: self.change(self.current_row(), +1))
        self.remove.clicked.connect(lambda: self.change(self.current_row(), -1))
        self.suggest.clicked.connect(self.fill_suggestion)

    @staticmethod
    def _with_note(widget: QWidget, note: QWidget) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(widget)
        row.addWidget(note, 1)
        return box

    # ---- showing
    def show_new(self, league_id: int) -> None:
        """Start an empty draft for a new team of ``league_id``."""
        league = self.ctx.svc.leagues.get_league(league_id)
        self.team = None
        self.previous_plan = None
        self.ident = None
        self.league_id = league.id
        self.settings = dict(league.settings)
        self.ruleset = load_ruleset(league.ruleset)
        self.budget = int(self.settings.get("budget", self.ruleset.draft.budget))
        self.header.set_text("Draft a new team", f"{league.name}   ·   budget {format_gold(self.budget)}")
        self.save.setText("Save team")
        for widget in (self.name, self.coach):
            widget.setReadOnly(False)
            widget.clear()
        self.race.setEnabled(True)
        self._fill_races()
        self.load_plan(DraftPlan(race=self.race.currentData()))
        self.name.setFocus()

    def reload(self) -> None:
        """Edit the draft of team ``ident`` (before its first match)."""
        services = self.ctx.services
        if services is None or self.ident is None:
            return
        team = services.teams.get_team(self.ident)
        if team.first_match_played:
            raise RuleViolation("draft", f"{team.name} has played a match; hire and fire on its team page")
        plan = services.teams.draft_plan(self.ident)
        league = services.leagues.get_league(team.league_id)
        self.team = team
        self.previous_plan = plan
        self.league_id = team.league_id
        self.settings = dict(league.settings)
        self.ruleset = load_ruleset(team.ruleset)
        spent = check_draft(self.ruleset, plan, 10**9).cost
        self.budget = team.treasury + spent
        self.header.set_text(
            f"Edit the draft of {team.name}",
            f"{team.league}   ·   draft spending plus treasury: {format_gold(self.budget)}   ·   "
            "sold items are refunded in full",
        )
        self.save.setText("Save draft")
        self.name.setText(team.name)
        self.coach.setText(team.coach)
        for widget in (self.name, self.coach):
            widget.setReadOnly(True)
        self._fill_races()
        self.race.setCurrentIndex(self.race.findData(team.race_id))
        self.race.setEnabled(False)
        self.load_plan(plan)

    def _fill_races(self) -> None:
        self._loading = True
        current = self.race.currentData()
        self.race.clear()
        for roster in sorted(self.ruleset.teams.values(), key=lambda r: r.name):
            self.race.addItem(roster.name, roster.id)
        index = self.race.findData(current) if current else -1
        self.race.setCurrentIndex(index if index >= 0 else self.race.findData("human"))
        self._loading = False

    def load_plan(self, plan: DraftPlan) -> None:
        """Show a plan in every control."""
        self._loading = True
        roster = self.ruleset.team(plan.race)
        descriptions = {
            s.name: self.ruleset.skill(s.name).description for p in roster.positions for s in p.skills
        }
        counts = {roster.position(k).name: v for k, v in plan.positions.items()}
        classic = self.ruleset.classic
        self.model.set_roster(roster, counts, descriptions, classic=classic)
        self.table.setColumnHidden(self.model.PA_COLUMN, classic)  # LRB 2004 profiles have no PA
        self.limit_note.setText("")
        draft = self.ruleset.draft
        self.rerolls.setRange(0, draft.max_rerolls)
        self.rerolls.setValue(plan.rerolls)
        self.assistants.setRange(0, draft.assistant_coach.max)
        self.assistants.setValue(plan.assistant_coaches)
        self.cheerleaders.setRange(0, draft.cheerleader.max)
        self.cheerleaders.setValue(plan.cheerleaders)
        fans_min = draft.fans_free if draft.fans_min_at_draft is None else draft.fans_min_at_draft
        self.fans.setRange(fans_min, draft.fans_max_at_draft)
        self.fans.setValue(plan.dedicated_fans)
        self.apothecary.setChecked(plan.apothecary and roster.apothecary)
        self.apothecary.setEnabled(roster.apothecary)
        self.apothecary.setText(
            "Hire the team's apothecary" if roster.apothecary else "Not allowed for this team"
        )
        self.reroll_price.setText(
            f"{format_k(roster.reroll_cost)} each "
            f"({format_k(roster.reroll_cost * draft.reroll_multiplier_after_draft)} later)"
            if classic
            else f"{format_k(roster.reroll_cost)} each"
        )
        self.apothecary_price.setText(format_k(draft.apothecary.cost))
        self.assistant_price.setText(f"{format_k(draft.assistant_coach.cost)} each")
        self.cheer_price.setText(f"{format_k(draft.cheerleader.cost)} each")
        self.fans_label.setText("Fan factor" if classic else "Dedicated fans")
        self.fans_price.setText(
            f"{format_k(draft.fans_cost)} each ({fans_min}-{draft.fans_max_at_draft})"
            if classic
            else f"1 free, +{format_k(draft.fans_cost)} each"
        )
        self.special.clear()
        for choice in roster.special_rule_choice:
            self.special.addItem(choice)
        if plan.special_rule_choice:
            self.special.setCurrentText(plan.special_rule_choice)
        has_choice = bool(roster.special_rule_choice)
        self.special.setVisible(has_choice)
        self.special_label.setVisible(has_choice)
        self._loading = False
        if self.model.rowCount():
            self.table.selectRow(0)
        self.update_check()

    # ---- editing
    def current_row(self) -> int:
        """The selected position row (the first when none is selected)."""
        row = source_row(self.table)
        return 0 if row is None else row

    def change(self, row: int, delta: int) -> None:
        """Buy or sell one player of a position."""
        if self.model.change(row, delta):
            self.table.selectRow(row)
            self.limit_note.setText("")
            self.update_check()
        else:
            self.limit_note.setText(self.refusal(row, delta))

    def refusal(self, row: int, delta: int) -> str:
        """Why one more (or one fewer) of ``row``'s position cannot be bought: "Human Blitzer: at most 4"."""
        if not 0 <= row < self.model.rowCount():
            return ""
        position = self.model.position(row)
        if delta > 0:
            return f"{position.name}: at most {position.max_quantity}"
        return f"{position.name}: none bought to sell"

    def race_changed(self) -> None:
        """Start over with the chosen race's team list."""
        if self._loading or self.race.currentData() is None:
            return
        self.load_plan(DraftPlan(race=self.race.currentData(), dedicated_fans=self.fans.value()))

    def fill_suggestion(self) -> None:
        """Replace the draft with a sensible legal one for the race."""
        if self.race.currentData() is None:
            return
        self.load_plan(suggest_draft(self.ruleset, self.race.currentData(), self.budget))

    def plan(self) -> DraftPlan:
        """The draft as the controls show it."""
        roster = self.ruleset.team(self.race.currentData())
        return DraftPlan(
            race=roster.id,
            positions=self.model.counts(),
            rerolls=self.rerolls.value(),
            apothecary=self.apothecary.isChecked() and roster.apothecary,
            assistant_coaches=self.assistants.value(),
            cheerleaders=self.cheerleaders.value(),
            dedicated_fans=self.fans.value(),
            special_rule_choice=self.special.currentText() or None if roster.special_rule_choice else None,
        )

    def problems_list(self) -> list[str]:
        """Every reason the draft cannot be saved yet, in plain words."""
        problems = []
        if self.team is None:
            if not self.name.text().strip():
                problems.append("Name: the team needs a name")
            if not self.coach.text().strip():
                problems.append("Coach: the team needs a coach")
        if self.check is not None:
            problems.extend(plain_words(v.rule, v.detail) for v in self.check.violations)
        return problems

    def update_check(self) -> None:
        """Price the draft, refresh the budget bar, TV and the problems list."""
        if self._loading or self.race.currentData() is None:
            return
        plan = self.plan()
        check = check_draft(self.ruleset, plan, self.budget)
        self.check = check
        over = check.cost > self.budget
        self.budget_bar.setRange(0, max(self.budget, 1))
        self.budget_bar.setValue(min(check.cost, self.budget))
        self.budget_bar.setFormat(f"{format_k(check.cost)} of {format_k(self.budget)} spent")
        self.budget_bar.setProperty("over", over)
        self.budget_bar.style().unpolish(self.budget_bar)
        self.budget_bar.style().polish(self.budget_bar)
        self.spent.setText(f"Spent: {format_gold(check.cost)}")
        left = check.remaining
        self.left_over.setText(
            f"Left for the treasury: {format_gold(left)}"
            if left >= 0
            else f"Over budget by {format_gold(-left)}"
        )
        set_tone(self.left_over, "danger" if over else "")
        draft = self.ruleset.draft
        self.players.setText(
            f"Players: {check.players} (a team needs {draft.min_players}-{draft.max_players})"
        )
        roster = check.roster
        players = [
            ValuedPlayer(roster.position(name)) for name, n in plan.positions.items() for _ in range(n)
        ]
        valued = ValuedTeam(roster, plan.rerolls, plan.assistant_coaches, plan.cheerleaders,
                            plan.apothecary, plan.dedicated_fans)  # fmt: skip
        value = team_value(valued, players, draft, self.settings).team_value
        rating = f"\nTeam rating: {team_rating(value + max(left, 0), 0)}" if self.ruleset.classic else ""
        self.tv.setText(f"Team value: {format_gold(value)}{rating}")
        problems = self.problems_list()
        if problems:
            self.problems.setObjectName("problems")
            items = "".join(f"<li>{p}</li>" for p in problems)
            self.problems_text.setText(
                f"<b>Not ready to save yet:</b><ul style='margin-left:-20px'>{items}</ul>"
            )
        else:
            self.problems.setObjectName("allGood")
            self.problems_text.setText("<b>✓ Ready to save.</b> The draft follows every rule.")
        self.problems.style().unpolish(self.problems)
        self.problems.style().polish(self.problems)
        for child in self.problems.findChildren(QWidget):
            child.style().unpolish(child)
            child.style().polish(child)
        self.save.setEnabled(not problems)
        self.add.setEnabled(self.model.rowCount() > 0)
        self.remove.setEnabled(self.model.rowCount() > 0)

    # ---- saving
    def save_draft(self) -> None:
        """Create the team, or rewrite the draft; only a legal draft gets here."""
        if self.problems_list():
            return
        services, plan = self.ctx.svc, self.plan()
        if self.team is None:
            league_id, name, coach = self.league_id, self.name.text(), self.coach.text()
            if league_id is None:  # a new draft always starts from show_new(league_id)
                return
            self.ctx.runner.run_op(
                lambda: services.teams.draft_team(league_id, name, coach, plan),
                title="Could not save the team",
                on_success=lambda view: self.ctx.navigate("team", view.id),
            )
            return
        team_id, before = self.team.id, self.previous_plan
        self.ctx.runner.run_op(
            lambda: services.teams.redraft(team_id, plan),
            title="Could not save the draft",
            on_success=lambda view: self.ctx.navigate("team", view.id),
            undo=lambda _: (
                UndoStep("draft changes", lambda: services.teams.redraft(team_id, before)) if before else None
            ),
        )

    def leave(self) -> None:
        """Go back without saving."""
        if self.team is not None:
            self.ctx.navigate("team", self.team.id)
        elif self.league_id is not None:
            self.ctx.navigate("league", self.league_id)

    def concerns(self, changes: Changes) -> bool:
        return False  # the editor keeps the coach's unsaved choices

    def title(self) -> str:
        return f"Draft: {self.team.name}" if self.team else "New team"
