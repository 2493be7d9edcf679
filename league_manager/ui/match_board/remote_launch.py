"""Hosting a fixture's match for a coach on another machine, and joining one, from the app.

"Host a match…" (the fixture page) runs the match server inside this app for the fixture,
shows the address and join code to copy, and opens the host coach's board on it; the result
goes into the fixture at the final whistle and the match-day wizard opens at the post-game.
"Join a match…" (File menu) asks for the address and code, or for a shared league's match
server (``match serve``) the fixture and the coach's login and password (typed, sent once in
the first message, never stored or shown), and opens the board on it. A ``wss://`` address
may name a trusted certificate file; hosting may serve a certificate and key (``wss://``). The
codes and seed secrets are kept in the app's data folder, so hosting the same fixture again
after a crash resumes the match from the league file.
"""

from __future__ import annotations

import secrets
import socket
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QStandardPaths, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.services.changes import Changes
from league_manager.services.remote import lan
from league_manager.services.remote.fairness import new_secret
from league_manager.services.remote.link import HostedServer
from league_manager.services.remote.room import Room, RoomKeys
from league_manager.services.remote.tls import client_context, own_server_trust, server_context
from league_manager.ui.context import UiContext
from league_manager.ui.match_board.remote_window import RemoteMatchWindow

DEFAULT_PORT = 8765
LISTEN = (("Only this computer (test)", "127.0.0.1"), ("The local network and beyond", "0.0.0.0"))
CODE, LOGIN = "code", "login"
"""How the Join dialog joins: a coach's hosted match (join code) or a league server (login)."""


