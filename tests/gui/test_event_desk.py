"""The tournament desk window: pairing, the keyboard-only result grid, the second screen."""

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from league_manager.rules.exhibition import EventSettings
from league_manager.services.facade import Services
from league_manager.ui.event_desk import EventDesk

COACHES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def _desk(tmp_path: Path, qtbot: QtBot) -> tuple[Services, EventDesk]:
    services = Services.open(tmp_path / "cup.db")
    services.events.create("Cup", EventSettings(rounds=3))
    for coach in COACHES:
        services.events.register(
            "Cup", coach=coach, race="orc", team_name=f"{coach} FC", buys=[("Lineman", 11)]
        )
    desk = EventDesk(lambda: services.events)
    qtbot.addWidget(desk)
    desk.resize(900, 600)
    desk.show()
    return services, desk


def test_pair_and_enter_results_by_keyboard(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot)
    assert desk.registrations.rowCount() == 5
    desk.pair_button.click()
    assert desk.pairings.rowCount() == 3 and "Round 1 paired" in desk.status.text()
    desk.tabs.setCurrentIndex(1)
    desk.table_box.setFocus()
    for box, keys in ((desk.table_box, "1"), (desk.score_a, "2"), (desk.score_b, "1")):
        box.lineEdit().selectAll()
        qtbot.keyClicks(box.lineEdit(), keys)
    qtbot.keyClick(desk.score_b, Qt.Key.Key_Return)
    game = services.events.state("Cup").round_games()[0]
    assert (game.score_a, game.score_b) == (2, 1)
    assert desk.pairings.item(0, 3).text().startswith("2-1")
    assert desk.table_box.hasFocus() or not desk.isActiveWindow()
    assert desk.standings.item(0, 2).text() == "3"
    desk.table_box.setValue(3)  # the bye
    desk.enter_result()
    assert desk.status.text().startswith("Refused: bye")
    desk.pair_button.click()
    assert "Refused" in desk.status.text() and "table(s) 2" in desk.status.text()
    desk.grab().save(str(tmp_path / "desk.png"))
    services.close()


def test_second_screen_refreshes_itself(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot)
    screen = desk.open_second_screen()
    qtbot.addWidget(screen)
    assert screen.font().pointSize() >= 20
    services.events.pair("Cup")  # as another desk would
    screen.timer.setInterval(10)
    qtbot.waitUntil(lambda: screen.pairings.rowCount() == 3, timeout=3000)
    assert "round 1 of 3" in screen.title.text()
    assert screen.standings.rowCount() == 5
    screen.resize(1200, 700)
    screen.grab().save(str(tmp_path / "second.png"))
    screen.close()
    assert screen not in desk.screens
    services.close()


def test_league_menu_opens_the_desk_over_the_open_file(
    make_window: Any, league_file: Path, dialogs: Any
) -> None:
    window = make_window()
    window.act_event_desk.trigger()
    assert dialogs.infos and "Open a league file first" in dialogs.infos[-1][1]
    window.open_database(str(league_file), background=False)
    window.ctx.svc.events.create("Cup", EventSettings())
    window.act_event_desk.trigger()
    assert window.event_desk.isVisible() and window.event_desk.chooser.currentText() == "Cup"
    window.event_desk.close()


def test_register_edit_and_withdraw_on_the_desk(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot)
    assert desk.register_button.isEnabled() and not desk.edit_button.isEnabled()
    dialog = desk.open_register()
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.race.setCurrentIndex(dialog.race.findText("Human"))
    dialog.coach.setText("Fay")
    dialog.naf.setText("4321")
    dialog.team_name.setText("Fay's Reavers")
    dialog.position_boxes["Human Lineman"].setValue(11)
    assert dialog.verdict.text().startswith("Within the rules") and "11 players" in dialog.verdict.text()
    assert not dialog.inducement_boxes["Griff Oberwald"].isEnabled()
    assert "does not allow" in dialog.inducement_boxes["Griff Oberwald"].toolTip()
    dialog.inducement_boxes["Bloodweiser Kegs"].setValue(2)
    dialog.skills.setText("1:Block")
    assert "skill pack: 1 used of 0" in dialog.verdict.text()
    dialog.skills.setText("")
    dialog.position_boxes["Human Lineman"].setValue(10)
    assert dialog.verdict.text().startswith("Refused: players: 10 on the roster")
    dialog.position_boxes["Human Lineman"].setValue(11)
    dialog.position_boxes["Ogre"].setValue(1)
    dialog.rerolls.setValue(8)
    assert dialog.verdict.text().startswith("Refused: budget")
    dialog.rerolls.setValue(0)
    dialog.coach.setText("ann")
    dialog.ok.click()
    assert dialog.isVisible() and "Ann is registered already" in dialog.verdict.text()
    dialog.coach.setText("Fay")
    dialog.grab().save(str(tmp_path / "register.png"))
    dialog.ok.click()
    assert not dialog.isVisible() and desk.status.text().startswith("Registered: Fay")
    fay = services.events.state("Cup").entries[-1]
    assert fay.naf_number == 4321 and fay.roster["inducements"] == {"Bloodweiser Kegs": 2}
    assert "Bloodweiser Kegs x2" in desk.registrations.item(5, 6).text()
    desk.registrations.selectRow(5)
    assert desk.edit_button.isEnabled() and desk.withdraw_button.isEnabled()
    edit = desk.open_register(desk.selected_entry())
    assert edit is not None
    qtbot.addWidget(edit)
    assert edit.coach.text() == "Fay" and edit.position_boxes["Ogre"].value() == 1
    assert edit.inducement_boxes["Bloodweiser Kegs"].value() == 2
    edit.team_name.setText("Fay's Finest")
    edit.ok.click()
    assert services.events.state("Cup").entries[-1].team_name == "Fay's Finest"
    assert desk.registrations.item(5, 2).text() == "Fay's Finest"
    desk.registrations.selectRow(0)
    desk.withdraw_button.click()
    assert desk.status.text() == "Withdrawn: Ann, Ann FC" and desk.registrations.rowCount() == 5
    desk.pair_button.click()
    assert not desk.register_button.isEnabled()
    assert "round 1 is paired" in desk.register_button.toolTip()
    services.close()


