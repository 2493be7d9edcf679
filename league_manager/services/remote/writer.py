"""One writer thread for a match server's saves, with group commit.

A room that applied an action hands its game to :meth:`SaveWriter.submit` and tells nobody
until the returned future says the save committed. The writer thread takes every save
waiting when it wakes and stores them in one transaction (``save_many`` of its store: a
server passes a ``BoardAppender``, which encodes only the new actions of each record); if
that transaction is refused it stores them one by one, so one room's refusal fails only that
room's action. The event loop meanwhile goes on with the other rooms.

Durability: an action reaches a client (``applied``) only after the transaction holding it
has committed, exactly as with a save on the loop; batching only shares a commit between
rooms, it never acknowledges an action before its commit and never drops one. (On SQLite the
league file runs in WAL mode with ``synchronous=NORMAL``: a committed action survives the
program being killed; a power cut may lose the last commits, as for every save of the app.)
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
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
    done: Future[None] = field(default_factory=Future)


class SaveWriter:
    """Saves board matches on one worker thread, several rooms per transaction.

    Attributes:
        batches: how many saves each transaction held (for the benchmark), newest last.
    """

    def __init__(self, board: Store) -> None:
        self.board = board
        self.batches: list[int] = []
        self._queue: queue.SimpleQueue[_Save | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="match-saves", daemon=True)
        self._thread.start()

    def submit(self, fixture: int, game: FinishedGame) -> Future[None]:
        """Queue a save; the future ends when it is committed (or with the refusal).

        The game must not change until then (the room applies nothing meanwhile).
        """
        save = _Save(fixture, game)
        self._queue.put(save)
        return save.done

    def close(self) -> None:
        """Finish the saves queued so far and stop the thread."""
        self._queue.put(None)
        self._thread.join()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._store(batch)
            if stop:
                return

    def _store(self, batch: list[_Save]) -> None:
        self.batches.append(len(batch))
        try:
            self.board.save_many([(s.fixture, s.game) for s in batch])
        except LeagueError:
            for save in batch:  # find which one was refused: the others are stored on their own
                try:
                    self.board.save(save.fixture, save.game)
                except LeagueError as exc:
                    _settle(save, exc)
                else:
                    _settle(save, None)
            return
        except Exception as exc:  # a broken database fails every waiting action
            for save in batch:
                _settle(save, exc)
            return
        for save in batch:
            _settle(save, None)


def _settle(save: _Save, problem: Exception | None) -> None:
    """Tell the room how its save went, unless it stopped waiting (its future was cancelled,
    as at a server's shutdown: setting it would stop this thread for every other room)."""
    if not save.done.set_running_or_notify_cancel():
        return
    if problem is None:
        save.done.set_result(None)
    else:
        save.done.set_exception(problem)
