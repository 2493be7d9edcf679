"""A searching bot (veteran, legend) thinks on a worker thread: the window keeps answering, an
undo waits for the thought, a pause drops it, and the moves are played on the board as before."""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable

import pytest
import shiboken6
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from league_manager.match.actions import TURN, Action
from league_manager.match.bots import ThoughtAbandoned
from league_manager.match.engine import Match
from league_manager.ui import gc_pause
from league_manager.ui.match_board.bot_worker import BotWorker
from league_manager.ui.match_board.practice import practice_game
from league_manager.ui.match_board.session import BoardSession
from tests.gui.match_board.board_helpers import make_board


def test_a_searching_bot_thinks_off_the_gui_thread_and_the_window_stays_responsive(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=3, controllers={"home": "veteran", "away": "veteran"})
    ctl = board.controller
    session = ctl.session
    gui = threading.get_ident()
    where: list[int] = []
    original = session.bot_thinker

    def thinker() -> Callable[[threading.Event], Action] | None:  # records the thread each thought runs on
        think = original()
        if think is None:
            return None

        def run(stop: threading.Event) -> Action:
            where.append(threading.get_ident())
            return think(stop)

        return run

    session.bot_thinker = thinker  # type: ignore[method-assign]
    seen: list[tuple[int, str]] = []

    def tick() -> None:  # the GUI thread's timer, firing while a bot thinks
        if board.thinking.busy and ctl.prompt is not None and ctl.prompt.kind == TURN:
            before = len(ctl.match.actions)
            board.undo()
            seen.append((len(ctl.match.actions) - before, board.message.text()))

    timer = QTimer(board)
    timer.setInterval(1)
    timer.timeout.connect(tick)
    timer.start()
    qtbot.waitUntil(lambda: len(seen) >= 3 and len(ctl.match.actions) > 40, timeout=120_000)
    timer.stop()
    assert seen[0] == (0, "Wait: the bot is thinking.")
    assert where and gui not in where
    assert session.bot_reason()  # the thought's reason came back with its move

    qtbot.waitUntil(lambda: board.thinking.busy, timeout=60_000)
    count = len(ctl.match.actions)
    board.pause_button.click()
    assert not board.thinking.busy
    qtbot.wait(50)
    assert len(ctl.match.actions) == count
    board.pause_button.click()
    qtbot.waitUntil(lambda: len(ctl.match.actions) > count + 3, timeout=60_000)


def test_a_cancelled_thought_still_reading_the_match_holds_every_change_until_it_ends(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=3, controllers={"home": "veteran", "away": "veteran"})
    ctl = board.controller
    session = ctl.session
    release = threading.Event()
    original = session.bot_thinker

    def slow() -> Callable[[threading.Event], Action] | None:  # the next thought waits for the test
        think = original()
        if think is None:
            return None

        def run(stop: threading.Event) -> Action:
            release.wait(30)
            return think(stop)

        return run

    session.bot_thinker = slow  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: board.thinking.busy, timeout=60_000)
    board.pause_button.click()  # the thought is dropped, but its thread still reads the match
    board.pause_button.click()
    assert not board.thinking.busy and board.thinking.running
    count = len(ctl.match.actions)
    assert not board.act(lambda: True)
    assert board.message.text() == "Wait: the bot is finishing its thought."
    at_idle: list[tuple[bool, int]] = []
    board.thinking.idle.connect(lambda: at_idle.append((board.thinking.running, len(ctl.match.actions))))
    with qtbot.waitSignal(board.thinking.idle, timeout=30_000):
        release.set()
    assert at_idle[0] == (False, count)  # nothing was played while the thread read the match
    session.bot_thinker = original  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: len(ctl.match.actions) > count, timeout=60_000)  # the bots go on


def test_the_worker_hands_the_action_to_the_gui_thread_and_refuses_a_second_thought(qtbot: QtBot) -> None:
    worker = BotWorker()
    release = threading.Event()
    ran: list[int] = []
    got: list[tuple[Action, int]] = []

    def think(stop: threading.Event) -> Action:
        ran.append(threading.get_ident())
        release.wait(30)
        return Action(TURN)

    worker.start(think, lambda action: got.append((action, threading.get_ident())))
    assert worker.busy and worker.running
    with pytest.raises(RuntimeError, match="still running"):
        worker.start(think, lambda action: None)
    release.set()
    qtbot.waitUntil(lambda: not worker.running, timeout=10_000)
    assert got == [(Action(TURN), threading.get_ident())] and ran[0] != threading.get_ident()
    assert not worker.busy


def test_the_garbage_collector_is_paused_while_a_thought_runs_and_back_after(qtbot: QtBot) -> None:
    worker = BotWorker()
    release = threading.Event()
    before = gc.isenabled()

    def think(stop: threading.Event) -> Action:
        release.wait(30)
        return Action(TURN)

    worker.start(think, lambda action: None)
    assert not gc.isenabled() and gc_pause.paused() == 1
    worker.cancel()
    release.set()
    with qtbot.waitSignal(worker.idle, timeout=10_000):
        pass
    assert gc.isenabled() == before and gc_pause.paused() == 0


