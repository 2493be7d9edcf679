"""Punt (Season 3): who is offered the action, what the punter may aim at, the throw-in
template around the line, and random bots playing games full of punters."""

from __future__ import annotations

from pathlib import Path

from league_manager.match.actions import PUNT, PUNT_OUT
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.invariants import violations
from league_manager.match.pitch import W, sq
from league_manager.match.procedures.punt import turned
from league_manager.match.scenario import Scenario, build, load, parse_action
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.model import Characteristics, SkillRef

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "bb2025"


def _build(players: list[dict[str, object]], **extra: object) -> tuple[Scenario, Match]:
    data = load(SCENARIOS / "punt_caught_by_team_mate.json")
    data.update({"players": players, "actions": [], "dice": [], **extra})
    scenario, match, _dice = build(data)
    return scenario, match


def _position(players: list[dict[str, object]], **extra: object) -> Match:
    return _build(players, **extra)[1]


def _punters(match: Match) -> list[int]:
    return sorted(a.player for a in match.legal_actions() if a.kind == "activate_punt")


def test_punt_is_offered_to_a_standing_punter_with_the_ball_or_with_the_ball_loose() -> None:
    players = [
        {"id": "h1", "team": "home", "at": [9, 7], "skills": ["Punt"], "ball": True},
        {"id": "h2", "team": "home", "at": [12, 7], "skills": ["Punt"]},
        {"id": "h3", "team": "home", "at": [12, 9], "skills": ["Punt"], "status": "prone"},
        {"id": "a1", "team": "away", "at": [20, 3], "skills": ["Punt"]},
    ]
    assert _punters(_position(players)) == [0]  # not h2 (a team-mate holds it), nor prone h3
    players[0]["ball"] = False
    assert _punters(_position(players, ball=[5, 5])) == [0, 1]
    assert _punters(_position(players[1:], ball=[5, 5], ruleset="bb2020", allow_inert=True)) == []


def test_punt_is_once_per_team_turn_and_aims_along_four_lines_or_into_the_crowd() -> None:
    players = [
        {"id": "h1", "team": "home", "at": [10, 0], "skills": ["Punt"], "ball": True},
        {"id": "h2", "team": "home", "at": [12, 7], "skills": ["Punt"]},
        {"id": "a1", "team": "away", "at": [20, 3]},
    ]
    scenario, match = _build(players)
    match.apply(parse_action(scenario, ["activate_punt", "h1"]))
    assert match.prompt is not None
    aims = {(a.kind, a.square) for a in match.prompt.options if a.kind in (PUNT, PUNT_OUT)}
    assert aims == {(PUNT, sq(9, 0)), (PUNT, sq(11, 0)), (PUNT, sq(10, 1)), (PUNT_OUT, sq(10, 0))}
    match.apply(parse_action(scenario, ["end_activation"]))
    assert match.state.carrier == 0 and _punters(match) == []  # the turn's Punt is taken


def test_the_throw_in_template_turns_left_straight_or_right_of_the_line() -> None:
    east, north = 1, -W
    assert [turned(east, r) for r in (1, 3, 5)] == [1 - W, 1, 1 + W]
    assert [turned(north, r) for r in (2, 4, 6)] == [-1 - W, -W, 1 - W]
    assert [turned(-1, r) for r in (1, 5)] == [-1 + W, -1 - W]
    assert [turned(W, r) for r in (1, 5)] == [1 + W, -1 + W]


def _team(prefix: str) -> TeamSnapshot:
    stats = Characteristics(7, 3, 3, 3, 8)
    players = tuple(
        PlayerSnapshot(f"{prefix}{i}", f"P{i}", i + 1, "Runner", stats, (SkillRef.parse("Punt"),))
        for i in range(11)
    )
    return TeamSnapshot(prefix, "darkelf", players, rerolls=2)


def test_random_bots_punt_in_season3_games_and_keep_the_invariants() -> None:
    punts = 0
    for seed in (5, 11):
        match = Match(_team("h"), _team("a"), seed=seed, ruleset_id="bb2025", snapshots=False)
        bots = (RandomBot(seed), RandomBot(seed + 1))
        while match.prompt is not None:
            match.apply(bots[match.prompt.team].choose(match))
            prompt = match.prompt
            assert not violations(match.state, prompt is not None and prompt.kind in ("turn", "activation"))
        punts += sum(1 for e in match.events if e.kind == "punt")
        assert match.outcome() is not None
    assert punts > 0


def test_the_board_names_the_punt_choices() -> None:
    from league_manager.match.actions import Action, Prompt
    from league_manager.ui.match_board.choices import SQUARE_KINDS
    from league_manager.ui.match_board.labels import label

    names = ["Runner"]
    turn = Prompt("turn", 0, [])
    assert label(turn, Action("activate_punt", 0), names) == "Punt"
    activation = Prompt("activation", 0, [], {"player": 0, "action": PUNT})
    assert label(activation, Action(PUNT, 0, sq(11, 7)), names).startswith("Punt towards")
    assert label(activation, Action(PUNT_OUT, 0, sq(10, 0)), names) == "Punt into the crowd"
    assert PUNT in SQUARE_KINDS and PUNT_OUT not in SQUARE_KINDS
