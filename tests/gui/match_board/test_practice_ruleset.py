"""A practice match under Season 3: its rosters and engine are the edition's."""

from pathlib import Path
from typing import Any

import pytest

from league_manager.core.errors import LeagueError
from league_manager.match.bots import make_bot
from league_manager.ui.match_board.practice import practice_game, practice_teams


def test_a_season3_practice_match_plays_under_bb2025() -> None:
    game = practice_game(seed=3, home_race="bretonnian", away_race="human", ruleset_id="bb2025")
    assert game.match.ruleset_id == "bb2025"
    assert any(p.position == "Bretonnian Squire" for p in game.match.home.players)
    bots = (make_bot("random", 1), make_bot("random", 2))
    for _ in range(40):
        if game.match.prompt is None:
            break
        game.match.apply(bots[game.match.prompt.team].choose(game.match))
    home, _away = practice_teams("human", "orc", 1, "bb2025")
    assert all(p.keywords for p in home.players)


def test_the_practice_page_spec_takes_an_edition(qtbot: Any, make_window: Any, demo_file: Path) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    board = window.show_spec("match:practice@bb2025")
    qtbot.addWidget(board)
    assert board.board.session.game.match.ruleset_id == "bb2025"
    with pytest.raises(LeagueError, match="unknown ruleset 'bb2030'"):
        window.show_spec("match:practice@bb2030")
