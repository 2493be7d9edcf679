"""Team-specific inducements (issue 12, part 3): carried from the pre-game, played in the match."""

from __future__ import annotations

from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.inducements import HOT_POT, IN_MATCH, TEAM_MASCOT, board_info
from league_manager.match.inducements.mascot import new_half
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset
from league_manager.services.match_day.inducements import Purchase, apply_to_snapshot, price

RULESET = load_ruleset("bb2020")


def _mascot_match(seed: int) -> Match:
    roster = RULESET.team("human")
    lines = price(RULESET, roster, None, {}, [Purchase(TEAM_MASCOT)])
    home = apply_to_snapshot(generate_team(roster, seed), lines, RULESET)
    return Match(home, generate_team(RULESET.team("orc"), seed + 1, prefix="a"), seed=seed)


def test_the_mascot_is_carried_into_the_match_and_is_ready_again_each_half() -> None:
    assert TEAM_MASCOT in IN_MATCH
    match = _mascot_match(3)
    assert board_info(match.state)[0][TEAM_MASCOT] == 1
    match.state.induced[0][TEAM_MASCOT] = 0  # used in the first half
    new_half(match.state)
    assert match.state.induced[0][TEAM_MASCOT] == 1
    assert TEAM_MASCOT not in match.state.induced[1]


def test_games_with_a_mascot_play_to_the_end_with_both_bots() -> None:
    for seed, bots in ((5, (RandomBot(5), RandomBot(6))), (7, (GreedyBot(7), GreedyBot(8)))):
        match = _mascot_match(seed)
        used = 0
        while match.prompt is not None:
            events = match.apply(bots[match.prompt.team].choose(match))
            used += sum(1 for e in events if e.kind == "team_mascot")
        assert match.outcome() is not None
        assert used <= 3  # at most once a half, extra time included


def test_games_with_a_hot_pot_play_to_the_end_and_lob_it_at_most_once() -> None:
    roster = RULESET.team("halfling")
    lines = price(RULESET, roster, None, {}, [Purchase(HOT_POT)])
    home = apply_to_snapshot(generate_team(roster, 11), lines, RULESET)
    for seed, bots in ((11, (RandomBot(11), RandomBot(12))), (13, (GreedyBot(13), GreedyBot(14)))):
        match = Match(home, generate_team(RULESET.team("orc"), seed, prefix="a"), seed=seed)
        lobbed = 0
        while match.prompt is not None:
            events = match.apply(bots[match.prompt.team].choose(match))
            lobbed += sum(1 for e in events if e.kind == "hot_pot")
        assert match.outcome() is not None
        assert lobbed <= 1
        assert match.state.induced[0][HOT_POT] == 1 - lobbed
