"""The Match API: legality, determinism, undo, save/restore and the match result."""

from __future__ import annotations

import json

import pytest

from league_manager.match.actions import Action, IllegalAction
from league_manager.match.bots import play
from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.pitch import sq
from league_manager.match.result import MatchResult
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.model import Characteristics, SkillRef


def _team(name: str, prefix: str) -> TeamSnapshot:
    players = []
    for i in range(12):
        skills = (SkillRef("Block"),) if i < 2 else ()
        stats = Characteristics(6, 4 if i == 11 else 3, 3, 4 if i != 5 else 2, 9)
        players.append(PlayerSnapshot(f"{prefix}{i}", f"P{i}", i + 1, "Lineman", stats, skills))
    return TeamSnapshot(name, "human", tuple(players), rerolls=3, apothecary=True)


HOME = _team("Home", "h")
AWAY = _team("Away", "a")


def _played(seed: int, bot: str = "random") -> Match:
    match = Match(HOME, AWAY, seed=seed)
    if bot == "random":
        play(match, (RandomBot(seed), RandomBot(seed + 1)))
    else:
        play(match, (GreedyBot(seed), GreedyBot(seed + 1)))
    return match


def test_full_random_game_ends_with_a_result() -> None:
    match = _played(1)
    result = match.outcome()
    assert result is not None
    assert match.prompt is None and match.legal_actions() == []
    assert result.home.score == sum(p.td for p in result.players if p.team == 0)
    assert result.away.score == sum(p.td for p in result.players if p.team == 1)


def test_same_seed_same_game() -> None:
    a, b = _played(7), _played(7)
    assert [e.to_dict() for e in a.events] == [e.to_dict() for e in b.events]
    assert a.outcome() == b.outcome()


def test_greedy_bots_play_a_game() -> None:
    result = _played(3, "greedy").outcome()
    assert result is not None


def test_illegal_action_raises_and_changes_nothing() -> None:
    match = Match(HOME, AWAY, seed=2)
    before = (match.prompt, len(match.events), list(match.actions))
    with pytest.raises(IllegalAction):
        match.apply(Action("move", 0, sq(5, 5)))
    assert (match.prompt, len(match.events), list(match.actions)) == before


def test_to_dict_from_dict_reproduces_mid_game() -> None:
    match = Match(HOME, AWAY, seed=11)
    bots = (RandomBot(1), RandomBot(2))
    for _ in range(250):
        assert match.prompt is not None
        match.apply(bots[match.prompt.team].choose(match))
    data = json.loads(json.dumps(match.to_dict()))
    copy = Match.from_dict(data)
    assert copy.state.snapshot() == match.state.snapshot()
    assert copy.prompt == match.prompt
    assert [e.to_dict() for e in copy.events] == [e.to_dict() for e in match.events]


def test_undo_takes_back_the_last_action() -> None:
    match = Match(HOME, AWAY, seed=5)
    bots = (RandomBot(3), RandomBot(4))
    for _ in range(120):
        assert match.prompt is not None
        match.apply(bots[match.prompt.team].choose(match))
    before = match.state.snapshot()
    prompt = match.prompt
    assert prompt is not None
    action = bots[prompt.team].choose(match)
    match.apply(action)
    match.undo()
    assert match.state.snapshot() == before
    assert match.prompt == prompt
    match.apply(action)


def test_undo_with_nothing_to_undo() -> None:
    with pytest.raises(IllegalAction):
        Match(HOME, AWAY, seed=5).undo()


def test_match_result_json_round_trip() -> None:
    result = _played(9).outcome()
    assert result is not None
    data = json.loads(json.dumps(result.to_dict()))
    assert MatchResult.from_dict(data) == result


def test_concession() -> None:
    match = Match(HOME, AWAY, seed=4)
    with pytest.raises(IllegalAction):
        match.concede(1)  # not at the start of its own team turn
    bots = (RandomBot(4), RandomBot(5))
    while not match.can_concede(1):
        assert match.prompt is not None
        match.apply(bots[match.prompt.team].choose(match))
    match.concede(1)
    result = match.outcome()
    assert result is not None and result.conceded == 1 and result.winner == 0
    assert result.away.mvp_candidates == () and result.home.mvp_candidates
    assert result.home.score >= 1 and result.away.score == 0
    copy = Match.from_dict(match.to_dict())
    assert copy.outcome() == result


def test_setup_placements_are_listed_and_checked() -> None:
    match = Match(HOME, AWAY, seed=4)
    while match.prompt is not None and match.prompt.kind != "setup":
        match.apply(match.prompt.options[0])
    assert match.prompt is not None
    team = match.prompt.team
    actions = match.legal_actions()
    assert any(a.kind == "place" for a in actions)
    assert not any(a.kind == "end_setup" for a in actions)
    own = 0 if team == 0 else 12
    wrong_half = sq(20, 7) if team == 0 else sq(3, 7)
    with pytest.raises(IllegalAction):
        match.apply(Action("place", own, wrong_half))


def test_undo_with_scripted_dice_returns_the_rolls() -> None:
    from league_manager.match.scenario import build, parse_action

    data = {
        "name": "undo",
        "players": [
            {"id": "h1", "team": "home", "at": [5, 7]},
            {"id": "a1", "team": "away", "at": [6, 7]},
        ],
        "dice": [[2, "dodge"], [5, "dodge"]],
    }
    scn, match, dice = build(data)
    match.apply(parse_action(scn, ["activate_move", "h1"]))
    before = match.state.snapshot()
    match.apply(parse_action(scn, ["move", "h1", [4, 6]]))
    assert match.prompt is not None and match.prompt.kind == "reroll"
    match.undo()
    assert match.state.snapshot() == before
    assert dice.remaining == 2
    match.apply(parse_action(scn, ["move", "h1", [4, 6]]))
    match.apply(parse_action(scn, ["team_reroll", "h1"]))
    assert match.state.pos[0] == sq(4, 6) and dice.remaining == 0


