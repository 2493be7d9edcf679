"""The schedule wizard: choose a format and seed, preview the fixtures, then commit."""

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

from league_manager.core.errors import LeagueError, RuleViolation
from league_manager.services.season_read_models import FixtureView, SchedulePreview, SeasonView
from league_manager.ui.operations import OpRunner, explain
from league_manager.ui.season_models import FixtureTableModel
from league_manager.ui.widgets import accept_cancel, button, label, make_table, set_tone

if TYPE_CHECKING:
    from league_manager.services.facade import Services

FORMATS = (
    ("round-robin", "Round robin: everyone plays everyone once"),
    ("double-round-robin", "Double round robin: home and away"),
    ("swiss", "Swiss: the next round, pairing teams on equal records"),
    ("knockout", "Knock-out play-offs of the top teams"),
)


class ScheduleDialog(QDialog):
    """Generate a season's fixtures: nothing is stored until Commit, which needs a preview first."""

    def __init__(
        self, services: Services, runner: OpRunner, season: SeasonView, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self.season = season
        self.preview: SchedulePreview | None = None
        self.committed: SchedulePreview | None = None
        self.setWindowTitle(f"Schedule {season.name}")
        self.resize(820, 600)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        layout.setSpacing(12)
        layout.addWidget(label(f"Schedule {season.name}", "pageTitle"))
        layout.addWidget(
            label(
                f"{len(season.teams)} teams. Preview the draw, then commit it; nothing is stored before.",
                "muted",
                wrap=True,
            )
        )
        form = QFormLayout()
        self.format = QComboBox()
        for key, text in FORMATS:
            self.format.addItem(text, key)
        form.addRow("Format", self.format)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(season.seed)
        self.seed.setToolTip("The same number always gives the same draw")
        form.addRow("Draw number", self.seed)
        self.qualifiers = QSpinBox()
        self.qualifiers.setRange(2, 64)
        self.qualifiers.setValue(4)
        self.third_place = QCheckBox("Third-place match")
        knockout = QHBoxLayout()
        knockout.addWidget(self.qualifiers)
        knockout.addWidget(self.third_place)
        knockout.addStretch(1)
        form.addRow("Qualifiers", knockout)
        layout.addLayout(form)
        row = QHBoxLayout()
        self.preview_button = button("Preview", "search", tip="Show the fixtures this would create")
        self.preview_button.clicked.connect(self.make_preview)
        row.addWidget(self.preview_button)
        self.summary = label("", "muted", wrap=True)
        row.addWidget(self.summary, 1)
        layout.addLayout(row)
        self.model = FixtureTableModel()
        self.table = make_table(
            self.model, sortable=False, stretch=7, placeholder="Press Preview to see the draw."
        )
        layout.addWidget(self.table, 1)
        commit = button("Commit", "save", primary=True, tip="Store these fixtures")
        self.commit_button = accept_cancel(layout, commit, self.commit, self.reject)
        for widget in (self.format, self.seed, self.qualifiers):
            signal = widget.currentIndexChanged if isinstance(widget, QComboBox) else widget.valueChanged
            signal.connect(self._invalidate)
        self.third_place.toggled.connect(self._invalidate)
        self.format.currentIndexChanged.connect(self._format_changed)
        self._format_changed()
        self._invalidate()

    def choose_format(self, key: str) -> None:
        """Pick a format by key (round-robin, double-round-robin, swiss, knockout)."""
        self.format.setCurrentIndex(max(self.format.findData(key), 0))

    def _format_changed(self) -> None:
        knockout = self.format.currentData() == "knockout"
        self.qualifiers.setEnabled(knockout)
        self.third_place.setEnabled(knockout)

    def _invalidate(self) -> None:
        self.preview = None
        self.commit_button.setEnabled(False)
        self.model.set_rows([])
        self.summary.setText("Press Preview to see the fixtures; Commit stores them.")
        set_tone(self.summary, "")

    def _options(self) -> dict[str, Any]:
        knockout = self.format.currentData() == "knockout"
        return {
            "seed": self.seed.value(),
            "qualifiers": self.qualifiers.value() if knockout else None,
            "third_place": self.third_place.isChecked() if knockout else False,
        }

    def make_preview(self) -> None:
        """Ask the services what the schedule would be (nothing is stored).

        A refusal (a season already scheduled, too few teams...) is said in the summary line
        beside Preview, where the coach is looking, not in a box to click away; anything else
        goes to the runner's error report.
        """
        fmt = str(self.format.currentData())
        options = self._options()
        try:
            outcome = self.services.seasons.schedule(self.season.id, fmt, preview=True, **options)
        except LeagueError as exc:
            if isinstance(exc, RuleViolation):  # a preview changes nothing: the reason is enough
                reason = exc.detail.rstrip(".") + "."
            else:
                headline, detail = explain(exc)
                reason = f"{headline} {detail}".strip()
            self.summary.setText(f"Cannot schedule that: {reason}")
            set_tone(self.summary, "danger")
            return
        except Exception as exc:
            self.runner.report("Cannot schedule that", exc)
            return
        self.show_preview(outcome.value)

    def show_preview(self, preview: SchedulePreview) -> None:
        """Fill the table from a preview and allow Commit."""
        self.preview = preview
        fixtures: list[FixtureView] = [f for r in preview.rounds for f in r.fixtures]
        self.model.set_rows(fixtures)
        notes = [f"{len(preview.rounds)} round(s), {len(fixtures)} fixture(s), draw number {preview.seed}."]
        notes += list(preview.notes)
        if preview.skipped:
            notes.append("Skipped: " + ", ".join(preview.skipped))
        self.summary.setText(" ".join(notes))
        set_tone(self.summary, "")
        self.commit_button.setEnabled(bool(fixtures))

    def commit(self) -> None:
        """Store the previewed schedule (only after a preview)."""
        if self.preview is None:
            return
        fmt = str(self.format.currentData())
        options = self._options()
        outcome = self.runner.run_op(
            lambda: self.services.seasons.schedule(self.season.id, fmt, **options),
            title="Could not schedule the season",
        )
        if outcome is not None:
            self.committed = outcome.value
            self.accept()
