"""Season screens: navigator seasons, the schedule wizard, inline results, standings, leaders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from league_manager.services.facade import Services
from league_manager.ui.models import KIND_ROLE, NavigatorModel
from league_manager.ui.schedule_dialog import ScheduleDialog
from league_manager.ui.season_dialog import NewSeasonDialog
from league_manager.ui.season_models import FixtureTableModel, LeaderModel, StandingsModel
from tests.gui.conftest import FakeDialogs


def _season(services: Services) -> int:
    league = services.create_demo().value
    season = services.seasons.create_season(league.id, "Autumn").value
    services.seasons.add_teams(season.id, [t.id for t in services.teams.list_teams(league.id)])
    return season.id


def test_season_models(qtmodeltester: Any, services: Services) -> None:
    season = _season(services)
    preview = services.seasons.schedule(season, "round-robin", preview=True).value
    qtmodeltester.check(FixtureTableModel([f for r in preview.rounds for f in r.fixtures]))
    services.seasons.schedule(season, "round-robin")
    fixtures = services.seasons.fixtures(season)
    model = FixtureTableModel(fixtures)
    qtmodeltester.check(model)
    assert model.rowCount() == len(fixtures) > 0
    standings = StandingsModel(services.seasons.standings(season).overall.rows)
    qtmodeltester.check(standings)
    assert standings.rowCount() == 8
    leaders = services.seasons.leaders(season)
    qtmodeltester.check(LeaderModel(leaders.teams[0].entries if leaders.teams else []))
    nav = NavigatorModel()
    seasons = [
        (s, [(r.number, r.name) for r in services.seasons.rounds(s.id)])
        for s in services.seasons.list_seasons()
    ]
    nav.populate(services.leagues.list_leagues(), services.teams.list_teams(), seasons)
    qtmodeltester.check(nav)
    assert nav.find("season", season).isValid()
    assert nav.find("round", (season, 1)).data(KIND_ROLE) == "round"


def test_season_created_scheduled_and_result_entered(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs, qtbot: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    league = window.ctx.services.leagues.list_leagues()[0]
    window.navigate("league", league.id)

    def name_it(dialog: QDialog) -> bool:
        assert isinstance(dialog, NewSeasonDialog)
        dialog.name.setText("Autumn Cup")
        dialog.create_season()  # every team is entered by default
        return dialog.result() == QDialog.DialogCode.Accepted

    dialogs.on_run = name_it
    window.new_season()
    assert window.current[0] == "season"
    season_id = window.current[1]
    assert window.nav_model.find("season", season_id).isValid()

    seen: list[bool] = []

    def schedule(dialog: QDialog) -> bool:
        assert isinstance(dialog, ScheduleDialog)
        dialog.choose_format("round-robin")
        assert not dialog.commit_button.isEnabled()  # Commit only after a preview
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
        assert dialog.model.rowCount() > 0
        assert window.ctx.services.seasons.fixtures(season_id) == []  # a preview stores nothing
        seen.append(dialog.commit_button.isEnabled())
        dialog.commit()
        return dialog.result() == QDialog.DialogCode.Accepted

    dialogs.on_run = schedule
    window.schedule_season(season_id)
    assert seen == [True]
    page = window.season_page
    assert page.fixture_model.rowCount() == len(window.ctx.services.seasons.fixtures(season_id)) > 0
    assert "Blood Bowl 2020 (2025.05)" in page.header.subtitle.text()  # the edition it is played under
    assert window.nav_model.find("round", (season_id, 1)).isValid()

    fixture = page.fixture_model.row_record(0)
    page.fixture_table.selectRow(0)
    assert page.editor.fixture is not None and page.editor.fixture.id == fixture.id
    choices = page.editor.outcome.model()
    concession = choices.item(page.editor.outcome.findText("Concession"))  # type: ignore[attr-defined]
    assert not concession.isEnabled() and "Concede" in concession.toolTip()  # gold moves only there
    page.editor.home_td.setValue(2)
    page.editor.away_td.setValue(1)
    page.editor.home_cas.setValue(3)
    qtbot.mouseClick(page.editor.save, Qt.MouseButton.LeftButton)
    assert dialogs.errors == []
    stored = window.ctx.services.seasons.get_fixture(fixture.id)
    assert stored.result is not None and (stored.result.home_td, stored.result.away_td) == (2, 1)
    rows = {r.team: r for r in page.standings_model.records}
    assert rows[fixture.home or ""].won == 1 and rows[fixture.home or ""].points > 0
    assert rows[fixture.away or ""].lost == 1
    assert page.standings_model.row_record(0).team == fixture.home
    assert "tie" in page.tiebreak_label.text().lower() or "separated" in page.tiebreak_label.text()

    # Edit → Undo puts back what was there: a changed score, a cleared result, no result
    def score_of(fixture_id: int) -> str | None:
        result = window.ctx.services.seasons.get_fixture(fixture_id).result
        return result.score if result else None

    page.fixture_table.selectRow(0)
    page.editor.home_td.setValue(0)
    page.editor.away_td.setValue(0)
    page.save_result()
    assert score_of(fixture.id) == "0-0"
    assert window.runner.undo.top is not None and "result of" in window.runner.undo.top.label
    window.runner.undo_last()
    assert score_of(fixture.id) == "2-1"
    page.fixture_table.selectRow(0)
    page.clear_result()
    assert score_of(fixture.id) is None
    window.runner.undo_last()
    assert score_of(fixture.id) == "2-1"
    window.runner.undo_last()  # the first entry: the fixture is scheduled again
    assert score_of(fixture.id) is None
    assert page.fixture_model.row_record(0).result is None
    page.fixture_table.selectRow(0)
    page.editor.home_td.setValue(2)
    page.editor.away_td.setValue(1)
    page.editor.home_cas.setValue(3)
    page.save_result()
    assert dialogs.errors == []

    with qtbot.waitSignal(page.fixture_activated) as blocker:
        page.fixture_table.doubleClicked.emit(page.fixture_table.model().index(0, 0))
    assert blocker.args == [fixture.id]
    assert window.current == ("fixture", fixture.id)  # the fixture page, with its Match day… button
    window.navigate("season", season_id)

    # a refused result is reported through the DialogService, nothing changes
    page.fixture_table.selectRow(1)
    assert page.editor.fixture is not None and page.editor.fixture.result is None
    assert not page.editor.clear.isEnabled()
    page.clear_result()
    assert dialogs.errors and "no result" in dialogs.errors[0][1].lower()


def test_round_in_navigator_filters_fixtures(make_window: Any, demo_file: Path) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.services
    season = _season_in(services)
    services.seasons.schedule(season, "round-robin")
    window.refresh()
    window.navigate("round", (season, 2))
    assert window.current == ("season", season)
    assert {f.round for f in window.season_page.fixture_model.records} == {2}


def _season_in(services: Services) -> int:
    league = services.leagues.list_leagues()[0]
    season = services.seasons.create_season(league.id, "Spring").value
    services.seasons.add_teams(season.id, [t.id for t in services.teams.list_teams(league.id)])
    return season.id


def test_screenshot_page_specs(make_window: Any, demo_file: Path, dialogs: FakeDialogs) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.services
    season = _season_in(services)
    assert window.show_spec("season:Spring#standings") is window
    assert window.current == ("season", season)
    assert window.season_page.tabs.tabText(window.season_page.tabs.currentIndex()) == "Standings"
    window.show_spec("season:Spring#teams")
    assert window.season_page.tabs.currentWidget() is window.season_page.teams_tab
    assert window.season_page.teams_tab.model.rowCount() == 8
    dialog = window.show_spec("new-season#divisions")
    assert isinstance(dialog, NewSeasonDialog) and dialog.teams.divisions == ["Old World", "New World"]
    dialog.close()
    wizard = window.show_spec("schedule:Spring")
    assert isinstance(wizard, ScheduleDialog) and wizard.model.rowCount() > 0
    assert wizard.commit_button.isEnabled()
    wizard.close()
    services.seasons.schedule(season, "round-robin")
    again = window.show_spec("schedule:Spring")  # once scheduled, the preview is refused in its line
    assert isinstance(again, ScheduleDialog) and again.model.rowCount() == 0
    assert (
        again.summary.text().startswith("Cannot schedule that:")
        and again.summary.property("tone") == "danger"
    )
    assert not again.commit_button.isEnabled() and dialogs.errors == []  # no box that would block the page
    again.choose_format("swiss")  # another choice clears the refusal
    assert again.summary.property("tone") == "" and "Press Preview" in again.summary.text()
    again.close()
    team = services.teams.list_teams()[0]
    preview = window.show_spec(f"preview:roster:{team.name}")
    assert preview.windowTitle() == f"Preview: Roster of {team.name}"
    preview.close()
