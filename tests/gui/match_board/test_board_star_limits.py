"""The player card shows each star's once-per-game, -half or -drive rule as used or not yet used,
and a star rule's targets are named by square in the prompt panel."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from league_manager.match import actions as a
from league_manager.match.actions import Action, Prompt
from league_manager.match.pitch import name as square_name
from league_manager.match.pitch import sq
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.labels import label
from league_manager.ui.match_board.practice import PRACTICE_STARS, practice_stars_game
from league_manager.ui.match_board.session import BoardSession
from league_manager.ui.match_board.window import stars_spec


def test_the_card_shows_a_star_rules_limit_used_and_unused(qtbot: QtBot) -> None:
    game = practice_stars_game(seed=4)
    board = MatchBoard(BoardSession(game), bot_delay_ms=0)
    qtbot.addWidget(board)
    s = game.match.state
    assert [s.teams[0].players[i].name for i in range(len(PRACTICE_STARS))] == list(PRACTICE_STARS)
    board.show_card(0)
    assert "Special rule: <b>Vicious Vines</b> (once per half: not used this half)" in board.card.text()
    board.show_card(1)
    assert "Special rule: <b>Beer Barrel Bash!</b> (once per drive: not used this drive)" in board.card.text()
    board.show_card(4)
    assert "Special rule: <b>Yoink!</b> (once per game: not used yet)" in board.card.text()
    s.half = 1
    s.skill_used |= {(0, "Vicious Vines half 1"), (1, "Beer Barrel Bash!"), (4, "Yoink!")}
    board.show_card(0)
    assert "Special rule: <b>Vicious Vines</b> (once per half: used this half)" in board.card.text()
    board.show_card(1)
    assert "(once per drive: used this drive)" in board.card.text()
    board.show_card(4)
    assert "Special rule: <b>Yoink!</b> (once per game: used)" in board.card.text()
    s.half = 2
    board.show_card(0)
    assert "(once per half: not used this half)" in board.card.text()


def test_the_stars_page_opens_on_the_first_stars_card(qtbot: QtBot) -> None:
    window = stars_spec("")
    qtbot.addWidget(window)
    assert "Maple Highgrove" in window.board.card.text()
    assert "Vicious Vines</b> (once per half: not used this half)" in window.board.card.text()


def test_a_star_rules_target_choices_name_their_squares() -> None:
    target = sq(8, 7)
    prompt = Prompt(
        a.USE_SKILL_PROMPT,
        0,
        [Action(a.USE_SKILL, 0, target), Action(a.DECLINE)],
        {"skill": "Beer Barrel Bash!", "player": 0},
    )
    assert label(prompt, prompt.options[0], ["Thorsson"]) == f"Use Beer Barrel Bash! at {square_name(target)}"
    yes_no = Prompt(a.USE_SKILL_PROMPT, 0, [Action(a.USE_SKILL, 0)], {"skill": "Yoink!", "player": 0})
    assert label(yes_no, yes_no.options[0], ["Scrappa"]) == "Use Yoink!"
