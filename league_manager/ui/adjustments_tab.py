"""The team page's Adjustments tab: the commissioner's ledger rows and the Adjust… dialog.

Every adjustment is a row with its reason, who made it and when; "Undo…" writes the
correcting row (it never edits or deletes one).
"""

from __future__ import annotations

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

from league_manager.services.league_rules_views import AdjustmentView
from league_manager.services.read_models import TeamView
from league_manager.ui.context import UiContext
from league_manager.ui.models import Column, RecordTableModel, local_time
from league_manager.ui.widgets import accept_cancel, button, label, make_table, source_row

KINDS = (
    ("points", "League points (this season)"),
    ("gold", "Gold (treasury, gp)"),
    ("fans", "Dedicated Fans"),
    ("spp", "A player's SPP"),
    ("value", "A player's value (gp)"),
)
"""What the dialog offers: every kind of adjustment the service makes."""

LIMIT = 1_000_000_000


class AdjustmentModel(RecordTableModel[AdjustmentView]):
    """A team's adjustments, newest first."""

    columns = (
        Column[AdjustmentView]("#", lambda a: str(a.id), lambda a: a.id),
        Column[AdjustmentView]("Date", lambda a: local_time(a.when), lambda a: (a.when, a.id)),
        Column[AdjustmentView]("Change", lambda a: a.describe()),
        Column[AdjustmentView]("Reason", lambda a: a.reason),
        Column[AdjustmentView]("By", lambda a: a.made_by),
        Column[AdjustmentView]("Undone", lambda a: f"by #{a.undone_by}" if a.undone_by else ""),
    )


class AdjustDialog(QDialog):
    """Choose what to adjust, by how much and why."""

    def __init__(self, team: TeamView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Adjust {team.name}")
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "A commissioner's adjustment is a ledger row with its reason; it is undone "
                "only by a correcting row.",
                "help",
                wrap=True,
            )
        )
        form = QFormLayout()
        self.kind = QComboBox()
        for key, text in KINDS:
            self.kind.addItem(text, key)
        self.player = QComboBox()
        for p in team.players:
            self.player.addItem(f"#{p.number} {p.name} ({p.spp} SPP, {p.value:,} gp)", p.id)
        self.amount = QSpinBox()
        self.amount.setRange(-LIMIT, LIMIT)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("Why (kept with the row)")
        form.addRow("Adjust", self.kind)
        form.addRow("Player", self.player)
        form.addRow("By (signed)", self.amount)
        form.addRow("Reason", self.reason)
        layout.addLayout(form)
        self.problem_label = label("", "help", wrap=True)
        layout.addWidget(self.problem_label)
        self.ok = accept_cancel(layout, "Adjust", self.accept, self.reject)
        self.kind.currentIndexChanged.connect(lambda _i: self._update())
        self.amount.valueChanged.connect(lambda _v: self._update())
        self.reason.textChanged.connect(lambda _t: self._update())
        self._update()

    def choose(self, kind: str, amount: int, reason: str, player_id: int | None = None) -> None:
        """Fill the dialog (tests and scripted use)."""
        self.kind.setCurrentIndex(self.kind.findData(kind))
        if player_id is not None:
            self.player.setCurrentIndex(self.player.findData(player_id))
        self.amount.setValue(amount)
        self.reason.setText(reason)

    def request(self) -> tuple[str, int, int | None, str]:
        """(kind, amount, player id or None, reason)."""
        kind = str(self.kind.currentData())
        player = self.player.currentData() if kind in {"spp", "value"} else None
        return kind, self.amount.value(), player, self.reason.text().strip()

    def problem(self) -> str:
        """Why the dialog cannot be accepted yet ("" when it can)."""
        kind, amount, player, reason = self.request()
        if amount == 0:
            return "Enter the change (negative to take away)."
        if kind in {"spp", "value"} and player is None:
            return "Choose the player."
        if kind == "gold" and amount % 5000:
            return "Gold moves in steps of 5,000 gp."
        if not reason:
            return "Give the reason."
        return ""

    def _update(self) -> None:
        kind = str(self.kind.currentData())
        self.player.setEnabled(kind in {"spp", "value"})
        self.amount.setSingleStep(5000 if kind in {"gold", "value"} else 1)
        problem = self.problem()
        self.problem_label.setText(problem)
        self.ok.setEnabled(not problem)


class AdjustmentsTab(QWidget):
    """The list of a team's adjustments with Adjust… and Undo… buttons."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.team: TeamView | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 10, 0, 0)
        bar = QHBoxLayout()
        bar.addWidget(label("Changes made by hand by the commissioner, each with its reason.", "muted"), 1)
        self.adjust_button = button(
            "Adjust…", "edit", tip="League points, gold, fans, a player's SPP or value"
        )
        self.adjust_button.clicked.connect(self.adjust)
        self.undo_button = button(
            "Undo adjustment…", tip="Write the correcting row for the selected adjustment"
        )
        self.undo_button.clicked.connect(self.undo)
        bar.addWidget(self.adjust_button)
        bar.addWidget(self.undo_button)
        layout.addLayout(bar)
        self.model = AdjustmentModel()
        self.table = make_table(self.model, stretch=3, placeholder="No adjustments.")
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._update())
        layout.addWidget(self.table, 1)
        self._update()

    def show_team(self, team: TeamView) -> None:
        """Load the team's adjustments."""
        self.team = team
        services = self.ctx.services
        self.model.set_rows(services.adjustments.adjustments(team.id) if services is not None else [])
        self._update()

    def selected(self) -> AdjustmentView | None:
        """The selected adjustment."""
        row = source_row(self.table)
        return self.model.row_record(row) if row is not None else None

    def _update(self) -> None:
        chosen = self.selected()
        self.adjust_button.setEnabled(self.team is not None)
        self.undo_button.setEnabled(chosen is not None and chosen.undone_by is None and chosen.undoes is None)

    def adjust(self) -> None:
        """Ask what to adjust in the dialog, then write the row."""
        team = self.team
        if team is None:
            return
        dialog = AdjustDialog(team, self)
        try:
            if not self.ctx.dialogs.run(dialog) or dialog.problem():
                return
            kind, amount, player, reason = dialog.request()
        finally:
            dialog.deleteLater()
        services = self.ctx.svc
        self.ctx.runner.run_op(
            lambda: services.adjustments.adjust(
                team.id, kind, amount, reason, player=None if player is None else str(player)
            ),
            title=f"Could not adjust {team.name}",
        )

    def undo(self) -> None:
        """Undo the selected adjustment with a correcting row, after asking why."""
        chosen = self.selected()
        if chosen is None:
            return
        reason = self.ctx.dialogs.text("Undo adjustment", f"Why undo #{chosen.id} ({chosen.describe()})?")
        if reason is None:
            return
        services = self.ctx.svc
        self.ctx.runner.run_op(
            lambda: services.adjustments.undo(chosen.id, reason),
            title=f"Could not undo adjustment #{chosen.id}",
        )
