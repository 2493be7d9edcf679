"""The log narrates events in words, with target, modifiers, dice and the re-roll used."""

from __future__ import annotations

from league_manager.match.events import Event
from league_manager.match.pitch import sq
from league_manager.ui.match_board.narration import narrate
from league_manager.ui.match_board.practice import player_names, practice_game

NAMES = ["#7 Blitzer Bob", "#3 Lineman Ug"]


def test_a_test_shows_target_modifiers_roll_and_outcome() -> None:
    event = Event("dodge", 0, 0, (2,), 3, (("marked", -1),), False)
    assert narrate(event, NAMES) == "#7 Blitzer Bob: Dodge 3+ (-1 marked): 2, failed"


def test_a_rerolled_test_names_the_source() -> None:
    event = Event("dodge", 0, 0, (5,), 3, (("marked", -1),), True, rule="re-roll (team re-roll)")
    assert narrate(event, NAMES) == "#7 Blitzer Bob: team re-roll: Dodge 3+ (-1 marked): 5, success"


def test_block_push_and_touchdown_read_as_sentences() -> None:
    block = Event("block", 0, 0, (), 0, (("offensive assists", 1), ("defensive assists", 0)), rule="Block",
                  detail="ST 4 v 3: 2 dice, attacker chooses", other=1)  # fmt: skip
    assert (
        narrate(block, NAMES)
        == "#7 Blitzer Bob blocks #3 Lineman Ug: ST 4 v 3: 2 dice, attacker chooses (+1 offensive assists)"
    )
    assert narrate(Event("pushed", 1, 1, square=sq(4, 5)), NAMES) == "#3 Lineman Ug is pushed to (4,5)"
    assert narrate(Event("touchdown", 0, 0, detail="1-0"), NAMES) == "TOUCHDOWN! #7 Blitzer Bob scores (1-0)"
    assert narrate(Event("turnover", 1), NAMES, ("Reds", "Blues")) == "Turnover! (Blues)"


def test_every_event_of_a_bot_match_gets_a_readable_line() -> None:
    from league_manager.match.bots import make_bot, play

    game = practice_game(seed=11)
    play(game.match, (make_bot("greedy", 1), make_bot("random", 2)))
    names = player_names(game.match)
    for event in game.match.events:
        line = narrate(event, names)
        assert line and "p-1" not in line and "None" not in line
