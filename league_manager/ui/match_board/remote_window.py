"""The board playing a remote match: a connection on a worker thread, its messages brought to
the GUI thread by a signal, the same :class:`MatchBoard` over a :class:`RemoteSession`, and a
bar saying who is connected, with the countdown and Wait / Adjourn / Claim while the other coach is away.
"""

from __future__ import annotations

import ssl
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from league_manager.match.events import Event
from league_manager.services.remote import protocol as p
from league_manager.services.remote.fairness import new_secret
from league_manager.services.remote.link import ClientLink, HostedServer
from league_manager.ui import theme
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.remote_session import RemoteSession
from league_manager.ui.match_board.turn_clock import TurnTimerLabel


class _Bridge(QObject):
    """Carries the worker thread's messages to the GUI thread (queued connections)."""

    message = Signal(object)
    closed = Signal(str)


class RemoteMatchWindow(QWidget):
    """A top-level window: one coach's board of a match held by a match server.

    Args:
        address: the server's address; code: the join code (or the host's key).
        hosted: the server this window's app runs (stopped when the window closes).
        invite: the line shown to copy for the other coach (address and code), when hosting.
        on_finished: called when the coach presses Finish at full time.
        tls: what a ``wss://`` connection trusts (the system's authorities when None).
        fixture, login, password: joining a shared league's ``match serve`` (the code is "");
            the password goes into the first message only and is never shown or saved.
    """

    def __init__(
        self, address: str, code: str, *, hosted: HostedServer | None = None, invite: str = "",
        on_finished: Callable[[RemoteMatchWindow], None] | None = None, parent: QWidget | None = None,
        tls: ssl.SSLContext | None = None, fixture: int = 0, login: str = "", password: str = "",
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setWindowTitle("Remote match — connecting…")
        self.hosted = hosted
        self.invite = invite
        self.on_finished = on_finished
        self.closed_reason = ""
        self.closers: list[Callable[[], None]] = []
        """Called when the window closes (a LAN announcement to withdraw)."""
        secret = hosted.room.keys.host_secret if hosted is not None else new_secret()
        self.session = RemoteSession(self._send, secret)
        self.bridge = _Bridge(self)
        self.bridge.message.connect(self._received)
        self.bridge.closed.connect(self._closed)
        self.link = ClientLink(
            address,
            p.Hello(code=code, role="player", secret=secret, fixture=fixture, login=login, password=password),
            self.bridge.message.emit, self.bridge.closed.emit, tls=tls,
        )  # fmt: skip
        self.board: MatchBoard | None = None
        self.status = QLabel()
        self.status.setObjectName("remoteStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy_button = QPushButton("Copy the invitation")
        self.copy_button.setToolTip("Copy the address and join code for the other coach")
        self.copy_button.clicked.connect(self.copy_invite)
        self.copy_button.setVisible(bool(invite))
        self.wait_button = QPushButton("Wait")
        self.wait_button.setToolTip("Give the away coach the whole countdown again")
        self.wait_button.clicked.connect(lambda: self.session.decide("wait"))
        self.adjourn_button = QPushButton("Adjourn")
        self.adjourn_button.setToolTip(
            "Stop here: the match stays saved at this action and the host resumes it later"
        )
        self.adjourn_button.clicked.connect(lambda: self.session.decide("adjourn"))
        self.claim_button = QPushButton("Claim")
        self.claim_button.setToolTip(
            "Adjourn and ask the commissioner for the result: award the match to you, or order a replay"
        )
        self.claim_button.clicked.connect(lambda: self.session.decide("claim"))
        bar = QHBoxLayout()
        self.bar = bar
        self.turn_timer: TurnTimerLabel | None = None
        bar.setContentsMargins(6, 4, 6, 4)
        bar.addWidget(self.status, 1)
        for button in (self.copy_button, self.wait_button, self.adjourn_button, self.claim_button):
            bar.addWidget(button)
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(0, 0, 0, 0)
        self.body.setSpacing(0)
        self.body.addLayout(bar)
        self.waiting = QLabel("Waiting for the match to start…")
        self.waiting.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.body.addWidget(self.waiting, 1)
        self.session.listeners.append(self._changed)
        self.session.status_listeners.append(self.show_status)
        self.clock = QTimer(self)
        self.clock.setInterval(1000)
        self.clock.timeout.connect(self.show_status)
        self.resize(1400, 900)
        self.show_status()

    def start(self) -> None:
        """Connect to the server (on a worker thread)."""
        self.link.start()

    def _send(self, message: p.Message) -> bool:
        return self.link.send(message)

    def _received(self, message: object) -> None:
        if not isinstance(message, p.Message):
            return
        self.session.receive(message)
        if self.board is None and self.session.game is not None:
            self._make_board()
        elif self.board is not None and not isinstance(message, p.Applied):
            self.board.refresh()  # paused, resumed, adjourned, over: the panel says so
        self.show_status()

    def _closed(self, reason: str) -> None:
        self.closed_reason = reason
        self.show_status()
        if self.board is None and reason:  # never joined, or the match never started
            why = self.join_failure().rstrip(".")
            said = f"Could not join the match.\n\n{why[:1].upper()}{why[1:]}." if why else self.status.text()
            self.waiting.setText(said)
            self.waiting.setWordWrap(True)

    def _make_board(self) -> None:
        session = self.session
        board = MatchBoard(session, bot_delay_ms=0, dark=theme.current().dark)  # type: ignore[arg-type]
        board.undo_button.setEnabled(False)
        board.undo_button.setToolTip("No undo in a remote match: the server keeps every action")
        board.dice_button.hide()  # the server rolls every die
        board.why_button.hide()
        board.finished.connect(self._finish)
        self.waiting.hide()
        self.body.addWidget(board, 1)
        seconds = session.game.turn_seconds if session.game is not None else 0
        if seconds > 0:  # the server enforces it; this shows the time left
            self.turn_timer = TurnTimerLabel(session, seconds, parent=self)  # type: ignore[arg-type]
            self.bar.insertWidget(1, self.turn_timer)
        self.board = board
        home, away = session.team_names()
        self.setWindowTitle(f"Remote match — {home} v {away} ({session.side} coach)")

    def _changed(self, events: list[Event]) -> None:
        board = self.board
        if board is None:
            return
        controller = board.controller
        controller.note_events(events)
        controller.sync()
        if self.session.error:
            controller.message = f"The server refused: {self.session.error}"
        board.refresh()

    def _finish(self) -> None:
        if self.on_finished is not None:
            self.on_finished(self)
        else:
            self.close()

    def join_failure(self) -> str:
        """Why the connection ended before the server welcomed this coach ("" when it did, or
        while it is open)."""
        s = self.session
        if not self.closed_reason or s.side is not None or s.game is not None:
            return ""
        return f"the server refused: {s.error}" if s.error else self.closed_reason

    def status_text(self) -> str:
        """The bar's line: the invitation, who is away and for how long, the final check."""
        s = self.session
        parts: list[str] = []
        if self.invite and s.over is None:
            parts.append(self.invite)
        if self.join_failure():
            parts.append(f"Could not join: {self.join_failure()}")
        elif self.closed_reason and s.over is None and not s.adjourned:
            parts.append(f"Disconnected: {self.closed_reason}")
        elif s.game is None:
            parts.append("Connecting…" if s.side is None else "Waiting for the other coach to join.")
        elif s.over is not None:
            dice = "dice verified" if s.dice_problem is None else f"dice NOT verified: {s.dice_problem}"
            same = "same log hash" if s.hash_ok else "log hash DIFFERS"
            parts.append(f"Full time. {dice}; {same} ({s.over.log_hash[:16]}).")
        elif s.adjourned and s.claim:
            parts.append(
                f"Adjourned with claim {s.claim}: the commissioner awards the match or orders a replay."
            )
        elif s.adjourned:
            parts.append("Adjourned: the match is saved at this action; the host resumes it later.")
        elif s.away is not None and s.away.side == s.side:
            parts.append("You were away; the match waits for you.")
        elif s.away is not None:
            left = s.away.left()
            when = f"you may adjourn in {left} s" if left > 0 else "you may adjourn now"
            parts.append(f"The {s.away.side} coach is away: the match is paused; {when}.")
        else:
            if s.resumed:
                parts.append("Resumed: rejoined with every action missed.")
            if s.side in ("home", "away"):
                team = s.team_names()[("home", "away").index(s.side)]
                parts.append(f"You coach {team} ({s.side}); the server rolls every die.")
        return "  ".join(part for part in parts if part)

    def show_status(self) -> None:
        """Update the bar (every second while a countdown runs)."""
        s = self.session
        self.status.setText(self.status_text())
        away = s.away is not None and s.away.side != s.side and not s.adjourned and s.over is None
        self.wait_button.setVisible(away)
        self.adjourn_button.setVisible(away)
        over = away and s.away is not None and s.away.left() == 0
        self.adjourn_button.setEnabled(over)
        self.claim_button.setVisible(away)
        self.claim_button.setEnabled(over)
        if away and not self.clock.isActive():
            self.clock.start()
        elif not away and self.clock.isActive():
            self.clock.stop()
        if self.board is not None and (s.away is not None or s.adjourned or self.closed_reason):
            self.board.message.setText(
                f"Wait: {s.waiting_text()}" if not self.closed_reason else self.status.text()
            )

    def copy_invite(self) -> None:
        """Put the invitation on the clipboard."""
        QGuiApplication.clipboard().setText(self.invite)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.clock.stop()
        if self.turn_timer is not None:
            self.turn_timer.stop()
        self.link.close()
        if self.hosted is not None:
            self.hosted.stop()
        for close in self.closers:
            close()
        self.closers = []
        super().closeEvent(event)