def test_stars_on_the_register_dialog_where_allowed(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot)
    services.events.create("Star Cup", EventSettings(stars=True))
    desk.load_names()
    desk.chooser.setCurrentText("Star Cup")
    assert "Star players: allowed" in desk.rules.text()
    dialog = desk.open_register()
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.race.setCurrentIndex(dialog.race.findText("Orc"))
    dialog.coach.setText("Hal")
    dialog.team_name.setText("Hal's Orcs")
    dialog.position_boxes["Orc Lineman"].setValue(11)
    dialog.inducement_boxes["Helmut Wulf"].setValue(1)
    assert "spent 690,000" in dialog.verdict.text().replace(" gp", ""), dialog.verdict.text()
    dialog.ok.click()
    assert services.events.state("Star Cup").entries[0].roster["stars"] == ["Helmut Wulf"]
    services.close()


def test_team_event_on_the_desk(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot)
    assert not desk.tabs.isTabVisible(desk.team_tab)
    services.events.create("Team Cup", EventSettings(team_size=2, team_scoring="sum"))
    for coach, squad in (("Ann", "Reds"), ("Bob", "Reds"), ("Cy", "Blues")):
        services.events.register(
            "Team Cup", coach=coach, race="orc", team_name=f"{coach} FC", buys=[("Lineman", 11)], squad=squad
        )
    desk.load_names()
    desk.chooser.setCurrentText("Team Cup")
    assert "Teams: of 2 coaches" in desk.rules.text() and "sum of the coaches' points" in desk.rules.text()
    desk.pair_button.click()
    assert "every team needs 2 coaches: Blues (1)" in desk.status.text()
    dialog = desk.open_register()
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.squad.isEnabled()
    dialog.race.setCurrentIndex(dialog.race.findText("Orc"))
    dialog.coach.setText("Dee")
    dialog.team_name.setText("Dee FC")
    dialog.position_boxes["Orc Lineman"].setValue(11)
    dialog.squad.setText("reds")
    dialog.ok.click()
    assert "Reds has its 2 coaches already" in dialog.verdict.text()
    dialog.squad.setText("blues")
    dialog.resize(1400, 900)
    dialog.grab().save(str(tmp_path / "register-team.png"))
    dialog.ok.click()
    assert desk.registrations.item(3, 7).text() == "Blues"
    desk.pair_button.click()
    assert desk.tabs.isTabVisible(desk.team_tab) and desk.pairings.rowCount() == 2
    assert {desk.pairings.item(0, 1).text(), desk.pairings.item(0, 2).text()} == {"Ann (Reds)", "Cy (Blues)"}
    services.events.result("Team Cup", 1, (2, 0))
    services.events.result("Team Cup", 2, (1, 0))
    desk.reload()
    winner = services.events.state("Team Cup").round_games()[0].a.squad
    assert desk.team_standings.item(0, 1).text() == winner and desk.team_standings.item(0, 3).text() == "6"
    assert desk.team_standings.item(1, 3).text() == "0"
    screen = desk.open_second_screen()
    qtbot.addWidget(screen)
    assert screen.standings.item(0, 1).text() == winner
    screen.close()
    desk.tabs.setCurrentIndex(desk.team_tab)
    desk.resize(1400, 900)
    desk.grab().save(str(tmp_path / "desk-team.png"))
    services.close()


def test_the_desk_lists_events_created_and_changed_elsewhere(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot)
    services.events.create("Second Cup", EventSettings())
    desk.watch.setInterval(10)
    qtbot.waitUntil(lambda: desk.chooser.findText("Second Cup") >= 0, timeout=3000)
    assert desk.chooser.currentText() == "Cup"
    services.events.register("Cup", coach="Gus", race="orc", team_name="Gus FC", buys=[("Lineman", 11)])
    qtbot.waitUntil(lambda: desk.registrations.rowCount() == 6, timeout=3000)
    services.close()
