"""League → Coaches: a shared league's logins from the app.

The dialog's logic runs here without a server (a stand-in service); the real logins are
made on the test run's PostgreSQL (``LM_TEST_PG_URL``) and skip without it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.errors import LeagueError
from league_manager.core.urls import with_password, without_password
from league_manager.persistence.share_roles import Member
from league_manager.ui.coaches_dialog import CoachesDialog, action_state, open_coaches
from tests.share_setup import LEAGUE, as_role


@dataclass(frozen=True)
class Place:
    login: str = "owc"
    kind: str = "owner"
    team: str | None = None
    manage_refusal: str | None = None

    @property
    def runs_league(self) -> bool:
        return self.kind in ("owner", "commissioner")


class FakeShared:
    """Stands in for ``Services.shared``: keeps members in a list, refuses what the server would."""

    def __init__(self) -> None:
        self.people = [Member("owc", "commissioner", None)]
        self.calls: list[tuple[str, str, str | None, str | None]] = []

    def members(self) -> list[Member]:
        return list(self.people)

    def add_member(
        self, league: str, login: str, kind: str, *, team: str | None, password: str | None
    ) -> Member:
        self.calls.append((login, kind, team, password))
        if login == "taken":
            raise LeagueError(f"the server refused: role {login} with {password} exists; nothing was changed")
        member = Member(login, kind, team)
        self.people.append(member)
        return member

    def remove_member(self, login: str) -> Member:
        if login == "owc":
            raise LeagueError("the server refused: current user cannot be dropped; nothing was changed")
        gone = next(m for m in self.people if m.role == login)
        self.people.remove(gone)
        return gone


def _dialog(qtbot: Any, tmp_path: Path, place: Place | None = None, answers: list[bool] | None = None):
    shared = FakeShared()
    queue = list(answers or [])
    dialog = CoachesDialog(
        shared, "Old World Classic", ["Reavers", "Ironjaws"], place or Place(),
        lambda *_a: queue.pop(0), password_folder=tmp_path / "passwords",
    )  # fmt: skip
    qtbot.addWidget(dialog)
    return dialog, shared


def test_the_menu_entry_says_why_it_is_disabled() -> None:
    assert action_state(None)[0] is False and "share it first" in action_state(None)[1]
    enabled, why = action_state(Place("bo", "coach", "Reavers", "no"))
    assert not enabled and why.endswith("you are bo (coach of Reavers)")
    assert action_state(Place("vi", "viewer"))[0] is False
    assert action_state(Place())[0] and action_state(Place("com", "commissioner"))[0]


def test_a_typed_password_must_match_and_is_never_shown(qtbot: Any, tmp_path: Path) -> None:
    dialog, shared = _dialog(qtbot, tmp_path)
    assert [dialog.table.item(0, c).text() for c in range(3)] == ["owc", "Commissioner", ""]
    assert dialog.password.echoMode() == dialog.password.EchoMode.Password
    assert not dialog.add("coach") and "login name" in dialog.outcome.text()
    dialog.name.setText("bo")
    dialog.team.setCurrentText("Ironjaws")
    dialog.password.setText("horse battery")
    dialog.again.setText("horse batterY")
    assert not dialog.add("coach") and "differ" in dialog.outcome.text() and shared.calls == []
    dialog.password.setText("horse battery")
    dialog.again.setText("horse battery")
    assert dialog.add("coach")
    assert shared.calls == [("bo", "coach", "Ironjaws", "horse battery")]
    assert dialog.outcome.text() == "bo may now log in as coach of Ironjaws."
    assert dialog.password.text() == "" and dialog.again.text() == ""
    assert dialog.table.rowCount() == 2 and dialog.table.item(1, 2).text() == "Ironjaws"


def test_a_generated_password_goes_to_a_file_only_the_user_reads(qtbot: Any, tmp_path: Path) -> None:
    dialog, shared = _dialog(qtbot, tmp_path)
    dialog.mode_buttons["generated"].setChecked(True)
    assert not dialog.password.isEnabled()
    dialog.name.setText("vi")
    assert dialog.add("viewer")
    written = tmp_path / "passwords" / "vi.password"
    password = written.read_text(encoding="utf-8").strip()
    assert written.stat().st_mode & 0o777 == 0o600 and len(password) >= 20
    assert shared.calls == [("vi", "viewer", None, password)]
    assert str(written) in dialog.outcome.text() and password not in dialog.outcome.text()
    dialog.name.setText("taken")  # refused: the file is taken away, the password never shown
    assert not dialog.add("commissioner")
    refused = dialog.outcome.text()
    assert refused.startswith("Not added: The server refused") and shared.calls[-1][3] not in refused
    assert not (tmp_path / "passwords" / "taken.password").exists()


def test_no_password_for_servers_that_authenticate_otherwise(qtbot: Any, tmp_path: Path) -> None:
    dialog, shared = _dialog(qtbot, tmp_path)
    dialog.mode_buttons["none"].setChecked(True)
    dialog.name.setText("com2")
    assert dialog.add("commissioner")
    assert shared.calls == [("com2", "commissioner", None, None)]
    assert "with no password" in dialog.outcome.text()


def test_remove_asks_first_and_says_what_the_server_refused(qtbot: Any, tmp_path: Path) -> None:
    dialog, shared = _dialog(qtbot, tmp_path, Place(login="boss"), answers=[False, True, True])
    shared.people.append(Member("bo", "coach", "Reavers"))
    dialog.reload()
    assert not dialog.remove() and "Select a login" in dialog.outcome.text()
    dialog.table.selectRow(1)
    assert not dialog.remove() and len(shared.people) == 2  # not confirmed
    assert dialog.remove() and dialog.outcome.text() == "Removed bo (coach)."
    assert dialog.table.rowCount() == 1
    dialog.table.selectRow(0)
    assert not dialog.remove() and dialog.outcome.text().startswith("Not removed: the server refused")


def test_a_login_that_may_not_create_logins_sees_the_list_only(qtbot: Any, tmp_path: Path) -> None:
    why = "com may not create logins here: only the login that shared the league adds them"
    dialog, _ = _dialog(qtbot, tmp_path, Place("com", "commissioner", None, why))
    assert dialog.table.rowCount() == 1
    assert not dialog.remove_button.isEnabled()
    assert not any(b.isEnabled() for b in dialog.add_buttons.values())
    assert dialog.add_buttons["coach"].toolTip().startswith("Com may not create logins")
    assert dialog.outcome.text().startswith("Com may not create logins")


def test_a_league_file_has_no_coaches(make_window: Any, league_file: Path, dialogs: Any) -> None:
    window = make_window()
    window.open_database(str(league_file), background=False)
    assert not window.act_coaches.isEnabled() and "share it first" in window.act_coaches.toolTip()
    assert open_coaches(window) is None and "share it first" in dialogs.infos[-1][1]


def _cli(*argv: str) -> int:
    return main(list(argv), CliContext(stdout=io.StringIO(), stderr=io.StringIO()))


def test_on_the_server_the_owner_adds_a_coach_and_a_coach_may_not(
    make_window: Any,
    demo_file: Path,
    tmp_path: Path,
    dialogs: Any,
    server: str,
) -> None:
    league_file = tmp_path / "demo.db"
    league_file.write_bytes(demo_file.read_bytes())
    assert _cli("--db", str(league_file), "share", LEAGUE, "--server", server) == 0
    window = make_window()
    window.open_database(with_password(server, "hunter2"), background=False)  # trust: any password
    assert window.act_coaches.isEnabled()
    shown_places = [window.windowTitle(), window.db_label.text(), *window.recent_files()]
    assert window.recent_files()[0] == without_password(server)
    assert not any("hunter2" in place for place in shown_places)
    shown: list[CoachesDialog] = []
    dialogs.on_run = lambda dialog: shown.append(dialog) or True
    dialog = open_coaches(window)
    assert dialog is not None and shown == [dialog] and dialog.table.rowCount() == 0
    dialog.name.setText("lmt_bo")
    dialog.team.setCurrentText("Gutrot Ironjaws")
    dialog.password.setText("a long secret")
    dialog.again.setText("a long secret")
    assert dialog.add("coach"), dialog.outcome.text()
    assert dialog.table.item(0, 0).text() == "lmt_bo" and dialog.table.item(0, 2).text() == "Gutrot Ironjaws"
    dialog.name.setText("lmt_bo")
    dialog.mode_buttons["none"].setChecked(True)
    assert not dialog.add("viewer") and "already a member" in dialog.outcome.text()
    admin = create_engine(server)
    with admin.connect() as conn:
        hashed = conn.execute(text("SELECT rolpassword FROM pg_authid WHERE rolname = 'lmt_bo'")).scalar()
    admin.dispose()
    assert str(hashed).startswith("SCRAM-SHA-256$")
    coach = make_window()
    coach.open_database(as_role(server, "lmt_bo"), background=False)
    assert not coach.act_coaches.isEnabled()
    assert "you are lmt_bo (coach of Gutrot Ironjaws)" in coach.act_coaches.toolTip()
