"""The scores and concession above a result grid (correction and dispute dialogs)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QSpinBox

from league_manager.ui.match_day.grid import SIDES
from league_manager.ui.widgets import label

CONCESSIONS = ("No concession", "Home conceded", "Away conceded")


class ScoreInputs:
    """Two score boxes named after the teams and a concession choice, filled from a result."""

    def __init__(self, team_names: Mapping[str, str], result: Mapping[str, Any], changed: Callable[[], Any]):
        self.layout = QHBoxLayout()
        self.scores = {side: QSpinBox() for side in SIDES}
        for side in SIDES:
            self.scores[side].setRange(0, 30)
            self.scores[side].setValue(int(result.get(side, {}).get("score", 0)))
            self.scores[side].valueChanged.connect(changed)
            self.layout.addWidget(label(f"{team_names[side]} score"))
            self.layout.addWidget(self.scores[side])
        self.conceded = QComboBox()
        self.conceded.addItems(list(CONCESSIONS))
        conceded = result.get("conceded")
        self.conceded.setCurrentIndex(0 if conceded is None else int(conceded) + 1)
        self.layout.addWidget(self.conceded)
        self.layout.addStretch(1)

    def values(self) -> dict[str, int]:
        """The scores typed, by side."""
        return {side: self.scores[side].value() for side in SIDES}

    def conceded_by(self) -> int | None:
        """The side index that conceded (0 home, 1 away), or None."""
        return {0: None, 1: 0, 2: 1}[self.conceded.currentIndex()]
