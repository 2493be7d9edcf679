"""A walked multi-square path is one decision: one undo takes the whole path back, under every policy."""

from __future__ import annotations

import pytest

from league_manager.match import undo_policy
from league_manager.match.engine import Match
from league_manager.ui.match_board.controller import BoardController
from league_manager.ui.match_board.practice import player_names, practice_game
from league_manager.ui.match_board.session import BoardSession, _Batch
from league_manager.ui.match_board.spec import advance_to


def _walked(policy: str, seed: int = 4) -> tuple[BoardController, list[dict[str, object]], int, int]:
    saves: list[dict[str, object]] = []

    def saver(game: object, **kw: object) -> None:
        saves.append(kw)

    def refusal(m: Match | _Batch) -> str | None:
        return undo_policy.undo_refusal(m, policy)  # type: ignore[arg-type]

    game = practice_game(seed=seed)
    session = BoardSession(game, saver=saver, undo_refusal=refusal)
    ctl = BoardController(session, player_names(game.match))
    assert advance_to(ctl, "move")
    far = [q for q, plan in ctl.plans.items() if q not in ctl.targets and len(plan.path) >= 3]
    assert far
    # the safest far square whose path needs no roll, so "before dice" may take it back too
    free = [q for q in far if ctl.plans[q].rolls == 0]
    square = (free or far)[0]
    count = len(ctl.match.actions)
    assert ctl.click(square) and ctl.click(square)
    walked = len(ctl.match.actions) - count
    saves.clear()
    return ctl, saves, count, walked


@pytest.mark.parametrize("policy", [undo_policy.FREE, undo_policy.CONFIRM, undo_policy.BEFORE_DICE])
def test_one_undo_takes_back_the_whole_walked_path(policy: str) -> None:
    ctl, saves, count, walked = _walked(policy)
    assert walked >= 3
    rolled = ctl.match.rolls_since(count)
    before = ctl.match.state.pos[:]
    changed = ctl.undo("home coach" if policy == undo_policy.CONFIRM else None)
    if policy == undo_policy.BEFORE_DICE and rolled:
        assert not changed and len(ctl.match.actions) == count + walked  # all or nothing
        assert ctl.match.state.pos == before and saves == []
        return
    assert changed and len(ctl.match.actions) == count
    assert len(saves) == 1 and saves[0]["undo_by"]  # recorded as one undo


def test_before_dice_refuses_a_path_that_rolled_a_die_whole() -> None:
    for seed in range(1, 12):
        game = practice_game(seed=seed)
        session = BoardSession(game, undo_refusal=lambda m: undo_policy.undo_refusal(m, "before_dice"))  # type: ignore[arg-type]
        ctl = BoardController(session, player_names(game.match))
        if not advance_to(ctl, "move"):
            continue
        rolls = [q for q, p in ctl.plans.items() if q not in ctl.targets and len(p.path) >= 3 and p.rolls]
        if not rolls:
            continue
        count = len(ctl.match.actions)
        ctl.click(rolls[0])
        ctl.click(rolls[0])
        walked = len(ctl.match.actions) - count
        if walked < 2 or not ctl.match.rolls_since(count):
            continue
        assert not ctl.undo()
        assert len(ctl.match.actions) == count + walked
        assert "before dice" in ctl.message
        return
    pytest.fail("no seed walked a path that rolled a die")


def test_off_refuses_the_walked_path() -> None:
    ctl, saves, count, walked = _walked(undo_policy.OFF)
    assert not ctl.undo() and len(ctl.match.actions) == count + walked and saves == []
