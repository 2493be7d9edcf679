"""The season page's end-of-season actions: the play-off qualifiers and their seeds, closing the season."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.core.money import format_gold
from league_manager.services.season_end_models import PlayoffsView, SeasonCloseView, prize_total
from league_manager.ui.context import UiContext
from league_manager.ui.widgets import button, label

COLUMNS = ("Seed", "Team", "Division", "Place", "Route", "Seed set because")


class PlayoffsDialog(QDialog):
    """The qualifiers in seed order (the rules' choice) and a form to move one team to another seed."""

    def __init__(self, ctx: UiContext, season_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.season_id = season_id
        self.setWindowTitle("Play-offs")
        self.resize(760, 420)
        layout = QVBoxLayout(self)
        self.rule = label("", "muted", wrap=True)
        layout.addWidget(self.rule)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout.addWidget(self.table, 1)
        form = QHBoxLayout()
        form.addWidget(label("Move", "muted"))
        self.team = QComboBox()
        form.addWidget(self.team, 2)
        form.addWidget(label("to seed", "muted"))
        self.seed = QSpinBox()
        self.seed.setMinimum(1)
        form.addWidget(self.seed)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("Reason (required), e.g. host of the final")
        form.addWidget(self.reason, 3)
        self.set_button = button("Set seed", "save", tip="Move the team; the others keep their order")
        self.set_button.clicked.connect(self.set_seed)
        form.addWidget(self.set_button)
        layout.addLayout(form)
        self.note = label("", "muted", wrap=True)
        layout.addWidget(self.note)
        close = button("Close", tip="Close this window")
        close.clicked.connect(self.accept)
        layout.addWidget(close)
        self.view: PlayoffsView | None = None
        self.reload()

    def reload(self) -> None:
        """Read the qualifiers again and fill the table and the form."""
        view = self.ctx.svc.season_end.playoffs(self.season_id)
        self.view = view
        self.rule.setText(f"{view.season}: {view.rule}. The bracket is drawn with Schedule… → knock-out.")
        self.table.setRowCount(len(view.qualifiers))
        for row, q in enumerate(view.qualifiers):
            cells = (str(q.seed), q.team, q.division or "—", str(q.division_rank), q.route.replace("_", " "),
                     q.reason)  # fmt: skip
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.team.clear()
        for q in view.qualifiers:
            self.team.addItem(q.team, q.team_id)
        self.seed.setMaximum(max(len(view.qualifiers), 1))
        fixed = view.scheduled
        for widget in (self.team, self.seed, self.reason, self.set_button):
            widget.setEnabled(not fixed)
        self.note.setText("The play-offs are scheduled: the seeds are fixed." if fixed else "")

    def set_seed(self) -> None:
        """Store the chosen seed with its reason (the service refuses an empty reason)."""
        team_id = self.team.currentData()
        if team_id is None:
            return
        done = self.ctx.runner.run_op(
            lambda: self.ctx.svc.season_end.set_seed(self.season_id, int(team_id), self.seed.value(),
                                                     self.reason.text()),
            title="Could not set the seed",
        )  # fmt: skip
        if done is not None:
            self.reason.clear()
            self.reload()


def close_text(view: SeasonCloseView) -> str:
    """The close preview as the confirmation shows it."""
    lines = [f"Close {view.season}? Prize money {prize_total(view)}:"]
    lines += [f"  {p.place}. {p.team}: {format_gold(p.amount)}" for p in view.prizes]
    if view.champion:
        lines.append(f"{view.champion} wins the {view.trophy}.")
    lines.append(f"{len(view.awards)} award(s); the final table of {len(view.table)} teams is frozen.")
    lines.append("A season is closed once: this cannot be undone.")
    return "\n".join(lines)


def close_season(ctx: UiContext, season_id: int) -> bool:
    """Preview the close, ask, then close. True when the season was closed."""
    try:
        preview = ctx.svc.season_end.close_preview(season_id)
    except LeagueError as refused:
        ctx.dialogs.error("The season cannot be closed yet", str(refused))
        return False
    if not ctx.dialogs.confirm("Close season", close_text(preview), ok="Close season"):
        return False
    done = ctx.runner.run_op(
        lambda: ctx.svc.season_end.close_season(season_id), title="Could not close the season"
    )
    return done is not None
