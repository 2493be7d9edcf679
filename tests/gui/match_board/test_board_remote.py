"""The board as a remote client: it joins a localhost match server whose other side is a bot
and plays its own side through the same board input; the server holds the match."""

from __future__ import annotations

import random
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.remote.client import RemoteClient
from league_manager.services.remote.link import HostedServer
from league_manager.services.remote.room import Room, RoomKeys
from league_manager.ui.match_board import remote_launch
from league_manager.ui.match_board.remote_window import RemoteMatchWindow
from tests.gui.match_board.board_helpers import random_input


def _hosted(demo: Services, tmp_path: Path) -> HostedServer:
    demo.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    demo.seasons.add_teams("S", [name for _race, name, _coach in DEMO_TEAMS][:4])
    demo.seasons.schedule("S", "round-robin")
    fixture = demo.seasons.fixtures("S")[0].id
    assert fixture is not None
    demo.match_day.pregame(fixture, seed=5)
    keys = RoomKeys(
        fixture=fixture, code="join-me", host_key="host-key", host_side="home", host_secret="0a1b"
    )
    room = Room(demo.board, keys, grace=0, keys_path=tmp_path / "keys.json", claims=demo.claims)
    return HostedServer(room, ping_interval=30, ping_timeout=30)


@contextmanager
def _joined(demo: Services, tmp_path: Path, qtbot: QtBot) -> Iterator[tuple[HostedServer, RemoteMatchWindow]]:
    """A hosted match and a board window joined to it as the away coach; both closed after."""
    hosted = _hosted(demo, tmp_path)
    hosted.start()
    window = RemoteMatchWindow(hosted.address, "join-me")
    qtbot.addWidget(window)
    try:
        window.show()
        window.start()
        yield hosted, window
    finally:
        window.close()
        hosted.stop()


def _bot_plays_home(hosted: HostedServer) -> None:
    hosted.run_soon(RemoteClient(hosted.address, "host-key", bot="random", seed=1, secret="0a1b").run())


def _play_one(window: RemoteMatchWindow, rng: random.Random, qtbot: QtBot) -> bool:
    """One random input on the board; True when it sent an action, once the server sent it back."""
    board, session = window.board, window.session
    assert board is not None
    before = len(session.match.actions)
    board.act(lambda: bool(random_input(board.controller, rng) or True))
    if session._pending < 0:
        return False
    qtbot.waitUntil(lambda: len(session.match.actions) > before, timeout=10_000)
    return True


def test_the_board_joins_a_hosted_match_and_plays_its_side_against_a_bot(
    demo: Services, tmp_path: Path, qtbot: QtBot
) -> None:
    demo.leagues.update_settings(DEMO_LEAGUE, {"turn_timer_seconds": 240})
    with _joined(demo, tmp_path, qtbot) as (hosted, window):
        qtbot.waitUntil(lambda: window.board is not None, timeout=10_000)
        assert window.turn_timer is not None  # the league's timer, enforced by the server
        _bot_plays_home(hosted)
        session = window.session
        assert session.side == "away" and session.team_names()[1] in window.windowTitle()
        room = hosted.room
        rng = random.Random(3)
        mine = 0
        for _ in range(3000):
            if mine >= 8 or session.match.prompt is None:
                break
            prompt = session.match.prompt
            if prompt.team == 1 and session.is_human(1):
                mine += _play_one(window, rng, qtbot)  # an action goes to the server and back
            else:
                qtbot.wait(5)
        assert mine >= 8, "the board's coach played its own side through the server"
        game = room.game
        assert game is not None
        qtbot.waitUntil(lambda: len(game.match.actions) == len(session.match.actions), timeout=10_000)
        assert session.game is not None and session.game.mirror.digest() == room.digest
        assert demo.board.status(room.keys.fixture) is not None  # saved in the league file
        assert not session.is_human(0) and session.undo() is not None  # no undo over the network


def test_the_board_concedes_a_remote_match_at_its_own_turn_and_the_result_has_it(
    demo: Services, tmp_path: Path, qtbot: QtBot
) -> None:
    with _joined(demo, tmp_path, qtbot) as (hosted, window):
        qtbot.waitUntil(lambda: window.board is not None, timeout=10_000)
        _bot_plays_home(hosted)
        board, session = window.board, window.session
        assert board is not None
        board.confirm = lambda _title, _text: True
        rng = random.Random(5)
        for _ in range(3000):
            prompt = session.match.prompt
            if prompt is not None and prompt.team == 1 and session.is_human(1):
                if session.match.can_concede(1):
                    board.refresh()
                    assert board.concede_button.isEnabled()
                    board.concede()
                    break
                _play_one(window, rng, qtbot)
            else:
                if prompt is not None and prompt.team == 0:
                    board.refresh()
                    assert not board.concede_button.isEnabled()  # not this coach's turn
                qtbot.wait(5)
        qtbot.waitUntil(lambda: session.over is not None, timeout=10_000)
        assert session.over is not None and session.over.result["conceded"] == 1
        assert session.dice_problem is None and session.hash_ok
        view = demo.match_day.get(hosted.room.keys.fixture)
        assert view.stage == "result_entered" and view.result is not None and view.result["conceded"] == 1


