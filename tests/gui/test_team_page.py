"""The team page: hire and fire with the rules applied, each change in the roster and the ledger."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.ui.hire_dialog import HirePlayerDialog
from league_manager.ui.main_window import MainWindow


def _team_window(make_window: Any, demo_file: Path, name: str = "Middenheim Marauders") -> MainWindow:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    team = window.ctx.services.teams.get_team(name)
    window.navigate("team", team.id)
    assert window.stack.currentWidget() is window.team_page
    return window


def _ledger_reasons(window: MainWindow) -> list[str]:
    return [row.reason for row in window.team_page.ledger_model.records]


def test_hire_and_fire_update_roster_and_ledger(
    qtbot: Any, make_window: Any, demo_file: Path, dialogs: Any
) -> None:
    window = _team_window(make_window, demo_file, "Karak Stonefists")  # dwarfs: 5k in the treasury
    page = window.team_page
    before = page.team
    assert before is not None
    # 5k cannot pay a 70k lineman: the dialog says so and will not accept
    seen: list[str] = []

    def hire(name: str, accept: bool = True):
        def answer(dialog: HirePlayerDialog) -> bool:
            dialog.select_position("Lineman")
            dialog.name.setText(name)
            seen.append(dialog.problem())
            return accept and not dialog.problem()

        return answer

    dialogs.on_run = hire("Grimbold")
    page.hire_player()
    assert "the treasury holds 5,000 gp" in seen[-1]
    assert len(page.team.players) == len(before.players)

    # fire a player during the draft: refunded in full, ledger row, roster row gone
    page.roster.selectRow(0)
    fired = page.selected_player()
    assert fired is not None
    dialogs.script("confirm", True)
    page.fire_player()
    after_fire = page.team
    assert len(after_fire.players) == len(before.players) - 1
    assert fired.id not in {p.id for p in after_fire.players}
    assert after_fire.treasury == before.treasury + fired.value
    assert f"Sold back {fired.name} (draft)" in _ledger_reasons(window)
    assert page.ledger_model.records[-1].balance == after_fire.treasury

    # now there is money for a lineman: hire with a name
    page.hire_player()
    assert seen[-1] == ""
    hired = page.team
    assert len(hired.players) == len(before.players)
    assert "Grimbold" in {p.name for p in hired.players}
    assert _ledger_reasons(window)[-1] == "Hired Dwarf Lineman"
    assert page.ledger_model.records[-1].amount == -70_000
    assert page.history_model.records[0].text.startswith("Hired") or any(
        "Grimbold joined" in e.text for e in page.history_model.records
    )
    # the navigator's league page is told too
    window.navigate("league", hired.league_id)
    row = next(t for t in window.league_page.model.records if t.id == hired.id)
    assert row.treasury == hired.treasury


def test_undo_hire_fire_rename_and_number(
    qtbot: Any, make_window: Any, demo_file: Path, dialogs: Any
) -> None:
    window = _team_window(make_window, demo_file)
    page = window.team_page
    start = page.team
    assert start is not None
    page.roster.selectRow(0)
    player = page.selected_player()
    dialogs.script("text", "Renamed Player")
    page.rename_player()
    assert page.selected_player().name == "Renamed Player"
    dialogs.script("number", 42)
    page.renumber_player()
    assert 42 in {p.number for p in page.team.players}
    assert window.act_undo.text() == "Undo number change of Renamed Player"
    window.act_undo.trigger()
    assert 42 not in {p.number for p in page.team.players}
    window.act_undo.trigger()
    assert player.name in {p.name for p in page.team.players}

    page.select_player(player.id)
    dialogs.script("confirm", True)
    page.fire_player()
    assert len(page.team.players) == len(start.players) - 1
    window.act_undo.trigger()
    assert len(page.team.players) == len(start.players)
    assert page.team.treasury == start.treasury
    assert [r.reason for r in page.ledger_model.records][-1] == f"Undo: sold back {player.name}"
    assert not window.act_undo.isEnabled()


def test_staff_and_rerolls(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    window = _team_window(make_window, demo_file)  # 40k in the treasury
    page = window.team_page
    start = page.team
    page.change_staff("cheerleader", +1)
    assert page.team.cheerleaders == start.cheerleaders + 1
    assert page.team.treasury == start.treasury - 10_000
    page.change_staff("rerolls", -1)
    assert page.team.rerolls == start.rerolls - 1
    window.act_undo.trigger()
    window.act_undo.trigger()
    assert (page.team.rerolls, page.team.cheerleaders, page.team.treasury) == (
        start.rerolls,
        start.cheerleaders,
        start.treasury,
    )
    assert dialogs.errors == []


def test_bad_input_is_refused_in_plain_words(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    window = _team_window(make_window, demo_file)
    page = window.team_page
    page.roster.selectRow(0)
    other = page.team.players[1]
    dialogs.script("number", other.number)
    page.renumber_player()
    title, text, _ = dialogs.errors[-1]
    assert title == "Could not change the number" and f"#{other.number} is already taken" in text
    assert not window.act_undo.isEnabled()


def test_player_card(make_window: Any, demo_file: Path) -> None:
    window = _team_window(make_window, demo_file)
    page = window.team_page
    page.roster.selectRow(0)
    player = page.selected_player()
    page.open_card()
    card = window.player_page
    assert window.stack.currentWidget() is card
    assert card.card is not None and card.card.player.id == player.id
    assert player.name in card.header.title.text()
    assert card.status.rowCount() == 1  # joined the team at the draft
    assert player.skills[0].description[:20] in card.skills.text()
    window.go_back()
    assert window.stack.currentWidget() is window.team_page


def test_a_drafting_team_header_keeps_to_one_line(qtbot: Any, make_window: Any, demo_file: Path) -> None:
    window = _team_window(make_window, demo_file)
    page = window.team_page
    assert page.team is not None and not page.team.first_match_played and page.edit_draft.isVisible()
    title, subtitle = page.header.title, page.header.subtitle
    assert subtitle.text().endswith("drafting — sales refunded in full")
    assert subtitle.shown_text() == subtitle.text() and subtitle.toolTip() == ""  # whole at 1400 px
    assert subtitle.height() < 2 * subtitle.fontMetrics().height()
    window.resize(1000, 900)
    qtbot.waitUntil(lambda: subtitle.shown_text() != subtitle.text())
    assert subtitle.shown_text().endswith("…") and subtitle.toolTip() == subtitle.text()
    assert title.height() < 2 * title.fontMetrics().height()
