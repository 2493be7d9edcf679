"""The fixture page, the match-day wizard (pre-game, tabletop grid or engine, post-game) and the grid."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.ui.main_window import MainWindow
from league_manager.ui.match_day.grid import HEADERS, ResultGridModel
from league_manager.ui.match_day.pregame_card import pregame_card
from league_manager.ui.match_day.wizard import MatchDayWizard


@pytest.fixture(scope="session")
def _season_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("season")
    svc = Services.open(folder / "build.db")
    svc.create_demo()
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", [name for _r, name, _c in DEMO_TEAMS][:4])
    svc.seasons.schedule("S", "round-robin")
    target = svc.backup(folder / "season.db")
    svc.close()
    return Path(target)


@pytest.fixture
def season_file(tmp_path: Path, _season_template: Path) -> Path:
    path = tmp_path / "season.db"
    path.write_bytes(_season_template.read_bytes())
    return path


def _fixture_window(make_window: Any, season_file: Path) -> tuple[MainWindow, Any]:
    window = make_window()
    window.open_database(str(season_file), background=False)
    fixture = window.ctx.services.seasons.fixtures("S")[0]
    window.show_fixture(fixture.id)
    assert window.stack.currentWidget() is window.fixture_page
    return window, fixture


def _wizard(window: MainWindow, dialogs: Any, drive: Any) -> MatchDayWizard:
    seen: list[MatchDayWizard] = []

    def run(wizard: Any) -> bool:
        seen.append(wizard)
        drive(wizard)
        return True

    dialogs.on_run = run
    window.fixture_page.open_wizard()
    return seen[0]


def test_grid_model_passes_modeltester(qtmodeltester: Any, season_file: Path) -> None:
    services = Services.open(season_file)
    try:
        fixture = services.seasons.fixtures("S")[0]
        view = services.match_day.pregame(fixture.id, seed=3).value
    finally:
        services.close()
    model = ResultGridModel()
    model.set_snapshots(view.snapshots)
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == 22


def test_fixture_walked_through_the_wizard_with_a_tabletop_grid(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    window, fixture = _fixture_window(make_window, season_file)
    assert "Not started" in window.fixture_page.tiles["Stage"].value.text()
    home_team = window.ctx.services.teams.get_team(fixture.home_id)
    treasury_before = home_team.treasury

    def drive(wizard: MatchDayWizard) -> None:
        # pre-game with physical dice typed die by die: fans D3 x2, weather 2D6, coin toss
        wizard.pre_dice.typed_mode.setChecked(True)
        captions = [slot.caption for slot, _boxes in wizard.pre_dice.fields]
        home, away = fixture.home, fixture.away
        assert captions == [f"Fan factor {home} D3", f"Fan factor {away} D3", "Weather 2D6", "Coin toss D6"]
        wizard.pre_dice.set_values([2, 1, 4, 3, 5])
        assert wizard.run_pregame()
        assert wizard.view.stage == "pre_game"
        assert all(r["source"] == "typed" for r in wizard.view.pregame["rolls"][:5])
        # the pre-game card is shown until Next: weather 4+3, the coin toss 5
        assert wizard.stack.currentIndex() == 0
        assert wizard.pre_card.isVisibleTo(wizard)
        assert not wizard.pre_run.isVisibleTo(wizard)
        card = wizard.pre_card.text()
        assert "2D6 4 + 3" in card
        assert "coin toss 5" in card
        assert wizard.next_button.isEnabled()
        wizard.next_button.click()
        assert wizard.stack.currentIndex() == 1
        # the tabletop grid: home wins 1-0, the scorer is the first home player
        model = wizard.grid_model
        wizard.scores["home"].setValue(1)
        assert "touchdowns add up to 0" in wizard.problems.text()
        assert not wizard.submit_button.isEnabled()
        assert model.setData(model.index(0, 3), "1")
        assert not wizard.check_grid()
        assert wizard.submit_button.isEnabled()
        assert wizard.submit_grid()
        assert wizard.view.stage == "result_entered"
        # the result is shown until Next
        assert wizard.stack.currentIndex() == 1
        assert wizard.result_text.isVisibleTo(wizard)
        assert "1 – 0" in wizard.result_text.toPlainText()
        wizard.next_button.click()
        assert wizard.stack.currentIndex() == 2
        # post-game: the MVP chosen, program dice
        wizard.mvp["home"].setCurrentIndex(1)
        assert wizard.run_postgame()
        assert wizard.view.stage == "post_game_applied"
        # the post-game stays on screen and ends with the players who can improve
        assert wizard.stack.currentIndex() == 2
        assert wizard.improve.isVisibleTo(wizard)
        rows = wizard.improve.model.rows
        scorer_id = int(wizard.view.snapshots["home"]["players"][0]["id"])
        scorer = next(r for r in rows if r.record.player_id == scorer_id)
        assert scorer.who.startswith(f"{fixture.home} #")
        assert "Random primary skill (3 SPP)" in scorer.choices_text
        # taking it now: the advancement dialog with its choices and costs
        wizard.improve.table.selectRow(rows.index(scorer))
        opened: list[Any] = []

        def buy(dialog: Any) -> bool:
            opened.append(dialog)
            dialog.select("random_primary")
            return True

        dialogs.on_run = buy
        wizard.improve.advance()
        assert opened and opened[0].model.choices
        after = {r.record.player_id: r.record for r in wizard.improve.model.rows}  # listed again
        assert scorer_id not in after or after[scorer_id].advancements == 1
        wizard.next_button.click()
        assert wizard.stack.currentIndex() == 3
        assert "winnings" in wizard.summary.toPlainText()

    _wizard(window, dialogs, drive)
    assert not dialogs.errors
    assert "Post-game applied" in window.fixture_page.tiles["Stage"].value.text()
    window.navigate("team", fixture.home_id)
    team = window.team_page.team
    assert team.treasury > treasury_before
    scorer = team.players[0]
    assert scorer.advancements == 1
    reasons = [row.reason for row in window.team_page.ledger_model.records]
    assert any(f"{fixture.id}" in r for r in reasons)


def test_illegal_tabletop_result_cannot_be_submitted(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    window, _fixture = _fixture_window(make_window, season_file)

    def drive(wizard: MatchDayWizard) -> None:
        assert wizard.run_pregame()
        wizard.scores["away"].setValue(2)
        wizard.grid_model.setData(wizard.grid_model.index(0, 3), "1")
        problems = wizard.check_grid()
        assert len(problems) == 2
        assert "scored 0 but its players' touchdowns add up to 1" in wizard.problems.text()
        assert "scored 2 but its players' touchdowns add up to 0" in wizard.problems.text()
        assert not wizard.submit_button.isEnabled()
        assert not wizard.submit_grid()
        assert wizard.view.stage == "pre_game"

    _wizard(window, dialogs, drive)


def test_fixture_played_on_the_engine(qtbot: Any, make_window: Any, season_file: Path, dialogs: Any) -> None:
    window, _fixture = _fixture_window(make_window, season_file)

    def drive(wizard: MatchDayWizard) -> None:
        assert wizard.run_pregame()
        assert wizard.play_engine()  # on the worker thread
        qtbot.waitUntil(lambda: wizard.view.stage == "result_entered", timeout=60_000)
        assert wizard.view.stage == "result_entered"
        assert wizard.run_postgame()

    _wizard(window, dialogs, drive)
    assert not dialogs.errors
    assert "Post-game" in window.fixture_page.record.toPlainText()


def test_missing_physical_dice_are_refused_not_rolled(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    window, _fixture = _fixture_window(make_window, season_file)

    def drive(wizard: MatchDayWizard) -> None:
        wizard.pre_dice.typed_mode.setChecked(True)
        slot, boxes = wizard.pre_dice.fields[2]
        assert slot.caption == "Weather 2D6" and len(boxes) == 2
        assert boxes[0].maximum() == 6  # a 7 cannot be typed for a D6
        wizard.pre_dice.set_values([2, 1, 4])  # the second weather die and the coin toss are missing
        assert not wizard.run_pregame()
        assert wizard.view is None

    _wizard(window, dialogs, drive)
    message = dialogs.errors[0][1]
    assert "Weather 2D6 (die 2) is not typed in" in message and "Coin toss D6 is not typed in" in message


def test_service_refuses_a_missing_typed_die_instead_of_rolling_it(season_file: Path) -> None:
    from league_manager.core.errors import RuleViolation

    services = Services.open(season_file)
    try:
        fixture = services.seasons.fixtures("S")[0]
        with pytest.raises(RuleViolation, match=r"roll 5 \(coin toss, a D6\) was not typed in"):
            services.match_day.pregame(fixture.id, typed=[2, 1, 4, 3], all_typed=True)
        with pytest.raises(RuleViolation, match="pre-game yet"):
            services.match_day.get(fixture.id)  # nothing was kept
        view = services.match_day.pregame(fixture.id, typed=[2, 1, 4, 3, 5], all_typed=True).value
    finally:
        services.close()
    assert [r["source"] for r in view.pregame["rolls"]] == ["typed"] * 5
    assert view.pregame["seed"] is None


def test_grid_is_typed_from_the_keyboard(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QAbstractItemDelegate, QComboBox

    window, _fixture = _fixture_window(make_window, season_file)

    def drive(wizard: MatchDayWizard) -> None:
        assert wizard.run_pregame()
        wizard.show()
        wizard.go(1)
        panel = wizard.grid
        home = panel.tables["home"]
        rows = home.model()
        assert rows.rowCount() == sum(1 for r in wizard.grid_model.rows if r["side"] == "home")
        assert panel.headings["away"].text().startswith(wizard.grid_model.team_names["away"])
        assert home.isColumnHidden(HEADERS.index("Team"))
        widths = [home.columnWidth(c) for c in range(len(HEADERS))]
        # Tab from the name skips the read-only cells to TD; a figure typed, Tab goes on to COMP
        home.setFocus()
        home.setCurrentIndex(rows.index(0, HEADERS.index("Player")))
        qtbot.keyClick(home, Qt.Key.Key_Tab)
        assert home.currentIndex().column() == HEADERS.index("TD")
        qtbot.keyClick(home, Qt.Key.Key_1)
        qtbot.keyClick(home.focusWidget() or home, Qt.Key.Key_Tab)
        assert wizard.grid_model.rows[0]["td"] == 1
        assert home.currentIndex().column() == HEADERS.index("COMP")
        assert "touchdowns add up to 1" in wizard.problems.text()
        assert "Totals: TD 1 " in panel.total_labels["home"].text()
        assert [home.columnWidth(c) for c in range(len(HEADERS))] == widths  # nothing moved
        # the last cell of a row is followed by the first cell taking input on the next row
        home.setCurrentIndex(rows.index(0, HEADERS.index("Sent off")))
        qtbot.keyClick(home, Qt.Key.Key_Tab)
        assert (home.currentIndex().row(), home.currentIndex().column()) == (1, HEADERS.index("TD"))
        qtbot.keyClick(home, Qt.Key.Key_Backtab)
        assert (home.currentIndex().row(), home.currentIndex().column()) == (0, HEADERS.index("Sent off"))
        # the injury cell is a drop-down of the casualty table's results
        injury = rows.index(0, HEADERS.index("Injury"))
        home.setCurrentIndex(injury)
        home.edit(injury)
        editor = home.indexWidget(injury) or home.focusWidget()
        assert isinstance(editor, QComboBox)
        items = [editor.itemData(i) for i in range(editor.count())]
        assert items == ["", "Badly Hurt", "Seriously Hurt", "Serious Injury", "Lasting Injury", "Dead"]
        editor.setCurrentIndex(items.index("Badly Hurt"))
        home.commitData(editor)
        home.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
        assert wizard.grid_model.rows[0]["injury"] == "Badly Hurt"
        # who caused it: a drop-down of the opposing players, by shirt number
        by = rows.index(0, HEADERS.index("Injured by"))
        home.setCurrentIndex(by)
        home.edit(by)
        editor = home.indexWidget(by) or home.focusWidget()
        assert isinstance(editor, QComboBox)
        foes = sorted((r for r in wizard.grid_model.rows if r["side"] == "away"), key=lambda r: r["number"])
        assert [editor.itemData(i) for i in range(editor.count())] == ["", *(r["id"] for r in foes)]
        editor.setCurrentIndex(2)
        home.commitData(editor)
        home.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
        assert wizard.grid_model.rows[0]["injured_by"] == foes[1]["id"]
        assert by.data() == f"#{foes[1]['number']} {foes[1]['name']}"
        assert rows.setData(by, f"#{foes[0]['number']}")  # typed: the shirt number
        assert not rows.setData(by, "#999") and wizard.grid_model.rows[0]["injured_by"] == foes[0]["id"]
        # sent off is a column of its own and goes into the result document
        sent_off = rows.index(1, HEADERS.index("Sent off"))
        assert rows.setData(sent_off, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
        assert "sent off 1" in panel.total_labels["home"].text()
        document = wizard.grid_model.document(wizard.grid_scores())
        assert document["players"][1]["sent_off"] is True and document["players"][0]["sent_off"] is False
        assert document["players"][0]["injured_by"] == foes[0]["id"]
        assert "injured_by" not in document["players"][1]
        wizard.close()

    _wizard(window, dialogs, drive)


def _give_gold(services: Any, team_id: int, amount: int) -> None:
    from sqlmodel import Session

    from league_manager.persistence import repositories as repo

    with Session(services.engine) as session:
        repo.add_treasury(team_id, amount, "test prize", "prize", session=session)
        session.commit()


def test_inducement_model_passes_modeltester(qtmodeltester: Any, season_file: Path) -> None:
    from league_manager.ui.match_day.inducements import InducementModel

    services = Services.open(season_file)
    try:
        fixture = services.seasons.fixtures("S")[0]
        offer = services.match_day.inducement_offer(fixture.id)
    finally:
        services.close()
    model = InducementModel()
    model.set_offer(offer.sides["away"])
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == len(offer.sides["away"].lines) > 10
    assert model.data(model.index(0, 2)).endswith(" gp")


def test_inducements_bought_through_the_picker(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    window, _fixture = _fixture_window(make_window, season_file)
    services = window.ctx.services
    orcs = services.teams.get_team("Gutrot Ironjaws")  # home, the favourite
    _give_gold(services, orcs.id, 100_000)

    def drive(wizard: MatchDayWizard) -> None:
        picker = wizard.picker
        picker.update_offer()
        home, away = picker.offer.sides["home"], picker.offer.sides["away"]
        assert (home.role, home.budget, away.role, away.budget) == ("favourite", 100_000, "underdog", 40_000)
        assert "40,000 gp left" in picker.budgets["away"].text()
        # the favourite spends treasury first: the underdog's petty cash grows by what it spent
        assert picker.set_quantity("home", "Bloodweiser Kegs", 1)
        assert picker.offer.sides["away"].budget == 90_000
        assert "petty cash 90,000 gp" in picker.budgets["away"].text()
        assert "50,000 gp left" in picker.budgets["home"].text()
        # a third keg is over the limit: refused in plain words, nothing changes
        assert not picker.set_quantity("home", "Bloodweiser Kegs", 3)
        assert "at most 2" in picker.message.text()
        assert picker.purchases()["home"][0].quantity == 1
        # the underdog: four cheerleaders fit the budget, a coach on top does not
        assert picker.set_quantity("away", "Temp Agency Cheerleaders", 4)
        assert "10,000 gp left" in picker.budgets["away"].text()
        assert not picker.set_quantity("away", "Part-time Assistant Coaches", 1)
        assert "may spend 90,000 gp" in picker.message.text()
        row = next(
            i
            for i, line in enumerate(picker.models["away"].lines)
            if line.name == "Part-time Assistant Coaches"
        )
        assert picker.models["away"].data(picker.models["away"].index(row, 3)) == 0
        # the favourite takes its keg back: the underdog's choice no longer fits, nothing rolls
        assert wizard.pre_run.isEnabled()
        assert picker.set_quantity("home", "Bloodweiser Kegs", 0)
        assert "may spend 40,000 gp" in picker.message.text()
        assert not wizard.pre_run.isEnabled()
        assert picker.set_quantity("home", "Bloodweiser Kegs", 1)
        assert wizard.pre_run.isEnabled()
        assert wizard.run_pregame()
        teams = wizard.view.pregame["teams"]
        assert teams["home"]["inducements"]["lines"] == [
            {"name": "Bloodweiser Kegs", "kind": "common", "quantity": 1, "unit_cost": 50_000, "cost": 50_000}
        ]
        assert teams["away"]["inducements"]["spent"] == 80_000
        assert not picker.isVisible()

    _wizard(window, dialogs, drive)
    assert not dialogs.errors
    assert services.teams.get_team(orcs.name).treasury == 50_000


def _played(window: MainWindow, fixture: Any) -> Any:
    """The fixture played 1-0 on the tabletop (the first home player scores), post-game applied."""
    services = window.ctx.services
    view = services.match_day.pregame(fixture.id, seed=3).value
    grid = ResultGridModel()
    grid.set_snapshots(view.snapshots)
    grid.setData(grid.index(0, 3), "1")
    services.match_day.record(fixture.id, grid.document({"home": 1, "away": 0}))
    services.match_day.postgame(fixture.id, seed=2)
    window.show_fixture(fixture.id)
    return view


def _correct(window: MainWindow, dialogs: Any, drive: Any) -> Any:
    from league_manager.ui.match_day.correction import CorrectionDialog

    seen: list[CorrectionDialog] = []

    def run(dialog: Any) -> bool:
        seen.append(dialog)
        drive(dialog)
        return True

    dialogs.on_run = run
    window.fixture_page.open_correction()
    return seen[0]


def test_correction_adds_a_touchdown_and_the_team_page_follows(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    window, fixture = _fixture_window(make_window, season_file)
    assert window.fixture_page.correct.isHidden()
    view = _played(window, fixture)
    assert not window.fixture_page.correct.isHidden()
    window.navigate("team", fixture.home_id)
    before = window.team_page.team
    second = view.snapshots["home"]["players"][1]
    spp_before = next(p.spp for p in before.players if str(p.id) == str(second["id"]))
    window.show_fixture(fixture.id)

    def drive(dialog: Any) -> None:
        model = dialog.model
        assert model.rows[0]["td"] == 1 and dialog.scores["home"].value() == 1  # pre-filled
        assert not dialog.apply_button.isEnabled()
        # a second touchdown, by the second home player
        dialog.scores["home"].setValue(2)
        assert "touchdowns add up to 1" in dialog.problems.text()
        assert model.setData(model.index(1, 3), "1")
        assert "Give the reason" in dialog.problems.text()
        dialog.reason.setText("the second touchdown was missed")
        assert dialog.apply_button.isEnabled()
        assert dialog.apply()
        text = dialog.outcome.toPlainText()
        assert "Corrected: what changed" in text
        assert f"#{second['number']} {second['name']}" in text and "SPP" in text
        assert "treasury" in text
        assert "Corrected;" in dialog.problems.text() and not dialog.grid.isEnabled()
        dialog.show()
        dialog.close()  # closing after a correction (QDialog.done must stay a method)

    _correct(window, dialogs, drive)
    assert not dialogs.errors
    assert "2 – 0" in window.fixture_page.tiles["Score"].value.text()
    window.navigate("team", fixture.home_id)
    after = window.team_page.team
    assert next(p.spp for p in after.players if str(p.id) == str(second["id"])) >= spp_before + 3
    assert after.treasury != before.treasury


def test_conflicting_correction_lists_the_conflicts_and_changes_nothing(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    window, fixture = _fixture_window(make_window, season_file)
    _played(window, fixture)
    services = window.ctx.services
    later = next(
        f
        for f in services.seasons.fixtures("S")
        if f.id != fixture.id and fixture.home_id in (f.home_id, f.away_id)
    )
    services.match_day.pregame(later.id, seed=1)  # a later fixture kicks off with the old roster
    treasury = services.teams.get_team(fixture.home_id).treasury

    def drive(dialog: Any) -> None:
        dialog.scores["home"].setValue(2)
        dialog.model.setData(dialog.model.index(1, 3), "1")
        dialog.reason.setText("a missed touchdown")
        assert not dialog.apply()
        assert any(f"fixture {later.id} kicked off since" in c for c in dialog.conflicts)
        assert "nothing was changed" in dialog.outcome.toPlainText()
        assert f"fixture {later.id}" in dialog.outcome.toPlainText()

    _correct(window, dialogs, drive)
    assert dialogs.errors and "Could not correct the result" in dialogs.errors[0][0]
    assert services.match_day.get(fixture.id).result["home"]["score"] == 1
    assert services.teams.get_team(fixture.home_id).treasury == treasury


def test_inducement_and_correction_page_specs(make_window: Any, season_file: Path, dialogs: Any) -> None:
    window, fixture = _fixture_window(make_window, season_file)
    wizard = window.show_spec(f"fixture:{fixture.id}#inducements")
    assert isinstance(wizard, MatchDayWizard) and wizard.view is None
    assert wizard.picker.isVisible() and any(wizard.picker.purchases().values())
    wizard.close()
    dialog = window.show_spec(f"fixture:{fixture.id}#correct")
    assert dialog.corrected and "Corrected: what changed" in dialog.outcome.toPlainText()
    dialog.close()
    assert not dialogs.errors


def test_picker_quantity_is_typed_in_its_spin_box(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    from PySide6.QtWidgets import QAbstractItemDelegate, QSpinBox

    from league_manager.ui.match_day.inducements import QUANTITY

    window, _fixture = _fixture_window(make_window, season_file)

    def drive(wizard: MatchDayWizard) -> None:
        wizard.show()
        picker = wizard.picker
        table, model = picker.tables["away"], picker.models["away"]  # the underdog, 40,000 gp
        row = next(i for i, line in enumerate(model.lines) if line.name == "Temp Agency Cheerleaders")
        index = model.index(row, QUANTITY)
        for typed, kept in (("2", 2), ("3", 2)):  # a third cheerleader is over the budget
            table.setCurrentIndex(index)
            table.edit(index)
            editors = [w for w in table.viewport().findChildren(QSpinBox) if w.isVisible()]
            editor = editors[0]
            editor.selectAll()
            qtbot.keyClicks(editor, typed)
            table.commitData(editor)  # what the delegate does on Return or on leaving the cell
            table.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
            assert model.data(index) == kept
        assert "may spend 40,000 gp" in picker.message.text()
        assert picker.purchases()["away"][0].quantity == 2
        wizard.close()

    _wizard(window, dialogs, drive)


def test_result_is_corrected_before_the_post_game(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    window, fixture = _fixture_window(make_window, season_file)
    services = window.ctx.services
    view = services.match_day.pregame(fixture.id, seed=3).value
    grid = ResultGridModel()
    grid.set_snapshots(view.snapshots)
    services.match_day.record(fixture.id, grid.document({"home": 0, "away": 0}))
    window.show_fixture(fixture.id)
    assert not window.fixture_page.correct.isHidden()  # a wrong result need not wait for the post-game

    def drive(dialog: Any) -> None:
        dialog.scores["home"].setValue(1)
        assert dialog.model.setData(dialog.model.index(0, 3), "1")
        dialog.reason.setText("typed into the wrong row")
        assert dialog.apply()

    _correct(window, dialogs, drive)
    assert not dialogs.errors
    after = services.match_day.get(fixture.id)
    assert after.stage == "result_entered"  # the post-game is still to come, on the corrected result
    assert "1 – 0" in window.fixture_page.tiles["Score"].value.text()


def test_pregame_is_cancelled_with_a_reason_and_run_again(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    window, fixture = _fixture_window(make_window, season_file)
    page = window.fixture_page
    assert page.cancel_pregame_button.isHidden()  # nothing to cancel yet
    services = window.ctx.services
    services.match_day.pregame(fixture.id, seed=3)
    window.show_fixture(fixture.id)
    assert not page.cancel_pregame_button.isHidden()
    dialogs.script("text", "")  # an empty reason cancels the cancel
    page.cancel_pregame()
    assert services.match_day.get(fixture.id).stage == "pre_game"
    dialogs.script("text", "the coaches swapped sides")
    page.cancel_pregame()
    assert not dialogs.errors
    assert services.seasons.get_fixture(fixture.id).status == "scheduled"
    assert page.view is None and page.cancel_pregame_button.isHidden()  # the page followed the change
    assert "Not started" in page.tiles["Stage"].value.text()
    again = services.match_day.pregame(fixture.id, seed=4).value
    assert again.corrections[0]["reason"] == "pre-game cancelled: the coaches swapped sides"
    window.show_fixture(fixture.id)
    assert "pre-game cancelled: the coaches swapped sides" in page.record.toPlainText()


def test_pregame_card_reads_the_pregame_record(season_file: Path) -> None:
    services = Services.open(season_file)
    try:
        fixture = services.seasons.fixtures("S")[0]
        view = services.match_day.pregame(fixture.id, seed=3, typed=[2, 1, 4, 3, 5]).value
    finally:
        services.close()
    card = pregame_card(view)
    pre = view.pregame
    assert [t.name for t in card.teams] == [view.home, view.away]
    home = pre["teams"]["home"]
    assert card.teams[0].fan_factor.startswith(f"{home['fan_factor']} (D3 2 + ")
    assert card.weather == f"{pre['weather']['result']} (2D6 4 + 3)"
    kicking = view.home if pre["kick_off"]["kicking"] == "home" else view.away
    assert card.kick_off.startswith(f"{kicking} kick, ")
    assert len(card.prayers) == max(1, len(pre["prayers"]["results"]))


def test_players_are_named_with_their_team_and_races_by_name(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    window, fixture = _fixture_window(make_window, season_file)
    teams: dict[str, str] = {}

    def drive(wizard: MatchDayWizard) -> None:
        assert wizard.run_pregame()
        teams.update({side: wizard.view.snapshots[side]["name"] for side in ("home", "away")})
        first = wizard.view.snapshots["home"]["players"][0]
        # a refusal names the player with the team
        model = wizard.grid_model
        injury = HEADERS.index("Injury")
        assert model.setData(model.index(0, injury), "Lasting")
        assert f"{teams['home']} #{first['number']} {first['name']}: a Lasting Injury" in " ".join(
            wizard.check_grid()
        )
        assert model.setData(model.index(0, injury), "")
        assert wizard.play_engine()  # on the worker thread
        qtbot.waitUntil(lambda: wizard.view.stage == "result_entered", timeout=60_000)
        for side in ("home", "away"):
            combo = wizard.mvp[side]
            assert wizard.mvp_labels[side].text() == f"MVP of {teams[side]}"
            assert all(combo.itemText(i).startswith(f"{teams[side]} #") for i in range(1, combo.count()))
        assert wizard.run_postgame()
        summary = wizard.summary.toPlainText()
        assert f"{teams['home']} #" in summary and f"{teams['away']} #" in summary

    _wizard(window, dialogs, drive)
    assert not dialogs.errors
    window.fixture_page.reload()
    view = window.fixture_page.view
    team_ids = {"home": fixture.home_id, "away": fixture.away_id}
    for side, browser in window.fixture_page.rosters.items():
        race_id = view.snapshots[side]["race"]
        race_name = window.ctx.services.teams.get_team(team_ids[side]).race
        assert race_name != race_id  # "Wood Elf", not "woodelf"
        text = browser.toPlainText()
        assert f"({race_name})" in text
        assert f"({race_id})" not in text


def test_the_engine_plays_on_the_worker_thread_and_the_step_waits(
    qtbot: Any, make_window: Any, season_file: Path, dialogs: Any
) -> None:
    window, _fixture = _fixture_window(make_window, season_file)
    ticks: list[int] = []

    def drive(wizard: MatchDayWizard) -> None:
        assert wizard.run_pregame()
        wizard.bot.setCurrentText("greedy")
        timer = QTimer(wizard)
        timer.timeout.connect(lambda: ticks.append(1))
        timer.start(5)
        assert wizard.play_engine()
        assert not wizard.play_button.isEnabled() and not wizard.board_button.isEnabled()
        assert wizard.play_button.text() == "The bots are playing…"
        qtbot.waitUntil(lambda: wizard.view.stage == "result_entered", timeout=60_000)
        timer.stop()
        assert wizard.play_button.text() == "Play on the engine"
        assert wizard.next_button.isEnabled()

    _wizard(window, dialogs, drive)
    assert not dialogs.errors
    assert ticks  # the window kept answering while the bots played
