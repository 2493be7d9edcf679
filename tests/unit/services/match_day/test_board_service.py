"""The board service: start, save after every action, resume at the same decision, finish, abandon."""

import json
from collections.abc import Callable

import pytest
from sqlmodel import Session, select

from league_manager.core.errors import RuleViolation
from league_manager.match.bots import make_bot
from league_manager.match.coverage import implemented
from league_manager.match.engine import FORMAT_VERSION
from league_manager.persistence.board_models import BoardMatch
from league_manager.persistence.models import SppEntry, TreasuryEntry
from league_manager.rules.model import Ruleset
from league_manager.services.facade import Services
from league_manager.services.match_day.board import BoardGame
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.season_read_models import FixtureView, ResultEntry


def _play(svc: Services, game: BoardGame, steps: int, seed: int = 3) -> None:
    """Apply ``steps`` bot actions, saving after each one as the board does."""
    bots = (make_bot("random", seed), make_bot("random", seed + 1))
    for _ in range(steps):
        prompt = game.match.prompt
        if prompt is None:
            return
        game.match.apply(bots[prompt.team].choose(game.match))
        svc.board.save(game.fixture_id, game)


def _started(demo: Services, fixture: FixtureView, **kwargs: object) -> BoardGame:
    assert fixture.id is not None
    demo.match_day.pregame(fixture.id, seed=5)
    return demo.board.start(fixture.id, seed=21, **kwargs)  # type: ignore[arg-type]


