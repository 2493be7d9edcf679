"""The remote board says why it could not join: an ordinary web server at the address (HTTP
404) is no match server, and a wrong join code is the server's refusal, in the bar and in the
middle of the window (never "the server is unavailable")."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from league_manager.services.facade import Services
from league_manager.ui.match_board.remote_window import RemoteMatchWindow
from tests.gui.match_board.test_board_remote import _hosted
from tests.unit.remote.test_join_failures import web_server


def _tried(window: RemoteMatchWindow, qtbot: QtBot) -> str:
    qtbot.addWidget(window)
    window.show()
    window.start()
    qtbot.waitUntil(lambda: bool(window.closed_reason), timeout=10_000)
    said = window.status.text()
    why = window.join_failure()
    assert said == f"Could not join: {why}"
    middle = f"Could not join the match.\n\n{why[:1].upper()}{why[1:].rstrip('.')}."
    assert window.waiting.text() == middle  # in the middle of the window too
    window.close()
    return said


def test_an_address_answering_404_is_said_to_be_no_match_server(qtbot: QtBot) -> None:
    with web_server("HTTP/1.1") as port:
        said = _tried(RemoteMatchWindow(f"127.0.0.1:{port}", "c0de"), qtbot)
    assert said == (
        f"Could not join: the address ws://127.0.0.1:{port} is not a League Manager match server "
        "(HTTP 404 Not Found): check the address and the port"
    )


def test_a_wrong_join_code_is_the_servers_refusal(demo: Services, tmp_path: Path, qtbot: QtBot) -> None:
    hosted = _hosted(demo, tmp_path)
    hosted.start()
    try:
        said = _tried(RemoteMatchWindow(hosted.address, "wrong-code"), qtbot)
    finally:
        hosted.stop()
    assert said.startswith("Could not join: the server refused: ")
    assert "unavailable" not in said
