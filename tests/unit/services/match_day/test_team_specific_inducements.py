"""Team-specific inducements (issue 12, part 3): carried from the pre-game, played in the match."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.coverage import MODELLED_INDUCEMENTS
from league_manager.match.engine import Match
from league_manager.match.inducements import (
    BALLISTICS,
    DRUMMER,
    HEADY_BREW,
    HOT_POT,
    IN_MATCH,
    MEDICAL_UNGUENT,
    RUNESMITH,
    TEAM_MASCOT,
    board_info,
)
from league_manager.match.inducements.ballistics import changes
from league_manager.match.inducements.mascot import new_half
from league_manager.match.inducements.runesmith import RUNESMITH_PROMPT
from league_manager.match.invariants import violations
from league_manager.match.procedures.injury import worse
from league_manager.match.result import build_result
from league_manager.match.scenario import build, parse_action
from league_manager.match.state import RESERVE
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Inducement
from league_manager.services.facade import Services
from league_manager.services.match_day.inducements import (
    CAVORTING_NURGLINGS,
    Purchase,
    apply_to_snapshot,
    price,
)
from league_manager.services.season_read_models import FixtureView

RULESET = load_ruleset("bb2020")
SCENARIOS = Path(__file__).parents[3] / "scenarios" / "inducements"


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


def test_cavorting_nurglings_add_cheerleaders_and_fan_factor_at_the_pregame(
    demo: Services,
    fixtures: list[FixtureView],
    give_gold: Callable[[int, int], None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # no team of the demo season is Favoured of Nurgle: let the first one buy them
    monkeypatch.setattr(Inducement, "available_for", lambda self, team, chosen_rule=None: True)
    game = fixtures[0]
    buyer = demo.teams.get_team(game.home)
    give_gold(buyer.id, 300_000)
    purchases = {"home": [Purchase(CAVORTING_NURGLINGS, 2)]}
    view = demo.match_day.pregame(game.id or 0, seed=5, purchases=purchases).value
    record = view.pregame["teams"]["home"]
    assert record["nurglings"] == 2
    factor = record["fan_factor"]
    assert factor == fan_factor_from(record) + 2
    snap = view.snapshots["home"]
    assert snap["fan_factor"] == factor and snap["cheerleaders"] == buyer.cheerleaders + 2
    assert view.snapshots["away"]["fan_factor"] == fan_factor_from(view.pregame["teams"]["away"])
    assert "Cavorting Nurglings" in MODELLED_INDUCEMENTS


def fan_factor_from(record: dict[str, Any]) -> int:
    """Dedicated fans plus the Fans step's D3, as the pre-game rolled them."""
    return int(record["dedicated_fans"]) + int(record["fans_roll"])


def test_games_with_bottles_of_heady_brew_play_to_the_end_and_drink_each_bottle_once() -> None:
    roster = RULESET.team("goblin")
    lines = price(RULESET, roster, None, {}, [Purchase(HEADY_BREW, 3)])
    home = apply_to_snapshot(generate_team(roster, 21), lines, RULESET)
    for seed, bots in ((21, (RandomBot(21), RandomBot(22))), (23, (GreedyBot(23), GreedyBot(24)))):
        match = Match(home, generate_team(RULESET.team("human"), seed, prefix="a"), seed=seed)
        opened = 0
        while match.prompt is not None:
            events = match.apply(bots[match.prompt.team].choose(match))
            opened += sum(1 for e in events if e.kind == "heady_brew")
        assert match.outcome() is not None
        assert opened <= 3 and match.state.induced[0][HEADY_BREW] == 3 - opened
        if seed == 23:
            assert opened >= 1  # the greedy bot opens them


def test_a_player_healed_by_the_unguent_keeps_the_serious_injury_for_the_post_game() -> None:
    data = json.loads((SCENARIOS / "medical_unguent_serious_injury.json").read_text(encoding="utf-8"))
    scenario, match, _dice = build(data)
    for raw in data["actions"]:
        match.apply(parse_action(scenario, raw))
    a1 = scenario.index("a1")
    assert match.state.status[a1] == RESERVE
    result = build_result(match.state)
    row = next(r for r in result.players if r.id == match.state.teams[1].players[0].id)
    assert row.injury == "Serious Injury"
    assert dict(result.away.inducements_used) == {MEDICAL_UNGUENT: 1}
    assert worse("Serious Injury", "Badly Hurt")
    assert not worse("Badly Hurt", "Dead") and not worse(None, "Dead")


