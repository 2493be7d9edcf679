"""The re-draft window: a team's budget bar, keep or release per player with the price, staff and
re-rolls kept, the rolls (program dice or typed physical dice), a summary, then the re-draft."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QProgressBar,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.core.money import format_gold
from league_manager.services.redraft_models import RedraftChoice, RedraftView
from league_manager.ui.context import UiContext
from league_manager.ui.operations import UndoStep
from league_manager.ui.widgets import button, label, set_tone

COLUMNS = ("Keep", "#", "Player", "Position", "Value", "Agent fee", "Cost", "Injuries", "D6")


def summary_text(view: RedraftView) -> str:
    """What the re-draft does, in a few lines (the confirmation shows it too)."""
    kept = [p for p in view.players if p.keep]
    released = [p for p in view.players if not p.keep]
    lines = [
        f"Re-draft {view.team} for {view.season}: budget {format_gold(view.budget.total)}, "
        f"spent {format_gold(view.spent)}, new treasury {format_gold(view.left)}.",
        f"Keeps {len(kept)} player(s)"
        + (f", releases {', '.join(p.name for p in released)}." if released else "."),
    ]
    back = [p.name for p in kept if p.status == "retired"]
    if back:
        lines.append(f"Back from temporary retirement: {', '.join(back)}.")
    kept_extras = [f"{e.kept} {e.label.lower()}" for e in view.extras if e.kept]
    lines.append("Keeps " + (", ".join(kept_extras) if kept_extras else "no staff or re-rolls") + ".")
    lines.append(f"{view.rolls_needed} D6 to roll; dedicated fans {view.dedicated_fans} carry over free.")
    return "\n".join(lines)


class RedraftDialog(QDialog):
    """Choose what a team keeps for a new season, then re-draft it (one service call)."""

    def __init__(
        self, ctx: UiContext, team_id: int, seasons: list[tuple[int, str]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.team_id = team_id
        self.view: RedraftView | None = None
        self.done_view: RedraftView | None = None
        self._filling = False
        self.setWindowTitle("Re-draft")
        self.resize(1060, 760)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(label("New season", "muted"))
        self.season = QComboBox()
        for season_id, name in seasons:
            self.season.addItem(name, season_id)
        self.season.currentIndexChanged.connect(self.refresh)
        top.addWidget(self.season)
        self.heading = label("", "sectionTitle")
        top.addWidget(self.heading, 1)
        layout.addLayout(top)
        self.budget_text = label("", "muted", wrap=True)
        layout.addWidget(self.budget_text)
        self.bar = QProgressBar()
        self.bar.setTextVisible(True)
        layout.addWidget(self.bar)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.itemChanged.connect(self._kept_changed)
        layout.addWidget(self.table, 1)
        extras = QHBoxLayout()
        self.spins: dict[str, QSpinBox] = {}
        for key, text in (("rerolls", "Team re-rolls"), ("assistant_coach", "Assistant coaches"),
                          ("cheerleader", "Cheerleaders"), ("apothecary", "Apothecary")):  # fmt: skip
            extras.addWidget(label(text, "muted"))
            spin = QSpinBox()
            spin.valueChanged.connect(self.refresh)
            self.spins[key] = spin
            extras.addWidget(spin)
        extras.addStretch(1)
        layout.addLayout(extras)
        dice = QFormLayout()
        row = QHBoxLayout()
        self.program = QRadioButton("Program dice")
        self.typed = QRadioButton("Physical dice, typed in")
        self.program.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.program)
        group.addButton(self.typed)
        self.dice_entry = QLineEdit()
        self.dice_entry.setPlaceholderText("e.g. 4, 2, 6 in the order the rolls are listed")
        self.dice_entry.setEnabled(False)
        self.typed.toggled.connect(self.dice_entry.setEnabled)
        row.addWidget(self.program)
        row.addWidget(self.typed)
        row.addWidget(self.dice_entry, 1)
        self.rolls_label = label("", "muted")
        dice.addRow("Rolls", row)
        dice.addRow("", self.rolls_label)
        layout.addLayout(dice)
        self.summary = label("", "help", wrap=True)
        layout.addWidget(self.summary)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        cancel = button("Cancel", tip="Close without re-drafting")
        cancel.clicked.connect(self.reject)
        self.apply_button = button("Re-draft", "save", primary=True, tip="Pay, keep, roll: one step")
        self.apply_button.clicked.connect(self.apply)
        buttons.addWidget(cancel)
        buttons.addWidget(self.apply_button)
        layout.addLayout(buttons)
        self.refresh(first=True)

    def season_id(self) -> int:
        """The new season chosen."""
        return int(self.season.currentData())

    def choice(self) -> RedraftChoice:
        """What the window says to keep."""
        if self.view is None:
            return RedraftChoice()
        keep: list[int] = []
        for row, player in enumerate(self.view.players):
            item = self.table.item(row, 0)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                keep.append(player.player_id)
        staff = {k: s.value() for k, s in self.spins.items() if k != "rerolls"}
        return RedraftChoice(keep_ids=tuple(keep), rerolls=self.spins["rerolls"].value(), staff=staff)

    def refresh(self, *_args: object, first: bool = False) -> None:
        """Ask the service for the re-draft as chosen now and show it."""
        if self._filling:
            return
        choice = RedraftChoice() if first or self.view is None else self.choice()
        try:
            view = self.ctx.svc.redraft.preview(self.team_id, self.season_id(), choice)
        except LeagueError as refused:
            self.summary.setText(str(refused))
            set_tone(self.summary, "danger")
            self.apply_button.setEnabled(False)
            return
        self.show_view(view, fill=first or self.view is None or self.view.season != view.season)

    def show_view(self, view: RedraftView, fill: bool) -> None:
        """Show a preview: the bar, the players (and, on ``fill``, the check boxes and spin boxes)."""
        self.view = view
        self._filling = True
        b = view.budget
        played, won, drawn = view.record
        self.heading.setText(f"{view.team}: from {view.previous} ({played} played, {won} won, {drawn} drawn)")
        cap = f" − {format_gold(b.capped_by)} over the {format_gold(b.cap)} cap" if b.capped_by else ""
        self.budget_text.setText(
            f"Budget {format_gold(b.total)} = {format_gold(b.base)} + treasury {format_gold(b.treasury)} + "
            f"games {format_gold(b.games)} + wins {format_gold(b.wins)} + draws {format_gold(b.draws)}{cap}. "
            "What is left becomes the new treasury."
        )
        self.bar.setMaximum(max(b.total, 1))
        self.bar.setValue(min(view.spent, b.total))
        over = view.left < 0
        self.bar.setFormat(
            f"Spent {format_gold(view.spent)} of {format_gold(b.total)}: "
            + (f"{format_gold(-view.left)} over budget" if over else f"{format_gold(view.left)} left")
        )
        set_tone(self.bar, "danger" if over else "")
        self.table.setRowCount(len(view.players))
        for row, p in enumerate(view.players):
            keep = self.table.item(row, 0) if not fill else None
            if keep is None:
                keep = QTableWidgetItem("returns" if p.status == "retired" else "")
                keep.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
                keep.setCheckState(Qt.CheckState.Checked if p.keep else Qt.CheckState.Unchecked)
                self.table.setItem(row, 0, keep)
            injuries = [f"NI x{p.niggling}" if p.niggling > 1 else "NI"] if p.niggling else []
            injuries += [f"-{k}" * n for k, n in p.reductions.items()]
            if p.misses_next_game:
                injuries.append("MNG (recovers)")
            fee = format_gold(p.agent_fee) + (f" ({p.seasons} season(s))" if p.seasons else "")
            rolls = str(p.rolls_needed) if p.rolls_needed else ""
            cells = (str(p.number), p.name, p.position, format_gold(p.value), fee, format_gold(p.cost),
                     " ".join(injuries), rolls)  # fmt: skip
            for column, text in enumerate(cells, 1):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        if fill:
            for extra in view.extras:
                spin = self.spins[extra.key]
                spin.setMaximum(extra.had)
                spin.setValue(extra.kept)
                spin.setSuffix(f"  × {format_gold(extra.cost_each)}")
                spin.setEnabled(extra.had > 0)
        self.rolls_label.setText(
            f"{view.rolls_needed} D6: one per niggling injury of a kept player, then one per characteristic "
            "reduction of a player coming back (4+, +1 when the apothecary is kept)."
        )
        self.summary.setText(
            summary_text(view) + ("\nOver budget: release players, staff or re-rolls." if over else "")
        )
        set_tone(self.summary, "danger" if over else "")
        self.apply_button.setEnabled(not over)
        self._filling = False

    def _kept_changed(self, item: QTableWidgetItem) -> None:
        if item.column() == 0 and not self._filling:
            self.refresh()

    def typed_dice(self) -> list[int] | None:
        """The typed dice, or None (with an error shown) when they are not numbers."""
        if not self.typed.isChecked():
            return []
        words = [w.strip() for w in self.dice_entry.text().replace(" ", ",").split(",") if w.strip()]
        if not all(w.isdigit() for w in words):
            self.ctx.dialogs.error("Typed dice", "Type the dice as numbers separated by commas.")
            return None
        return [int(w) for w in words]

    def apply(self) -> None:
        """Confirm the summary, then re-draft; the rolls made are shown afterwards."""
        view, typed = self.view, self.typed_dice()
        if view is None or typed is None:
            return
        if not self.ctx.dialogs.confirm("Re-draft", summary_text(view), ok="Re-draft"):
            return
        choice, season_id, all_typed = self.choice(), self.season_id(), self.typed.isChecked()
        done = self.ctx.runner.run_op(
            lambda: self.ctx.svc.redraft.apply(
                self.team_id, season_id, choice, typed=typed, all_typed=all_typed
            ),
            title="Could not re-draft",
            undo=lambda outcome: UndoStep(
                f"re-draft of {outcome.value.team}",
                lambda: self.ctx.svc.redraft.undo(self.team_id, season_id),
            ),
        )
        if done is None:
            return
        self.done_view = done.value
        rolls = "\n".join(str(r["text"]) for r in done.value.rolls) or "No rolls were needed."
        self.ctx.dialogs.info(
            "Re-drafted", f"{done.value.team} is re-drafted for {done.value.season}.\n{rolls}"
        )
        self.accept()


def open_redraft(ctx: UiContext, team_id: int, parent: QWidget | None = None) -> bool:
    """Open the re-draft window for a team, or say why it cannot be re-drafted now."""
    try:
        seasons = ctx.svc.redraft.seasons_open(team_id)
    except LeagueError as refused:
        ctx.dialogs.error("No re-draft", str(refused))
        return False
    if not seasons:
        ctx.dialogs.error(
            "No re-draft",
            "The team can be re-drafted once the season it played is closed and it is entered in the "
            "league's next season, before it plays there.",
        )
        return False
    return ctx.dialogs.run(RedraftDialog(ctx, team_id, seasons, parent))
