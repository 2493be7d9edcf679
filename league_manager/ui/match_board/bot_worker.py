"""A bot's thinking off the GUI thread, so the board stays responsive while a searching bot
(veteran, legend) weighs its moves.

The board hands :class:`BotWorker` a function that returns the bot's action without applying
it; the function runs on a thread of the worker's own pool (one thread: one thought at a
time) and the action comes back in the GUI thread, where the board applies and animates it as
before. A thought that is cancelled (pause, the window closing) is dropped when it arrives; until
it has arrived the thread still reads the match, so the board changes nothing (``running``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from league_manager.match.actions import Action


class _Relay(QObject):
    """Carries a finished thought from the worker thread to the GUI thread (a queued signal)."""

    done = Signal(int, object)


class _Thought(QRunnable):
    def __init__(self, think: Callable[[], Action], token: int, relay: _Relay) -> None:
        super().__init__()
        self.think = think
        self.token = token
        self.relay = relay

    def run(self) -> None:
        try:
            result: object = self.think()
        except Exception as exc:  # handed to the GUI thread, raised there
            result = exc
        self.relay.done.emit(self.token, result)


class BotWorker(QObject):
    """Runs one bot thought at a time on a worker thread; delivers the action in the GUI thread."""

    idle = Signal()
    """A cancelled thought has finished: the match may change again (the board redraws)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)  # created first: destroyed (and waited for) first
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._arrived)
        self._token = 0
        self._then: Callable[[Action], None] | None = None
        self._outstanding = 0
        self.busy = False
        """A thought is under way (its action has not arrived or was cancelled)."""

    @property
    def running(self) -> bool:
        """The worker thread is still reading the match: a thought under way, or one cancelled
        that has not finished yet. Nothing may change the match until it is False."""
        return self._outstanding > 0

    def start(self, think: Callable[[], Action], then: Callable[[Action], None]) -> None:
        """Run ``think`` on the worker thread and call ``then`` with its action in this thread."""
        self._token += 1
        self._then = then
        self.busy = True
        self._outstanding += 1
        self._pool.start(_Thought(think, self._token, self._relay))

    def cancel(self) -> None:
        """Drop the thought under way: its action is ignored when it arrives."""
        self._token += 1
        self._then = None
        self.busy = False

    def wait(self) -> None:
        """Block until the worker thread is idle (the window is closing)."""
        self._pool.waitForDone()

    def _arrived(self, token: int, result: object) -> None:
        self._outstanding -= 1  # every thought started arrives once, cancelled or not
        if token != self._token:
            if not self._outstanding:
                self.idle.emit()
            return
        then, self._then, self.busy = self._then, None, False
        if isinstance(result, Exception):
            raise result
        if then is not None and isinstance(result, Action):
            then(result)
