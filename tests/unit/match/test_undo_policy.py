"""Undo policies of the match board: the dice counter per action and why an undo is refused."""

from __future__ import annotations

import random

import pytest

from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.teams import TeamSnapshot, generate_team
from league_manager.match.undo_policy import (
    BEFORE_DICE,
    CONFIRM,
    DEFAULT_POLICY,
    FREE,
    OFF,
    POLICIES,
    check_policy,
    needs_confirmation,
    undo_refusal,
)
from league_manager.rules.loader import load_ruleset

RULES = load_ruleset("bb2020")


def _teams(seed: int) -> tuple[TeamSnapshot, TeamSnapshot]:
    return generate_team(RULES.team("human"), seed), generate_team(RULES.team("orc"), seed + 1)


def _match(seed: int) -> Match:
    return Match(*_teams(seed), seed=seed, settings={"kicking_team": 0, "weather_roll": 7})


@pytest.mark.parametrize("seed", [1, 2])
def test_the_engine_counts_the_dice_each_action_rolled_through_undo_and_replay(seed: int) -> None:
    match = _match(seed)
    bots = (RandomBot(seed), RandomBot(seed + 1))
    rng = random.Random(seed)
    rolled: list[int] = []
    for _ in range(250):
        if match.prompt is None:
            break
        before = len(match.dice.log)
        match.apply(bots[match.prompt.team].choose(match))
        rolled.append(len(match.dice.log) - before)
        assert match.rolls_since_last_action() == rolled[-1]
        refusal = undo_refusal(match, BEFORE_DICE)
        assert (refusal is None) == (rolled[-1] == 0)
        if rng.random() < 0.15 and len(rolled) > 1:
            action = match.actions[-1]
            match.undo()
            assert match.rolls_since_last_action() == rolled[-2]
            match.apply(action)
            assert match.rolls_since_last_action() == rolled[-1]
    assert any(rolled) and not all(rolled)  # both kinds of action were met
    replayed = Match.from_dict(match.to_dict())
    assert replayed.rolls_since_last_action() == rolled[-1]
    assert replayed.to_dict()["rolls_at"] == match.to_dict()["rolls_at"]


def test_before_dice_refuses_after_a_roll_and_allows_a_dice_free_step() -> None:
    match = _match(3)
    assert undo_refusal(match, BEFORE_DICE) == "nothing to undo"
    assert match.prompt is not None and match.prompt.kind == "setup"
    match.apply(match.prompt.options[0])  # a formation: no dice
    assert undo_refusal(match, BEFORE_DICE) is None
    while match.prompt is not None and not match.rolls_since_last_action():
        match.apply(RandomBot(4).choose(match))
    refusal = undo_refusal(match, BEFORE_DICE)
    assert refusal is not None
    assert refusal.endswith("rolled since the last action; this league allows an undo only before dice")


def test_the_other_policies() -> None:
    match = _match(5)
    assert undo_refusal(match, OFF) == "undo is off in this league"
    match.apply(RandomBot(1).choose(match))
    assert undo_refusal(match, OFF) == "undo is off in this league"
    assert undo_refusal(match, CONFIRM) is None and needs_confirmation(CONFIRM)
    assert undo_refusal(match, FREE) is None and not needs_confirmation(FREE)
    with pytest.raises(ValueError, match="unknown undo policy 'sometimes'"):
        undo_refusal(match, "sometimes")
    assert check_policy(FREE) == FREE


def test_the_league_setting_offers_every_policy_with_before_dice_by_default() -> None:
    rule = next(r for r in RULES.house_rules if r.key == "undo_policy")
    assert tuple(rule.choices) == POLICIES
    assert rule.default == DEFAULT_POLICY == BEFORE_DICE