def _view(match: Match) -> tuple[object, ...]:
    return (
        match.state.snapshot(),
        match.prompt,
        [e.to_dict() for e in match.events],
        len(match.dice.log),
        [(s.td, s.cas, s.injury) for s in match.state.stats],
    )


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_snapshot_undo_matches_a_full_replay(seed: int) -> None:
    import random

    match = Match(HOME, AWAY, seed=seed, settings={"extra_time": True})
    bots = (RandomBot(seed), RandomBot(seed + 1))
    rng = random.Random(seed)
    views = [_view(match)]
    while match.prompt is not None:
        action = bots[match.prompt.team].choose(match)
        match.apply(action)
        if rng.random() < 0.1:
            after = _view(match)
            match.undo()
            assert _view(match) == views[-1]
            match.apply(action)
            assert _view(match) == after
        views.append(_view(match))
    replayed = Match.from_dict(match.to_dict())
    assert _view(replayed)[:3] == _view(match)[:3]


def test_state_clone_copies_every_container() -> None:
    import dataclasses

    match = Match(HOME, AWAY, seed=1)
    state = match.state
    clone = state.clone()
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if isinstance(value, (list, set, dict)):
            assert getattr(clone, f.name) is not value, f.name
            assert getattr(clone, f.name) == value, f.name


def test_scripted_bot_replays_a_game() -> None:
    from league_manager.match.bots.scripted_bot import ScriptedBot

    original = _played(31)
    replay = Match(HOME, AWAY, seed=31)
    bot = ScriptedBot(original.actions)
    play(replay, (bot, bot))
    assert bot.remaining == 0
    assert replay.outcome() == original.outcome()
    with pytest.raises(IllegalAction):
        bot.choose(replay)


def test_greedy_bot_picks_pow() -> None:
    from league_manager.match.scenario import build, parse_action

    data = {
        "name": "greedy",
        "players": [
            {"id": "h1", "team": "home", "at": [5, 7], "stats": [6, 4, 3, 4, 9]},
            {"id": "a1", "team": "away", "at": [6, 7]},
        ],
        "dice": [[1, "block"], [6, "block"]],
        "rerolls": [0, 0],
    }
    scn, match, _ = build(data)
    match.apply(parse_action(scn, ["activate_block", "h1"]))
    match.apply(parse_action(scn, ["block", "h1", [6, 7]]))
    assert GreedyBot(1).choose(match) == Action("choose", 0, 5)


def test_match_day_can_hand_over_the_weather_and_kicking_team() -> None:
    match = Match(HOME, AWAY, seed=3, settings={"weather_roll": 12, "kicking_team": 1})
    assert match.state.weather == "blizzard"
    assert match.state.first_kicking == 1
    assert all(e.kind != "coin_toss" for e in match.events)
    rolled = Match(HOME, AWAY, seed=3)
    assert any(e.kind == "coin_toss" for e in rolled.events) or rolled.prompt is not None


def test_kills_are_credited_to_the_player_who_caused_them() -> None:
    from league_manager.match.teams import generate_team
    from league_manager.rules.loader import load_ruleset

    ruleset = load_ruleset("bb2020")
    kills = deaths = 0
    for seed in range(12):
        home = generate_team(ruleset.team("orc"), seed, prefix="h")
        away = generate_team(ruleset.team("human"), seed + 100, prefix="a")
        match = Match(home, away, seed=seed)
        play(match, (GreedyBot(seed), GreedyBot(seed + 1)))
        result = match.outcome()
        assert result is not None
        for p in result.players:
            assert p.kills <= p.cas + p.cas_other
        kills += sum(p.kills for p in result.players)
        deaths += sum(1 for p in result.players if p.injury == "Dead")
        assert MatchResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
    assert kills == deaths > 0


def test_greedy_bot_secures_a_loose_ball_in_season_3() -> None:
    from league_manager.match.scenario import build

    data = {
        "name": "greedy secures",
        "ruleset": "bb2025",
        "ball": [12, 7],
        "players": [{"id": "h1", "team": "home", "at": [10, 7]}, {"id": "a1", "team": "away", "at": [20, 7]}],
        "rerolls": [0, 0],
    }
    _scn, match, _ = build(data)
    assert GreedyBot(1).choose(match) == Action("activate_secure_ball", 0)
    _scn, bb2020, _ = build({**data, "ruleset": "bb2020"})
    assert GreedyBot(1).choose(bb2020) == Action("activate_move", 0)


@pytest.mark.parametrize(("ruleset_id", "seed"), [("bb2020", 4), ("bb2025", 4), ("bb2025", 11)])
def test_concession_score_follows_the_edition(ruleset_id: str, seed: int) -> None:
    match = Match(HOME, AWAY, seed=seed, ruleset_id=ruleset_id)
    bots = (RandomBot(seed), RandomBot(seed + 1))
    while not match.can_concede(1):
        assert match.prompt is not None
        match.apply(bots[match.prompt.team].choose(match))
    own, theirs = match.state.score
    match.concede(1)
    result = match.outcome()
    assert result is not None and result.away.score == 0
    # BB2020: one touchdown plus the conceding team's; Season 3: 2-0, or the winner's own score
    expected = own + 1 + theirs if ruleset_id == "bb2020" else max(own, 2)
    assert result.home.score == expected
