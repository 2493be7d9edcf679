"""One writer thread for a match server's saves, with group commit.

A room that applied an action hands its game to :meth:`SaveWriter.submit` and tells nobody
until the returned future says the save committed. The writer thread takes every save
waiting when it wakes and stores them in one transaction (``save_many`` of its store: a
server passes a ``BoardAppender``, which encodes only the new actions of each record); if
that transaction is refused it stores them one by one, so one room's refusal fails only that
room's action. The event loop meanwhile goes on with the other rooms.

A room on an event loop uses :meth:`SaveWriter.submit_async`: the saves its loop asks for in
one pass are handed to the thread together, and each batch wakes the loop once to settle all
of its rooms' futures (a wake-up per save cost more than the commit it waited for).

Durability: an action reaches a client (``applied``) only after the transaction holding it
has committed, exactly as with a save on the loop; batching only shares a commit between
rooms, it never acknowledges an action before its commit and never drops one. (On SQLite the
league file runs in WAL mode with ``synchronous=NORMAL``: a committed action survives the
program being killed; a power cut may lose the last commits, as for every save of the app.)
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Protocol

from league_manager.core.errors import LeagueError
from league_manager.services.match_day.board import FinishedGame

MAX_BATCH = 64
"""Most saves stored in one transaction."""


class Store(Protocol):
    """Where the writer saves: ``BoardAppender`` (a server), or ``BoardService``."""

    def save(self, fixture: int, game: FinishedGame) -> None:
        """Store one match after actions were applied."""
        ...

    def save_many(self, games: Sequence[tuple[int, FinishedGame]]) -> None:
        """Store several matches in one transaction, all or none."""
        ...


@dataclass
class _Save:
    fixture: int
    game: FinishedGame
    done: Future[None] | None = None
    """The caller's future (``submit``), settled on the writer thread."""
    waiting: asyncio.Future[None] | None = None
    """Or the room's future on its event loop (``submit_async``), settled there."""


class SaveWriter:
    """Saves board matches on one worker thread, several rooms per transaction.

    Attributes:
        batches: how many saves each transaction held (for the benchmark), newest last.
    """

    def __init__(self, board: Store) -> None:
        self.board = board
        self.batches: list[int] = []
        self._queue: queue.SimpleQueue[list[_Save] | None] = queue.SimpleQueue()
        self._pending: list[_Save] = []
        """Saves the event loop asked for in its current pass (handed over together)."""
        self._thread = threading.Thread(target=self._run, name="match-saves", daemon=True)
        self._thread.start()

    def submit(self, fixture: int, game: FinishedGame) -> Future[None]:
        """Queue a save; the future ends when it is committed (or with the refusal).

        The game must not change until then (the room applies nothing meanwhile).
        """
        done: Future[None] = Future()
        self._queue.put([_Save(fixture, game, done=done)])
        return done

    def submit_async(self, fixture: int, game: FinishedGame) -> asyncio.Future[None]:
        """Queue a save from the running event loop; the future ends when it is committed.

        The saves asked for in one pass of the loop go to the thread together, after the pass.
        The game must not change until then (the room applies nothing meanwhile).
        """
        loop = asyncio.get_running_loop()
        waiting: asyncio.Future[None] = loop.create_future()
        if not self._pending:
            loop.call_soon(self._hand_over)
        self._pending.append(_Save(fixture, game, waiting=waiting))
        return waiting

    def _hand_over(self) -> None:
        pending, self._pending = self._pending, []
        if pending:  # empty when close() handed them over already
            self._queue.put(pending)

    def close(self) -> None:
        """Finish the saves queued so far (those of the loop's current pass too) and stop the thread.

        The futures of a loop's saves settle on that loop, when it runs again.
        """
        self._hand_over()  # before the stop marker: the thread stores everything ahead of it
        self._queue.put(None)
        self._thread.join()

    def _run(self) -> None:
        waiting: list[_Save] = []
        stop = False
        while True:
            if not waiting:
                first = None if stop else self._queue.get()
                if first is None:
                    return
                waiting = list(first)
            while len(waiting) < MAX_BATCH and not stop:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                else:
                    waiting += more
            # a loop pass may hand over more than a batch: the rest goes in the next transaction
            batch, waiting = waiting[:MAX_BATCH], waiting[MAX_BATCH:]
            self._store(batch)

    def _store(self, batch: list[_Save]) -> None:
        self.batches.append(len(batch))
        outcomes: list[tuple[_Save, Exception | None]]
        try:
            self.board.save_many([(s.fixture, s.game) for s in batch])
        except LeagueError:
            outcomes = []
            for save in batch:  # find which one was refused: the others are stored on their own
                try:
                    self.board.save(save.fixture, save.game)
                except (
                    Exception
                ) as exc:  # refused, or the database broke: this save fails, the thread goes on
                    outcomes.append((save, exc))
                else:
                    outcomes.append((save, None))
        except Exception as exc:  # a broken database fails every waiting action
            outcomes = [(save, exc) for save in batch]
        else:
            outcomes = [(save, None) for save in batch]
        _settle_all(outcomes)


def _settle_all(outcomes: list[tuple[_Save, Exception | None]]) -> None:
    """Settle a batch: thread futures at once, each event loop's futures in one wake-up."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], Exception | None]]] = {}
    for save, problem in outcomes:
        if save.done is not None:
            _settle(save.done, problem)
        elif save.waiting is not None:
            by_loop.setdefault(save.waiting.get_loop(), []).append((save.waiting, problem))
    for loop, futures in by_loop.items():
        with contextlib.suppress(RuntimeError):  # a closed loop (a server shut down): nobody waits
            loop.call_soon_threadsafe(_settle_on_loop, futures)


def _settle_on_loop(futures: list[tuple[asyncio.Future[None], Exception | None]]) -> None:
    for future, problem in futures:
        if future.done():  # cancelled: the room stopped waiting
            continue
        if problem is None:
            future.set_result(None)
        else:
            future.set_exception(problem)


def _settle(done: Future[None], problem: Exception | None) -> None:
    """Tell the room how its save went, unless it stopped waiting (its future was cancelled,
    as at a server's shutdown: setting it would stop this thread for every other room)."""
    if not done.set_running_or_notify_cancel():
        return
    if problem is None:
        done.set_result(None)
    else:
        done.set_exception(problem)
