"""Python's cyclic garbage collector, run on the GUI thread only.

Python runs its cyclic collector on whichever thread allocates past a threshold. The desktop
runs Python on other threads too (the operations runner, a bot's thought, the remote-play
link, the match-save writer); a collection there destroys abandoned Qt objects off the thread
that owns them, and the process can crash. The busy workers also pause the collector
(:mod:`league_manager.ui.gc_pause`), but the remote-play threads live as long as a match. So
the application turns automatic collection off and collects on a GUI-thread timer instead,
with the same thresholds Python would use. Anki does the same.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500
"""How often the GUI thread checks whether a collection is due."""


class GuiThreadCollector(QObject):
    """Turns automatic collection off and collects, when due, on the GUI thread."""

    def __init__(self, parent: QObject, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        gc.disable()
        self.collections = [0, 0, 0]
        """Collections run, by generation (for tests and diagnostics)."""
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()

    def collect_due(self) -> int:
        """Collect the oldest generation whose count is past its threshold; -1 when none is."""
        counts = gc.get_count()
        thresholds = gc.get_threshold()
        due = -1
        for generation in range(3):
            if thresholds[generation] and counts[generation] > thresholds[generation]:
                due = generation
        if due >= 0:
            gc.collect(due)
            self.collections[due] += 1
        return due

    def stop(self) -> None:
        """Stop collecting here and give collection back to Python."""
        self._timer.stop()
        gc.enable()