def test_pauses_nest_and_the_last_one_restores_the_collector() -> None:
    assert gc.isenabled()
    gc_pause.pause()
    gc_pause.pause(collect_first=True)
    gc_pause.resume()
    assert not gc.isenabled()
    gc_pause.resume()
    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        gc_pause.resume()


def test_a_worker_destroyed_mid_thought_waits_for_it_and_resumes_the_collector() -> None:
    worker = BotWorker()
    release = threading.Event()

    def think(stop: threading.Event) -> Action:
        release.wait(30)
        return Action(TURN)

    worker.start(think, lambda action: None)
    assert gc_pause.paused() == 1
    threading.Timer(0.1, release.set).start()  # the thought ends while the worker is being destroyed
    shiboken6.delete(worker)  # a board deleted without being closed: no timer, no wait()
    assert release.is_set()  # the pause ended only once the thought's thread had
    assert gc_pause.paused() == 0 and gc.isenabled()


def test_wait_drops_the_thought_so_the_board_can_go_on() -> None:
    worker = BotWorker()
    got: list[Action] = []
    worker.start(lambda stop: Action(TURN), got.append)
    worker.wait()
    assert not worker.busy and not worker.running and got == [] and gc_pause.paused() == 0


def test_closing_the_board_tells_a_searching_thought_to_stop_and_waits_only_for_that(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=3, controllers={"home": "veteran", "away": "veteran"})
    told: list[threading.Event] = []
    gave_up = threading.Event()

    def searching() -> Callable[[threading.Event], Action] | None:  # a search that only a stop ends
        def run(stop: threading.Event) -> Action:
            told.append(stop)
            stop.wait(60)
            gave_up.set()
            raise ThoughtAbandoned("told to stop")

        return run

    board.session.bot_thinker = searching  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: board.thinking.busy and bool(told), timeout=60_000)
    board.close()  # shut_down: the stop is set, then the thread is joined
    assert told[0].is_set() and gave_up.is_set()
    assert not board.thinking.running and gc_pause.paused() == 0


def test_pausing_tells_a_searching_thought_to_stop_and_its_giving_up_is_dropped(qtbot: QtBot) -> None:
    board = make_board(qtbot, seed=3, controllers={"home": "veteran", "away": "veteran"})
    told: list[threading.Event] = []

    def searching() -> Callable[[threading.Event], Action] | None:
        def run(stop: threading.Event) -> Action:
            told.append(stop)
            stop.wait(60)
            raise ThoughtAbandoned("told to stop")

        return run

    board.session.bot_thinker = searching  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: board.thinking.busy and bool(told), timeout=60_000)
    count = len(board.controller.match.actions)
    with qtbot.waitSignal(board.thinking.idle, timeout=10_000):  # the abandoned thought is collected
        board.pause_button.click()
    assert told[0].is_set() and not board.thinking.running and gc_pause.paused() == 0
    assert len(board.controller.match.actions) == count  # its error dropped, nothing played


def _veteran_session() -> BoardSession:
    return BoardSession(practice_game(seed=3, controllers={"home": "veteran", "away": "veteran"}))


def test_a_thought_dropped_as_it_ended_is_played_on_resuming_not_chosen_again() -> None:
    session = _veteran_session()
    match = session.match
    assert match.prompt is not None
    bot = session._bots[match.prompt.team]
    asked: list[int] = []
    original = bot.choose

    def counted(match: Match) -> Action:
        asked.append(len(match.actions))
        return original(match)

    bot.choose = counted  # type: ignore[method-assign]
    think = session.bot_thinker()
    assert think is not None
    kept = think(threading.Event())  # the board paused as it arrived: not played
    again = session.bot_thinker()
    assert again is not None and again(threading.Event()) == kept and asked == [0]  # not asked again
    session.play_bot_action(kept)
    assert session._kept_thought is None
    after = session.bot_thinker()
    assert after is not None and match.prompt is not None
    assert after(threading.Event()) in match.prompt.options  # a new position, thought afresh
    assert session._kept_thought is not None and session._kept_thought[1] == tuple(match.actions)


def test_a_thought_given_up_is_not_kept() -> None:
    session = _veteran_session()
    match = session.match
    assert match.prompt is not None
    bot = session._bots[match.prompt.team]
    original = bot.choose

    def gives_up(match: Match) -> Action:
        raise ThoughtAbandoned("told to stop")

    bot.choose = gives_up  # type: ignore[method-assign]
    think = session.bot_thinker()
    assert think is not None
    with pytest.raises(ThoughtAbandoned):
        think(threading.Event())
    bot.choose = original  # type: ignore[method-assign]
    again = session.bot_thinker()
    assert again is not None and again(threading.Event()) in match.prompt.options
