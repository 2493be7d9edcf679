"""Nothing is lost: a process killed (SIGKILL) while it plays and saves a board match leaves a
record that resumes at a consistent decision, every time.
"""

import os
import random
import signal
import time
from pathlib import Path

import pytest

from league_manager.match.bots import make_bot
from league_manager.services.facade import Services


def _child(db: Path, fid: int, seed: int, ready: int) -> None:
    """The board's loop in a forked process: resume, then apply (or undo) and save, forever."""
    svc = Services.open(db)
    game = svc.board.resume(fid)
    bot, rng = make_bot("random", seed), random.Random(seed)
    os.write(ready, b"looping\n")
    while game.match.prompt is not None:
        if game.match.actions and rng.random() < 0.1:
            game.match.undo()
            svc.board.save(fid, game, undo_by="crash test")
        else:
            game.match.apply(bot.choose(game.match))
            svc.board.save(fid, game)
    os.write(ready, b"over\n")


def _run_child(db: Path, fid: int, seed: int) -> tuple[int, int]:
    """Fork a child running :func:`_child`; returns its pid and the read end of its pipe."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        os.close(read)
        code = 0
        try:
            _child(db, fid, seed, write)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    return pid, read


KILLS = 20


def _check(db: Path, fid: int) -> tuple[int, bool]:
    """Resume the record in a fresh process state; it must stand at the decision it names."""
    svc = Services.open(db)
    try:
        status = svc.board.status(fid)
        assert status is not None and status.in_progress
        game = svc.board.resume(fid)
        prompt = game.match.prompt
        assert len(game.match.actions) == status.actions
        if prompt is None:
            assert status.prompt_kind is None
            svc.board.finish(fid, game)
            return status.actions, True
        assert (prompt.kind, ("home", "away")[prompt.team]) == (status.prompt_kind, status.prompt_team)
        return status.actions, False
    finally:
        svc.close()


@pytest.mark.slow
@pytest.mark.sqlite_only  # a killed writer and the league file; a server keeps its own journal
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")
def test_a_killed_board_always_resumes_at_a_consistent_decision(demo: Services) -> None:
    db = Path(str(demo.engine.url.database))
    fixtures = [f.id for f in demo.seasons.fixtures("S") if f.id is not None]
    demo.close()
    rng = random.Random(2026)
    mid_loop, current = 0, 0
    seen: set[tuple[int, int]] = set()

    def start(fid: int) -> None:
        svc = Services.open(db)
        try:
            svc.match_day.pregame(fid, seed=fid)
            svc.board.start(fid, seed=fid, undo_policy="free")
        finally:
            svc.close()

    start(fixtures[current])
    for kill in range(KILLS):
        fid = fixtures[current]
        pid, pipe = _run_child(db, fid, kill)
        with os.fdopen(pipe, "rb") as ready:
            assert ready.readline().strip() == b"looping"
            time.sleep(rng.uniform(0.0, 0.25))
            if os.waitpid(pid, os.WNOHANG) == (0, 0):
                mid_loop += 1
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        actions, over = _check(db, fid)
        seen.add((fid, actions))
        if over:
            current += 1
            start(fixtures[current])
    assert mid_loop >= KILLS - 3  # the kills did land while the loop was applying and saving
    assert len(seen) >= KILLS - 3  # and the record moved on between them
