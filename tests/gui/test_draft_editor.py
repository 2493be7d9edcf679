"""The draft editor, driven like a coach would: from an empty draft to a saved, re-opened team."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from league_manager.services.facade import Services
from league_manager.ui.pages.draft import DraftPage


def _row(page: DraftPage, name: str) -> int:
    return next(r for r in range(page.model.rowCount()) if page.model.position(r).name == name)


def _open_new_team(make_window: Any, league_file: Path) -> tuple[Any, DraftPage]:
    window = make_window()
    window.open_database(str(league_file), background=False)
    league = window.ctx.services.leagues.get_league("Test League")
    window.navigate("new-team", league.id)
    page = window.draft_page
    assert window.stack.currentWidget() is page
    return window, page


def test_draft_from_empty_to_saved_team(
    qtbot: Any, make_window: Any, league_file: Path, dialogs: Any
) -> None:
    window, page = _open_new_team(make_window, league_file)
    assert not page.save.isEnabled()
    assert "needs a name" in page.problems_text.text()
    qtbot.keyClicks(page.name, "Reikland Reavers")
    qtbot.keyClicks(page.coach, "Ada")
    page.race.setCurrentIndex(page.race.findData("human"))
    assert page.model.counts() == {}

    # keyboard: select the linemen and press + eleven times, then - once and + once
    lineman = _row(page, "Human Lineman")
    page.table.selectRow(lineman)
    for _ in range(11):
        qtbot.keyClick(page.table, Qt.Key.Key_Plus)
    qtbot.keyClick(page.table, Qt.Key.Key_Minus)
    qtbot.keyClick(page.table, Qt.Key.Key_Insert)
    # buttons: two blitzers
    page.table.selectRow(_row(page, "Human Blitzer"))
    qtbot.mouseClick(page.add, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.add, Qt.MouseButton.LeftButton)
    page.rerolls.setValue(2)
    page.apothecary.setChecked(True)

    assert page.model.counts() == {"Human Lineman": 11, "Human Blitzer": 2}
    assert page.check is not None and page.check.legal
    assert page.check.cost == 11 * 50_000 + 2 * 85_000 + 2 * 50_000 + 50_000
    assert page.budget_bar.value() == page.check.cost
    assert page.left_over.text() == "Left for the treasury: 130,000 gp"
    assert "Ready to save" in page.problems_text.text()
    assert page.save.isEnabled()

    qtbot.mouseClick(page.save, Qt.MouseButton.LeftButton)
    assert dialogs.errors == []
    assert window.stack.currentWidget() is window.team_page
    team = window.team_page.team
    assert team is not None and team.name == "Reikland Reavers"
    assert len(team.players) == 13 and team.treasury == 130_000
    assert window.nav_model.find("team", team.id).isValid()
    window.go_back()  # back skips the finished draft and lands on the league
    assert window.stack.currentWidget() is window.league_page

    # closed and re-opened, the team is still there
    window.close_database()
    again = make_window()
    again.open_database(str(league_file), background=False)
    assert again.stack.currentWidget() is again.league_page
    assert [t.name for t in again.league_page.model.records] == ["Reikland Reavers"]
    again.league_page.open_team(0)
    assert again.team_page.team is not None and again.team_page.team.rerolls == 2


def test_illegal_draft_cannot_be_saved_and_says_why(
    qtbot: Any, make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    path = tmp_path / "small-budget.db"
    services = Services.open(path)
    services.leagues.create_league("Test League", settings={"budget": 500_000})
    services.close()
    window, page = _open_new_team(make_window, path)
    qtbot.keyClicks(page.name, "Too Rich")
    qtbot.keyClicks(page.coach, "Bruno")
    page.race.setCurrentIndex(page.race.findData("human"))
    page.table.selectRow(_row(page, "Human Lineman"))
    for _ in range(11):
        qtbot.keyClick(page.table, Qt.Key.Key_Plus)
    text = page.problems_text.text()
    assert "Budget:" in text and "50,000 gp over" in text
    assert page.left_over.text() == "Over budget by 50,000 gp"
    assert page.budget_bar.property("over") is True
    assert not page.save.isEnabled()
    page.save_draft()  # even when forced, nothing is written
    assert window.stack.currentWidget() is page
    assert window.ctx.services.teams.list_teams() == []

    # too few players is also explained
    qtbot.keyClick(page.table, Qt.Key.Key_Delete)
    qtbot.keyClick(page.table, Qt.Key.Key_Delete)
    assert "Players: 9 on the roster; a team needs 11-16" in page.problems_text.text()
    assert "Budget" not in page.problems_text.text()


def test_edit_draft_before_first_match_and_undo(qtbot: Any, make_window: Any, demo_file: Path) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.services
    team = services.teams.get_team("Middenheim Marauders")
    window.navigate("draft", team.id)
    page = window.draft_page
    assert not page.race.isEnabled() and page.name.isReadOnly()
    page.table.selectRow(_row(page, "Human Lineman"))
    qtbot.keyClick(page.table, Qt.Key.Key_Plus)
    assert not page.save.isEnabled()  # 40k in the treasury does not pay a 50k lineman
    assert "Budget" in page.problems_text.text()
    page.table.selectRow(_row(page, "Human Catcher"))
    qtbot.keyClick(page.table, Qt.Key.Key_Minus)
    assert page.save.isEnabled()
    qtbot.mouseClick(page.save, Qt.MouseButton.LeftButton)
    after = services.teams.get_team(team.id)
    assert len(after.players) == len(team.players)
    assert after.treasury == team.treasury + 65_000 - 50_000
    assert window.act_undo.isEnabled() and "draft" in window.act_undo.text()
    window.act_undo.trigger()
    undone = services.teams.get_team(team.id)
    assert len(undone.players) == len(team.players) and undone.treasury == team.treasury


def test_suggest_draft_is_legal_for_every_race(qtbot: Any, make_window: Any, league_file: Path) -> None:
    _, page = _open_new_team(make_window, league_file)
    page.name.setText("Any")
    page.coach.setText("Anyone")
    for index in range(page.race.count()):
        page.race.setCurrentIndex(index)
        page.fill_suggestion()
        assert page.save.isEnabled(), (page.race.currentText(), page.problems_list())


def test_no_draft_editing_after_the_first_match(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    team = window.ctx.services.teams.list_teams()[0]
    window.ctx.services.teams.set_first_match_played(team.id)
    window.navigate("team", team.id)
    assert not window.team_page.edit_draft.isVisibleTo(window)
    window.navigate("draft", team.id)
    assert window.stack.currentWidget() is window.team_page
    assert "has played a match" in dialogs.errors[-1][1]


def test_draft_editor_says_why_a_count_will_not_go_up(make_window: Any, league_file: Path) -> None:
    _window, page = _open_new_team(make_window, league_file)
    page.race.setCurrentIndex(page.race.findData("human"))
    blitzer = _row(page, "Human Blitzer")
    cap = page.model.position(blitzer).max_quantity
    for _ in range(cap):
        page.change(blitzer, +1)
    assert page.limit_note.text() == ""
    page.change(blitzer, +1)
    assert page.model.counts()["Human Blitzer"] == cap
    assert page.limit_note.text() == f"Human Blitzer: at most {cap}"
    page.change(blitzer, -1)
    assert page.limit_note.text() == ""
    page.change(_row(page, "Human Lineman"), -1)
    assert page.limit_note.text() == "Human Lineman: none bought to sell"
