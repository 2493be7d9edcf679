"""OpRunner: background jobs deliver on the GUI thread, in order, and never crash Qt.

The back-to-back test reproduces a segfault of the first design (a QObject made per
job and freed on the worker thread, or inside its own slot): on that code it crashed
within a few dozen jobs; the relay design ran thousands.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from league_manager.core.errors import LeagueError
from league_manager.services.changes import Changes, Outcome
from league_manager.ui.operations import OpRunner


@pytest.fixture
def runner(dialogs: Any) -> OpRunner:
    return OpRunner(dialogs)


def test_back_to_back_jobs_arrive_in_order_on_the_gui_thread(qtbot: Any, runner: OpRunner) -> None:
    gui_thread = threading.get_ident()
    worker_threads: set[int] = set()
    delivered: list[tuple[int, int]] = []

    def job(n: int) -> int:
        worker_threads.add(threading.get_ident())
        return n * n

    def done(value: int) -> None:
        delivered.append((value, threading.get_ident()))

    for n in range(120):
        runner.call_in_background(lambda n=n: job(n), done, pytest.fail)
        if n % 3 == 0:  # some jobs wait for their delivery, others pile up
            qtbot.waitUntil(lambda: not runner.busy, timeout=10_000)
    qtbot.waitUntil(lambda: not runner.busy, timeout=10_000)

    assert [value for value, _ in delivered] == [n * n for n in range(120)]
    assert {thread for _, thread in delivered} == {gui_thread}
    assert gui_thread not in worker_threads


def test_busy_message_and_failure_reach_the_gui(qtbot: Any, runner: OpRunner) -> None:
    messages: list[str] = []
    runner.sig_busy.connect(messages.append)
    errors: list[BaseException] = []

    def refuse() -> None:
        raise LeagueError("no such team")

    runner.call_in_background(refuse, pytest.fail, errors.append, busy="Checking…")
    assert runner.busy
    qtbot.waitUntil(lambda: not runner.busy, timeout=10_000)
    assert messages == ["Checking…", ""]
    assert [str(e) for e in errors] == ["no such team"]


def test_background_operation_reports_refusal_and_publishes_success(
    qtbot: Any, runner: OpRunner, dialogs: Any
) -> None:
    published: list[Changes] = []
    runner.bus.sig_changed.connect(published.append)

    def refuse() -> Outcome[None]:
        raise LeagueError("The team has no treasury left")

    runner.run_op(refuse, title="Could not hire", background=True)
    qtbot.waitUntil(lambda: not runner.busy, timeout=10_000)
    assert dialogs.errors == [("Could not hire", "The team has no treasury left", "")]
    assert published == []

    changes = Changes(teams=frozenset({7}))
    values: list[int] = []
    runner.run_op(lambda: Outcome(3, changes), on_success=values.append, background=True)
    qtbot.waitUntil(lambda: not runner.busy, timeout=10_000)
    assert values == [3]
    assert published == [changes]


def test_wait_for_done_returns_when_the_worker_is_idle(qtbot: Any, runner: OpRunner) -> None:
    release = threading.Event()
    runner.call_in_background(release.wait, lambda _: None, pytest.fail)
    assert not runner.wait_for_done(50)
    release.set()
    assert runner.wait_for_done(10_000)
    qtbot.waitUntil(lambda: not runner.busy, timeout=10_000)
