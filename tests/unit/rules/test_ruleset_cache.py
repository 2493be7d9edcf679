"""load_ruleset parses each ruleset once per process: the cached ruleset is the one every caller
shares, so it must equal a fresh parse and stay so after the program has used it."""

from __future__ import annotations

import dataclasses

import pytest

from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import KNOWN_RULESETS, load_ruleset

EDITIONS = (*KNOWN_RULESETS, "lrb2004")


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_two_loads_share_one_ruleset_equal_to_a_fresh_parse(ruleset_id: str) -> None:
    first = load_ruleset(ruleset_id)
    assert load_ruleset(ruleset_id) is first
    assert load_ruleset.__wrapped__(ruleset_id) == first  # the uncached parse
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.version = "changed"  # type: ignore[misc]


@pytest.mark.parametrize("ruleset_id", KNOWN_RULESETS)
def test_drafts_and_a_match_leave_the_cached_ruleset_as_parsed(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    for race in ruleset.teams:
        suggest_draft(ruleset, race)
    home, away = generate_team(ruleset.team("human"), 1), generate_team(ruleset.team("orc"), 2)
    match = Match(home, away, seed=3, allow_inert=True, ruleset_id=ruleset_id)
    bots = (RandomBot(1), RandomBot(2))
    while match.prompt is not None and len(match.actions) < 400:
        match.apply(bots[match.prompt.team].choose(match))
    assert len(match.actions) >= 100
    assert load_ruleset(ruleset_id) is ruleset
    assert ruleset == load_ruleset.__wrapped__(ruleset_id)
