"""``run_op``: the one way the desktop application changes anything.

Like Anki's ``CollectionOp``: call a service (on a worker thread when the work is
slow), report refusals in plain words through the DialogService, broadcast the
returned ``Changes`` so every page refreshes itself, and remember how to undo it.
"""

from __future__ import annotations

import itertools
import logging
import traceback
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot

from league_manager.core.errors import LeagueError, RuleViolation, RuleViolations
from league_manager.core.system_errors import describe_system_error
from league_manager.services.changes import Changes, Outcome
from league_manager.ui import gc_pause
from league_manager.ui.dialogs import DialogService

log = logging.getLogger(__name__)


def explain(exc: BaseException) -> tuple[str, str]:
    """A refusal in plain words: (headline, details)."""
    if isinstance(exc, RuleViolations):
        lines = [f"• {v.rule}: {v.detail}" for v in exc.violations]
        return "That breaks the rules, so nothing was changed.", "\n".join(lines)
    if isinstance(exc, RuleViolation):
        return f"{exc.rule.capitalize()}: {exc.detail}", "Nothing was changed."
    if isinstance(exc, LeagueError):
        return str(exc), ""
    sentence = describe_system_error(exc)
    if sentence is not None:
        return sentence[0].upper() + sentence[1:], ""
    return f"Something went wrong: {exc}", "".join(traceback.format_exception_only(exc)).strip()


class ChangeBus(QObject):
    """Broadcasts what each operation changed."""

    sig_changed = Signal(object)
    """Emitted with the ``Changes`` of every successful operation."""


@dataclass
class UndoStep:
    """How to take back one change: a label for the Edit menu and the inverse operation."""

    label: str
    revert: Callable[[], Outcome[Any]]


class UndoStack(QObject):
    """The changes that can be taken back, newest last."""

    sig_changed = Signal()
    """Emitted when a step is pushed or popped."""

    def __init__(self, limit: int = 50) -> None:
        super().__init__()
        self._steps: list[UndoStep] = []
        self._limit = limit

    def push(self, step: UndoStep) -> None:
        """Remember a change that can be undone."""
        self._steps.append(step)
        del self._steps[: -self._limit]
        self.sig_changed.emit()

    def pop(self) -> UndoStep | None:
        """Take the newest step off the stack."""
        step = self._steps.pop() if self._steps else None
        self.sig_changed.emit()
        return step

    def clear(self) -> None:
        """Forget everything (another database was opened, or a change that cannot be undone)."""
        self._steps.clear()
        self.sig_changed.emit()

    @property
    def top(self) -> UndoStep | None:
        """The step Undo would take back."""
        return self._steps[-1] if self._steps else None


class _Relay(QObject):
    """Carries "job N finished" from a worker thread to the GUI thread.

    One relay lives as long as its runner, on the GUI thread: no Qt object is made or
    destroyed per job, so a worker can never be the one to delete a Qt object.
    """

    finished = Signal(int)


@dataclass
class _Pending:
    """A background job from submission until its callbacks have run on the GUI thread."""

    fn: Callable[[], Any] | None
    on_done: Callable[[Any], None]
    on_error: Callable[[BaseException], None]
    ok: bool = False
    value: Any = None


