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
