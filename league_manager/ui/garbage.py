"""Python's cyclic garbage collector, run on the GUI thread only.

Python runs its cyclic collector on whichever thread allocates past a threshold. The desktop
runs Python on other threads too (the operations runner, a bot's thought, the remote-play
link, the match-save writer); a collection there destroys abandoned Qt objects off the thread
that owns them, and the process can crash. The busy workers also pause the collector
(:mod:`league_manager.ui.gc_pause`), but the remote-play threads live as long as a match. So
the application turns automatic collection off and collects on a GUI-thread timer instead,
by Python's generation thresholds, a full collection at most every :data:`FULL_EVERY_S`
seconds (CPython also holds full collections back, by a count the Python API does not show).
Anki does the same. Install it before any worker starts (``run_gui`` does).
"""

from __future__ import annotations

import gc
import time

from PySide6.QtCore import QObject, QTimer

from league_manager.ui import gc_pause

INTERVAL_MS = 500
"""How often the GUI thread checks whether a collection is due."""
FULL_EVERY_S = 10.0
"""The least time between two full collections (one takes about 80 ms with the demo league open)."""


class GuiThreadCollector(QObject):
    """Turns automatic collection off and collects, when due, on the GUI thread."""

    def __init__(self, parent: QObject, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        gc.disable()
        self._last_full = time.monotonic()
        self.collections = [0, 0, 0]
        """Collections run, by generation (for tests and diagnostics)."""
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()

    def collect_due(self) -> int:
        """Collect the oldest generation whose count is past its threshold; -1 when none is,
        or while a worker has the collector paused (:func:`.gc_pause.paused`: it waits)."""
        if gc_pause.paused():
            return -1
        counts = gc.get_count()
        thresholds = gc.get_threshold()
        full_allowed = time.monotonic() - self._last_full >= FULL_EVERY_S
        due = -1
        for generation in range(3 if full_allowed else 2):
            if thresholds[generation] and counts[generation] > thresholds[generation]:
                due = generation
        if due >= 0:
            gc.collect(due)
            self.collections[due] += 1
            if due == 2:
                self._last_full = time.monotonic()
        return due

    def stop(self) -> None:
        """Stop collecting here and give collection back to Python (no worker may hold a pause)."""
        if gc_pause.paused():
            raise RuntimeError("a worker holds a garbage-collector pause: stop the collector after it")
        self._timer.stop()
        gc.enable()
