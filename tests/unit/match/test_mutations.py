"""Mutations and simple traits: My Ball options, Animosity over the rosters, Plague Ridden result,
and bots playing full games with every one of them on the pitch."""

from __future__ import annotations

from pathlib import Path

import pytest

from league_manager.match.bots import play
from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.invariants import violations
from league_manager.match.result import MatchResult, build_result
from league_manager.match.scenario import build, load, parse_action
from league_manager.match.skills import points
from league_manager.match.skills.mutations import animosity_applies
from league_manager.match.skills.registry import handlers_for
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot, generate_team
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Characteristics, SkillRef

SCENARIOS = Path(__file__).parents[2] / "scenarios"
MINE = [
    "Big Hand", "Claws", "Disturbing Presence", "Extra Arms", "Foul Appearance", "Iron Hard Skin",
    "Monstrous Mouth", "Tentacles", "Two Heads", "Very Long Legs", "Titchy", "Decay",
    "Plague Ridden", "My Ball", "Pogo Stick", "Hypnotic Gaze", "Prehensile Tail",
    "Animosity (all team-mates)",
]  # fmt: skip


def test_my_ball_carrier_is_offered_no_pass_or_hand_off() -> None:
    scenario, match, _dice = build(load(SCENARIOS / "traits" / "my_ball.json"))
    h1, h2 = scenario.index("h1"), scenario.index("h2")
    kinds = {p: {a.kind for a in match.legal_actions() if a.player == p} for p in (h1, h2)}
    assert "activate_move" in kinds[h1]
    assert not {"activate_pass", "activate_handoff"} & kinds[h1]
    assert {"activate_pass", "activate_handoff"} <= kinds[h2]


def test_animosity_matches_a_team_mate_on_every_roster_that_carries_it() -> None:
    ruleset = load_ruleset("bb2020")
    handler = handlers_for(frozenset({"Animosity"}))[points.ANIMOSITY][0][1]
    seen = 0
    for roster in ruleset.teams.values():
        names = [p.name for p in roster.positions]
        for position in roster.positions:
            for skill in position.skills:
                if skill.name != "Animosity":
                    continue
                seen += 1
                matched = [n for n in names if handler(skill.param, n)]
                assert matched, f"{roster.name}: {position.name} Animosity ({skill.param}) matches nobody"
                assert not handler(skill.param, "Star Player")
    assert seen >= 15


@pytest.mark.parametrize(
    ("param", "position", "applies"),
    [
        ("all Dwarf and Halfling team-mates", "Old World Dwarf Troll Slayer", True),
        ("all Dwarf and Halfling team-mates", "Old World Halfling Hopeful", True),
        ("all Dwarf and Halfling team-mates", "Old World Human Lineman", False),
        ("all Dwarf and Halfling team-mates", "Ogre", False),
        ("all Dwarf and Human team-mates", "Old World Human Blitzer", True),
        ("all Dwarf and Human team-mates", "Altern Forest Treeman", False),
        ("Underworld Goblin Linemen", "Underworld Goblin Lineman", True),
        ("Underworld Goblin Linemen", "Underworld Snotling", False),
        ("Orc Lineman", "Orc Linemen", True),
        ("Big Un Blocker", "Orc Blitzer", False),
        ("all team-mates", "Human Lineman", True),
        ("all team-mates", "Star Player", False),
    ],
)
def test_animosity_reading(param: str, position: str, applies: bool) -> None:
    assert animosity_applies(param, position) is applies


def test_plague_ridden_marks_the_victim_infected_in_the_result() -> None:
    data = load(SCENARIOS / "traits" / "plague_ridden.json")
    scenario, match, _dice = build(data)
    for raw in data["actions"]:
        match.apply(parse_action(scenario, raw))
    result = build_result(match.state)
    victim = result.players[scenario.index("a1")]
    assert victim.infected and victim.injury == "Dead"
    assert not result.players[scenario.index("h1")].infected
    assert MatchResult.from_dict(result.to_dict()) == result


def _check_game(match: Match, bots: tuple[RandomBot | GreedyBot, RandomBot | GreedyBot]) -> None:
    s = match.state
    while match.prompt is not None:
        match.apply(bots[match.prompt.team].choose(match))
        prompt = match.prompt
        problems = violations(s, prompt is not None and prompt.kind in ("turn", "activation", "setup"))
        assert not problems, (len(match.actions), problems)
    assert match.outcome() is not None


ROSTERS = [
    ("nurgle", "vampire"),
    ("goblin", "snotling"),
    ("underworlddenizens", "oldworldalliance"),
    ("gnome", "chaosdwarf"),
    ("norse", "necromantichorror"),
    ("chaosrenegade", "orc"),
]


@pytest.mark.parametrize(("home", "away"), ROSTERS)
def test_bots_play_rosters_carrying_mutations_and_traits(home: str, away: str) -> None:
    ruleset = load_ruleset("bb2020")
    for seed, kind in ((7, "random"), (8, "greedy")):
        teams = generate_team(ruleset.team(home), seed), generate_team(ruleset.team(away), seed + 1)
        match = Match(*teams, seed=seed)
        if kind == "random":
            _check_game(match, (RandomBot(seed), RandomBot(seed + 1)))
        else:
            assert play(match, (GreedyBot(seed), GreedyBot(seed + 1))) > 0
            assert match.outcome() is not None


def _mutant_team(seed: int, prefix: str) -> TeamSnapshot:
    players = []
    for i in range(11 + seed % 5):
        names = MINE[(seed + i) % len(MINE)], MINE[(seed * 5 + i * 3) % len(MINE)]
        skills = tuple(SkillRef.parse(n) for n in names)
        stats = Characteristics(4 + (i + seed) % 5, 2 + (i * seed) % 4, 2 + i % 4, 2 + i % 5, 8 + i % 3)
        players.append(PlayerSnapshot(f"{prefix}{i}", f"P{i}", i + 1, "Lineman", stats, skills))
    return TeamSnapshot(prefix, "nurgle", tuple(players), rerolls=2, apothecary=seed % 2 == 0)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_games_with_every_mutation_keep_invariants(seed: int) -> None:
    match = Match(_mutant_team(seed, "h"), _mutant_team(seed + 1, "a"), seed=seed)
    _check_game(match, (RandomBot(seed), RandomBot(seed + 1)))
