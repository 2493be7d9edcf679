"""Dice: seeded dice repeat, scripted dice run out loudly and check labels."""

import pytest

from league_manager.rules.dice import DiceExhausted, DiceMismatch, ScriptedDice, SeededDice, block_die


def test_seeded_dice_repeat() -> None:
    a, b = SeededDice(7), SeededDice(7)
    assert [a.roll(6) for _ in range(20)] == [b.roll(6) for _ in range(20)]
    assert len(a.log) == 20 and a.log[0].source == "program"


def test_scripted_dice() -> None:
    dice = ScriptedDice([3, (6, "armour"), 5])
    assert dice.roll(6) == 3
    assert dice.roll(6, "armour") == 6
    assert block_die(dice) == "Stumble"
    assert dice.remaining == 0
    with pytest.raises(DiceExhausted):
        dice.roll(6)


def test_scripted_dice_check_labels_and_faces() -> None:
    with pytest.raises(DiceMismatch, match="expects 'dodge'"):
        ScriptedDice([(4, "dodge")]).roll(6, "armour")
    with pytest.raises(DiceMismatch, match="not a D6"):
        ScriptedDice([8]).roll(6)


def test_board_dice_take_typed_rolls_without_consuming_seeded_ones() -> None:
    from league_manager.rules.dice import BoardDice

    plain, board = SeededDice(9), BoardDice(9)
    answers = iter([None, 4, None, None, 2])
    board.typed_source = lambda sides, label: next(answers)
    rolls = [board.roll(6, "dodge") for _ in range(5)]
    program = [plain.roll(6) for _ in range(3)]
    assert rolls == [program[0], 4, program[1], program[2], 2]
    assert [r.source for r in board.log] == ["program", "typed", "program", "program", "typed"]
    assert board.typed == {1: 4, 4: 2}
    again = BoardDice(9, board.typed)  # the seed and the typed rolls by index replay it all
    assert [again.roll(6) for _ in range(5)] == rolls


def test_board_dice_refuse_a_typed_value_out_of_range() -> None:
    from league_manager.rules.dice import BoardDice, TypedRollRefused, typed_roll_problem

    board = BoardDice(1)
    board.typed_source = lambda sides, label: 7
    with pytest.raises(TypedRollRefused, match="7 is not a D6 result"):
        board.roll(6, "armour")
    assert board.log == [] and board.typed == {}
    assert typed_roll_problem(3, 3) is None and typed_roll_problem(3, 0) == "0 is not a D3 result (1-3)"