def _buttons(dialog: QDialog, ok: str) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class HostDialog(QDialog):
    """Where the match is served and which side the host coach plays."""

    def __init__(self, home: str, away: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Host a match")
        form = QFormLayout(self)
        intro = QLabel(
            "This app holds the match and rolls every die; the other coach joins with the "
            "address and join code shown next. Both coaches' seed secrets make the dice, and "
            "both can check every die at the final whistle. With a certificate and its key the "
            "match is served over wss:// (the other coach trusts the certificate)."
        )
        intro.setWordWrap(True)
        form.addRow(intro)
        self.side = QComboBox()
        self.side.addItem(f"{home} (home)", "home")
        self.side.addItem(f"{away} (away)", "away")
        form.addRow("I coach", self.side)
        self.listen = QComboBox()
        for text, value in LISTEN:
            self.listen.addItem(text, value)
        self.listen.setCurrentIndex(1)
        form.addRow("Reachable from", self.listen)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        form.addRow("Port", self.port)
        self.grace = QSpinBox()
        self.grace.setRange(10, 3600)
        self.grace.setValue(120)
        self.grace.setSuffix(" s")
        self.grace.setToolTip("How long a coach who drops may take to rejoin before the other may adjourn")
        form.addRow("Wait for a dropped coach", self.grace)
        self.cert = QLineEdit()
        self.cert.setPlaceholderText("optional: a certificate file (PEM) to serve wss://")
        form.addRow("Certificate file", self.cert)
        self.key = QLineEdit()
        self.key.setPlaceholderText("its private key file (PEM)")
        form.addRow("Key file", self.key)
        form.addRow(_buttons(self, "Host"))

    def tls(self) -> tuple[ssl.SSLContext, ssl.SSLContext] | None:
        """The server's TLS context and what the host's own board trusts; None without a certificate.

        Raises:
            LeagueError: only one of the two files is given, or they are not a certificate and its key.
        """
        cert, key = self.cert.text().strip(), self.key.text().strip()
        if not cert and not key:
            return None
        if not cert or not key:
            raise LeagueError("give both the certificate file and its key file, or neither")
        return server_context(Path(cert), Path(key)), own_server_trust(Path(cert))


@dataclass(frozen=True)
class JoinRequest:
    """What the Join dialog was given: where, and the code or the league login."""

    address: str
    code: str = ""
    fixture: int = 0
    login: str = ""
    password: str = ""
    tls: ssl.SSLContext | None = None


class JoinDialog(QDialog):
    """The host's address and the join code, or a league server's address, fixture and login.

    Args:
        browser: lists the games announced on the local network (``lan.LanBrowser``); None
            when zeroconf is missing or not wanted (the dialog says which).
        lan_note: why games are not listed, when ``browser`` is None.
    """

    def __init__(self, parent: QWidget | None = None, browser: Any = None, lan_note: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a match")
        self.browser = browser
        self.listed: list[lan.LanGame] = []
        form = QFormLayout(self)
        self.lan_games = QComboBox()
        self.lan_note = QLabel(lan_note)
        self.lan_note.setObjectName("help")
        self.lan_note.setWordWrap(True)
        form.addRow("On this network", self.lan_games)
        form.addRow("", self.lan_note)
        self.lan_games.activated.connect(lambda index: self._pick(index))
        self.mode = QComboBox()
        self.mode.addItem("A match a coach hosts (join code)", CODE)
        self.mode.addItem("My fixture on a shared league's match server (login)", LOGIN)
        form.addRow("Join", self.mode)
        self.address = QLineEdit()
        self.address.setPlaceholderText(f"192.168.1.20:{DEFAULT_PORT}")
        form.addRow("Address", self.address)
        self.code = QLineEdit()
        self.code.setPlaceholderText("what the host coach sent you")
        form.addRow("Join code", self.code)
        self.fixture = QSpinBox()
        self.fixture.setRange(0, 10_000_000)
        self.fixture.setSpecialValueText("—")
        self.fixture.setToolTip("The fixture's number, as the league's schedule shows it")
        form.addRow("Fixture", self.fixture)
        self.login = QLineEdit()
        self.login.setPlaceholderText("your login on the shared league")
        form.addRow("Login", self.login)
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText("sent to the server once; never stored")
        form.addRow("Password", self.password)
        self.ca = QLineEdit()
        self.ca.setPlaceholderText("only for a wss:// address with a self-signed certificate")
        form.addRow("Trusted certificate file", self.ca)
        form.addRow(_buttons(self, "Join"))
        self.mode.currentIndexChanged.connect(lambda _=0: self._mode_changed())
        self._mode_changed()
        self.lan_timer = QTimer(self)
        self.lan_timer.setInterval(500)
        self.lan_timer.timeout.connect(self.refresh_lan)
        self.refresh_lan()
        if browser is not None:
            self.lan_timer.start()

    def refresh_lan(self) -> None:
        """List the games announced on the local network now."""
        games = self.browser.games() if self.browser is not None else []
        if games == self.listed and self.lan_games.count():
            return
        self.listed = list(games)
        self.lan_games.clear()
        if self.browser is None:
            self.lan_games.addItem("(not listed)")
        elif not games:
            self.lan_games.addItem("(none found yet: type the address)")
        else:
            self.lan_games.addItem("Pick a game…")
            for game in games:
                self.lan_games.addItem(f"{game.title} — {game.address}")
        self.lan_games.setEnabled(bool(games))
        if self.browser is not None:
            self.lan_note.setText("Games hosted on this network are listed as they appear; "
                                  "the host coach still gives you the join code.")  # fmt: skip

    def _pick(self, index: int) -> None:
        if 1 <= index <= len(self.listed):
            self.mode.setCurrentIndex(0)
            self.address.setText(self.listed[index - 1].address)
            self.code.setFocus()

    def stop_lan(self) -> None:
        """Stop listening for LAN games (safe to call twice)."""
        self.lan_timer.stop()
        if self.browser is not None:
            self.browser.stop()
            self.browser = None

    def done(self, result: int) -> None:
        """Close, and stop listening for LAN games."""
        self.stop_lan()
        super().done(result)

    def _mode_changed(self) -> None:
        by_login = self.mode.currentData() == LOGIN
        self.code.setEnabled(not by_login)
        for widget in (self.fixture, self.login, self.password):
            widget.setEnabled(by_login)

    def request(self) -> JoinRequest:
        """What to join; the password field is emptied as it is read.

        Raises:
            LeagueError: something needed is missing, or the certificate file cannot be read.
        """
        password = self.password.text()
        self.password.clear()
        address = self.address.text().strip()
        if not address:
            raise LeagueError("type the server's address")
        ca = self.ca.text().strip()
        tls = client_context(Path(ca)) if ca else None
        if self.mode.currentData() == LOGIN:
            login = self.login.text().strip()
            if self.fixture.value() <= 0 or not login:
                raise LeagueError("on a league server, give the fixture's number and your login")
            return JoinRequest(address, fixture=self.fixture.value(), login=login, password=password, tls=tls)
        code = self.code.text().strip()
        if not code:
            raise LeagueError("type the join code the host coach sent you")
        return JoinRequest(address, code=code, tls=tls)


def keys_path(fixture_id: int) -> Path:
    """Where this app keeps a hosted fixture's codes and secrets (to resume after a crash)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    path = Path(folder or Path.home() / ".league-manager") / "remote"
    path.mkdir(parents=True, exist_ok=True)
    return path / f"match-{fixture_id}.keys.json"


def room_keys(path: Path, fixture_id: int, side: str) -> RoomKeys:
    """The keys kept for the fixture (a match to resume), or new ones."""
    if path.exists():
        try:
            keys = RoomKeys.load(path)
        except (OSError, ValueError, TypeError):
            keys = None
        if keys is not None and keys.fixture == fixture_id:
            return keys
    keys = RoomKeys(
        fixture=fixture_id, code=secrets.token_hex(4), host_key=secrets.token_hex(8),
        host_side=side, host_secret=new_secret(),
    )  # fmt: skip
    keys.save(path)
    return keys


def lan_address() -> str:
    """This computer's address on its network, as the other coach types it (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: only picks the outgoing interface
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def host_match(ctx: UiContext, fixture_id: int, parent: QWidget | None = None) -> RemoteMatchWindow | None:
    """Ask where to serve, start the server for the fixture and open the host coach's board."""
    try:
        fixture = ctx.svc.seasons.get_fixture(fixture_id)
    except LeagueError as exc:
        ctx.dialogs.error("Could not host the match", str(exc))
        return None
    dialog = HostDialog(fixture.home or "home", fixture.away or "away", parent)
    if not ctx.dialogs.run(dialog):
        return None
    listen = str(dialog.listen.currentData())
    try:
        tls = dialog.tls()
        path = keys_path(fixture_id)
        keys = room_keys(path, fixture_id, str(dialog.side.currentData()))
        room = Room(ctx.svc.board, keys, grace=dialog.grace.value(), keys_path=path, claims=ctx.svc.claims)
        hosted = HostedServer(room, listen=listen, port=dialog.port.value(), tls=tls[0] if tls else None)
        port = hosted.start()
    except (LeagueError, OSError) as exc:
        ctx.dialogs.error("Could not host the match", str(exc))
        return None
    where = lan_address() if listen == "0.0.0.0" else listen
    scheme = "wss://" if tls else ""
    invite = f"Address {scheme}{where}:{port}   join code {keys.code}"

    def finished(window: RemoteMatchWindow) -> None:
        from league_manager.ui.match_day.wizard import MatchDayWizard

        ctx.runner.publish(Changes(fixtures=frozenset({fixture_id}), description="remote match played"))
        summary = window.status_text()
        window.close()
        ctx.dialogs.info("Remote match", summary)
        ctx.dialogs.run(MatchDayWizard(ctx, fixture_id, parent))

    window = RemoteMatchWindow(hosted.address, keys.host_key, hosted=hosted, invite=invite,
                               on_finished=finished, parent=parent, tls=tls[1] if tls else None)  # fmt: skip
    if listen == "0.0.0.0" and lan.unavailable() is None:
        title = f"{fixture.home or 'home'} v {fixture.away or 'away'}"
        try:
            advert = lan.LanAdvert(title, where, port, tls=tls is not None)
        except OSError as exc:  # the match is still joined by typed address
            window.invite = f"{invite}   (not announced on the network: {exc})"
        else:
            window.closers.append(advert.stop)
    ctx.runner.publish(Changes(fixtures=frozenset({fixture_id}), description="remote match hosted"))
    window.show()
    window.start()
    return window


def join_match(ctx: UiContext, parent: QWidget | None = None) -> RemoteMatchWindow | None:
    """Ask for the address and the code (or the league login), and open the board on the match."""
    note = lan.unavailable()
    browser = None
    if note is None:
        try:
            browser = lan.LanBrowser()
        except OSError as exc:
            note = f"LAN games are not listed: {exc}"
    dialog = JoinDialog(parent, browser=browser, lan_note=note or "")
    accepted = ctx.dialogs.run(dialog)
    dialog.stop_lan()
    if not accepted:
        dialog.password.clear()
        return None
    try:
        request = dialog.request()
    except LeagueError as exc:
        ctx.dialogs.error("Join a match", str(exc)[:1].upper() + str(exc)[1:] + ".")
        return None

    def finished(window: RemoteMatchWindow) -> None:
        summary = window.status_text()
        window.close()
        where = (
            "The league's server keeps the result."
            if request.login
            else "The host's league file keeps the result."
        )
        ctx.dialogs.info("Remote match", f"{summary} {where}")

    window = RemoteMatchWindow(
        request.address, request.code, on_finished=finished, parent=parent, tls=request.tls,
        fixture=request.fixture, login=request.login, password=request.password,
    )  # fmt: skip
    window.show()
    window.start()
    return window
