"""A bot's thinking off the GUI thread, so the board stays responsive while a searching bot
(veteran, legend) weighs its moves.

The board hands :class:`BotWorker` a function that returns the bot's action without applying
it; the function runs on a Python thread of its own (one thought at a time) and the action is
collected in the GUI thread, where the board applies and animates it as before. A thought that
is cancelled (pause, the window closing) is dropped when it arrives; until it has arrived the
thread still reads the match, so the board changes nothing (``running``). The function is
handed a stop event, set when its thought is cancelled: a searching bot gives up its search
there (:func:`~league_manager.match.bots.choose_unless_stopped`), so a window closing on the
legend's search waits for a fraction of a second, not for the whole search.

The worker thread touches no Qt object: it runs the engine's pure-Python search and fills a
future, and a timer in the GUI thread collects the thought once the thread has ended. While it
runs, Python's cyclic garbage collector is paused (:mod:`league_manager.ui.gc_pause`): a
collection the search's allocations set off on the worker would destroy abandoned Qt objects
off their thread. The pause ends when the thought is collected, when the window closing waits
for it, or, if the worker is destroyed with a thought under way, once that thread has ended.
An earlier version (a Python ``QRunnable`` on a ``QThreadPool`` signalling its result back,
the collector left on) crashed the process once with a segmentation fault in the board's bot
tests, during a garbage collection while a thought ran.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

from league_manager.match.actions import Action
from league_manager.ui import gc_pause

POLL_MS = 10
"""How often the GUI thread looks for a finished thought (well under an animation frame)."""


@dataclass(frozen=True)
class _Thought:
    future: Future[Action]
    thread: threading.Thread
    stop: threading.Event


@dataclass
class _Current:
    """The thought under way, shared with the worker's ``destroyed`` handler (which must not
    reach the worker itself)."""

    thought: _Thought | None = None

    def end(self) -> None:
        """Forget the thought and resume the collector (its thread has ended)."""
        if self.thought is not None:
            self.thought = None
            gc_pause.resume()

    def release(self) -> None:
        """Tell the thought to stop, wait for its thread, then :meth:`end` it: the window is closing, or the
        worker is destroyed with a thought under way (its board deleted without being closed),
        when the collector would otherwise stay off."""
        if self.thought is not None:
            self.thought.stop.set()
            self.thought.thread.join()
            self.end()


class BotWorker(QObject):
    """Runs one bot thought at a time on a worker thread; delivers the action in the GUI thread."""

    idle = Signal()
    """A cancelled thought has finished: the match may change again (the board redraws)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._current = _Current()
        # held strongly (a bound method may be held weakly) and never reaching the worker itself
        self.destroyed.connect(functools.partial(_Current.release, self._current))
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._collect)
        self._then: Callable[[Action], None] | None = None
        """Who takes the thought under way's action; None: no thought, or one cancelled."""

    @property
    def busy(self) -> bool:
        """A thought is under way (its action has not arrived and it was not cancelled)."""
        return self._then is not None

    @property
    def running(self) -> bool:
        """The worker thread is still reading the match: a thought under way, or one cancelled
        that has not been collected yet. Nothing may change the match until it is False."""
        return self._current.thought is not None

    def start(self, think: Callable[[threading.Event], Action], then: Callable[[Action], None]) -> None:
        """Run ``think`` on the worker thread and call ``then`` with its action in this thread.

        ``think`` is handed an event set when the thought is cancelled: it may then give up (by
        raising) and its action, or its error, is dropped.
        """
        if self._current.thought is not None:
            raise RuntimeError("a bot thought is still running: wait for `running` to clear")
        future: Future[Action] = Future()
        stop = threading.Event()

        def run() -> None:
            try:
                future.set_result(think(stop))
            except BaseException as exc:  # handed to the GUI thread, raised there
                future.set_exception(exc)

        thread = threading.Thread(target=run, name="bot-thought", daemon=True)
        gc_pause.pause()
        try:
            thread.start()
        except BaseException:
            gc_pause.resume()
            raise
        self._then = then
        self._current.thought = _Thought(future, thread, stop)
        self._poll.start()

    def cancel(self) -> None:
        """Drop the thought under way: it is told to stop, and its action is ignored when it arrives."""
        if self._current.thought is not None:
            self._current.thought.stop.set()
        self._then = None

    def wait(self) -> None:
        """Block until the worker thread has ended (the window is closing); its action is dropped."""
        self.cancel()
        self._poll.stop()
        self._current.release()

    def _collect(self) -> None:
        """The GUI thread's timer: hand over the thought once its thread has ended."""
        thought = self._current.thought
        if thought is None or thought.thread.is_alive():
            return
        self._end()
        then, self._then = self._then, None
        if then is None:  # cancelled (one thought at a time: no later one can have started)
            self.idle.emit()
            return
        error = thought.future.exception()
        if error is not None:
            raise error
        then(thought.future.result())

    def _end(self) -> None:
        self._poll.stop()
        self._current.end()
