"""A tab that shows one chart, built only when the tab is first shown.

Qt Charts is a large module: the pages hold a :class:`ChartPanel` and give it their series;
the panel imports :mod:`league_manager.ui.charts` (and with it ``PySide6.QtCharts``) the
first time it is shown with data, so starting the application never loads it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from league_manager.ui.widgets import label

ChartBuilder = Callable[[Any], QWidget]
"""Makes the chart widget from the :mod:`league_manager.ui.charts` module."""


class ChartPanel(QWidget):
    """Holds a chart; builds it lazily and rebuilds it when new figures come."""

    def __init__(self, empty: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 8, 0, 0)
        self._empty_text = empty
        self._pending: ChartBuilder | None = None
        self.chart: QWidget | None = None
        self._placeholder = label(empty, "muted")
        self._layout.addWidget(self._placeholder)

    def show_chart(self, builder: ChartBuilder | None) -> None:
        """Show the chart ``builder`` makes (None: the empty text); built now if visible."""
        self._pending = builder
        if self.chart is not None:
            self._layout.removeWidget(self.chart)
            self.chart.deleteLater()
            self.chart = None
        self._placeholder.setVisible(builder is None)
        if builder is not None and self.isVisible():
            self._build()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._pending is not None and self.chart is None:
            self._build()

    def _build(self) -> None:
        from league_manager.ui import charts  # Qt Charts loads here, on first use

        assert self._pending is not None
        self.chart = self._pending(charts)
        self._layout.addWidget(self.chart, 1)
