"""Who plays in a season: the New Season dialog and the season page's Teams tab."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog

from league_manager.services.facade import Services
from league_manager.ui.main_window import MainWindow
from league_manager.ui.season_dialog import AddTeamsDialog, NewSeasonDialog
from league_manager.ui.season_models import SeasonTeamModel, TeamEntryModel
from tests.gui.conftest import FakeDialogs


def _open(make_window: Any, demo_file: Path) -> tuple[MainWindow, int]:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    league = window.ctx.services.leagues.list_leagues()[0]
    window.navigate("league", league.id)
    return window, league.id


def test_entry_and_team_models(qtmodeltester: Any, services: Services) -> None:
    league = services.create_demo().value
    candidates = services.seasons.entry_candidates(league.id)
    model = TeamEntryModel(candidates, ["North", "South"])
    qtmodeltester.check(model)
    assert [model.division_of(r) for r in range(4)] == ["North", "South", "North", "South"]
    model.set_divisions(["Old World", "South"])  # a rename keeps the teams where they are
    assert model.division_of(0) == "Old World"
    model.set_divisions(["A", "B", "C"])  # another number of divisions deals them out again
    assert [model.division_of(r) for r in range(4)] == ["A", "B", "C", "A"]
    assert model.setData(model.index(0, TeamEntryModel.TEAM), Qt.CheckState.Unchecked.value,
                         Qt.ItemDataRole.CheckStateRole)  # fmt: skip
    assert not model.setData(model.index(1, TeamEntryModel.DIVISION), "Nowhere")
    assert len(model.entries()) == len(candidates) - 1
    season = services.seasons.create_season(league.id, "Cup", entries=[(c.team_id, None) for c in candidates])
    teams = SeasonTeamModel(season.value.teams)
    qtmodeltester.check(teams)
    assert teams.index(0, 5).data() == "entered"


def test_new_season_dialog_creates_divisions_and_enters_teams(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs
) -> None:
    window, league = _open(make_window, demo_file)
    services = window.ctx.services
    teams = [c.name for c in services.seasons.entry_candidates(league)]
    seen: list[str] = []

    def fill(dialog: QDialog) -> bool:
        assert isinstance(dialog, NewSeasonDialog)
        seen.append(dialog.name.text())
        dialog.name.setText("Old World Cup")
        assert dialog.division_hint.text().startswith("No divisions")
        dialog.add_division("North")
        dialog.add_division("South")
        assert dialog.division_hint.text().startswith("2 divisions: round robins are played within each")
        table, model = dialog.entry_table.view, dialog.teams
        combo = table.indexWidget(model.index(0, TeamEntryModel.DIVISION))
        assert isinstance(combo, QComboBox) and combo.currentText() == "North"
        combo.setCurrentText("South")  # the first team moves to the other division
        model.setData(model.index(7, 0), Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
        dialog.rename_division(0, "Northern")
        assert "7 of 8" in dialog.entry_table.summary.text()
        assert dialog.ok_button.isEnabled()
        dialog.create_season()
        return dialog.result() == QDialog.DialogCode.Accepted

    dialogs.on_run = fill
    window.new_season()
    assert seen == ["Season 1"] and dialogs.errors == []
    assert window.current[0] == "season"
    season = services.seasons.get_season(window.current[1])
    assert season.name == "Old World Cup" and season.divisions == ("Northern", "South")
    placed = {t.name: t.division for t in season.teams}
    expected = {name: ("Northern", "South")[row % 2] for row, name in enumerate(teams[:7])}
    assert placed == expected | {teams[0]: "South"}
    assert window.season_page.teams_tab.model.rowCount() == 7


def test_new_season_dialog_refuses_a_bad_name_or_divisions(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs
) -> None:
    window, league = _open(make_window, demo_file)
    window.ctx.services.seasons.create_season(league, "Spring")
    states: list[tuple[bool, str]] = []

    def probe(dialog: QDialog) -> bool:
        assert isinstance(dialog, NewSeasonDialog)
        for name in ("", "  ", "spring", "Summer"):
            dialog.name.setText(name)
            states.append((dialog.ok_button.isEnabled(), dialog.problem.text()))
        dialog.add_division("North")
        dialog.add_division("North")
        states.append((dialog.ok_button.isEnabled(), dialog.problem.text()))
        dialog.remove_division()
        states.append((dialog.ok_button.isEnabled(), dialog.problem.text()))
        return False  # cancelled

    dialogs.on_run = probe
    window.new_season()
    assert [ok for ok, _ in states] == [False, False, False, True, False, True]
    assert "name" in states[0][1] and "already has a season" in states[2][1]
    assert "differ" in states[4][1] and states[5][1] == ""
    assert [s.name for s in window.ctx.services.seasons.list_seasons(league)] == ["Spring"]


def test_teams_tab_adds_removes_and_withdraws(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs
) -> None:
    window, league = _open(make_window, demo_file)
    services = window.ctx.services
    teams = services.seasons.entry_candidates(league)
    season = services.seasons.create_season(league, "Spring", entries=[(t.team_id, None) for t in teams[:6]])
    season_id = season.value.id
    window.navigate("season", season_id)
    page = window.season_page
    page.tabs.setCurrentWidget(page.teams_tab)
    tab = page.teams_tab
    assert tab.model.rowCount() == 6 and not tab.remove_button.isEnabled()

    def names() -> set[str]:
        return {t.name for t in services.seasons.get_season(season_id).teams}

    # Add teams…: the two teams left, ticked in the dialog; Edit → Undo takes them out again
    def add(dialog: QDialog) -> bool:
        assert isinstance(dialog, AddTeamsDialog)
        assert dialog.model.rowCount() == 2 and not dialog.ok_button.isEnabled()
        dialog.entry_table.all_button.click()
        assert dialog.ok_button.isEnabled()
        return True

    dialogs.on_run = add
    tab.add_button.click()
    assert names() == {t.name for t in teams} and tab.model.rowCount() == 8
    assert window.runner.undo.top is not None and "adding 2 team(s)" in window.runner.undo.top.label
    window.runner.undo_last()
    assert names() == {t.name for t in teams[:6]} and tab.model.rowCount() == 6

    # Remove (no fixtures yet); Edit → Undo enters the team again
    tab.table.selectRow(0)
    removed = tab.current_team()
    assert removed is not None and tab.remove_button.isEnabled()
    tab.remove_button.click()
    assert removed.name not in names() and tab.model.rowCount() == 5
    window.runner.undo_last()
    assert removed.name in names() and tab.model.rowCount() == 6

    # once it has fixtures a team cannot be removed: the refusal is reported, nothing changes
    window.runner.run_op(lambda: services.seasons.schedule(season_id, "round-robin"))
    tab.table.selectRow(1)
    team = tab.current_team()
    assert team is not None and team.fixtures == 5 and not tab.remove_button.isEnabled()
    tab.remove_selected()
    assert dialogs.errors and "withdraw the team instead" in dialogs.errors[-1][1]
    assert team.name in names() and tab.model.rowCount() == 6

    # Withdraw…: a reason, a confirmation that says what happens to the fixtures; no undo step
    assert "5 unplayed fixture(s) will be recorded as forfeits" in tab.withdrawal_consequences(
        services.seasons.get_season(season_id), team
    )
    before = window.runner.undo.top
    dialogs.script("text", None)  # cancelled: nothing happens
    tab.withdraw_button.click()
    dialogs.script("text", "moved abroad")
    dialogs.script("confirm", True)
    tab.withdraw_button.click()
    stored = next(t for t in services.seasons.get_season(season_id).teams if t.team_id == team.team_id)
    assert stored.withdrawn and stored.withdrawal_reason == "moved abroad"
    row = next(r for r, t in enumerate(tab.model.records) if t.team_id == team.team_id)
    status = tab.model.index(row, 5).data()
    assert status.startswith("withdrawn 20") and status.endswith("— moved abroad")
    tab.table.selectRow(row)
    assert not tab.withdraw_button.isEnabled()
    assert window.runner.undo.top is before
    assert "1 withdrawn" in tab.summary.text()
