"""The tournament desk of a progression event: result details with SPP and MVP, advancements."""

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from pytestqt.qtbot import QtBot

from league_manager.core.errors import LeagueError
from league_manager.rules.dice import ScriptedDice
from league_manager.rules.event_progression import parse_spp
from league_manager.rules.exhibition import EventSettings, parse_picks
from league_manager.services.event_views import mvp_line, player_skills, player_spp
from league_manager.services.facade import Services
from league_manager.ui.event_advance_dialog import EventAdvanceDialog
from league_manager.ui.event_desk import EventDesk
from league_manager.ui.event_new_dialog import NewEventDialog
from league_manager.ui.event_result_dialog import ResultDetailsDialog


def _desk(
    tmp_path: Path, qtbot: QtBot, between_rounds: str = "progression", dice: list[int] | None = None
) -> tuple[Services, EventDesk]:
    services = Services.open(tmp_path / "cup.db")
    services.events.create("Cup", EventSettings(rounds=3, skills=1, between_rounds=between_rounds))
    for coach in ("Ann", "Bob", "Cy"):
        services.events.register(
            "Cup", coach=coach, race="orc", team_name=f"{coach} FC", buys=[("Lineman", 11)],
            picks=parse_picks("2:Block") if coach == "Ann" else (),
        )  # fmt: skip
    desk = EventDesk(lambda: services.events, dice=ScriptedDice(dice or []))
    qtbot.addWidget(desk)
    desk.resize(1000, 600)
    desk.show()
    return services, desk


def _table_of(desk: EventDesk, coach: str) -> tuple[int, bool]:
    """The row of the coach's table in the pairings and whether the coach is side A."""
    assert desk.state is not None
    for row, game in enumerate(desk.state.round_games()):
        if coach in (game.a.coach, game.b.coach if game.b else ""):
            return row, game.a.coach == coach
    raise AssertionError(coach)


def test_result_details_record_spp_and_a_named_mvp(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot, dice=[5])
    assert not desk.details_button.isEnabled() and "No round paired" in desk.details_button.toolTip()
    desk.pair_button.click()
    desk.tabs.setCurrentIndex(1)
    row, ann_is_a = _table_of(desk, "Ann")
    desk.pairings.setFocus()
    desk.pairings.selectRow(row)
    desk.pairings.setCurrentCell(row, 0)
    qtbot.keyClick(desk.pairings, Qt.Key.Key_Return)  # Enter on the table's row opens its details
    dialog = desk.details
    assert dialog is not None and dialog.isVisible()
    qtbot.addWidget(dialog)
    ann, other = (dialog.side_a, dialog.side_b) if ann_is_a else (dialog.side_b, dialog.side_a)
    assert ann.table.rowCount() == 11 and ann.table.item(1, 2).text() == "Block"
    assert ann.mvp.currentText() == "Roll the MVP with the dice"
    (dialog.score_a if ann_is_a else dialog.score_b).setValue(2)
    (dialog.cas_a if ann_is_a else dialog.cas_b).setValue(1)
    ann.table.setFocus()
    ann.table.setCurrentCell(2, 3)  # player 3's TD, typed
    qtbot.keyClicks(ann.table, "3")
    qtbot.keyClick(ann.table.viewport(), Qt.Key.Key_Return)
    ann.table.setCurrentCell(3, 3)
    assert ann.table.item(2, 3).text() == "3"
    dialog.enter_button.click()
    assert dialog.isVisible()
    assert dialog.status.text() == "Refused: SPP: 3 touchdowns by players, but the result says 2"
    ann.table.item(2, 3).setText("two")
    dialog.enter_button.click()
    assert "'two' for TD of Ann's player 3 is not a number" in dialog.status.text()
    ann.table.item(2, 3).setText("2")
    ann.table.item(4, 4).setText("1")  # player 5, a casualty
    ann.mvp.setCurrentIndex(3)
    other.table.item(6, 5).setText("1")  # a completion
    dialog.grab().save(str(tmp_path / "details.png"))
    dialog.enter_button.click()
    assert not dialog.isVisible()
    state = services.events.state("Cup")
    ann_entry = next(e for e in state.entries if e.coach == "Ann")
    assert mvp_line(ann_entry.roster, 1) == "MVP #3 (named)"
    assert player_spp(ann_entry.roster, 3) == 2 * 3 + 4 and player_spp(ann_entry.roster, 5) == 2
    game = state.round_games()[row]
    other_entry = game.b if ann_is_a else game.a
    assert other_entry is not None and mvp_line(other_entry.roster, 1) == "MVP #5 (rolled)"
    assert player_spp(other_entry.roster, 7) == 1
    assert "SPP recorded; MVPs: " in desk.status.text() and "#3 (named)" in desk.status.text()
    # a correction shows what is recorded and keeps it
    desk.pairings.selectRow(row)
    desk.details_button.click()
    again = desk.details
    assert again is not None
    qtbot.addWidget(again)
    ann = again.side_a if ann_is_a else again.side_b
    assert ann.table.item(2, 3).text() == "2" and ann.mvp.currentData() == 3
    other = again.side_b if ann_is_a else again.side_a
    assert other.mvp.currentText() == "Keep the rolled MVP (#5)"
    again.reject()
    services.close()


