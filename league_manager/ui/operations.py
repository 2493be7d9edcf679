"""``run_op``: the one way the desktop application changes anything.

Like Anki's ``CollectionOp``: call a service (on a worker thread when the work is
slow), report refusals in plain words through the DialogService, broadcast the
returned ``Changes`` so every page refreshes itself, and remember how to undo it.
"""

from __future__ import annotations

import gc
import logging
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from league_manager.core.errors import LeagueError, RuleViolation, RuleViolations
from league_manager.services.changes import Changes, Outcome
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
        """Forget everything (another database was opened)."""
        self._steps.clear()
        self.sig_changed.emit()

    @property
    def top(self) -> UndoStep | None:
        """The step Undo would take back."""
        return self._steps[-1] if self._steps else None


class _Signals(QObject):
    done = Signal(object)
    failed = Signal(object)


class _Job(QRunnable):
    def __init__(self, fn: Callable[[], Any], signals: _Signals) -> None:
        super().__init__()
        self.fn = fn
        self.signals = signals

    def run(self) -> None:
        try:
            result = self.fn()
        except BaseException as exc:
            self.signals.failed.emit(exc)
        else:
            self.signals.done.emit(result)


class _Delivery(QObject):
    """Lives on the GUI thread; receives a worker's result there (queued connection)."""

    def __init__(
        self, runner: OpRunner, on_done: Callable[[Any], None], on_error: Callable[[BaseException], None]
    ):
        super().__init__()
        self.runner = runner
        self.on_done = on_done
        self.on_error = on_error
        self.signals: _Signals | None = None

    @Slot(object)
    def deliver(self, result: Any) -> None:
        self.runner._finish(self)
        self.on_done(result)

    @Slot(object)
    def fail(self, exc: BaseException) -> None:
        self.runner._finish(self)
        self.on_error(exc)


class OpRunner(QObject):
    """Runs operations, reports errors, broadcasts changes and keeps the undo stack."""

    sig_busy = Signal(str)
    """Emitted with a message when background work starts ("" when all work is done)."""

    def __init__(self, dialogs: DialogService, bus: ChangeBus | None = None, undo: UndoStack | None = None):
        super().__init__()
        self.dialogs = dialogs
        self.bus = bus or ChangeBus()
        self.undo = undo or UndoStack()
        self.pool = QThreadPool()
        self.pool.setMaxThreadCount(1)  # one writer at a time keeps SQLite happy
        self._pending: set[_Delivery] = set()
        self._gc_was_enabled = False

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
    ) -> Outcome[Any] | None:
        """Run one service operation.

        Args:
            op: calls one service method and returns its ``Outcome``.
            title: headline of the error dialog when the service refuses.
            on_success: receives the outcome's value on the GUI thread.
            undo: builds the UndoStep from the outcome, when the change can be taken back.
            background: run on a worker thread (long work); the result arrives later.
            busy: status-bar text while background work runs.

        Returns:
            The outcome when run in the foreground and successful, else None.
        """

        def success(outcome: Outcome[Any]) -> None:
            if undo is not None:
                step = undo(outcome)
                if step is not None:
                    self.undo.push(step)
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
        """Run ``fn`` on the worker thread; the callbacks run on the GUI thread."""
        delivery = _Delivery(self, on_done, on_error)
        signals = _Signals()
        signals.done.connect(delivery.deliver)
        signals.failed.connect(delivery.fail)
        delivery.signals = signals  # keep the emitter alive until delivery
        if not self._pending:
            self._pause_gc()
        self._pending.add(delivery)
        self.sig_busy.emit(busy)
        self.pool.start(_Job(fn, signals))

    def _finish(self, delivery: _Delivery) -> None:
        self._pending.discard(delivery)
        if not self._pending:
            self._resume_gc()
            self.sig_busy.emit("")

    def _pause_gc(self) -> None:
        """Collect on the GUI thread, then keep the cyclic collector off while a worker runs.

        Python runs its cyclic garbage collector on whichever thread happens to allocate;
        on a worker it would destroy abandoned Qt objects there, off their own thread (a
        crash seen with PySide6 6.12). Anki takes the same precaution.
        """
        gc.collect()
        self._gc_was_enabled = gc.isenabled()
        gc.disable()

    def _resume_gc(self) -> None:
        if self._gc_was_enabled:
            gc.enable()

    def undo_last(self) -> None:
        """Take back the newest undoable change."""
        step = self.undo.pop()
        if step is None:
            return
        self.run_op(step.revert, title=f"Could not undo {step.label}")

    def publish(self, changes: Changes) -> None:
        """Tell every page what changed."""
        self.bus.sig_changed.emit(changes)

    def report(self, title: str, exc: BaseException) -> None:
        """Show a refusal or failure."""
        if not isinstance(exc, LeagueError):
            log.exception("operation failed", exc_info=exc)
        headline, detail = explain(exc)
        self.dialogs.error(title, headline, detail)
