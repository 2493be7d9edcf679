"""The live tabletop tracker in the league app: one-key entries saved as they are made, undo,
a reopened window at the same entry, and the final whistle filling the result grid and going
on to the post-game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from league_manager.core.errors import LeagueError
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.ui.main_window import MainWindow
from league_manager.ui.match_day.tracker_window import CasualtyDialog, TrackerWindow
from league_manager.ui.match_day.wizard import MatchDayWizard


@pytest.fixture(scope="module")
def _pregame_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tracker")
    svc = Services.open(folder / "build.db")
    svc.create_demo()
    svc.leagues.update_settings(DEMO_LEAGUE, {"illegal_procedure": True})
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", [name for _r, name, _c in DEMO_TEAMS][:4])
    svc.seasons.schedule("S", "round-robin")
    fixture = svc.seasons.fixtures("S")[0]
    svc.match_day.pregame(fixture.id, seed=5)
    target = svc.backup(folder / "pregame.db")
    svc.close()
    return Path(target)


def _open(make_window: Any, tmp_path: Path, template: Path, qtbot: QtBot) -> tuple[MainWindow, TrackerWindow]:
    path = tmp_path / "league.db"
    path.write_bytes(template.read_bytes())
    window = make_window()
    window.open_database(str(path), background=False)
    fixture = window.ctx.services.seasons.fixtures("S")[0]
    window.show_fixture(fixture.id)
    page = window.fixture_page
    assert page.tracker_button.isVisible()
    page.tracker_button.click()
    tracker = page.tracker_window
    assert isinstance(tracker, TrackerWindow)
    qtbot.addWidget(tracker)
    return window, tracker


def _type(qtbot: QtBot, tracker: TrackerWindow, keys: str) -> None:
    for key in keys:
        qtbot.keyClick(tracker, key)


def test_one_key_entries_are_saved_undone_and_survive_a_closed_window(
    make_window: Any, dialogs: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    window, tracker = _open(make_window, tmp_path, _pregame_template, qtbot)
    home, away = (sorted(r.numbers) for r in tracker.log.rosters)
    assert window.ctx.services.match_day.get(tracker.fixture_id).stage == "in_progress"
    _type(qtbot, tracker, f"{home[0]}t")
    assert tracker.sides[0].score.text() == "1"
    _type(qtbot, tracker, "nr")  # home's turn marker and a re-roll
    assert tracker.log.turn(0) == 1 and tracker.log.rerolls_left(0) == tracker.log.rosters[0].rerolls - 1
    qtbot.keyClick(tracker, Qt.Key.Key_Tab)  # away
    dialogs.on_run = lambda d: (
        isinstance(d, CasualtyDialog)
        and (d.victim.setValue(home[1]) or d.injury.setCurrentText("Badly Hurt") or True)
    )
    _type(qtbot, tracker, f"{away[0]}c")
    assert tracker.entries.count() == 4 and "casualty" in tracker.entries.item(3).text()
    _type(qtbot, tracker, f"{away[1]}t")
    assert tracker.sides[1].score.text() == "1"
    qtbot.keyClick(tracker, "z")  # undo the away touchdown
    assert tracker.sides[1].score.text() == "0"
    _type(qtbot, tracker, "t")  # no number typed: refused, nothing saved
    assert dialogs.errors and tracker.entries.count() == 4
    dialogs.script("item", "Lose a team re-roll")
    before = tracker.log.rerolls_left(0)
    qtbot.keyClick(tracker, Qt.Key.Key_Tab)  # home again
    qtbot.keyClick(tracker, "l")
    assert tracker.log.rerolls_left(0) == before - 1 and "illegal procedure" in tracker.entries.item(4).text()
    qtbot.keyClick(tracker, "z")
    fid = tracker.fixture_id
    tracker.close()
    tracker.deleteLater()
    # a new window over the same fixture reopens at the same entry
    window.fixture_page.open_tracker()
    again = window.fixture_page.tracker_window
    qtbot.addWidget(again)
    assert again.fixture_id == fid and again.entries.count() == 4 and again.sides[0].score.text() == "1"


def test_the_final_whistle_fills_the_grid_and_goes_on_to_the_post_game(
    make_window: Any, dialogs: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    _window, tracker = _open(make_window, tmp_path, _pregame_template, qtbot)
    home, _away = (sorted(r.numbers) for r in tracker.log.rosters)
    _type(qtbot, tracker, f"{home[0]}t{home[0]}m")
    qtbot.keyClick(tracker, "f")
    assert tracker.stack.currentIndex() == 1
    row = next(r for r in tracker.grid.rows if r["side"] == "home" and r["number"] == home[0])
    assert row["td"] == 1 and tracker.record_button.isEnabled()
    row["td"] = 0  # the grid no longer adds up to the tracked score
    assert tracker.check_grid() and not tracker.record_button.isEnabled()
    row["td"] = 1
    assert not tracker.check_grid()
    wizards: list[MatchDayWizard] = []
    dialogs.on_run = lambda w: wizards.append(w) or True
    tracker.record_button.click()
    assert wizards and wizards[0].view.stage == "result_entered"
    assert wizards[0].stack.currentIndex() == 2  # the post-game step
    assert not tracker.isVisible()
    result = wizards[0].view.result
    assert result is not None and result["home"]["score"] == 1 and result["home"]["mvp"] == row["id"]


def test_the_page_spec_shows_the_fixtures_tracker(
    make_window: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    path = tmp_path / "league.db"
    path.write_bytes(_pregame_template.read_bytes())
    window = make_window()
    window.open_database(str(path), background=False)
    fixture = window.ctx.services.seasons.fixtures("S")[0]
    shown = window.show_spec(f"tracker:{fixture.id}")
    qtbot.addWidget(shown)
    assert isinstance(shown, TrackerWindow) and shown.fixture_id == fixture.id
    with pytest.raises(LeagueError, match="tracker:FIXTURE"):
        window.show_spec("tracker:first")


def test_without_the_house_rule_the_tracker_offers_no_illegal_procedure(
    make_window: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    path = tmp_path / "off.db"
    path.write_bytes(_pregame_template.read_bytes())
    svc = Services.open(path)
    svc.leagues.update_settings(DEMO_LEAGUE, {"illegal_procedure": False})
    svc.close()
    window = make_window()
    window.open_database(str(path), background=False)
    fixture = window.ctx.services.seasons.fixtures("S")[0]
    window.show_fixture(fixture.id)
    window.fixture_page.tracker_button.click()
    tracker = window.fixture_page.tracker_window
    qtbot.addWidget(tracker)
    assert "illegal" not in tracker.buttons and "wrong_call" not in tracker.buttons
    count = tracker.entries.count()
    qtbot.keyClick(tracker, "l")
    assert tracker.entries.count() == count
