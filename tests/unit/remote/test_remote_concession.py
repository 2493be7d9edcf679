"""A remote coach concedes: the server ends the match as the engine's concession (only at the
start of that side's own team turn), both copies agree, and the result goes to the post-game
with the concession, as a local concession's does."""

import asyncio
import io
import threading
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.match.bots import make_bot
from league_manager.match.engine import CONCEDE
from league_manager.services.facade import Services
from league_manager.services.remote import protocol as p
from league_manager.services.remote.client import RemoteClient
from league_manager.services.remote.room import Refused, Room, RoomKeys
from league_manager.services.remote.server import MatchServer

SIDES = ("home", "away")


def _room(season: Services, tmp_path: Path) -> Room:
    fixture = season.seasons.fixtures("S")[0].id
    assert fixture is not None
    season.match_day.pregame(fixture, seed=5)
    keys = RoomKeys(fixture=fixture, code="join", host_key="host", host_side="home", host_secret="0a1b")
    return Room(season.board, keys, grace=0, keys_path=tmp_path / "keys.json")


def _act(room: Room, action: list[object]) -> p.Act:
    assert room.game is not None
    return p.Act(number=len(room.game.match.actions), digest=room.digest, action=action)


def test_a_concession_is_refused_outside_the_start_of_the_own_team_turn(
    season: Services, tmp_path: Path
) -> None:
    room = _room(season, tmp_path)
    room.start("c0ffee")
    game = room.game
    assert game is not None
    bot = make_bot("random", 4)
    refused_mid_turn = False
    while (prompt := game.match.prompt) is not None:
        side = SIDES[prompt.team]
        if game.match.can_concede(prompt.team):
            break
        if game.match.state.half and not refused_mid_turn:
            before = len(game.match.actions)
            with pytest.raises(Refused, match="only at the start of its own team turn"):
                room.act(side, _act(room, [CONCEDE, prompt.team, -1]))
            assert len(game.match.actions) == before  # nothing changed
            refused_mid_turn = True
        room.act(side, _act(room, list(bot.choose(game.match).to_list())))
    assert refused_mid_turn and game.match.prompt is not None
    team = game.match.prompt.team
    with pytest.raises(Refused, match="it is"):
        room.act(SIDES[1 - team], _act(room, [CONCEDE, 1 - team, -1]))  # not the other coach's turn
    with pytest.raises(Refused, match="only at the start of its own team turn"):
        room.act(SIDES[team], _act(room, [CONCEDE, 1 - team, -1]))  # nor for the other team
    applied = room.act(SIDES[team], _act(room, [CONCEDE, team, -1]))
    assert applied.action == [CONCEDE, team, -1] and game.match.prompt is None
    over = room.finish()
    assert over.result["conceded"] == team
    view = season.match_day.get(room.keys.fixture)
    assert view.stage == "result_entered" and view.result is not None
    assert view.result["conceded"] == team  # the post-game applies the concession


def test_match_join_concedes_at_its_turn_and_both_copies_check_out(season: Services, tmp_path: Path) -> None:
    room = _room(season, tmp_path)
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    address: list[str] = []

    async def serve() -> None:
        server = MatchServer(ping_interval=30, ping_timeout=30)
        done = server.add(room)
        listening = await server.start("127.0.0.1", 0)
        address.append(f"127.0.0.1:{listening.sockets[0].getsockname()[1]}")
        ready.set()
        host = RemoteClient(address[0], "host", bot="random", seed=1, secret="0a1b")
        await asyncio.gather(done.wait(), host.run())
        listening.close()
        await listening.wait_closed()

    thread = threading.Thread(target=lambda: loop.run_until_complete(serve()))
    thread.start()
    try:
        assert ready.wait(10)
        out, err = io.StringIO(), io.StringIO()
        argv = ["match", "join", address[0], "--code", "join", "--bot", "random", "--concede-at-turn", "2"]
        code = main(argv, CliContext(stdout=out, stderr=err))
    finally:
        thread.join(30)
        loop.close()
    assert code == 0, err.getvalue()
    assert "conceded)" in out.getvalue() and "dice verified" in out.getvalue()
    over = room.finished
    assert over is not None and over.result["conceded"] == 1  # the joining coach plays away
    assert room.game is not None and room.game.match.state.turn[1] == 2
    view = season.match_day.get(room.keys.fixture)
    assert view.stage == "result_entered" and view.result is not None and view.result["conceded"] == 1


def test_concede_at_turn_needs_a_bot() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        ["match", "join", "127.0.0.1:9", "--code", "c", "--concede-at-turn", "1"],
        CliContext(stdout=out, stderr=err),
    )
    assert code == 1 and "needs --bot" in err.getvalue()
