"""The rolls shown on move squares are the rolls the engine then asks for."""

from __future__ import annotations

import random

from league_manager.match import actions as a
from league_manager.match.events import Event
from league_manager.ui.match_board.controller import BoardController
from league_manager.ui.match_board.needs import move_need
from league_manager.ui.match_board.practice import player_names, practice_game
from league_manager.ui.match_board.session import BoardSession
from league_manager.ui.match_board.spec import wander


def _rolled(events: list[Event]) -> dict[str, str]:
    found: dict[str, str] = {}
    for kind in ("dodge", "rush"):
        first = next((e for e in events if e.kind == kind), None)
        if first is not None:
            modifier = sum(v for _r, v in first.modifiers)
            found[kind] = f"{min(6, max(2, first.target - modifier))}+"
    return found


def _matches(shown: str, events: list[Event]) -> bool:
    """Each roll made is the one shown (the rush is shown last, rolled first)."""
    parts = shown.split(" & ") if shown else []
    rolled = _rolled(events)
    expected: dict[str, str] = {}
    if parts and parts[-1] and "rush" in rolled:
        expected["rush"] = parts.pop()
    if parts:
        expected["dodge"] = parts[0]
    if any(e.kind == "rush" and e.success is False for e in events):
        expected.pop("dodge", None)  # fell while rushing: no dodge was rolled
    return rolled == expected


def test_move_squares_show_the_rolls_the_engine_asks_for() -> None:
    checked = 0
    for seed in range(1, 9):
        game = practice_game(seed=seed, home_race="skaven", away_race="lizardmen")
        ctl = BoardController(BoardSession(game), player_names(game.match))
        rng = random.Random(seed)
        for _ in range(2500):
            prompt = ctl.prompt
            if prompt is None:
                break
            moves = [acts[0] for acts in ctl.targets.values() if len(acts) == 1 and acts[0].kind == a.MOVE]
            if prompt.kind == a.ACTIVATION and moves and ctl.human_turn() and rng.random() < 0.5:
                move = rng.choice(moves)
                shown = move_need(ctl.match, move.player, move.square, int(prompt.info.get("mp", 1)))
                ctl.click(move.square)
                assert ctl.match.actions[-1] == move
                start = max(i for i, e in enumerate(ctl.match.events) if e.kind == "move")
                assert _matches(shown, ctl.match.events[start:]), (shown, ctl.match.events[start:])
                checked += 1
            else:
                wander(ctl, rng)
    assert checked > 100


def test_a_distant_square_is_previewed_then_walked_by_its_safest_path() -> None:
    from league_manager.ui.match_board.spec import advance_to

    game = practice_game(seed=4)
    ctl = BoardController(BoardSession(game), player_names(game.match))
    assert advance_to(ctl, "move")
    player = ctl.prompt.info["player"]
    far = [q for q, plan in ctl.plans.items() if q not in ctl.targets and len(plan.path) >= 3]
    assert far
    square = far[0]
    plan = ctl.plans[square]
    count = len(ctl.match.actions)
    assert ctl.click(square) and ctl.preview == square and len(ctl.match.actions) == count
    menu = ctl.menu()
    assert menu.title.startswith("Move to") and any("Chance" in line for line in menu.lines)
    assert {m.square for m in ctl.marks() if m.kind == "path"} == set(plan.path)
    ctl.key("Return")  # the second click, on the cursor
    walked = ctl.match.actions[count:]
    assert walked == plan.actions(player)[: len(walked)] and walked
    if all(e.success is not False for e in ctl.match.events if e.kind in ("dodge", "rush")):
        assert ctl.match.state.pos[player] == square or ctl.prompt.kind != "activation"


def test_block_targets_show_their_dice_and_chances_in_the_panel() -> None:
    from league_manager.match.odds import block_odds
    from league_manager.ui.match_board.spec import advance_to

    game = practice_game(seed=4)
    ctl = BoardController(BoardSession(game), player_names(game.match))
    assert advance_to(ctl, "block")
    prompt = ctl.prompt
    block = next(x for acts in ctl.targets.values() for x in acts if x.kind == a.BLOCK)
    target = ctl.match.state.board[block.square]
    odds = block_odds(ctl.match, block.player, target, prompt.info.get("action") == "blitz")
    lines = [line for line in ctl.menu().lines if line.startswith(f"Block {ctl.names[target]}:")]
    assert lines == [
        f"Block {ctl.names[target]}: {odds.dice}D, {'you' if odds.attacker_chooses else 'they'} choose;"
        f" down {odds.p_defender_down * 100:.0f}%, you down {odds.p_attacker_down * 100:.0f}%"
    ]
