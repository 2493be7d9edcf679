"""The board inside the league app: start from the fixture page, save every action, resume after
the window is destroyed mid-turn, undo under the league policy, abandon, and finish into the
post-game of the match-day wizard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from league_manager.match import actions as a
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.ui.main_window import MainWindow
from league_manager.ui.match_board.launch import SidesDialog
from league_manager.ui.match_board.spec import advance_to
from league_manager.ui.match_board.window import BoardWindow
from league_manager.ui.match_day.wizard import MatchDayWizard
from tests.gui.match_board.board_helpers import press, qt_key


@pytest.fixture(scope="module")
def _pregame_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("board")
    svc = Services.open(folder / "build.db")
    svc.create_demo()
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", [name for _r, name, _c in DEMO_TEAMS][:4])
    svc.seasons.schedule("S", "round-robin")
    fixture = svc.seasons.fixtures("S")[0]
    assert fixture.home_id is not None
    player = svc.teams.get_team(fixture.home_id).players[0]
    svc.advancement.adjust_spp(player.id, 5, "a career before this match")
    svc.match_day.pregame(fixture.id, seed=5)
    target = svc.backup(folder / "pregame.db")
    svc.close()
    return Path(target)


def _window(make_window: Any, tmp_path: Path, template: Path) -> tuple[MainWindow, int]:
    path = tmp_path / "league.db"
    path.write_bytes(template.read_bytes())
    window = make_window()
    window.open_database(str(path), background=False)
    fixture = window.ctx.services.seasons.fixtures("S")[0]
    window.show_fixture(fixture.id)
    return window, fixture.id


def _start(window: MainWindow, dialogs: Any, qtbot: QtBot, away: str = "human") -> BoardWindow:
    def sides(dialog: Any) -> bool:
        assert isinstance(dialog, SidesDialog)
        dialog.combos["away"].setCurrentIndex(
            [c[1] for c in (("", "human"), ("", "random"), ("", "greedy"))].index(away)
        )
        return True

    dialogs.on_run = sides
    page = window.fixture_page
    assert page.board_button.isVisible() and page.board_button.text() == "Play on the board…"
    board_window = page.play_on_board()
    assert board_window is not None
    qtbot.addWidget(board_window)
    board_window.board.bot_delay_ms = 0
    return board_window


def test_a_board_match_saves_every_action_and_resumes_after_the_window_is_destroyed(
    make_window: Any, dialogs: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    window, fid = _window(make_window, tmp_path, _pregame_template)
    services = window.ctx.services
    board_window = _start(window, dialogs, qtbot)
    board = board_window.board
    ctl = board.controller
    for _ in range(6):  # coin toss, both set-ups (with the hand-over), the kick
        prompt = ctl.prompt
        assert prompt is not None
        if ctl.handover_team >= 0:
            press(qtbot, board, Qt.Key.Key_Return)
        elif prompt.kind == a.COIN_TOSS:
            press(qtbot, board, qt_key("K"))
        elif prompt.kind == a.SETUP:
            press(qtbot, board, qt_key("1"), qt_key("E"))
    assert services.board.status(fid).actions == len(ctl.match.actions) > 0
    window.fixture_page.reload()
    assert window.fixture_page.board_button.text() == "Resume board match"
    kind, team, count = ctl.prompt.kind, ctl.prompt.team, len(ctl.match.actions)
    board_window.close()
    board_window.deleteLater()
    qtbot.wait(1)
    resumed = window.fixture_page.play_on_board()
    qtbot.addWidget(resumed)
    again = resumed.board.controller
    assert (again.prompt.kind, again.prompt.team, len(again.match.actions)) == (kind, team, count)
    assert resumed.board.log.count() == len(again.match.events)


def test_undo_follows_the_league_policy_and_is_recorded(
    make_window: Any, dialogs: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    window, fid = _window(make_window, tmp_path, _pregame_template)
    board_window = _start(window, dialogs, qtbot)
    board = board_window.board
    assert board.controller.prompt.kind == a.SETUP  # the pre-game chose the kicking team
    press(qtbot, board, qt_key("1"))  # a formation: no dice rolled since
    assert board.session.game.undo_policy == "before_dice"
    press(qtbot, board, qt_key("U"))
    status = window.ctx.services.board.status(fid)
    assert status.actions == 0 and status.undo_count == 1
    press(qtbot, board, qt_key("1"), qt_key("E"))
    while board.controller.prompt.kind != a.KICK:  # the other set-up (after the hand-over)
        press(qtbot, board, Qt.Key.Key_Return if board.controller.handover_team >= 0 else qt_key("1"))
        if board.controller.prompt.kind == a.SETUP and a.END_SETUP in [
            o.kind for o in board.controller.prompt.options
        ]:
            press(qtbot, board, qt_key("E"))
    square = sorted(board.controller.targets)[0]
    board.act(lambda: board.controller.click(square))  # the kick rolls dice: no undo now
    count = len(board.controller.match.actions)
    press(qtbot, board, qt_key("U"))
    assert len(board.controller.match.actions) == count and "dice" in board.controller.message


def test_abandon_keeps_the_reason_and_frees_the_fixture(
    make_window: Any, dialogs: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    window, fid = _window(make_window, tmp_path, _pregame_template)
    board_window = _start(window, dialogs, qtbot)
    board_window.close()
    window.fixture_page.reload()
    assert window.fixture_page.abandon_button.isVisible()
    dialogs.script("text", "the pub closed")
    window.fixture_page.abandon_button.click()
    status = window.ctx.services.board.status(fid)
    assert status.state == "abandoned" and status.reason == "the pub closed"
    window.fixture_page.reload()
    assert window.fixture_page.board_button.text() == "Play on the board…"


def test_full_time_hands_the_result_to_the_post_game(
    make_window: Any, dialogs: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    window, fid = _window(make_window, tmp_path, _pregame_template)
    board_window = _start(window, dialogs, qtbot, away="greedy")
    board = board_window.board
    assert advance_to(board.controller, "turn")  # the start of a home team turn
    dialogs.script("confirm", True)
    board.concede()
    assert board.controller.prompt is None
    wizards: list[MatchDayWizard] = []

    def show(wizard: Any) -> bool:
        wizards.append(wizard)
        return True

    dialogs.on_run = show
    press(qtbot, board, Qt.Key.Key_Return)  # Finish
    assert wizards and wizards[0].view.stage == "result_entered"
    assert wizards[0].stack.currentIndex() == 2  # the post-game step, the result filled in
    assert window.ctx.services.board.status(fid).state == "finished"


def test_the_match_day_wizard_offers_the_board(
    make_window: Any, dialogs: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    window, fid = _window(make_window, tmp_path, _pregame_template)
    wizard = MatchDayWizard(window.ctx, fid, window.fixture_page)
    qtbot.addWidget(wizard)
    assert wizard.board_button.isEnabled()
    dialogs.on_run = lambda dialog: isinstance(dialog, SidesDialog)
    board_window = wizard.play_on_board()
    assert isinstance(board_window, BoardWindow)
    qtbot.addWidget(board_window)
    assert window.ctx.services.board.status(fid).in_progress


def test_the_board_match_carries_each_players_career_spp(
    make_window: Any, dialogs: Any, qtbot: QtBot, tmp_path: Path, _pregame_template: Path
) -> None:
    window, _fid = _window(make_window, tmp_path, _pregame_template)
    board_window = _start(window, dialogs, qtbot)
    match = board_window.board.session.match
    services = window.ctx.services
    fixture = services.seasons.fixtures("S")[0]
    carried = 0
    for team, snap in enumerate(match.state.teams):
        view = services.teams.get_team((fixture.home_id, fixture.away_id)[team])  # type: ignore[arg-type]
        ledger = {str(p.id): p.spp for p in view.players}
        assert all(p.spp == ledger[p.id] for p in snap.players if p.id in ledger)
        carried += sum(p.spp for p in snap.players)
    assert carried == 5  # the career SPP given before the pre-game
