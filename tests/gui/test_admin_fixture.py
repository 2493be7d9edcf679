"""League → Move or Swap Fixture: round, date and sides of an unplayed fixture, confirmed and undoable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QDateTime, QTime

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_results import ResultEntry
from league_manager.ui.admin_fixture import FixtureAdminDialog


def _season(demo_file: Path) -> tuple[int, int]:
    """A four-team round robin (every team plays every round); the first fixture is played."""
    services = Services.open(demo_file)
    services.seasons.create_season(DEMO_LEAGUE, "S", seed=5)
    services.seasons.add_teams("S", [name for _race, name, _coach in DEMO_TEAMS[:4]])
    services.seasons.schedule("S", "round-robin")
    played, open_one = services.seasons.fixtures("S", 1)[:2]
    services.seasons.set_result(played.id or 0, ResultEntry(home_td=1, away_td=1))
    services.close()
    return played.id or 0, open_one.id or 0


def _dialog(make_window: Any, demo_file: Path, dialogs: Any, fixture: int, act: Any) -> Any:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    window.show_fixture(fixture)

    def run(dialog: Any) -> bool:
        assert isinstance(dialog, FixtureAdminDialog)
        act(dialog)
        return True

    dialogs.on_run = run
    assert window.admin.act_fixture.isEnabled()
    window.admin.act_fixture.trigger()
    return window


def test_swap_move_and_date_with_undo(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    _played, fixture = _season(demo_file)
    seen: dict[str, Any] = {}

    def act(dialog: FixtureAdminDialog) -> None:
        home, away = dialog.fixture.home, dialog.fixture.away
        dialogs.script("confirm", True, True, True, True)
        dialog.swap_button.click()
        assert (dialog.fixture.home, dialog.fixture.away) == (away, home)
        seen["swap_undo"] = dialog.ctx.runner.undo.top.label
        dialog.round_box.setValue(2)  # both teams already play in round 2
        assert not dialog.move_round()
        assert "already plays in round 2" in dialogs.errors[-1][1] and dialog.fixture.round == 1
        dialog.round_box.setValue(4)
        assert dialog.move_round()
        assert (dialog.fixture.round, dialog.fixture.status) == (4, "postponed")
        dialog.date_box.setDateTime(QDateTime(QDateTime.currentDateTime().date().addDays(3), QTime(20, 0)))
        assert dialog.set_date() and dialog.fixture.scheduled_for is not None
        seen["after_date_undo"] = dialog.ctx.runner.undo.top
        dialog.date_box.setDateTime(QDateTime(QDateTime.currentDateTime().date().addDays(5), QTime(20, 0)))
        first = dialog.fixture.scheduled_for
        assert dialog.set_date()
        seen["first"] = first

    window = _dialog(make_window, demo_file, dialogs, fixture, act)
    assert seen["swap_undo"] == "home/away swap"
    assert seen["after_date_undo"] is None  # a first date has no "no date" to go back to: confirmed only
    window.act_undo.trigger()  # the second date goes back to the first
    assert window.ctx.svc.seasons.get_fixture(fixture).scheduled_for == seen["first"]
    assert len(dialogs.errors) == 1


def test_a_played_fixture_cannot_move(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    played, _fixture = _season(demo_file)

    def act(dialog: FixtureAdminDialog) -> None:
        assert "only unplayed fixtures" in dialog.state.text()
        assert not any(b.isEnabled() for b in (dialog.swap_button, dialog.move_button, dialog.date_button))
        dialogs.script("confirm", True)
        assert not dialog.swap()  # forced: the service refuses, nothing changes
        assert "only unplayed fixtures change" in dialogs.errors[-1][1]

    window = _dialog(make_window, demo_file, dialogs, played, act)
    assert window.ctx.svc.seasons.get_fixture(played).status == "played"
