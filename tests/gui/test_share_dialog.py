"""File → Share League: the copy onto a PostgreSQL server from the app, off the GUI thread.

The dialog's logic runs here without a server (a stand-in share call, and a real refused
connection); the real copy runs on the test run's PostgreSQL (``LM_TEST_PG_URL``) and
skips without it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from league_manager.core.errors import LeagueError
from league_manager.ui.share_dialog import ShareLeagueDialog, server_target


@dataclass
class Report:
    league: str
    rows: dict[str, int] = field(default_factory=dict)
    replaced: bool = False
    checks: dict[str, int] = field(default_factory=dict)


def _at_once(fn: Callable[[], Any], done: Callable[[Any], None], failed: Callable[[BaseException], None],
             _busy: str) -> None:  # fmt: skip
    try:
        value = fn()
    except Exception as exc:  # handed to the dialog, as the runner does
        failed(exc)
        return
    done(value)


def test_the_password_joins_the_url_for_the_connection_only(qtbot: Any) -> None:
    calls: list[tuple[str, str, bool]] = []

    def share(league: str, server: str, replace: bool) -> Report:
        calls.append((league, server, replace))
        rows = {"league": 1, "team": 4, "player": 0}
        return Report(league, rows, replaced=replace, checks={"a": 1, "b": 2})

    dialog = ShareLeagueDialog(["One", "Two"], share, _at_once, "Two")
    qtbot.addWidget(dialog)
    assert dialog.league.currentText() == "Two"
    assert dialog.password.echoMode() == dialog.password.EchoMode.Password
    dialog.url.setText("postgresql://boss@db.example/league")
    dialog.password.setText("s3cret!")
    dialog.replace.setChecked(True)
    dialog.share_button.click()
    assert calls == [("Two", "postgresql://boss:s3cret%21@db.example/league", True)]
    shown = dialog.outcome.toPlainText()
    assert shown.startswith("Replaced Two on the server.")
    assert "team: 4" in shown and "player:" not in shown and "2 figures" in shown
    assert "s3cret" not in shown and dialog.succeeded and dialog.busy.isHidden()


def test_a_refusal_is_shown_and_a_non_server_is_refused_before_any_copy(qtbot: Any) -> None:
    def share(league: str, server: str, replace: bool) -> Report:
        raise LeagueError(f"the server already holds a league called {league!r}; nothing was changed")

    dialog = ShareLeagueDialog(["One"], share, _at_once)
    qtbot.addWidget(dialog)
    dialog.url.setText("league.db")
    assert not dialog.start()
    assert "server's URL" in dialog.outcome.toPlainText()
    dialog.url.setText("postgresql://boss@db.example/league")
    assert dialog.start()
    assert dialog.outcome.toPlainText().startswith("Not shared: the server already holds")
    assert dialog.share_button.isEnabled() and not dialog.succeeded
    with pytest.raises(LeagueError):
        server_target("", "x")


def _open_share(window: Any, dialogs: Any, act: Callable[[ShareLeagueDialog], None]) -> ShareLeagueDialog:
    shown: list[ShareLeagueDialog] = []

    def run(dialog: Any) -> bool:
        assert isinstance(dialog, ShareLeagueDialog)
        shown.append(dialog)
        act(dialog)
        return False

    dialogs.on_run = run
    assert window.act_share.isEnabled()
    window.act_share.trigger()
    assert shown
    return shown[0]


def test_an_unreachable_server_is_refused_without_its_password(
    make_window: Any, league_file: Path, dialogs: Any, qtbot: Any
) -> None:
    window = make_window()
    window.open_database(str(league_file), background=False)

    def act(dialog: ShareLeagueDialog) -> None:
        dialog.url.setText("postgresql+psycopg://boss@127.0.0.1:1/league")
        dialog.password.setText("hidden-pw")
        assert dialog.start()
        assert not dialog.busy.isHidden() and not dialog.share_button.isEnabled()
        qtbot.waitUntil(lambda: dialog.share_button.isEnabled(), timeout=20000)

    dialog = _open_share(window, dialogs, act)
    shown = dialog.outcome.toPlainText()
    assert shown.startswith("Not shared:") and "hidden-pw" not in shown
    assert dialog.busy.isHidden()
    assert all("hidden-pw" not in str(p) for p in window.recent_files())


def test_the_demo_league_is_shared_and_a_second_copy_refused(
    make_window: Any, demo_file: Path, dialogs: Any, qtbot: Any, server: str
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)

    def share(dialog: ShareLeagueDialog) -> None:
        dialog.url.setText(server)
        dialog.start()
        qtbot.waitUntil(lambda: dialog.share_button.isEnabled(), timeout=60000)

    first = _open_share(window, dialogs, share)
    assert first.succeeded, first.outcome.toPlainText()
    assert first.outcome.toPlainText().startswith("Shared Demo League on the server.")
    assert "player:" in first.outcome.toPlainText()
    second = _open_share(window, dialogs, share)
    assert not second.succeeded
    assert "already holds" in second.outcome.toPlainText()
