"""The league's turn timer in remote play is enforced by the server: at zero the room ends the
active team's action and turn through the engine (saved, noted as timeouts); a pause stops the
clock; over the network the clients see the timeout like any applied action."""

import asyncio
from pathlib import Path

from league_manager.match import actions as a
from league_manager.match.bots import make_bot
from league_manager.match.turn_timer import turn_started
from league_manager.services.demo import DEMO_LEAGUE
from league_manager.services.facade import Services
from league_manager.services.remote import protocol as p
from league_manager.services.remote.client import RemoteClient
from league_manager.services.remote.room import Refused, Room, RoomKeys
from league_manager.services.remote.server import MatchServer
from tests.unit.remote.remote_helpers import listen, wind_down

SIDES = ("home", "away")


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _room(season: Services, tmp_path: Path, clock: FakeClock) -> Room:
    season.leagues.update_settings(DEMO_LEAGUE, {"turn_timer_seconds": 60})
    fixture = season.seasons.fixtures("S")[0].id
    assert fixture is not None
    season.match_day.pregame(fixture, seed=5)
    keys = RoomKeys(fixture=fixture, code="join", host_key="host", host_side="home", host_secret="0a1b")
    return Room(season.board, keys, grace=0, keys_path=tmp_path / "k.json", now=clock)


def _to_turn(room: Room) -> None:
    """Bots play until a team turn asks its first decision."""
    game = room.game
    assert game is not None
    bot = make_bot("random", 2)
    for _ in range(2000):
        match = game.match
        prompt = match.prompt
        assert prompt is not None
        if prompt.kind == a.TURN and prompt.team == match.state.active and turn_started(match) is not None:
            return
        action = list(bot.choose(match).to_list())
        room.act(SIDES[prompt.team], p.Act(number=len(match.actions), digest=room.digest, action=action))
    raise AssertionError("no team turn came")


def test_the_room_ends_a_turn_out_of_time_and_a_pause_stops_the_clock(
    season: Services, tmp_path: Path
) -> None:
    clock = FakeClock()
    room = _room(season, tmp_path, clock)
    room.start("c0ffee")
    assert room.clock is not None and room.welcome("home", resumed=False).turn_seconds == 60
    _to_turn(room)
    game = room.game
    assert game is not None
    active = game.match.state.active
    assert room.expire() == []  # the clock starts with the turn
    clock.now += 30
    room.away(SIDES[1 - active])  # the other coach drops for ten minutes: the clock stands still
    clock.now += 600
    assert room.expire() == []
    room.back(SIDES[1 - active])
    clock.now += 29
    assert room.expire() == []
    clock.now += 2
    prompt = game.match.prompt
    assert prompt is not None
    late = p.Act(number=len(game.match.actions), digest=room.digest, action=[a.END_TURN, -1, -1])
    try:
        room.act(SIDES[active], late)
        raise AssertionError("an action after the time ran out was accepted")
    except Refused as exc:
        assert exc.code == "time_up"
    before = len(game.match.actions)
    applied = room.expire()
    assert [m.action[0] for m in applied] == [a.END_TURN]
    assert game.match.state.active != active and game.timeouts == [before]
    resumed = season.board.resume(room.keys.fixture)
    assert resumed.timeouts == [before] and len(resumed.match.actions) == before + 1  # saved


def test_over_the_network_both_clients_follow_a_timeout(season: Services, tmp_path: Path) -> None:
    clock = FakeClock()
    room = _room(season, tmp_path, clock)

    room.start("c0ffee")
    _to_turn(room)  # the pre-kick-off decisions, played before the coaches connect
    assert room.clock is not None and room.game is not None
    assert room.clock.remaining(room.game.match) == 60  # the turn's clock starts now

    async def play() -> tuple[int, int]:
        server = MatchServer(ping_interval=30, ping_timeout=30, tick=0.01)
        server.add(room)
        listening, address = await listen(server)
        host = RemoteClient(address, "host", secret="0a1b")  # a coach who never decides
        guest = RemoteClient(address, "join")
        tasks = [asyncio.create_task(host.run()), asyncio.create_task(guest.run())]
        while host.mirror is None or guest.mirror is None:
            await asyncio.sleep(0.01)
        assert room.game is not None
        await _follow(guest, len(room.game.match.actions))
        clock.now += 61  # the active coach sits on the turn
        await _follow(guest, len(room.game.match.actions) + 1)
        await _follow(host, len(guest.mirror.actions))
        numbers = len(host.mirror.actions), len(guest.mirror.actions)
        await wind_down(listening, tasks)
        return numbers

    host_actions, guest_actions = asyncio.run(play())
    game = room.game
    assert game is not None and game.timeouts and host_actions == guest_actions == len(game.match.actions)


async def _follow(client: RemoteClient, actions: int) -> None:
    for _ in range(1000):
        if client.mirror is not None and len(client.mirror.actions) >= actions:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the client did not follow to {actions} actions")
