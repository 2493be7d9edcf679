"""Join a Match… on a shared league's match server (fixture, login, password typed and never
kept), and hosting from the app with a certificate and key (wss://)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from league_manager.core.errors import LeagueError
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.remote import lan
from league_manager.services.remote.league_server import LeagueMatchServer, Login
from league_manager.services.remote.link import HostedServer
from league_manager.ui.match_board import remote_launch
from league_manager.ui.match_board.remote_window import RemoteMatchWindow
from tests.gui.match_board.test_board_remote import _hosted


def test_the_join_dialog_asks_for_a_code_or_for_a_league_login(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = remote_launch.JoinDialog()
    qtbot.addWidget(dialog)
    assert dialog.code.isEnabled() and not dialog.login.isEnabled() and not dialog.password.isEnabled()
    dialog.address.setText("127.0.0.1:8765")
    with pytest.raises(LeagueError, match="join code"):
        dialog.request()
    dialog.code.setText("c0de")
    request = dialog.request()
    assert (request.code, request.login, request.password, request.tls) == ("c0de", "", "", None)
    dialog.mode.setCurrentIndex(1)  # a shared league's match server
    assert not dialog.code.isEnabled() and dialog.login.isEnabled() and dialog.password.isEnabled()
    assert dialog.password.echoMode() == dialog.password.EchoMode.Password
    dialog.password.setText("s3cret")
    with pytest.raises(LeagueError, match="fixture's number and your login"):
        dialog.request()
    assert dialog.password.text() == ""  # read once, then emptied, refused or not
    dialog.fixture.setValue(4)
    dialog.login.setText("bo")
    dialog.password.setText("s3cret")
    request = dialog.request()
    assert (request.code, request.fixture, request.login, request.password) == ("", 4, "bo", "s3cret")
    assert dialog.password.text() == ""
    dialog.ca.setText(str(tmp_path / "missing.pem"))
    with pytest.raises(LeagueError, match="certificate authority"):
        dialog.request()


def _serve(server: LeagueMatchServer) -> tuple[int, threading.Event, list[asyncio.AbstractEventLoop]]:
    """Run the league server on a worker thread; returns its port, a stop flag and its loop."""
    started, stop, ports, loops = threading.Event(), threading.Event(), [], []

    async def main() -> None:
        listening = await server.start("127.0.0.1", 0)
        ports.append(int(next(iter(listening.sockets)).getsockname()[1]))
        loops.append(asyncio.get_running_loop())
        started.set()
        while not stop.is_set():
            await asyncio.sleep(0.05)
        listening.close()
        await listening.wait_closed()

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    assert started.wait(10)
    return ports[0], stop, loops


def test_the_board_joins_its_own_fixture_on_a_league_server_with_its_login(
    demo: Services, qtbot: QtBot, tmp_path: Path
) -> None:
    demo.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    demo.seasons.add_teams("S", [name for _race, name, _coach in DEMO_TEAMS][:4])
    demo.seasons.schedule("S", "round-robin")
    fixture = demo.seasons.fixtures("S")[0]
    assert fixture.id is not None and fixture.home is not None
    demo.match_day.pregame(fixture.id, seed=5)
    checked: list[tuple[str, str]] = []

    def logins(login: str, password: str) -> Login:  # stands in for PostgreSQL's password check
        checked.append((login, password))
        return Login(login, "coach", fixture.home)

    server = LeagueMatchServer(demo, logins, tmp_path, grace=0, ping_interval=30, ping_timeout=30)
    port, stop, _loops = _serve(server)
    dialog = remote_launch.JoinDialog()
    qtbot.addWidget(dialog)
    dialog.mode.setCurrentIndex(1)
    dialog.address.setText(f"127.0.0.1:{port}")
    dialog.fixture.setValue(fixture.id)
    dialog.login.setText("bo")
    dialog.password.setText("s3cret")
    request = dialog.request()
    window = RemoteMatchWindow(
        request.address, request.code, tls=request.tls, fixture=request.fixture, login=request.login,
        password=request.password,
    )  # fmt: skip
    qtbot.addWidget(window)
    try:
        window.show()
        window.start()
        qtbot.waitUntil(lambda: window.session.side == "home", timeout=10_000)  # bo's team plays home
        assert checked == [("bo", "s3cret")]
        assert "s3cret" not in window.status.text() and "s3cret" not in window.windowTitle()
    finally:
        window.close()
        stop.set()


def _certificate(folder: Path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("needs the openssl command to make a test certificate")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
         "-days", "1", "-subj", "/CN=league.example"],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


def test_hosting_with_a_certificate_serves_wss_and_the_hosts_board_connects(
    demo: Services, qtbot: QtBot, tmp_path: Path
) -> None:
    cert, key = _certificate(tmp_path)
    dialog = remote_launch.HostDialog("Home", "Away")
    qtbot.addWidget(dialog)
    assert dialog.tls() is None  # no certificate: plain ws://
    dialog.cert.setText(str(cert))
    with pytest.raises(LeagueError, match="both the certificate file and its key"):
        dialog.tls()
    dialog.key.setText(str(cert))  # not the key
    with pytest.raises(LeagueError, match="cannot use the certificate"):
        dialog.tls()
    dialog.key.setText(str(key))
    tls = dialog.tls()
    assert tls is not None
    room = _hosted(demo, tmp_path).room
    hosted = HostedServer(room, tls=tls[0], ping_interval=30, ping_timeout=30)
    hosted.start()
    assert hosted.address.startswith("wss://127.0.0.1:")  # the certificate names another host
    window = RemoteMatchWindow(hosted.address, room.keys.host_key, hosted=hosted, tls=tls[1])
    qtbot.addWidget(window)
    try:
        window.show()
        window.start()
        qtbot.waitUntil(lambda: "Waiting for the other coach" in window.status.text(), timeout=10_000)
    finally:
        window.close()
        hosted.stop()


class _Browser:
    def __init__(self, games: list[lan.LanGame]) -> None:
        self.found = games
        self.stopped = False

    def games(self) -> list[lan.LanGame]:
        return list(self.found)

    def stop(self) -> None:
        self.stopped = True


def test_lan_games_are_listed_in_the_join_dialog_and_picking_one_fills_the_address(qtbot: QtBot) -> None:
    browser = _Browser([])
    dialog = remote_launch.JoinDialog(browser=browser)
    qtbot.addWidget(dialog)
    assert not dialog.lan_games.isEnabled() and "none found yet" in dialog.lan_games.currentText()
    browser.found = [lan.LanGame("n", "Ironjaws v Marauders", "wss://192.168.1.20:8765")]
    qtbot.waitUntil(lambda: dialog.lan_games.count() == 2, timeout=5_000)  # listed as it appears
    dialog.mode.setCurrentIndex(1)
    dialog.lan_games.setCurrentIndex(1)
    dialog.lan_games.activated.emit(1)
    assert dialog.address.text() == "wss://192.168.1.20:8765" and dialog.mode.currentIndex() == 0
    dialog.reject()
    assert browser.stopped and dialog.browser is None


def test_without_zeroconf_the_join_dialog_says_so(qtbot: QtBot) -> None:
    dialog = remote_launch.JoinDialog(lan_note=lan.MISSING)
    qtbot.addWidget(dialog)
    assert not dialog.lan_games.isEnabled() and dialog.lan_games.currentText() == "(not listed)"
    assert "lacks python-zeroconf" in dialog.lan_note.text()