def test_the_away_countdown_offers_wait_adjourn_and_claim(
    demo: Services, tmp_path: Path, qtbot: QtBot
) -> None:
    with _joined(demo, tmp_path, qtbot) as (hosted, window):
        host = RemoteMatchWindow(hosted.address, "host-key", parent=None)
        qtbot.addWidget(host)
        host.start()
        qtbot.waitUntil(lambda: window.board is not None and host.board is not None, timeout=10_000)
        host.close()  # the home coach leaves
        qtbot.waitUntil(lambda: window.session.away is not None, timeout=10_000)
        assert "home coach is away" in window.status.text()
        assert window.board is not None and "a coach is away" in window.board.panel.menu.title
        assert window.wait_button.isVisible() and window.adjourn_button.isEnabled()  # grace 0
        assert window.claim_button.isVisible() and window.claim_button.isEnabled()
        window.claim_button.click()
        qtbot.waitUntil(lambda: window.session.adjourned, timeout=10_000)
        assert f"Adjourned with claim {window.session.claim}" in window.status.text() and hosted.done.wait(5)
        status = demo.board.status(hosted.room.keys.fixture)
        assert status is not None and status.in_progress  # kept for the commissioner's decision
        [claim] = demo.claims.claims(DEMO_LEAGUE)
        assert (claim.id, claim.claimant) == (window.session.claim, "away")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_host_a_match_from_the_fixture_page_and_join_it_from_the_file_menu(
    make_window: Any, dialogs: Any, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(remote_launch, "keys_path", lambda fixture: tmp_path / f"match-{fixture}.keys.json")
    path = tmp_path / "league.db"
    svc = Services.open(path)
    svc.create_demo()
    _hosted(svc, tmp_path)  # schedules the season and runs the first fixture's pre-game
    svc.close()
    window = make_window()
    window.open_database(str(path), background=False)
    fixture = window.ctx.services.seasons.fixtures("S")[0].id
    window.show_fixture(fixture)
    page = window.fixture_page
    assert page.host_button.isVisible() and page.host_button.text() == "Host a match…"
    port = _free_port()

    def host(dialog: Any) -> bool:
        assert isinstance(dialog, remote_launch.HostDialog)
        dialog.listen.setCurrentIndex(0)
        dialog.port.setValue(port)
        dialog.side.setCurrentIndex(1)  # the host coaches the away team
        return True

    dialogs.on_run = host
    hosting = page.host_match()
    assert hosting is not None and hosting.hosted is not None
    qtbot.addWidget(hosting)
    code = hosting.hosted.room.keys.code
    assert f"127.0.0.1:{port}" in hosting.status.text() and code in hosting.status.text()
    qtbot.waitUntil(lambda: "Waiting for the other coach" in hosting.status.text(), timeout=10_000)

    def join(dialog: Any) -> bool:
        assert isinstance(dialog, remote_launch.JoinDialog)
        dialog.address.setText(f"127.0.0.1:{port}")
        dialog.code.setText(code)
        return True

    dialogs.on_run = join
    window.act_join_match.trigger()
    guest = window.remote_window
    assert guest is not None
    qtbot.addWidget(guest)
    try:
        qtbot.waitUntil(lambda: hosting.board is not None and guest.board is not None, timeout=10_000)
        assert (hosting.session.side, guest.session.side) == ("away", "home")
        rng = random.Random(1)
        for _ in range(2000):  # board input at whichever screen decides, until 3 actions are played
            if len(guest.session.match.actions) >= 3:
                break
            for coach in (hosting, guest):
                prompt = coach.session.match.prompt
                if prompt is not None and coach.session.is_human(prompt.team):
                    coach.board.act(lambda c=coach: bool(random_input(c.board.controller, rng) or True))
            qtbot.wait(5)
        assert len(guest.session.match.actions) >= 3
        qtbot.waitUntil(
            lambda: hosting.session.game.mirror.digest() == guest.session.game.mirror.digest(), timeout=10_000
        )
        hosting.grab().save(str(tmp_path / "host.png"))
    finally:
        guest.close()
        hosting.close()
