"""What the board shows but does not play: the HUD line, the player card mark, and the
inducement picker's "tabletop only" mark."""

from __future__ import annotations

import dataclasses

from pytestqt.qtbot import QtBot

from league_manager.match.coverage import TABLETOP_ONLY, inducement_played, unplayed_inducements
from league_manager.match.engine import Match
from league_manager.services.match_day.offer_models import OfferLine, SideOffer
from league_manager.services.match_day.refused_inducements import REFUSED
from league_manager.ui.match_board.board import MatchBoard
from league_manager.ui.match_board.hud import used_mark
from league_manager.ui.match_board.practice import practice_teams
from league_manager.ui.match_board.session import BoardSession, LocalGame
from league_manager.ui.match_day.inducements import InducementModel

RULE = "Some Star Rule"


def test_only_modelled_inducements_and_players_count_as_played() -> None:
    assert inducement_played("Bribes", "common") and inducement_played("Any Star", "star")
    assert not inducement_played("Special Plays", "common")
    assert inducement_played("Krot Shockwhisker", "staff")
    lines = [
        {"name": "Special Plays", "kind": "common"},
        {"name": "Bribes", "kind": "common"},
        {"name": "Krot Shockwhisker", "kind": "staff"},
        {"name": "Mercenary: Lineman", "kind": "mercenary"},
    ]
    assert unplayed_inducements(lines) == ["Special Plays"]


def test_the_board_names_what_it_does_not_play_in_the_hud_and_on_the_card(qtbot: QtBot) -> None:
    home, away = practice_teams(seed=2)
    star = dataclasses.replace(home.players[0], special_rules=(RULE,))
    home = dataclasses.replace(home, players=(star, *home.players[1:]))
    match = Match(home, away, seed=2, allow_inert=True)
    assert match.inert_skills == [RULE]
    game = LocalGame(match, inert=(*match.inert_skills, "Special Plays"))
    board = MatchBoard(BoardSession(game), bot_delay_ms=0)
    qtbot.addWidget(board)
    assert board.inert_line.isVisibleTo(board)
    assert "Not played by the board" in board.inert_line.text()
    assert RULE in board.inert_line.text() and "Special Plays" in board.inert_line.text()
    board.show_card(0)
    assert f"Special rule: <b>{RULE}</b> <i>(not played by the board)</i>" in board.card.text()
    board.show_card(1)
    assert "not played by the board" not in board.card.text()


def test_a_board_with_everything_played_shows_no_such_line(qtbot: QtBot) -> None:
    home, away = practice_teams(seed=2)
    board = MatchBoard(BoardSession(LocalGame(Match(home, away, seed=2))), bot_delay_ms=0)
    qtbot.addWidget(board)
    assert not board.inert_line.isVisibleTo(board) and board.inert_line.text() == ""


REFUSED_PLAYS = REFUSED["Special Plays"]


def test_the_inducement_picker_marks_what_the_board_does_not_play(qtbot: QtBot) -> None:
    model = InducementModel()
    lines = (
        OfferLine("Weather Mage", "common", 30_000, 0, 1, 1, played=False),
        OfferLine("Bribes", "common", 100_000, 0, 1, 3),
        OfferLine("Special Plays", "common", 100_000, 0, 0, 5, "no", played=False, refused=REFUSED_PLAYS),
    )
    model.set_offer(SideOffer("home", "T", "underdog", "", 0, 0, 200_000, 0, lines))
    kind = model.data(model.index(0, 1))
    assert kind == "tabletop only"  # short: the inducement's name is not cut
    assert TABLETOP_ONLY in model.data(model.index(0, 0), 3)  # tooltip role
    assert model.data(model.index(1, 1)) == "common" and model.data(model.index(1, 0), 3) is None
    assert model.data(model.index(2, 1)) == "not sold here"  # refused, not tabletop only
    assert model.data(model.index(2, 0), 3) == f"Special Plays: {REFUSED_PLAYS}"  # the reason


def test_the_hud_shows_inducements_left_and_the_card_once_per_game_rules_used(qtbot: QtBot) -> None:
    home, away = practice_teams(seed=2)
    player = dataclasses.replace(home.players[0], special_rules=("Old Pro",))
    home = dataclasses.replace(home, players=(player, *home.players[1:]))
    match = Match(home, away, seed=2, allow_inert=True)
    match.state.induced[0] = {"Bloodweiser Kegs": 2, "Wandering Apothecaries": 0}
    board = MatchBoard(BoardSession(LocalGame(match)), bot_delay_ms=0)
    qtbot.addWidget(board)
    assert "Inducements left: Bloodweiser Kegs 2" in board.home_line.text()
    assert "Wandering" not in board.home_line.text() and "Inducements" not in board.away_line.text()
    board.show_card(0)
    assert "Special rule: <b>Old Pro</b> (once per game: not used yet)" in board.card.text()
    match.state.skill_used.add((0, "Old Pro"))
    board.show_card(0)
    assert "Special rule: <b>Old Pro</b> (once per game: used)" in board.card.text()
    match.state.skill_used.clear()
    match.state.skill_used.add((0, "Thinking Man's Troll half 1"))
    match.state.half = 1
    assert used_mark(match, 0, "Thinking Man's Troll") == " (once per half: used this half)"
    match.state.half = 2
    assert used_mark(match, 0, "Thinking Man's Troll") == " (once per half: not used this half)"
    assert used_mark(match, 0, "Beer Barrel Bash!") == " (once per drive: not used this drive)"
    match.state.skill_used = {(0, "Dodge")}  # a once-per-turn use is not shown
    assert used_mark(match, 0, "Dodge") == ""
