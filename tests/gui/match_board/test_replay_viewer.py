"""The replay viewer and the spectator window: step by action, turn and drive with the log in
step, jump to a turn, export, branch into a practice match; a read-only window following a
board match live."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from league_manager.match.engine import Match
from league_manager.match.replay import state_digest
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.ui.match_board.narration import narrate
from league_manager.ui.match_board.practice import player_names
from league_manager.ui.match_board.replay_launch import replay_window
from league_manager.ui.match_board.session import BoardSession, LocalGame
from league_manager.ui.match_board.spectator import SpectatorWindow
from league_manager.ui.match_board.window import BoardWindow


@pytest.fixture(scope="module")
def _played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A season whose first fixture was played on the engine and whose second is on the board."""
    folder = tmp_path_factory.mktemp("replay")
    svc = Services.open(folder / "build.db")
    svc.create_demo()
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", [name for _r, name, _c in DEMO_TEAMS][:4])
    svc.seasons.schedule("S", "round-robin")
    first, second = (f.id for f in svc.seasons.fixtures("S")[:2])
    assert first is not None and second is not None
    svc.match_day.play(first, seed=3)
    svc.match_day.pregame(second, seed=5)
    svc.board.start(second, seed=9, controllers={"home": "random", "away": "random"})
    target = svc.backup(folder / "played.db")
    svc.close()
    return Path(target)


@pytest.fixture
def services(_played: Path, tmp_path: Path) -> Any:
    path = tmp_path / "league.db"
    path.write_bytes(_played.read_bytes())
    svc = Services.open(path)
    yield svc
    svc.close()


def _ids(services: Services) -> tuple[int, int]:
    first, second = (f.id for f in services.seasons.fixtures("S")[:2])
    assert first is not None and second is not None
    return first, second


def _log(window: Any) -> list[str]:
    return [window.log.item(i).text() for i in range(window.log.count())]


def _expected(document: dict[str, Any], count: int, names: tuple[str, str]) -> tuple[str, list[str]]:
    match = Match.from_dict({**document, "actions": document["actions"][:count]})
    return state_digest(match.state), [narrate(e, player_names(match), names) for e in match.events]