def test_quick_entry_says_the_mvps_were_rolled(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot, dice=[4, 9])
    desk.pair_button.click()
    row, _ = _table_of(desk, "Ann")
    desk.table_box.setValue(row + 1)
    desk.score_a.setValue(1)
    desk.enter_result()
    assert "MVPs: " in desk.status.text() and "#4 (rolled)" in desk.status.text()
    assert "#9 (rolled)" in desk.status.text() and "Result Details" in desk.status.text()
    bye = next(g for g in services.events.state("Cup").round_games() if g.b is None)
    assert desk.open_details(bye.table) is None and "is a bye" in desk.status.text()
    services.close()


def test_without_progression_details_and_advance_are_unavailable(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot, between_rounds="none")
    desk.pair_button.click()
    desk.registrations.selectRow(0)
    for button in (desk.details_button, desk.advance_button):
        assert not button.isEnabled() and "has not turned on the post-game" in button.toolTip()
    assert desk.open_details(1) is None and "Refused: post-game between rounds" in desk.status.text()
    desk.enter_result()
    assert "MVP" not in desk.status.text()
    assert desk.advance_from_standings(0) is None and "Refused: post-game" in desk.status.text()
    services.close()


def test_advance_buys_a_skill_and_takes_it_back(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot, dice=[1, 1])
    desk.pair_button.click()
    row, ann_is_a = _table_of(desk, "Ann")
    ann_spp = parse_spp("3:td, 3:td, 3:mvp, 2:td")
    spp = (ann_spp, None) if ann_is_a else (None, ann_spp)
    score = (3, 0) if ann_is_a else (0, 3)
    services.events.result("Cup", row + 1, score, spp=spp, dice=ScriptedDice([6]))
    desk.reload()
    ann_row = next(r for r, e in enumerate(desk.state.entries if desk.state else ()) if e.coach == "Ann")
    desk.registrations.selectRow(ann_row)
    assert desk.advance_button.isEnabled()
    desk.advance_button.click()
    dialog = desk.advance_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.addWidget(dialog)
    assert dialog.numbers == [2, 3]  # players with SPP to spend
    dialog.players.selectRow(1)
    model = dialog.kind.model()
    assert isinstance(model, QStandardItemModel)
    kinds = [dialog.kind.itemData(i) for i in range(dialog.kind.count())]
    assert kinds == ["random_primary", "chosen_primary", "random_secondary", "chosen_secondary"]
    assert dialog.kind.itemText(1) == "Chosen primary skill - 6 SPP"
    dialog.kind.setCurrentIndex(1)
    secondary = model.item(3)
    assert not secondary.isEnabled() and secondary.toolTip() == "costs 12 SPP; the player has 10"
    assert not dialog.take_back_button.isEnabled()
    assert dialog.take_back_button.toolTip() == "player 3 bought nothing between rounds"
    dialog.skill.setCurrentText("Block")
    dialog.buy_button.click()
    assert dialog.status.text() == "Player 3 gained Block from round 2 for 6 SPP; TV 590,000"
    assert dialog.players.item(1, 2).text() == "Block (round 2)" and dialog.players.item(1, 3).text() == "4"
    assert dialog.take_back_button.isEnabled()
    dialog.grab().save(str(tmp_path / "advance.png"))
    dialog.take_back_button.click()
    assert dialog.status.text() == "Player 3 gave back Block (round 2); TV 570,000"
    dialog.kind.setCurrentIndex(0)  # random primary: a category to roll on, no skill to name
    assert not dialog.skill.isEnabled() and dialog.category.isEnabled()
    assert dialog.category.currentText() == "General (G)" and dialog.category.currentData() == "G"
    dialog.buy_button.click()
    assert "Player 3 gained Block (rolled 1, 1)" in dialog.status.text()
    assert (
        not dialog.take_back_button.isEnabled()
        and "was rolled: it stays" in dialog.take_back_button.toolTip()
    )
    dialog.players.selectRow(0)  # player 2: the pack's Block was his first advancement, 3 SPP
    assert dialog.kind.itemText(0) == "Random primary skill - 4 SPP" and not model.item(0).isEnabled()
    assert dialog.kind.currentIndex() == -1 and not dialog.buy_button.isEnabled()
    dialog.close()
    entry = next(e for e in services.events.state("Cup").entries if e.coach == "Ann")
    assert player_skills(entry.roster, 3) == ["Block (round 2)"]
    assert desk.registrations.horizontalHeaderItem(5).text() == "SPP to spend"
    assert desk.registrations.item(ann_row, 5).text() == "10 (#2 3, #3 7)"  # #3: 10 - 3 (random)
    assert "#3 Block (round 2)" in desk.registrations.item(ann_row, 7).text()
    ann_rank = next(r for r, s in enumerate(services.events.state("Cup").standings) if s.name == "Ann")
    from_standings = desk.advance_from_standings(ann_rank)
    assert from_standings is not None and from_standings.entry.coach == "Ann"
    from_standings.close()
    services.close()