class OpRunner(QObject):
    """Runs operations, reports errors, broadcasts changes and keeps the undo stack."""

    sig_busy = Signal(str)
    """Emitted with a message when background work starts ("" when all work is done)."""

    def __init__(self, dialogs: DialogService, bus: ChangeBus | None = None, undo: UndoStack | None = None):
        super().__init__()
        self.dialogs = dialogs
        self.bus = bus or ChangeBus()
        self.undo = undo or UndoStack()
        # One worker: one writer at a time keeps SQLite happy.
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="league-worker")
        self._futures: set[Future[None]] = set()
        self._pending: dict[int, _Pending] = {}
        self._ids = itertools.count(1)
        self._relay = _Relay(self)
        self._relay.finished.connect(self._deliver, Qt.ConnectionType.QueuedConnection)

    @property
    def busy(self) -> bool:
        """True while background work is running."""
        return bool(self._pending)

    def run_op(
        self,
        op: Callable[[], Outcome[Any]],
        *,
        title: str = "Could not do that",
        on_success: Callable[[Any], None] | None = None,
        undo: Callable[[Outcome[Any]], UndoStep | None] | None = None,
        background: bool = False,
        busy: str = "Working…",
        reverting: bool = False,
    ) -> Outcome[Any] | None:
        """Run one service operation.

        Args:
            op: calls one service method and returns its ``Outcome``.
            title: headline of the error dialog when the service refuses.
            on_success: receives the outcome's value on the GUI thread.
            undo: builds the UndoStep from the outcome, when the change can be taken back.
                A change that cannot be taken back (no ``undo``, or it builds None) clears
                the undo stack: Undo takes back the last change, or nothing.
            background: run on a worker thread (long work); the result arrives later.
            busy: status-bar text while background work runs.
            reverting: the operation is an Undo itself (the older steps stay).

        Returns:
            The outcome when run in the foreground and successful, else None.
        """

        def success(outcome: Outcome[Any]) -> None:
            step = undo(outcome) if undo is not None else None
            if step is not None:
                self.undo.push(step)
            elif not outcome.changes.empty and not reverting:
                self.undo.clear()
            self.publish(outcome.changes)
            if on_success is not None:
                on_success(outcome.value)

        def failure(exc: BaseException) -> None:
            self.report(title, exc)

        if background:
            self.call_in_background(op, success, failure, busy)
            return None
        try:
            outcome = op()
        except Exception as exc:
            failure(exc)
            return None
        success(outcome)
        return outcome

    def call_in_background(
        self,
        fn: Callable[[], Any],
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
        busy: str = "Working…",
    ) -> None:
        """Run ``fn`` on the worker thread; the callbacks run on the GUI thread.

        Everything the job touches stays referenced from the GUI thread until its
        callbacks have run, so nothing (Qt wrappers in closures above all) is ever
        freed on the worker.
        """
        job_id = next(self._ids)
        if not self._pending:
            gc_pause.pause(collect_first=True)  # collect here, then none on the worker
        self._pending[job_id] = _Pending(fn, on_done, on_error)
        self.sig_busy.emit(busy)
        future = self._executor.submit(self._work, job_id)
        self._futures.add(future)
        future.add_done_callback(self._futures.discard)

    def _work(self, job_id: int) -> None:
        """Worker thread: run the job, park its result, then signal the GUI thread."""
        job = self._pending[job_id]
        fn, job.fn = job.fn, None
        assert fn is not None
        try:
            job.value = fn()
            job.ok = True
        except BaseException as exc:
            job.value = exc
        del fn, job  # the GUI thread holds the only references from here on
        self._relay.finished.emit(job_id)

    @Slot(int)
    def _deliver(self, job_id: int) -> None:
        """GUI thread: hand a finished job's result to its callback."""
        job = self._pending.pop(job_id)
        if not self._pending:
            gc_pause.resume()
            self.sig_busy.emit("")
        if job.ok:
            job.on_done(job.value)
        else:
            job.on_error(job.value)

    def wait_for_done(self, timeout_ms: int = 10_000) -> bool:
        """Block until the worker is idle (callbacks still arrive through the event loop).

        Returns:
            False when the timeout passed first.
        """
        _, running = wait(list(self._futures), timeout=timeout_ms / 1000)
        return not running

    def undo_last(self) -> None:
        """Take back the newest undoable change."""
        step = self.undo.pop()
        if step is None:
            return
        self.run_op(step.revert, title=f"Could not undo {step.label}", reverting=True)

    def publish(self, changes: Changes) -> None:
        """Tell every page what changed."""
        self.bus.sig_changed.emit(changes)

    def report(self, title: str, exc: BaseException) -> None:
        """Show a refusal or failure."""
        if not isinstance(exc, LeagueError):
            log.exception("operation failed", exc_info=exc)
        headline, detail = explain(exc)
        self.dialogs.error(title, headline, detail)
