"""The post-game's last part: the players whose SPP buy an advancement, taken now or later.

Each row names the player with the team and lists the advancements the SPP buy, with their
costs, as the advancement dialog offers them; "Advance…" opens that dialog for the selected
player. Leaving them is fine: the roster marks them until the SPP are spent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QTableView, QVBoxLayout, QWidget

from league_manager.core.errors import LeagueError
from league_manager.services.player_models import PlayerRecord
from league_manager.ui.advance_dialog import KIND_NAMES, AdvanceDialog
from league_manager.ui.context import UiContext
from league_manager.ui.models import Column, RecordTableModel
from league_manager.ui.widgets import button, label


@dataclass(frozen=True)
class Improver:
    """One player who can improve, as the post-game lists them."""

    team: str
    number: int
    record: PlayerRecord

    @property
    def who(self) -> str:
        """ "Team #n Name", as the match day names players."""
        return f"{self.team} #{self.number} {self.record.name}"

    @property
    def choices_text(self) -> str:
        """The affordable advancements with their costs."""
        return ", ".join(
            f"{KIND_NAMES.get(c.kind, c.kind)} ({c.cost} SPP)" for c in self.record.choices if c.affordable
        )


def _column(header: str, text: Any) -> Column[Improver]:
    return Column(header, text, tooltip=text)


class ImproverModel(RecordTableModel[Improver]):
    """The players who can improve (the full text of each cell as its tooltip)."""

    columns = (
        _column("Player", lambda r: r.who),
        _column("SPP", lambda r: str(r.record.spp)),
        _column("Advancements the SPP buy now", lambda r: r.choices_text),
    )

    @property
    def rows(self) -> list[Improver]:
        """The players listed, in table order."""
        return self.records


class ImprovePanel(QWidget):
    """ "Players who can improve": take an advancement now, or leave it for later."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.team_ids: list[int] = []
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 8, 0, 0)
        box.addWidget(label("Players who can improve", "sectionTitle"))
        self.note = label("", "help", wrap=True)
        box.addWidget(self.note)
        self.model = ImproverModel(parent=self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.doubleClicked.connect(lambda *_: self.advance())
        box.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.advance_button = button(
            "Advance…", primary=False, tip="Open the advancement dialog for the selected player"
        )
        self.advance_button.clicked.connect(self.advance)
        row.addWidget(self.advance_button)
        row.addStretch(1)
        box.addLayout(row)

    def load(self, team_ids: list[int]) -> None:
        """List the players of these teams whose SPP buy an advancement now."""
        self.team_ids = list(team_ids)
        services = self.ctx.svc
        rows: list[Improver] = []
        for team_id in self.team_ids:
            team = services.teams.get_team(team_id)
            for player in sorted(team.players, key=lambda p: p.number):
                if player.can_improve:
                    rows.append(Improver(team.name, player.number, services.advancement.record(player.id)))
        self.model.set_rows(rows)
        self.table.resizeColumnsToContents()
        self.table.setColumnWidth(0, max(self.table.columnWidth(0), 260))
        if rows:
            self.note.setText(
                "Their SPP buy an advancement. Take it now, or later from the player's page: "
                "the roster marks them with \u2605 until the SPP are spent."
            )
            self.table.selectRow(0)
        else:
            self.note.setText("No player has the SPP for an advancement yet.")
        self.table.setVisible(bool(rows))
        self.advance_button.setEnabled(bool(rows))

    def selected(self) -> Improver | None:
        """The selected player."""
        row = self.table.currentIndex().row()
        return self.model.rows[row] if 0 <= row < len(self.model.rows) else None

    def advance(self) -> AdvanceDialog | None:
        """The advancement dialog for the selected player; buy one, then list the players again."""
        chosen = self.selected()
        if chosen is None:
            return None
        services = self.ctx.svc
        player_id = chosen.record.player_id
        dialog = AdvanceDialog(chosen.record, self)
        if not self.ctx.dialogs.run(dialog):
            return dialog
        try:
            args = dialog.arguments()
        except LeagueError as exc:
            self.ctx.runner.report("Could not buy the advancement", exc)
            return dialog
        self.ctx.runner.run_op(
            lambda: services.advancement.advance(player_id, **args),
            title="Could not buy the advancement",
            on_success=lambda _value: self.load(self.team_ids),
        )
        return dialog
