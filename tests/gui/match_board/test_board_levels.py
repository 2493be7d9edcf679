"""Every level of the bot ladder can be picked for a side of a board match."""

from league_manager.match.bots import BOT_NAMES
from league_manager.ui.match_board.launch import CHOICES


def test_every_bot_level_can_be_picked_for_a_side() -> None:
    values = [value for _text, value in CHOICES]
    assert sorted(values) == sorted(("human", *BOT_NAMES))
    assert all(text for text, _value in CHOICES)