def _played(name: str, upto: int | None = None) -> tuple[Any, Match]:
    data = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    scenario, match, _dice = build(data)
    for raw in data["actions"][:upto]:
        match.apply(parse_action(scenario, raw))
    return scenario, match


def test_the_rune_of_iron_raises_armour_for_the_drive_and_the_runesmith_is_done() -> None:
    scenario, match = _played("runesmith_rune_of_iron.json")
    h1 = scenario.index("h1")
    assert match.state.av[h1] == 11 and match.state.induced[0][RUNESMITH] == 0
    _scenario, at_prompt = _played("runesmith_rune_of_iron.json", upto=5)
    prompt = at_prompt.prompt
    assert prompt is not None and prompt.kind == RUNESMITH_PROMPT
    offered = {a.player for a in prompt.options if a.player >= 0}
    assert scenario.index("h3") not in offered and h1 in offered  # no Loner


def test_a_failed_rune_on_two_or_three_leaves_the_runesmith_for_a_later_drive() -> None:
    _scenario, match = _played("runesmith_fails_try_again.json")
    assert match.state.induced[0][RUNESMITH] == 1


def test_games_with_a_runesmith_play_to_the_end_with_both_bots() -> None:
    roster = RULESET.team("dwarf")
    lines = price(RULESET, roster, None, {}, [Purchase(RUNESMITH)])
    home = apply_to_snapshot(generate_team(roster, 31), lines, RULESET)
    for seed, bots in ((31, (RandomBot(31), RandomBot(32))), (33, (GreedyBot(33), GreedyBot(34)))):
        match = Match(home, generate_team(RULESET.team("orc"), seed, prefix="a"), seed=seed)
        struck = 0
        while match.prompt is not None:
            events = match.apply(bots[match.prompt.team].choose(match))
            struck += sum(1 for e in events if e.kind == "runesmith" and e.success)
        assert match.outcome() is not None and struck <= 1


def test_ballistics_changes_stay_within_the_dice() -> None:
    assert [words for words, _, _ in changes(1, 6)] == ["D8 1 -> 2", "D8 1 -> 3", "D6 6 -> 4", "D6 6 -> 5"]
    assert ("D8 8 -> 7", 7, 3) in changes(8, 3) and all(1 <= nd <= 8 for _, nd, _ in changes(8, 3))


def test_games_with_a_master_of_ballistics_play_to_the_end_with_both_bots() -> None:
    roster = RULESET.team("halfling")
    lines = price(RULESET, roster, None, {}, [Purchase(BALLISTICS)])
    home = apply_to_snapshot(generate_team(roster, 41), lines, RULESET)
    for seed, bots in ((41, (RandomBot(41), RandomBot(42))), (43, (GreedyBot(43), GreedyBot(44)))):
        match = Match(home, generate_team(RULESET.team("human"), seed, prefix="a"), seed=seed)
        advised = 0
        while match.prompt is not None:
            events = match.apply(bots[match.prompt.team].choose(match))
            advised += sum(1 for e in events if e.kind == "master_of_ballistics")
        assert match.outcome() is not None and advised >= 1


def test_games_with_a_waaagh_drummer_play_to_the_end_with_both_bots() -> None:
    roster = RULESET.team("orc")
    lines = price(RULESET, roster, None, {}, [Purchase(DRUMMER)])
    home = apply_to_snapshot(generate_team(roster, 51), lines, RULESET)
    for seed, bots in ((51, (RandomBot(51), RandomBot(52))), (53, (GreedyBot(53), GreedyBot(54)))):
        match = Match(home, generate_team(RULESET.team("human"), seed, prefix="a"), seed=seed)
        drummed = 0
        while match.prompt is not None:
            events = match.apply(bots[match.prompt.team].choose(match))
            drummed += sum(1 for e in events if e.kind == "waaagh_drummer")
            problems = violations(match.state, False)
            assert not problems, problems
        assert match.outcome() is not None and drummed >= 1
