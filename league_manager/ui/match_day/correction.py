"""Correcting a recorded result: the tabletop grid pre-filled, a reason, and what changed.

The correction service reverses the post-game and applies it again in one transaction; when
something done since conflicts (SPP or gold spent, a later fixture kicked off) it refuses and
changes nothing, and the dialog lists the conflicts. When the only conflicts are advancements
bought with SPP the result gave, the dialog offers to revert and re-apply them in order, after
the commissioner confirms.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLineEdit,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import DependentChanges, RuleViolations
from league_manager.ui.context import UiContext
from league_manager.ui.match_day.grid import SIDES, ResultGridModel
from league_manager.ui.match_day.result_tables import ResultGridPanel
from league_manager.ui.match_day.score_inputs import ScoreInputs
from league_manager.ui.match_day.summary import player_label, postgame_html
from league_manager.ui.widgets import button, label

if TYPE_CHECKING:
    from league_manager.services.match_day.store import MatchDayView

CHANGE = re.compile(r"^(team|player) (\S+) (\w+): (.*) -> (.*)$")
LEDGERS = {"treasury": "treasury", "spp": "SPP", "fans": "dedicated fans"}


def change_rows(lines: list[str], names: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """The service's "team 3 treasury: 10,000 -> 20,000" lines as (who, what, before, after)."""
    rows = []
    for line in lines:
        match = CHANGE.match(line.strip())
        if match is None:
            rows.append((line, "", "", ""))
            continue
        kind, ident, ledger, old, new = match.groups()
        who = names.get(f"{kind}:{ident}", f"{kind} {ident}")
        unit = " gp" if ledger == "treasury" else ""
        rows.append((who, LEDGERS.get(ledger, ledger), old + unit, new + unit))
    return rows