def test_advance_before_any_game_lists_nobody(tmp_path: Path, qtbot: QtBot) -> None:
    services, desk = _desk(tmp_path, qtbot)
    desk.registrations.selectRow(0)
    dialog = desk.open_advance(desk.selected_entry())
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.players.rowCount() == 0 and not dialog.buy_button.isEnabled()
    assert "No player has SPP to spend yet" in dialog.status.text()
    services.close()


def test_event_page_specs(make_window: Any, league_file: Path) -> None:
    window = make_window()
    window.open_database(str(league_file), background=False)
    services = window.ctx.svc
    services.events.create("Cup", EventSettings(rounds=3, between_rounds="progression"))
    for coach in ("Ann", "Bob"):
        services.events.register(
            "Cup", coach=coach, race="orc", team_name=f"{coach} FC", buys=[("Lineman", 11)]
        )
    assert window.show_spec("event:cup#standings") is window.event_desk
    desk = window.event_desk
    assert desk.chooser.currentText() == "Cup" and desk.tabs.currentWidget() is desk.standings
    with pytest.raises(LeagueError, match="no event 'Bowl'"):
        window.show_spec("event:Bowl")
    early = window.show_spec("event:Cup#advance")
    assert isinstance(early, EventAdvanceDialog) and not early.numbers
    early.close()
    services.events.create("Plain", EventSettings(rounds=3))
    services.events.register("Plain", coach="Cy", race="orc", team_name="Cy FC", buys=[("Lineman", 11)])
    with pytest.raises(LeagueError, match="has not turned on the post-game"):
        window.show_spec("event:Plain#advance")
    services.events.pair("Cup")
    details = window.show_spec("event:Cup#details")
    assert isinstance(details, ResultDetailsDialog) and details.game.table == 1
    details.close()
    services.events.result("Cup", 1, (1, 0), spp=(parse_spp("4:td"), None), dice=ScriptedDice([2, 3]))
    advance = window.show_spec("event:Cup#advance")
    assert isinstance(advance, EventAdvanceDialog) and advance.numbers
    advance.close()
    new = window.show_spec("event#new")
    assert isinstance(new, NewEventDialog)
    new.close()
    window.event_desk.close()


def test_new_event_offers_the_post_game_between_rounds(tmp_path: Path, qtbot: QtBot) -> None:
    services = Services.open(tmp_path / "new.db")
    desk = EventDesk(lambda: services.events)
    qtbot.addWidget(desk)
    desk.show()
    assert "No event yet" in desk.rules.text()
    dialog = desk.open_new_event()
    qtbot.addWidget(dialog)
    assert (
        dialog.between_rounds.currentData() == "none" and "rosters stay" in dialog.between_rounds_text.text()
    )
    assert not dialog.team_scoring.isEnabled()
    dialog.between_rounds.setCurrentIndex(1)
    assert "buy skills between rounds" in dialog.between_rounds_text.text()
    dialog.create_button.click()
    assert dialog.isVisible() and dialog.status.text() == "Refused: event: an event needs a name"
    dialog.name.setText("Spike Open")
    dialog.tie_breakers.setText("opponents_points, luck")
    dialog.create_button.click()
    assert "Refused: tie-breaker: unknown 'luck'" in dialog.status.text()
    dialog.tie_breakers.setText("td_diff, opponents_points")
    dialog.rounds.setValue(4)
    dialog.skills.setValue(2)
    dialog.team_size.setValue(2)
    assert dialog.team_scoring.isEnabled()
    dialog.team_scoring.setCurrentIndex(1)
    dialog.grab().save(str(tmp_path / "new_event.png"))
    dialog.create_button.click()
    assert not dialog.isVisible() and desk.status.text() == "Created: Spike Open"
    assert desk.chooser.currentText() == "Spike Open" and "progression" in desk.rules.text()
    settings = services.events.state("Spike Open").settings
    assert (settings.rounds, settings.skills, settings.team_size, settings.team_scoring) == (4, 2, 2, "sum")
    assert settings.between_rounds == "progression" and settings.tie_breakers == (
        "td_diff",
        "opponents_points",
    )
    services.close()
