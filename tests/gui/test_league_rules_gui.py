"""League rules in the desktop app: adjustments on the team page; deadlines, concessions,
friendlies and "Enforce deadlines…" on the season page."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.ui.adjustments_tab import AdjustDialog
from league_manager.ui.league_rules_season import DeadlineDialog, EnforceDeadlinesDialog, FriendlyDialog
from league_manager.ui.main_window import MainWindow

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def _league(demo_file: Path, tmp_path: Path) -> Path:
    path = tmp_path / "rules.db"
    shutil.copy(demo_file, path)
    svc = Services.open(path)
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=5, divisions=["North", "South"])
    svc.seasons.add_teams("S", TEAMS[:4], division="North")
    svc.seasons.add_teams("S", TEAMS[4:], division="South")
    svc.seasons.schedule("S", "round-robin")
    svc.close()
    return path


def _window(make_window: Any, path: Path) -> MainWindow:
    window = make_window()
    window.open_database(str(path), background=False)
    return window


def test_adjust_and_undo_on_the_team_page(
    make_window: Any, demo_file: Path, tmp_path: Path, dialogs: Any
) -> None:
    window = _window(make_window, _league(demo_file, tmp_path))
    team = window.ctx.services.teams.get_team(TEAMS[0])
    window.navigate("team", team.id)
    tab = window.team_page.adjustments_tab
    problems: list[str] = []

    def fill(dialog: QDialog) -> bool:
        assert isinstance(dialog, AdjustDialog)
        dialog.choose("gold", 12_000, "Sponsor")
        problems.append(dialog.problem())
        dialog.choose("gold", 10_000, "")
        problems.append(dialog.problem())
        dialog.choose("gold", 10_000, "Sponsor")
        return not dialog.problem() and dialog.ok.isEnabled()

    dialogs.on_run = fill
    tab.adjust()
    assert problems == ["Gold moves in steps of 5,000 gp.", "Give the reason."]
    assert window.team_page.team.treasury == team.treasury + 10_000
    assert tab.model.rowCount() == 1 and tab.model.row_record(0).reason == "Sponsor"
    assert any("Commissioner: Sponsor" in r.reason for r in window.team_page.ledger_model.records)
    tab.table.selectRow(0)
    assert tab.undo_button.isEnabled()
    dialogs.script("text", "Wrong team")
    tab.undo()
    assert window.team_page.team.treasury == team.treasury
    assert tab.model.rowCount() == 2 and tab.model.row_record(1).undone_by == tab.model.row_record(0).id
    assert dialogs.errors == []


def test_deadline_concession_friendly_and_enforcement_on_the_season_page(
    make_window: Any, demo_file: Path, tmp_path: Path, dialogs: Any
) -> None:
    window = _window(make_window, _league(demo_file, tmp_path))
    services = window.ctx.services
    window.navigate("season", services.seasons.get_season("S").id)
    page = window.season_page
    bar = page.rules_bar
    first = page.fixture_model.row_record(0)
    page.fixture_table.selectRow(0)
    assert (
        bar.fixture is not None and bar.fixture.id == first.id and bar.deadline_label.text() == "No deadline"
    )

    def deadline(dialog: QDialog) -> bool:
        assert isinstance(dialog, DeadlineDialog)
        dialog.day.setDate(dialog.day.date().fromString("2026-11-01", "yyyy-MM-dd"))
        return True

    dialogs.on_run = deadline
    bar.set_deadline()
    page.fixture_table.selectRow(0)
    assert bar.deadline_label.text() == "Deadline: 2026-11-01"

    seen: list[int] = []

    def enforce(dialog: QDialog) -> bool:
        assert isinstance(dialog, EnforceDeadlinesDialog)
        dialog.set_day(date(2026, 11, 1))
        seen.append(len(dialog.overdue))  # the deadline day itself is in time
        dialog.set_day(date(2026, 11, 26))
        seen.append(len(dialog.overdue))
        dialog.tick(first.home or "")
        return True

    dialogs.on_run = enforce
    dialogs.script("confirm", True)
    bar.enforce()
    assert seen == [0, 1]
    decided = services.seasons.get_fixture(first.id or 0)
    assert decided.status == "administrative"
    assert services.adjustments.adjustments(first.home or "")[0].amount == -3

    second = page.fixture_model.row_record(1)
    page.fixture_table.selectRow(1)
    assert bar.concede_button.isEnabled()
    dialogs.script("confirm", True)
    dialogs.script("item", second.home)
    bar.concede()
    conceded = services.seasons.get_fixture(second.id or 0)
    assert conceded.status == "conceded" and dialogs.infos and "MVP awards" in dialogs.infos[-1][1]

    def friendly(dialog: QDialog) -> bool:
        assert isinstance(dialog, FriendlyDialog)
        dialog.home.setCurrentIndex(dialog.home.findData(TEAMS[0]))
        dialog.away.setCurrentIndex(dialog.away.findData(TEAMS[1]))
        assert "different divisions" in dialog.problem()
        dialog.away.setCurrentIndex(dialog.away.findData(TEAMS[5]))
        return not dialog.problem()

    dialogs.on_run = friendly
    bar.add_friendly()
    assert any(f.stage == "friendly" for f in services.seasons.fixtures("S"))
    assert dialogs.errors == []


def test_concede_during_the_match_on_the_season_page(
    make_window: Any, demo_file: Path, tmp_path: Path, dialogs: Any
) -> None:
    window = _window(make_window, _league(demo_file, tmp_path))
    services = window.ctx.services
    game = services.seasons.fixtures("S")[0]
    services.match_day.pregame(game.id or 0, seed=1)
    window.navigate("season", services.seasons.get_season("S").id)
    page = window.season_page
    page.fixture_table.selectRow(0)
    assert page.rules_bar.concede_button.text() == "Concede during the match…"
    dialogs.script("item", game.home)
    dialogs.script("text", "1-1")
    dialogs.script("number", 2)
    dialogs.script("confirm", True)
    page.rules_bar.concede()
    stored = services.seasons.get_fixture(game.id or 0)
    assert stored.status == "conceded" and stored.result is not None and stored.result.score == "1-1"
    assert dialogs.errors == [] and "(no penalty)" in dialogs.infos[-1][1]
