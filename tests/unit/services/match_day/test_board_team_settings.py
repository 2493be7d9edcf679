"""A board match brings each team's colours (stored or its race's) and its team ids, by which the
board finds the saved formations."""

from league_manager.rules.team_colours import default_colours
from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView


def test_the_board_game_carries_the_teams_colours_and_ids(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    fixture = fixtures[0]
    assert fixture.id is not None
    demo.match_day.pregame(fixture.id, seed=5)
    day = demo.match_day.get(fixture.id)
    ids = tuple(day.pregame["teams"][side]["team_id"] for side in ("home", "away"))
    demo.team_board.set_colours(ids[0], "#aa0000", "#ffffff")
    game = demo.board.start(fixture.id, seed=3)
    assert game.team_ids == ids
    assert game.colours[0].primary == "#aa0000"
    assert game.colours[1] == default_colours(game.match.away.race)
    assert demo.board.resume(fixture.id).colours == game.colours
