"""The match server's writer thread: every action a client hears of is already committed; a
batch with one refused save fails only that room's action."""

import asyncio
import threading
from pathlib import Path
from typing import Any

from league_manager.core.errors import RuleViolation
from league_manager.services.facade import Services
from league_manager.services.match_day.board_append import BoardAppender
from league_manager.services.remote import protocol as p
from league_manager.services.remote.client import RemoteClient
from league_manager.services.remote.room import Room, RoomKeys
from league_manager.services.remote.server import MatchServer
from league_manager.services.remote.writer import MAX_BATCH, SaveWriter
from tests.unit.remote.remote_helpers import listen, wind_down


def test_each_applied_action_is_committed_before_anyone_hears_of_it(season: Services, tmp_path: Path) -> None:
    rooms = []
    for number, fixture in enumerate(f.id for f in season.seasons.fixtures("S")[:2]):
        assert fixture is not None
        season.match_day.pregame(fixture, seed=number + 1)
        keys = RoomKeys(fixture, f"join{number}", f"host{number}", "home", f"{number + 1:04x}")
        rooms.append(Room(season.board, keys, grace=0))
    writer = SaveWriter(BoardAppender(season.engine))
    late: list[tuple[int, int]] = []
    heard = 0

    def check(fixture: int) -> Any:
        def seen(message: p.Message) -> None:
            nonlocal heard
            if isinstance(message, p.Applied):
                heard += 1
                status = season.board.status(fixture)
                saved = status.actions if status is not None else 0
                if saved < message.number + 1:
                    late.append((message.number, saved))

        return seen

    async def play() -> None:
        server = MatchServer(ping_interval=30, ping_timeout=30, writer=writer)
        for room in rooms:
            server.add(room)
        listening, address = await listen(server)
        clients = []
        for number, room in enumerate(rooms):
            fixture = room.keys.fixture
            clients += [
                RemoteClient(address, f"host{number}", bot="random", seed=number, on_message=check(fixture)),
                RemoteClient(address, f"join{number}", bot="random", seed=number + 5),
            ]
        tasks = [asyncio.create_task(c.run()) for c in clients]
        while heard < 120:
            await asyncio.sleep(0.01)
        await wind_down(listening, tasks)

    asyncio.run(play())
    writer.close()
    assert late == []
    assert sum(writer.batches) >= 120 and max(writer.batches) >= 1


class _Board:
    """A board service whose batch is refused, and whose save refuses one fixture."""

    def __init__(self) -> None:
        self.saved: list[int] = []

    def save_many(self, games: list[tuple[int, Any]]) -> None:
        raise RuleViolation("board match", "one of them is refused")

    def save(self, fixture: int, game: Any) -> None:
        if fixture == 2:
            raise RuleViolation("board match", "fixture 2 is refused")
        self.saved.append(fixture)


def test_a_refused_save_fails_only_its_own_action() -> None:
    board = _Board()
    writer = SaveWriter(board)  # type: ignore[arg-type]
    futures = [writer.submit(n, object()) for n in (1, 2, 3)]  # type: ignore[arg-type]
    writer.close()
    assert futures[0].result() is None and futures[2].result() is None
    assert isinstance(futures[1].exception(), RuleViolation)
    assert board.saved == [1, 3]


class _GatedBoard:
    """A board service whose first batch waits until the test opens the gate."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.saved: list[int] = []

    def save_many(self, games: list[tuple[int, Any]]) -> None:
        self.entered.set()
        assert self.gate.wait(10)
        self.saved += [fixture for fixture, _game in games]

    def save(self, fixture: int, game: Any) -> None:
        self.save_many([(fixture, game)])


def test_a_save_nobody_waits_for_any_more_does_not_stop_the_writer() -> None:
    board = _GatedBoard()
    writer = SaveWriter(board)  # type: ignore[arg-type]
    abandoned = writer.submit(1, object())  # type: ignore[arg-type]
    assert board.entered.wait(10)
    assert abandoned.cancel()  # the room's task was cancelled (a server shutting down)
    board.gate.set()
    later = writer.submit(2, object())  # type: ignore[arg-type]
    assert later.result(timeout=10) is None  # the writer thread still runs
    writer.close()
    assert board.saved == [1, 2]


def test_a_loop_pass_handing_over_more_than_a_batch_is_stored_in_several_transactions() -> None:
    board = _GatedBoard()
    board.gate.set()
    writer = SaveWriter(board)  # type: ignore[arg-type]
    count = MAX_BATCH * 2 + 3

    async def submit_all() -> None:
        futures = [writer.submit_async(n, object()) for n in range(count)]  # type: ignore[arg-type]
        await asyncio.wait_for(asyncio.gather(*futures), 30)  # one pass: handed over together

    asyncio.run(submit_all())
    writer.close()
    assert board.saved == list(range(count))  # every save, in order
    assert max(writer.batches) == MAX_BATCH and sum(writer.batches) == count


def test_closing_in_the_loop_pass_that_asked_for_saves_still_commits_them() -> None:
    board = _GatedBoard()
    board.gate.set()
    writer = SaveWriter(board)  # type: ignore[arg-type]

    async def submit_then_close() -> list[None]:
        futures = [writer.submit_async(n, object()) for n in (1, 2)]  # type: ignore[arg-type]
        writer.close()  # in the same pass, before the hand-over it scheduled (a worker shutting down)
        assert board.saved == [1, 2]  # committed before the thread stopped
        return list(await asyncio.wait_for(asyncio.gather(*futures), 10))  # and their rooms hear of it

    assert asyncio.run(submit_then_close()) == [None, None]