class CorrectionDialog(QDialog):
    """Correct one fixture's result."""

    def __init__(self, ctx: UiContext, fixture_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.fixture_id = fixture_id
        self.view: MatchDayView = ctx.svc.match_day.get(fixture_id)
        self.changes: list[str] = []
        self.corrected = False
        self.conflicts: list[str] = []
        fixture = ctx.svc.seasons.get_fixture(fixture_id)
        self.setWindowTitle("Correct the result")
        self.resize(1100, 780)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.addWidget(label(f"Correct {fixture.home}  v  {fixture.away}", "pageTitle"))
        layout.addWidget(
            label(
                "The grid holds the recorded result. Change what was wrong and give the reason: "
                "the post-game is reversed and applied again with the same dice. If SPP or gold "
                "this result gave were spent since, or a later fixture kicked off, nothing changes.",
                "help",
                wrap=True,
            )
        )
        self.model = ResultGridModel(self)
        self.model.set_ruleset(self.view.ruleset)
        self.model.set_snapshots(self.view.snapshots)
        result = self.view.result or {}
        self.model.load_result(result)
        self.score_inputs = ScoreInputs(self.model.team_names, result, self.check)
        self.scores, self.conceded = self.score_inputs.scores, self.score_inputs.conceded
        layout.addLayout(self.score_inputs.layout)
        self.model.dataChanged.connect(self.check)
        self.grid = ResultGridPanel(self.model)
        layout.addWidget(self.grid, 3)
        reason_row = QHBoxLayout()
        reason_row.addWidget(label("Reason"))
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. the second touchdown was scored by #7, not #6")
        self.reason.textChanged.connect(self.check)
        reason_row.addWidget(self.reason, 1)
        self.apply_button = button("Apply the correction", primary=True)
        self.apply_button.clicked.connect(self.apply)
        reason_row.addWidget(self.apply_button)
        self.recompute_button = button("Revert and re-apply the advancements…")
        self.recompute_button.setToolTip(
            "Revert the advancements paid with SPP this correction takes away, apply the "
            "correction, then re-apply them in the order they were bought (one the player can "
            "no longer pay is removed). One step; the reason is recorded."
        )
        self.recompute_button.clicked.connect(self.apply_recomputing)
        self.recompute_button.hide()
        reason_row.addWidget(self.recompute_button)
        self.dependencies: list[str] = []
        layout.addLayout(reason_row)
        self.problems = label("", "help", wrap=True)
        layout.addWidget(self.problems)
        self.outcome = QTextBrowser()
        layout.addWidget(self.outcome, 2)
        close_row = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)  # the platform's order
        self.close_button = close_row.button(QDialogButtonBox.StandardButton.Close)
        self.close_button.clicked.connect(self.accept)
        layout.addWidget(close_row)
        self.outcome.setHtml("<p>Nothing corrected yet.</p>")
        self.check()

    def grid_scores(self) -> dict[str, int]:
        """The scores typed above the grid."""
        return {side: self.scores[side].value() for side in SIDES}

    def check(self) -> list[str]:
        """What stops the correction now, in plain words."""
        found = self.model.problems(self.grid_scores())
        if not self.reason.text().strip():
            found.append("Give the reason for the correction.")
        if self.corrected:
            self.problems.setText("Corrected; the correction and its reason are on record.")
        else:
            self.problems.setText(("Cannot apply yet: " + " ".join(found)) if found else "Ready to apply.")
        self.apply_button.setEnabled(not found and not self.corrected)
        return found

    def names(self) -> dict[str, str]:
        """Team and player ids → names, for the list of changes."""
        found: dict[str, str] = {}
        for side, team in self.view.pre.sides():
            found[f"team:{team.team_id}"] = team.name
            for p in self.view.snapshots.get(side, {}).get("players", []):
                found[f"player:{p['id']}"] = player_label(team.name, p)
        return found

    def apply_recomputing(self) -> bool:
        """After the commissioner confirms, correct with the dependent advancements reverted and
        re-applied in order."""
        listed = "\n".join(f"• {d}" for d in self.dependencies)
        if not self.ctx.dialogs.confirm(
            "Revert and re-apply the advancements",
            "These advancements were paid with SPP this correction takes away:\n"
            f"{listed}\n\nThey are reverted, the correction is applied, and they are re-applied "
            "in the order they were bought; one the player can no longer pay is removed. "
            "Everything happens in one step, with your reason on record.",
            ok="Revert, correct and re-apply",
        ):
            return False
        return self.apply(recompute=True)

    def apply(self, recompute: bool = False) -> bool:
        """Send the corrected document with its reason to the correction service."""
        if self.check():
            return False
        conceded = self.score_inputs.conceded_by()
        document = self.model.document(self.grid_scores(), conceded)
        reason = self.reason.text().strip()
        services = self.ctx.svc
        refused: list[BaseException] = []

        def op() -> Any:
            try:
                return services.match_day.correct(self.fixture_id, document, reason, recompute=recompute)
            except Exception as exc:
                refused.append(exc)
                raise

        outcome = self.ctx.runner.run_op(op, title="Could not correct the result")
        if outcome is None:
            self.show_conflicts(refused[0] if refused else None)
            return False
        self.view = outcome.value
        description = outcome.changes.description
        self.changes = [c for c in description.split("correction: ", 1)[-1].split("; ") if c.strip()]
        self.corrected = True
        self.recompute_button.hide()
        for widget in (self.grid, self.reason, self.conceded, *self.scores.values()):
            widget.setEnabled(False)
        self.show_changes()
        self.check()
        return True

    def show_conflicts(self, exc: BaseException | None) -> None:
        """The service refused: list why; nothing was changed."""
        if isinstance(exc, RuleViolations):
            self.conflicts = [str(v) for v in exc.violations]
        else:
            self.conflicts = [str(exc)] if exc else ["the correction was refused"]
        revertible = isinstance(exc, DependentChanges) and exc.revertible
        self.dependencies = list(exc.dependencies) if isinstance(exc, DependentChanges) and revertible else []
        self.recompute_button.setVisible(bool(self.dependencies))
        items = "".join(f"<li>{escape(c)}</li>" for c in self.conflicts)
        forward = (
            "<p>The way forward: <b>Revert and re-apply the advancements…</b> corrects the result "
            "with these advancements reverted and re-applied in order.</p>"
            if self.dependencies
            else ""
        )
        self.outcome.setHtml(
            f"<h3 style='color:#b3261e'>The correction was refused; nothing was changed</h3><ul>{items}</ul>"
            f"{forward}"
        )

    def show_changes(self) -> None:
        """What the correction changed, balance by balance, then the re-applied post-game."""
        rows = change_rows(self.changes, self.names())
        body = "".join(
            f"<tr><td>{escape(who)}</td><td>{escape(what)}</td><td align='right'>{escape(old)}</td>"
            f"<td align='right'><b>{escape(new)}</b></td></tr>"
            for who, what, old, new in rows
        )
        table = (
            "<table cellspacing='0' cellpadding='3'><tr><th align='left'>Who</th><th align='left'>What</th>"
            f"<th align='right'>Before</th><th align='right'>After</th></tr>{body}</table>"
            if rows
            else "<p>No balance changed.</p>"
        )
        again = postgame_html(self.view) if self.view.post else ""
        self.outcome.setHtml(f"<h3>Corrected: what changed</h3>{table}{again}")

    def keyPressEvent(self, event: Any) -> None:
        # Enter inside the grid edits; it must not close the dialog
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return
        super().keyPressEvent(event)
