"""A bot's thinking off the GUI thread, so the board stays responsive while a searching bot
(veteran, legend) weighs its moves.

The board hands :class:`BotWorker` a function that returns the bot's action without applying
it; the function runs on a Python thread of its own (the board starts no thought while one runs) and
the action is collected in the GUI thread, where the board applies and animates it as before. A
thought that is cancelled (pause, the window closing) is dropped when it arrives; until it has
arrived the thread still reads the match, so the board changes nothing (``running``).

The worker thread touches no Qt object: it only runs the engine's pure-Python search. The GUI
thread polls the thought's future on a timer while one is outstanding. Handing the thought to a
``QThreadPool`` as a Python ``QRunnable`` and signalling the result back crashed the process
(a segmentation fault in the GUI thread's garbage collection) about once in a dozen runs of the
board's bot tests; with no Qt object shared across threads there is nothing left to race.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import wait as wait_for

from PySide6.QtCore import QObject, QTimer, Signal

from league_manager.match.actions import Action

POLL_MS = 10
"""How often the GUI thread looks for a finished thought (well under an animation frame)."""


class BotWorker(QObject):
    """Runs one bot thought at a time on a worker thread; delivers the action in the GUI thread."""

    idle = Signal()
    """A cancelled thought has finished: the match may change again (the board redraws)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pending: list[tuple[int, Future[Action]]] = []
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._collect)
        self._token = 0
        self._then: Callable[[Action], None] | None = None
        self.busy = False
        """A thought is under way (its action has not arrived or was cancelled)."""

    @property
    def running(self) -> bool:
        """The worker thread is still reading the match: a thought under way, or one cancelled
        that has not been collected yet. Nothing may change the match until it is False."""
        return bool(self._pending)

    def start(self, think: Callable[[], Action], then: Callable[[Action], None]) -> None:
        """Run ``think`` on the worker thread and call ``then`` with its action in this thread."""
        if self._pending:
            raise RuntimeError("a bot thought is still running: wait for `running` to clear")
        future: Future[Action] = Future()

        def run() -> None:
            try:
                future.set_result(think())
            except BaseException as exc:  # handed to the GUI thread, raised there
                future.set_exception(exc)

        self._token += 1
        self._then = then
        self.busy = True
        self._pending.append((self._token, future))
        threading.Thread(target=run, name="bot-thought", daemon=True).start()
        self._poll.start()

    def cancel(self) -> None:
        """Drop the thought under way: its action is ignored when it arrives."""
        self._token += 1
        self._then = None
        self.busy = False

    def wait(self) -> None:
        """Block until the worker thread is idle (the window is closing)."""
        self._poll.stop()
        wait_for([future for _, future in self._pending])
        self._pending.clear()

    def _collect(self) -> None:
        """The GUI thread's timer: hand over every thought that has finished, in order."""
        while self._pending and self._pending[0][1].done():
            token, future = self._pending.pop(0)
            self._arrived(token, future)
        if not self._pending:
            self._poll.stop()

    def _arrived(self, token: int, future: Future[Action]) -> None:
        if token != self._token:
            if not self._pending:
                self.idle.emit()
            return
        then, self._then, self.busy = self._then, None, False
        error = future.exception()
        if error is not None:
            raise error
        if then is not None:
            then(future.result())
