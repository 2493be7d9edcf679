"""The application's collector: automatic collection off, due collections on the GUI thread
(the timer's thread), none on a worker thread that allocates."""

import gc
import threading

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from league_manager.ui import gc_pause
from league_manager.ui.garbage import FULL_EVERY_S, GuiThreadCollector


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_collections_run_on_the_gui_thread_when_due_and_never_on_a_worker(qtbot: QtBot) -> None:
    owner = QObject()
    collector = GuiThreadCollector(owner, interval_ms=10)
    seen: list[int] = []
    gc.callbacks.append(lambda phase, info: seen.append(threading.get_ident()) if phase == "start" else None)
    try:
        assert not gc.isenabled()
        worker = threading.Thread(target=lambda: [_Cycle() for _ in range(20_000)])
        worker.start()
        worker.join()
        assert seen == []  # 20,000 cycles left behind on a worker: no collection there
        assert gc.get_count()[0] > gc.get_threshold()[0]
        qtbot.waitUntil(lambda: sum(collector.collections) > 0, timeout=5_000)
        assert seen and set(seen) == {threading.get_ident()}
        assert [collector.collect_due() for _ in range(3)][-1] == -1  # a younger one may follow
        assert collector.collections[2] == 0  # no full collection within FULL_EVERY_S
        saved = gc.get_threshold()
        gc.set_threshold(saved[0], saved[1], 1)
        try:
            gc.collect(1)
            gc.collect(1)  # two generation-1 collections: a full one is due by the count
            assert gc.get_count()[2] > 1
            assert collector.collect_due() != 2  # held back: the last full one is too recent
            collector._last_full -= FULL_EVERY_S
            assert collector.collect_due() == 2 and collector.collections[2] == 1
        finally:
            gc.set_threshold(*saved)
    finally:
        gc.callbacks.pop()
        collector.stop()
    assert gc.isenabled()


def test_no_collection_while_a_worker_has_the_collector_paused() -> None:
    owner = QObject()
    collector = GuiThreadCollector(owner, interval_ms=60_000)
    try:
        for _ in range(5_000):
            _Cycle()
        gc_pause.pause()
        assert collector.collect_due() == -1
        gc_pause.resume()
        assert collector.collect_due() >= 0
    finally:
        collector.stop()
