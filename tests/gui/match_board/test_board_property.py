"""Random legal board input never leaves the board stuck or out of step with the engine."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league_manager.match.pitch import ON_PITCH
from league_manager.ui.match_board.controller import BoardController
from league_manager.ui.match_board.practice import player_names, practice_game
from league_manager.ui.match_board.session import BoardSession
from tests.gui.match_board.board_helpers import random_input, uncovered


def _check(ctl: BoardController, saved: list[int]) -> None:
    match = ctl.match
    prompt = match.prompt
    assert not uncovered(ctl), "a legal option has no square and no choice on the board"
    for square, acts in ctl.targets.items():
        assert ON_PITCH[square]
        assert all(match.is_legal(x) for x in acts)
    if prompt is not None and ctl.human_turn():
        menu = ctl.menu()
        assert menu.choices or ctl.targets or ctl.setup_players(), f"stuck at {prompt.kind}"
    assert saved[-1] == len(match.actions) if saved else True


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000), steps=st.integers(200, 700), undo_rate=st.sampled_from([0.0, 0.02]))
def test_random_board_input_never_gets_stuck(seed: int, steps: int, undo_rate: float) -> None:
    game = practice_game(seed=seed % 50 + 1)
    saved: list[int] = []
    session = BoardSession(game, saver=lambda g, **kw: saved.append(len(g.match.actions)))
    ctl = BoardController(session, player_names(game.match))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.match.prompt is None:
            break
        if rng.random() < undo_rate:
            ctl.undo()
        else:
            random_input(ctl, rng)
        _check(ctl, saved)


def test_bot_side_and_board_input_play_a_whole_match() -> None:
    game = practice_game(seed=7, controllers={"home": "human", "away": "greedy"})
    session = BoardSession(game)
    ctl = BoardController(session, player_names(game.match))
    rng = random.Random(7)
    for _ in range(20_000):
        if game.match.prompt is None:
            break
        if ctl.notice:
            ctl.key("Return")
        elif session.bot_to_play():
            assert ctl.bot_step()
        else:
            random_input(ctl, rng, end_turn_weight=0.5)
        _check(ctl, [])
    assert game.match.prompt is None
    assert game.match.outcome() is not None
