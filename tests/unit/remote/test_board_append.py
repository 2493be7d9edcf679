"""A server's quick save appends the new actions: the record reads exactly as the board's own
save writes it, resumes at the same decision, and a record changed by someone else is refused."""

import json

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.match.bots import make_bot
from league_manager.match.replay import DIGEST_KEY
from league_manager.services.facade import Services
from league_manager.services.match_day.board import TIMER_KEY, BoardGame
from league_manager.services.match_day.board_append import BoardAppender


def _game(season: Services) -> BoardGame:
    fixture = season.seasons.fixtures("S")[0].id
    assert fixture is not None
    season.match_day.pregame(fixture, seed=3)
    return season.board.start(fixture, seed=17)


def _play(game: BoardGame, count: int, seed: int = 2) -> None:
    bot = make_bot("random", seed)
    for _ in range(count):
        assert game.match.prompt is not None
        game.match.apply(bot.choose(game.match))


def _stored(season: Services, fixture: int) -> dict[str, object]:
    from league_manager.services.match_day.board_store import find_board

    with season.board.transaction() as session:
        row = find_board(fixture, session=session)
        assert row is not None
        return dict(json.loads(row.match_json))


def test_appended_saves_write_the_boards_document_and_resume(season: Services) -> None:
    game = _game(season)
    fixture = game.fixture_id
    appender = BoardAppender(season.engine)
    for _ in range(60):  # one action per save, as a server's room saves
        _play(game, 1)
        appender.save(fixture, game)
    _play(game, 5)  # several actions in one save
    appender.save(fixture, game)
    stored = _stored(season, fixture)
    assert DIGEST_KEY not in stored  # the state fingerprint is written at the final whistle
    assert stored.pop(TIMER_KEY) == {"seconds": 0, "timeouts": []}
    assert stored == json.loads(json.dumps(game.match.to_dict()))
    status = season.board.status(fixture)
    assert status is not None and status.actions == 65
    resumed = season.board.resume(fixture)
    assert resumed.match.to_dict() == game.match.to_dict()
    season.board.save(fixture, resumed)  # the board's own save reads the appended record


def test_a_record_changed_by_someone_else_is_refused_then_checked_again(season: Services) -> None:
    game = _game(season)
    fixture = game.fixture_id
    appender = BoardAppender(season.engine)
    _play(game, 10)
    appender.save(fixture, game)
    other = season.board.resume(fixture)  # another program goes on with the same match
    _play(other, 3, seed=9)
    season.board.save(fixture, other)
    _play(game, 2)
    with pytest.raises(RuleViolation, match="changed since this server saved it"):
        appender.save(fixture, game)
    status = season.board.status(fixture)
    assert status is not None and status.actions == 13  # nothing of the refused save is kept
    with pytest.raises(RuleViolation, match=r"part from the record|fewer actions than the record"):
        appender.save(fixture, game)  # checked in full again: the game no longer continues the record


def test_a_batch_with_one_changed_record_stores_none(season: Services) -> None:
    fixtures = [f.id for f in season.seasons.fixtures("S")[:2]]
    games = []
    for number, fixture in enumerate(fixtures):
        assert fixture is not None
        season.match_day.pregame(fixture, seed=3 + number)
        games.append(season.board.start(fixture, seed=17 + number))
    appender = BoardAppender(season.engine)
    for game in games:
        _play(game, 4)
    appender.save_many([(g.fixture_id, g) for g in games])
    other = season.board.resume(games[1].fixture_id)
    _play(other, 1, seed=9)
    season.board.save(games[1].fixture_id, other)  # the second record changes elsewhere
    for game in games:
        _play(game, 2)
    with pytest.raises(RuleViolation, match="changed since this server saved it"):
        appender.save_many([(g.fixture_id, g) for g in games])
    first = season.board.status(games[0].fixture_id)
    assert first is not None and first.actions == 4  # all or none: the first is not kept either
    appender.save(games[0].fixture_id, games[0])  # alone it is stored (checked in full again)
    first = season.board.status(games[0].fixture_id)
    assert first is not None and first.actions == 6


def test_the_appender_forgets_a_finished_match(season: Services) -> None:
    game = _game(season)
    appender = BoardAppender(season.engine)
    _play(game, 3)
    appender.save(game.fixture_id, game)
    assert game.fixture_id in appender.tails
    game.match.forfeit(0)  # the match ends
    appender.save(game.fixture_id, game)
    assert game.fixture_id not in appender.tails
    season.board.finish(game.fixture_id, game)
    assert season.match_day.get(game.fixture_id).stage == "result_entered"
