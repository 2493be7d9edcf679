"""League → League Settings: house rules changed after creation, confirmed, undoable, locked by history."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_results import ResultEntry
from league_manager.ui.admin_settings import LeagueSettingsDialog


def _open(make_window: Any, demo_file: Path) -> Any:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    league = window.ctx.svc.leagues.get_league(DEMO_LEAGUE)
    window.navigate("league", league.id)
    return window


def _drive(window: Any, dialogs: Any, edit: Any) -> LeagueSettingsDialog:
    shown: list[LeagueSettingsDialog] = []

    def run(dialog: Any) -> bool:
        assert isinstance(dialog, LeagueSettingsDialog)
        shown.append(dialog)
        edit(dialog)
        dialog.apply()
        return True

    dialogs.on_run = run
    window.admin.act_settings.trigger()
    assert shown, "the settings dialog was not shown"
    return shown[0]


def test_change_confirm_and_undo(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    window = _open(make_window, demo_file)
    services = window.ctx.svc

    def edit(dialog: LeagueSettingsDialog) -> None:
        points = dialog.editors["points_win"]
        assert isinstance(points, QSpinBox) and points.isEnabled()
        points.setValue(2)
        box = dialog.editors["illegal_procedure"]
        assert isinstance(box, QCheckBox)
        box.setChecked(True)
        assert dialog.changes() == {"points_win": 2, "illegal_procedure": True}

    dialogs.script("confirm", False)  # the commissioner says no: nothing changes
    _drive(window, dialogs, edit)
    assert services.leagues.get_league(DEMO_LEAGUE).settings["points_win"] == 3
    dialogs.script("confirm", True)
    _drive(window, dialogs, edit)
    settings = services.leagues.get_league(DEMO_LEAGUE).settings
    assert (settings["points_win"], settings["illegal_procedure"]) == (2, True)
    assert window.act_undo.isEnabled() and "settings" in window.act_undo.text()
    window.act_undo.trigger()
    settings = services.leagues.get_league(DEMO_LEAGUE).settings
    assert (settings["points_win"], settings["illegal_procedure"]) == (3, False)
    assert not dialogs.errors


def test_a_played_result_locks_the_scoring_settings(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    services = Services.open(demo_file)
    services.seasons.create_season(DEMO_LEAGUE, "S", seed=2)
    services.seasons.add_teams("S", [name for _race, name, _coach in DEMO_TEAMS[:4]])
    services.seasons.schedule("S", "round-robin")
    game = services.seasons.fixtures("S")[0]
    services.seasons.set_result(game.id or 0, ResultEntry(home_td=2, away_td=0))
    services.close()
    window = _open(make_window, demo_file)
    before = window.ctx.svc.leagues.get_league(DEMO_LEAGUE).settings

    def edit(dialog: LeagueSettingsDialog) -> None:
        assert set(dialog.locked) >= {"points_win", "tiebreakers", "bye_points"}
        assert "budget" not in dialog.locked and dialog.editors["budget"].isEnabled()
        assert not dialog.editors["points_win"].isEnabled()
        tiebreakers = dialog.editors["tiebreakers"]
        assert isinstance(tiebreakers, QComboBox)
        tiebreakers.setCurrentIndex(tiebreakers.findData("swiss"))  # forced past the lock

    dialogs.script("confirm", True)
    _drive(window, dialogs, edit)
    assert dialogs.errors and "rewrite the tables of rounds already played" in dialogs.errors[-1][1]
    assert window.ctx.svc.leagues.get_league(DEMO_LEAGUE).settings == before


def test_nothing_changed_says_so(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    window = _open(make_window, demo_file)
    _drive(window, dialogs, lambda _dialog: None)
    assert dialogs.infos[-1] == ("League settings", "Nothing was changed.")
    assert not window.act_undo.isEnabled()
