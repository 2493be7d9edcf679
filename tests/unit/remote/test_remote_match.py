"""Remote play over localhost: two bot coaches play a whole fixture, one drops and rejoins, a
spectator watches; every refused message changes nothing; a restarted host resumes its log."""

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from league_manager.match.bots import make_bot
from league_manager.services.facade import Services
from league_manager.services.remote import protocol as p
from league_manager.services.remote.client import RemoteClient
from league_manager.services.remote.room import Room, RoomKeys
from league_manager.services.remote.server import MatchServer


def _room(demo: Services, tmp_path: Path) -> Room:
    fixture = demo.seasons.fixtures("S")[0].id
    assert fixture is not None
    demo.match_day.pregame(fixture, seed=5)
    keys = RoomKeys(
        fixture=fixture, code="join-me", host_key="host-key", host_side="home", host_secret="0a1b"
    )
    return Room(demo.board, keys, grace=0, keys_path=tmp_path / "keys.json")


async def _serve(room: Room) -> tuple[MatchServer, Any, str]:
    server = MatchServer(ping_interval=30, ping_timeout=30)  # drops here are closed connections
    server.add(room)
    listening = await server.start("127.0.0.1", 0)
    return server, listening, f"ws://127.0.0.1:{listening.sockets[0].getsockname()[1]}"


async def _hello(
    address: str, code: str, role: str = "player", secret: str = ""
) -> tuple[ClientConnection, p.Message]:
    ws = await connect(address)
    await ws.send(p.encode(p.Hello(code=code, role=role, secret=secret)))
    return ws, p.decode(await ws.recv())


async def _next(ws: ClientConnection, kind: type[p.Message]) -> Any:
    while True:
        message = p.decode(await asyncio.wait_for(ws.recv(), 10))
        if isinstance(message, kind):
            return message


def test_two_bot_coaches_play_a_fixture_with_a_drop_and_a_spectator(season: Services, tmp_path: Path) -> None:
    demo = season
    room = _room(demo, tmp_path)
    fixture = room.keys.fixture

    async def play() -> tuple[Any, ...]:
        _server, listening, address = await _serve(room)
        watched: list[p.Message] = []
        host = RemoteClient(address, "host-key", bot="random", seed=1)
        host_task = asyncio.create_task(host.run())
        first_applied = 0

        def count(message: p.Message) -> None:
            nonlocal first_applied
            first_applied += isinstance(message, p.Applied)

        guest = RemoteClient(address, "join-me", bot="random", seed=2, on_message=count)
        guest_task = asyncio.create_task(guest.run())
        while first_applied < 30:
            await asyncio.sleep(0.01)
        guest_task.cancel()  # the guest's program dies mid-match
        await asyncio.gather(guest_task, return_exceptions=True)
        while room.paused is None:
            await asyncio.sleep(0.01)
        stalled = len(room.game.match.actions) if room.game else -1
        spectator = RemoteClient(address, "join-me", role="spectator", on_message=watched.append)
        spectator_task = asyncio.create_task(spectator.run())
        await asyncio.sleep(0.1)
        assert room.game is not None and len(room.game.match.actions) == stalled  # paused: nobody plays
        rejoined = RemoteClient(address, "join-me", bot="random", seed=3, secret=guest.secret)
        finishes = await asyncio.gather(host_task, rejoined.run(), spectator_task)
        listening.close()
        await listening.wait_closed()
        return finishes, watched, host

    (host_end, guest_end, watch_end), watched, host = asyncio.run(play())
    over = room.finished
    assert over is not None and guest_end.over == over and host_end.over == over
    assert guest_end.resumed and not host_end.resumed
    assert host_end.log_hash == guest_end.log_hash == watch_end.log_hash == over.log_hash
    assert host_end.dice_problem is None and guest_end.dice_problem is None
    assert any(isinstance(m, p.Paused) for m in host_end.events)
    assert any(isinstance(m, p.Resumed) for m in host_end.events)
    assert isinstance(watched[0], p.Welcome) and isinstance(watched[-1], p.Over)
    view = demo.match_day.get(fixture)
    assert view.stage == "result_entered"
    status = demo.board.status(fixture)
    assert status is not None and status.state == "finished" and status.actions == len(host.mirror.actions)  # type: ignore[union-attr]


def test_refused_messages_change_nothing_and_a_restarted_host_resumes(
    season: Services, tmp_path: Path
) -> None:
    demo = season
    room = _room(demo, tmp_path)
    fixture = room.keys.fixture

    async def probe() -> list[str]:
        _server, listening, address = await _serve(room)
        codes: list[str] = []
        wrong, answer = await _hello(address, "guess")
        codes.append(answer.code)  # type: ignore[attr-defined]
        await wrong.close()
        guest, welcome = await _hello(address, "join-me", secret="c0ffee")
        assert isinstance(welcome, p.Welcome) and welcome.side == "away" and welcome.document is not None
        second, answer = await _hello(address, "join-me", secret="beef")
        codes.append(answer.code)  # type: ignore[attr-defined]
        await second.close()
        host, _ = await _hello(address, "host-key")
        spectator, _ = await _hello(address, "join-me", role="spectator")
        assert room.game is not None
        match = room.game.match
        bots = (make_bot("random", 1), make_bot("random", 2))
        coaches = (host, guest)
        for _ in range(5):  # a few real actions first
            assert match.prompt is not None
            team = match.prompt.team
            action = bots[team].choose(match)
            act = p.Act(number=len(match.actions), digest=room.digest, action=list(action.to_list()))
            await coaches[team].send(p.encode(act))
            await _next(coaches[team], p.Applied)
        before = (len(match.actions), room.digest, demo.board.status(fixture))
        assert match.prompt is not None
        team = match.prompt.team
        good = bots[team].choose(match).to_list()
        attempts = [
            (coaches[1 - team], p.encode(p.Act(number=len(match.actions), digest=room.digest, action=good))),
            (coaches[team], p.encode(p.Act(number=len(match.actions) - 1, digest=room.digest, action=good))),
            (coaches[team], p.encode(p.Act(number=len(match.actions), digest="0" * 16, action=good))),
            (
                coaches[team],
                p.encode(p.Act(number=len(match.actions), digest=room.digest, action=["nap", 0, 0])),
            ),
            (coaches[team], "{not json"),
            (coaches[team], json.dumps({"v": 99, "type": "sync"})),
            (coaches[team], p.encode(p.Decide(choice="adjourn"))),
            (spectator, p.encode(p.Act(number=len(match.actions), digest=room.digest, action=good))),
        ]
        for ws, text in attempts:
            await ws.send(text)
            codes.append((await _next(ws, p.Error)).code)
        assert (len(match.actions), room.digest, demo.board.status(fixture)) == before
        for ws in (guest, host, spectator):
            await ws.close()
        listening.close()
        await listening.wait_closed()
        return codes

    codes = asyncio.run(probe())
    assert codes == [
        "wrong_code", "side_taken", "out_of_turn", "stale", "digest", "illegal", "malformed", "malformed",
        "not_paused", "read_only",
    ]  # fmt: skip
    assert room.game is not None
    saved = RoomKeys.load(tmp_path / "keys.json")
    assert saved.guest_secret == "c0ffee"
    restarted = Room(demo.board, saved)  # the host's program starts again from the league file
    assert restarted.game is not None
    assert restarted.game.match.actions == room.game.match.actions and restarted.digest == room.digest
    assert restarted.seen == {"home", "away"}