def test_start_uses_the_pregame_and_moves_the_match_day_on(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    fixture = fixtures[0]
    game = _started(demo, fixture, controllers={"away": "greedy"})
    day = demo.match_day.get(game.fixture_id)
    assert day.stage == "in_progress"
    weather = day.pregame["weather"]
    assert game.match.settings["weather_roll"] == sum(weather["dice"])
    assert game.match.state.first_kicking == (0 if day.pregame["kick_off"]["kicking"] == "home" else 1)
    assert game.controllers == {"home": "human", "away": "greedy"}
    assert game.undo_policy == "before_dice"  # the league default
    assert (game.home_name, game.away_name) == (fixture.home, fixture.away)
    assert game.inert == ()
    status = demo.board.status(game.fixture_id)
    assert status is not None and status.in_progress and status.actions == 0
    assert status.prompt_kind == game.match.prompt.kind if game.match.prompt else False
    assert day.board == status


def test_save_then_resume_gives_the_same_prompt_and_the_same_dice(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    game = _started(demo, fixtures[0])
    _play(demo, game, 60)
    again = demo.board.resume(game.fixture_id)
    assert again.match.actions == game.match.actions
    assert again.match.prompt == game.match.prompt
    # the upcoming dice are the same: both continue identically
    _play(demo, game, 30, seed=9)
    for action in game.match.actions[len(again.match.actions) :]:
        again.match.apply(action)
    assert [r.result for r in again.match.dice.log] == [r.result for r in game.match.dice.log]
    status = demo.board.status(game.fixture_id)
    assert status is not None and status.actions == len(game.match.actions)
    assert status.half == game.match.state.half and status.score == tuple(game.match.state.score)


def test_the_fixture_page_and_the_cli_show_the_board_match(
    demo: Services, fixtures: list[FixtureView], capsys: pytest.CaptureFixture[str]
) -> None:
    from league_manager.cli.match_day_commands import render

    game = _started(demo, fixtures[0])
    _play(demo, game, 40)
    view = demo.match_day.get(game.fixture_id)
    assert view.board is not None
    summary = view.board.summary()
    assert summary.startswith(f"Board match in progress: {len(game.match.actions)} actions, ")
    assert summary in render(view)
    data = view.to_dict()["board"]
    assert data["actions"] == len(game.match.actions)
    assert data["awaited"] == {
        "prompt": game.match.prompt.kind if game.match.prompt else None,
        "team": ("home", "away")[game.match.prompt.team] if game.match.prompt else None,
    }


def test_a_second_start_and_other_results_are_refused_while_in_progress(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    game = _started(demo, fixtures[0])
    fid = game.fixture_id
    for attempt in (
        lambda: demo.board.start(fid, seed=1),
        lambda: demo.match_day.record(fid, {"home": {"score": 1}, "away": {"score": 0}}),
        lambda: demo.match_day.play(fid, seed=1),
        lambda: demo.match_day.cancel_pregame(fid, "oops"),
        lambda: demo.seasons.set_result(fid, ResultEntry(1, 0)),
        lambda: demo.seasons.swap_home_away(fid),
        lambda: demo.seasons.postpone(fid),
        lambda: demo.match_day.kick_off(fid),
    ):
        with pytest.raises(RuleViolation, match="board match"):
            attempt()
    status = demo.board.status(fid)
    assert status is not None and status.in_progress and demo.match_day.get(fid).result is None


def test_abandon_needs_a_reason_keeps_it_and_frees_the_fixture(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    game = _started(demo, fixtures[0])
    fid = game.fixture_id
    _play(demo, game, 10)
    with pytest.raises(RuleViolation, match="say why"):
        demo.board.abandon(fid, " ")
    view = demo.board.abandon(fid, "the laptop battery died").value
    assert view.stage == "pre_game"
    assert view.board is not None and view.board.state == "abandoned"
    assert view.board.reason == "the laptop battery died"
    with pytest.raises(RuleViolation, match="abandoned"):
        demo.board.resume(fid)
    with pytest.raises(RuleViolation, match="abandoned"):
        demo.board.save(fid, game)
    again = demo.board.start(fid, seed=4)  # a new board match; the first one stays on the record
    assert again.match.actions == []
    view = demo.match_day.get(fid)
    assert [c["reason"] for c in view.corrections] == ["board match abandoned: the laptop battery died"]
    demo.board.abandon(fid, "we play at the table after all")
    assert demo.match_day.record(fid, {"home": {"score": 0}, "away": {"score": 0}}).value.stage == (
        "result_entered"
    )


def test_save_refuses_a_game_that_does_not_continue_the_record(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    game = _started(demo, fixtures[0])
    fid = game.fixture_id
    _play(demo, game, 20)
    other = demo.board.resume(fid)
    _play(demo, game, 5)
    bots = (make_bot("greedy", 1), make_bot("greedy", 2))
    prompt = other.match.prompt
    assert prompt is not None
    action = bots[prompt.team].choose(other.match)
    if action == game.match.actions[len(other.match.actions)]:
        pytest.skip("the bots agree on this action")  # pragma: no cover - seeds chosen so they differ
    other.match.apply(action)
    with pytest.raises(RuleViolation, match="part from the record"):
        demo.board.save(fid, other)
    fresh = demo.board.resume(fid)
    assert fresh.match.actions == game.match.actions


def test_a_record_of_another_engine_format_is_refused_with_no_change(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    game = _started(demo, fixtures[0])
    fid = game.fixture_id
    _play(demo, game, 5)
    with Session(demo.engine) as session:
        row = session.exec(select(BoardMatch).where(BoardMatch.fixture_id == fid)).one()
        row.engine_format = FORMAT_VERSION + 1
        document = json.loads(row.match_json) | {"format": FORMAT_VERSION + 1}
        row.match_json = json.dumps(document)
        session.add(row)
        session.commit()
        before = (row.match_json, row.updated_at)
    with pytest.raises(RuleViolation, match=f"engine format {FORMAT_VERSION + 1}"):
        demo.board.resume(fid)
    with pytest.raises(RuleViolation, match=f"engine format {FORMAT_VERSION + 1}"):
        demo.board.save(fid, game)
    with Session(demo.engine) as session:
        row = session.exec(select(BoardMatch).where(BoardMatch.fixture_id == fid)).one()
        assert (row.match_json, row.updated_at) == before
    assert demo.board.abandon(fid, "old program version").value.stage == "pre_game"


def test_finish_enters_the_result_and_the_postgame_balances_with_the_ledgers(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    game = _started(demo, fixtures[0])
    fid = game.fixture_id
    with pytest.raises(RuleViolation, match="not over"):
        demo.board.finish(fid, game)
    _play(demo, game, 10_000)
    assert game.match.over
    view = demo.board.finish(fid, game).value
    assert view.stage == "result_entered"
    assert view.board is not None and view.board.state == "finished"
    assert view.board.actions == len(game.match.actions)
    home, away = (view.result or {})["home"]["score"], (view.result or {})["away"]["score"]
    assert view.board.score == (home, away) == tuple(game.match.state.score)
    standing = demo.seasons.get_fixture(fid).result
    assert standing is not None and (standing.home_td, standing.away_td) == (home, away)
    with pytest.raises(RuleViolation, match="finished"):
        demo.board.save(fid, game)
    teams = {side: demo.teams.get_team(view.pregame["teams"][side]["team_id"]) for side in ("home", "away")}
    post = demo.match_day.postgame(fid, seed=7).value.postgame
    assert post is not None
    with Session(demo.engine) as session:
        for side, before in teams.items():
            after = demo.teams.get_team(before.id)
            rows = session.exec(select(TreasuryEntry.amount).where(TreasuryEntry.team_id == before.id)).all()
            mistake = post["teams"][side]["mistake_loss"]
            assert after.treasury == sum(rows) == before.treasury + post["teams"][side]["winnings"] - mistake
            gained = {p["id"]: p["spp"] for p in post["players"]}
            for player in after.players:
                spp = session.exec(select(SppEntry.amount).where(SppEntry.player_id == player.id)).all()
                old = next((p.spp for p in before.players if p.id == player.id), 0)
                assert player.spp == sum(spp) == old + gained.get(str(player.id), 0)


def _until_dice(game: BoardGame, bot_seed: int = 6) -> None:
    """Apply bot actions (unsaved) until one rolls dice."""
    bot = make_bot("random", bot_seed)
    while game.match.prompt is not None:
        game.match.apply(bot.choose(game.match))
        if game.match.rolls_since_last_action():
            return


def test_undo_before_dice_is_recorded_and_an_undo_after_dice_refused(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    game = _started(demo, fixtures[0])
    fid = game.fixture_id
    prompt = game.match.prompt
    assert prompt is not None and prompt.kind == "setup"
    game.match.apply(prompt.options[0])  # a formation: no die rolled
    demo.board.save(fid, game)
    game.match.undo()
    with pytest.raises(RuleViolation, match="say who"):
        demo.board.save(fid, game, undo_by=" ")
    demo.board.save(fid, game, undo_by="home coach")
    status = demo.board.status(fid)
    assert status is not None and status.actions == 0 and status.undo_count == 1
    _until_dice(game)
    demo.board.save(fid, game)
    saved = len(game.match.actions)
    game.match.undo()
    with pytest.raises(RuleViolation, match="rolled since the last action"):
        demo.board.save(fid, game, undo_by="home coach")
    with pytest.raises(RuleViolation, match="fewer actions"):
        demo.board.save(fid, game)
    again = demo.board.resume(fid)  # the record still holds the rolled action
    assert len(again.match.actions) == saved
    status = demo.board.status(fid)
    assert status is not None and status.undo_count == 1


@pytest.mark.parametrize(("policy", "confirmed_by", "refused"), [
    ("off", None, "undo is off"),
    ("confirm", None, "opponent must confirm"),
    ("confirm", "away coach", None),
    ("free", None, None),
])  # fmt: skip
def test_undo_after_dice_under_the_other_policies(
    demo: Services, fixtures: list[FixtureView], policy: str, confirmed_by: str | None, refused: str | None
) -> None:
    game = _started(demo, fixtures[0], undo_policy=policy)
    fid = game.fixture_id
    _until_dice(game)
    demo.board.save(fid, game)
    game.match.undo()
    if refused is not None:
        with pytest.raises(RuleViolation, match=refused):
            demo.board.save(fid, game, undo_by="home coach", confirmed_by=confirmed_by)
        return
    demo.board.save(fid, game, undo_by="home coach", confirmed_by=confirmed_by)
    with Session(demo.engine) as session:
        row = session.exec(select(BoardMatch).where(BoardMatch.fixture_id == fid)).one()
        (record,) = json.loads(row.undo_json)
    assert record["by"] == "home coach" and record["policy"] == policy
    assert record["confirmed_by"] == confirmed_by and record["action"] == len(game.match.actions)
    assert demo.board.resume(fid).match.actions == game.match.actions


def test_the_league_setting_chooses_the_policy(demo: Services, fixtures: list[FixtureView]) -> None:
    with pytest.raises(RuleViolation, match="'sometimes' is not an undo policy"):
        _started(demo, fixtures[0], undo_policy="sometimes")
    with pytest.raises(RuleViolation, match="'alien' cannot play home"):
        demo.board.start(fixtures[0].id or 0, controllers={"home": "alien"})
    demo.leagues.update_settings("Demo League", {"undo_policy": "free"})
    assert demo.board.start(fixtures[0].id or 0, seed=1).undo_policy == "free"


def test_typed_physical_rolls_are_saved_and_resumed(demo: Services, fixtures: list[FixtureView]) -> None:
    game = _started(demo, fixtures[0])
    count = iter(range(10_000))
    game.dice.typed_source = lambda sides, label: 1 + next(count) % sides if next(count) % 4 == 0 else None
    _play(demo, game, 80)
    log = [(r.result, r.source) for r in game.match.dice.log]
    assert "typed" in {source for _, source in log}
    again = demo.board.resume(game.fixture_id)
    assert [(r.result, r.source) for r in again.match.dice.log] == log
    assert again.dice.typed == game.dice.typed and again.match.prompt == game.match.prompt


def test_an_inducement_the_engine_does_not_play_is_shown_not_refused_and_a_star_rule_is_played(
    demo: Services,
    fixtures: list[FixtureView],
    give_gold: Callable[[int, int], None],
    ruleset: Ruleset,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import league_manager.match.engine  # noqa: F401 - registers every skill handler
    from league_manager.match import coverage

    # Every bought inducement is played now (Krot Shockwhisker last, issue 12):
    # take the Weather Mage out of the played set to see how an unplayed one is shown.
    monkeypatch.setattr(coverage, "MODELLED_INDUCEMENTS", coverage.MODELLED_INDUCEMENTS - {"Weather Mage"})

    game = next(f for f in fixtures if {f.home, f.away} == {"Middenheim Marauders", "Gutrot Ironjaws"})
    side = {game.home: "home", game.away: "away"}
    orcs = demo.teams.get_team("Gutrot Ironjaws")
    star = next(s for s in ruleset.stars_for(ruleset.team("orc")) if not s.pair and s.special_rule)
    assert implemented(star.special_rule, ruleset.id)  # every star rule is played now (issue 12)
    give_gold(orcs.id, star.cost + 300_000)
    buy = [Purchase(star.name), Purchase("Weather Mage"), Purchase("Bribes")]
    demo.match_day.pregame(game.id or 0, seed=3, purchases={side[orcs.name]: buy})
    started = demo.board.start(game.id or 0, seed=4)
    assert "Weather Mage" in started.inert and star.special_rule not in started.inert
    assert "Bribes" not in started.inert and star.name not in started.inert
    fielded = {r for team in started.match.state.teams for p in team.players for r in p.special_rules}
    assert star.special_rule in fielded
    assert started.match.allow_inert
    resumed = demo.board.resume(game.id or 0)
    assert resumed.inert == started.inert


def test_the_offer_says_which_inducements_the_board_plays(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    offer = demo.match_day.inducement_offer(fixtures[0].id or 0)
    lines = {line.name: line for line in offer.sides["home"].lines}
    assert not lines["Special Plays"].played and lines["Weather Mage"].played
    refused = lines["Special Plays"]
    assert refused.may_add == 0 and "Special Play cards" in (refused.why_not or "")
    assert refused.refused.startswith("not available in this program") and not lines["Bribes"].refused
    assert lines["Bribes"].played and lines["Bloodweiser Kegs"].played


def test_a_board_match_knows_its_ruleset_skill_categories_for_intensive_training(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    """Intensive Training offers skills of the player's categories: a league match carries them."""
    game = _started(demo, fixtures[0])
    categories = game.match.skill_categories
    assert "Block" in categories["G"] and "Dodge" in categories["A"]
    _play(demo, game, 10)
    assert demo.board.resume(game.fixture_id).match.skill_categories == categories