def test_the_viewer_steps_by_action_turn_and_drive_with_the_log_in_step(
    qtbot: QtBot, services: Services, dialogs: Any
) -> None:
    fixture, _ = _ids(services)
    window = replay_window(services, fixture, dialogs)
    qtbot.addWidget(window)
    model = window.model
    names = model.names
    assert model.position == 0 and not window.buttons["back"].isEnabled()
    assert len(model.turns) > 20 and model.drives  # drive 1 starts at 0 (the pre-game chose the kicker)
    qtbot.mouseClick(window.buttons["forward"], Qt.MouseButton.LeftButton)
    assert model.position == 1
    qtbot.mouseClick(window.buttons["turn_forward"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.buttons["turn_forward"], Qt.MouseButton.LeftButton)
    assert model.position == model.turns[1]
    qtbot.mouseClick(window.buttons["back"], Qt.MouseButton.LeftButton)
    assert model.position == model.turns[1] - 1
    qtbot.mouseClick(window.buttons["turn_back"], Qt.MouseButton.LeftButton)
    assert model.position == model.turns[0]
    qtbot.mouseClick(window.buttons["drive_forward"], Qt.MouseButton.LeftButton)
    assert model.position == model.drives[0] and model.mark.drive == 2
    assert model.marks[model.position - 1].drive == 1
    digest, lines = _expected(model.document, model.position, names)
    assert state_digest(model.match.state) == digest and _log(window) == lines
    # jump to a turn from the list, then back to the start in one step
    window.turn_box.setCurrentIndex(9)
    window.turn_box.activated.emit(9)
    assert model.position == model.turns[8]
    assert f"Action {model.position} of {model.length}" in window.position.text()
    assert model.mark.label(names) in window.position.text()
    digest, lines = _expected(model.document, model.position, names)
    assert state_digest(model.match.state) == digest and _log(window) == lines
    qtbot.mouseClick(window.buttons["drive_back"], Qt.MouseButton.LeftButton)
    assert model.position == 0
    model.go(model.length)
    window.refresh()
    assert state_digest(model.match.state) == services.replays.stored(fixture).final_state
    assert not window.buttons["forward"].isEnabled() and not window.buttons["branch"].isEnabled()
    model.go(0)  # a long jump back rebuilds the match from the seed
    window.refresh()
    assert window.log.count() == len(model.match.events) and not model.match.actions


def test_export_writes_the_replay_and_branch_opens_a_practice_match(
    qtbot: QtBot, services: Services, dialogs: Any, tmp_path: Path
) -> None:
    fixture, _ = _ids(services)
    window = replay_window(services, fixture, dialogs)
    qtbot.addWidget(window)
    target = tmp_path / "match.replay.json"
    dialogs.script("save_file", str(target))
    qtbot.mouseClick(window.buttons["export"], Qt.MouseButton.LeftButton)
    exported = json.loads(target.read_text(encoding="utf-8"))
    assert exported["actions"] == window.model.document["actions"]
    assert Match.from_dict(exported).outcome() is not None
    window.model.go(window.model.turns[5])
    window.refresh()
    qtbot.mouseClick(window.buttons["branch"], Qt.MouseButton.LeftButton)
    assert len(window.branches) == 1
    practice = window.branches[0]
    qtbot.addWidget(practice)
    session = practice.board.session
    assert isinstance(session.game, LocalGame) and session.game.fixture_id == 0
    assert session.saver is None  # a practice match: nothing goes to the league
    assert session.match.actions == window.model.match.actions
    assert state_digest(session.match.state) == state_digest(window.model.match.state)
    session.apply(session.match.legal_actions()[0])
    assert services.replays.replay(fixture).exact  # the league's record is untouched


def test_the_fixture_page_offers_the_replay_of_a_played_fixture(
    make_window: Any, _played: Path, tmp_path: Path
) -> None:
    path = tmp_path / "page.db"
    path.write_bytes(_played.read_bytes())
    window = make_window()
    window.open_database(str(path), background=False)
    first, _ = _ids(window.ctx.services)
    third = window.ctx.services.seasons.fixtures("S")[2].id
    window.show_fixture(third)
    assert not window.fixture_page.replay_button.isVisible()
    window.show_fixture(first)
    page = window.fixture_page
    assert page.replay_button.isVisible()
    page.replay_button.click()
    assert page.replay_window is not None and page.replay_window.model.length > 100
    page.replay_window.close()


def test_the_spectator_follows_every_action_and_undo_and_cannot_act(qtbot: QtBot, services: Services) -> None:
    _, fixture = _ids(services)
    game = services.board.resume(fixture)
    board = BoardWindow(BoardSession(game), bot_delay_ms=0)
    qtbot.addWidget(board)
    board.board.stop_bots()
    spectator = board.open_spectator()
    assert isinstance(spectator, SpectatorWindow)
    session = board.board.session
    names = session.team_names()
    for _ in range(120):
        session.play_bot()
        state = session.match.state
        assert spectator.score.text() == f"{names[0]}  {state.score[0]} – {state.score[1]}  {names[1]}"
        last = narrate(session.match.events[-1], player_names(session.match), names)
        assert spectator.log.item(spectator.log.count() - 1).text() == last
    assert session.match.state.half == 1 and "Half 1" in spectator.turn.text()
    assert spectator.score.font().pointSize() >= 30 and spectator.log.font().pointSize() >= 14
    before = len(session.match.actions)
    qtbot.mouseClick(spectator.pitch.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(300, 200))
    assert len(session.match.actions) == before  # the spectator's pitch takes no input
    session.match.undo()
    session.listeners[-1]([])
    last = narrate(session.match.events[-1], player_names(session.match), names)
    assert spectator.log.item(spectator.log.count() - 1).text() == last
    spectator.close()
    assert spectator._changed not in session.listeners
