"""Physical dice on the board: typed rolls replayed by index, forgotten on undo, refused out of range."""

from __future__ import annotations

import json

import pytest

from league_manager.match.actions import Action
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.teams import TeamSnapshot, generate_team
from league_manager.rules.dice import BoardDice, TypedRollRefused
from league_manager.rules.loader import load_ruleset

RULES = load_ruleset("bb2020")


def _teams(seed: int) -> tuple[TeamSnapshot, TeamSnapshot]:
    return generate_team(RULES.team("human"), seed), generate_team(RULES.team("orc"), seed + 1)


def _typing(match: Match, every: int) -> list[tuple[int, str]]:
    """Let every ``every``-th roll be typed (a 3, or the die's top face when smaller)."""
    asked: list[tuple[int, str]] = []

    def source(sides: int, label: str) -> int | None:
        asked.append((sides, label))
        return min(3, sides) if len(asked) % every == 0 else None

    dice = match.dice
    assert isinstance(dice, BoardDice)
    dice.typed_source = source
    return asked


def test_a_match_with_typed_rolls_is_reproduced_exactly_and_an_undo_asks_again() -> None:
    match = Match(*_teams(7), dice=BoardDice(7), settings={"kicking_team": 1})
    asked = _typing(match, 3)
    bots = (RandomBot(7), RandomBot(8))
    for _ in range(300):
        if match.prompt is None:
            break
        match.apply(bots[match.prompt.team].choose(match))
    log = [(r.result, r.source) for r in match.dice.log]
    assert {source for _, source in log} == {"program", "typed"}
    document = json.loads(json.dumps(match.to_dict()))
    copy = Match.from_dict(document)
    assert [(r.result, r.source) for r in copy.dice.log] == log
    assert copy.prompt == match.prompt and copy.state.score == match.state.score
    # an undo replays without asking anybody, and forgets the typed rolls it took back
    while not match.rolls_since_last_action():
        match.apply(bots[match.prompt.team].choose(match))  # type: ignore[union-attr]
    questions = len(asked)
    match.undo()
    assert len(asked) == questions
    assert all(i < len(match.dice.log) for i in match.dice.typed)  # type: ignore[attr-defined]


def test_a_typed_roll_out_of_range_changes_nothing() -> None:
    match = Match(*_teams(8), dice=BoardDice(8), settings={"kicking_team": 1})
    bots = (RandomBot(1), RandomBot(2))
    while not match.rolls_since_last_action():
        match.apply(bots[match.prompt.team].choose(match))  # type: ignore[union-attr]
    before = match.to_dict()
    match.undo()
    action = Action.from_list(before["actions"][-1])
    dice = match.dice
    assert isinstance(dice, BoardDice)
    dice.typed_source = lambda sides, label: sides + 1
    with pytest.raises(TypedRollRefused, match="is not a D"):
        match.apply(action)
    dice.typed_source = None
    assert match.to_dict()["actions"] == before["actions"][:-1]
    match.apply(action)
    assert match.to_dict() == before
