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
