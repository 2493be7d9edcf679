"""Property test: seeded random games never crash and keep the state invariants."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.invariants import violations
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Characteristics, SkillRef

SKILLS = [
    "Block", "Dodge", "Sure Hands", "Catch", "Mighty Blow (+1)", "Thick Skull", "Stunty",
    "Tackle", "Guard", "Stand Firm", "Sprint", "Sure Feet", "Pass", "Loner (4+)", "Pro",
    "Wrestle", "Regeneration", "No Hands", "Dirty Player (+1)", "Kick", "Frenzy",
    "Juggernaut", "Fend", "Sidestep", "Grab", "Strip Ball", "Dauntless", "Jump Up",
    "Nerves of Steel", "Accurate", "Break Tackle", "Diving Tackle", "Shadowing",
    "On the Ball", "Bone Head", "Really Stupid", "Take Root", "Animal Savagery",
    "Animosity (all team-mates)", "Secret Weapon", "Prehensile Tail", "Leap", "Horns",
    "Multiple Block", "Projectile Vomit", "Unchannelled Fury", "Throw Team-mate",
    "Right Stuff", "Always Hungry", "Strong Arm",
    "Drunkard", "Timmm-ber!", "Pick-me-up", "Chainsaw", "Breathe Fire", "Hit and Run",
    "Trickster", "Swoop", "Kick Team-mate", "Bloodlust (3+)", "Ball & Chain",
    "Swarming", "Bombardier",
]  # fmt: skip
SKILLS += [  # issue 11: Agility, Strength and Passing skills
    "Diving Catch", "Defensive", "Safe Pair of Hands", "Sneaky Git", "Arm Bar", "Brawler",
    "Pile Driver", "Cannoneer", "Cloud Burster", "Dump-off", "Fumblerooskie", "Hail Mary Pass",
    "Leader", "Running Pass", "Safe Pass",
]  # fmt: skip
SETTLED = ("turn", "activation", "setup")


def _team(seed: int, prefix: str) -> TeamSnapshot:
    players = []
    for i in range(11 + seed % 6):
        skills = (
            SkillRef.parse(SKILLS[(seed + i * 7) % len(SKILLS)]),
            SkillRef.parse(SKILLS[(seed * 3 + i) % len(SKILLS)]),
        )
        stats = Characteristics(4 + (i + seed) % 5, 2 + (i * seed) % 4, 2 + i % 4, 2 + i % 5, 8 + i % 3)
        players.append(PlayerSnapshot(f"{prefix}{i}", f"P{i}", i + 1, "Lineman", stats, skills))
    return TeamSnapshot(prefix, "human", tuple(players), rerolls=seed % 4, apothecary=seed % 2 == 0,
                        bribes=seed % 2)  # fmt: skip


def _play_checked(seed: int) -> None:
    match = Match(_team(seed, "h"), _team(seed + 1, "a"), seed=seed, settings={"extra_time": True})
    bots = (RandomBot(seed), RandomBot(seed + 1))
    s = match.state
    touchdowns = 0
    while match.prompt is not None:
        score = sum(s.score)
        events = match.apply(bots[match.prompt.team].choose(match))
        touchdowns += sum(1 for e in events if e.kind == "touchdown")
        gained = sum(s.score) - score
        assert gained == sum(1 for e in events if e.kind == "touchdown")  # sudden death adds none
        prompt = match.prompt
        problems = violations(s, prompt is not None and prompt.kind in SETTLED)
        assert not problems, (seed, len(match.actions), problems)
    result = match.outcome()
    assert result is not None
    assert result.home.score + result.away.score >= touchdowns


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**31 - 1))
def test_random_games_keep_invariants(seed: int) -> None:
    _play_checked(seed)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**31 - 1))
def test_many_random_games_keep_invariants(seed: int) -> None:
    _play_checked(seed)


@pytest.mark.parametrize(
    ("home", "away"),
    [("amazon", "blackorc"), ("chaosrenegade", "darkelf"), ("highelf", "imperialnobility"),
     ("chaosdwarf", "oldworldalliance")],
)  # fmt: skip
def test_rosters_with_agility_strength_and_passing_skills_play_out(home: str, away: str) -> None:
    """Real rosters fielding Defensive, Brawler, Grab, Dump-off, Safe Pass … play whole games."""
    from league_manager.match.bots import play
    from league_manager.match.bots.greedy_bot import GreedyBot
    from league_manager.match.teams import generate_team
    from league_manager.rules.loader import load_ruleset

    ruleset = load_ruleset("bb2020")
    for seed in range(3):
        h = generate_team(ruleset.team(home), seed, prefix="h")
        a = generate_team(ruleset.team(away), seed + 50, prefix="a")
        bots = (RandomBot(seed), GreedyBot(seed + 1)) if seed % 2 else (GreedyBot(seed), RandomBot(seed))
        match = Match(h, a, seed=seed, settings={"extra_time": True})
        play(match, bots)
        assert match.outcome() is not None
        assert not violations(match.state, False)


TRAIT_RACES = ("amazon", "chaosdwarf", "gnome", "goblin", "halfling", "norse", "snotling", "ogre", "vampire")
"""Rosters whose positions carry traits with special actions (Chainsaw, Breathe Fire, Swoop …)."""


def _every_position(race: str, seed: int) -> TeamSnapshot:
    """One player of each position of a real roster, filled up to 13 with the first one."""
    roster = load_ruleset("bb2020").team(race)
    picks = list(roster.positions)
    while len(picks) < 13:
        picks.append(roster.positions[0])
    players = tuple(
        PlayerSnapshot(f"{race}{i}", pos.name, i + 1, pos.name, pos.stats, pos.skills)
        for i, pos in enumerate(picks)
    )
    return TeamSnapshot(race, race, players, rerolls=seed % 3, apothecary=seed % 2 == 0)


@pytest.mark.parametrize("race", TRAIT_RACES)
def test_random_games_over_rosters_with_special_traits(race: str) -> None:
    for seed in range(2):
        home = _every_position(race, seed)
        away = _every_position(TRAIT_RACES[(TRAIT_RACES.index(race) + 1 + seed) % len(TRAIT_RACES)], seed)
        match = Match(home, away, seed=seed, settings={"extra_time": True})
        bots = (RandomBot(seed), GreedyBot(seed + 1)) if seed else (GreedyBot(seed), RandomBot(seed + 1))
        while match.prompt is not None:
            match.apply(bots[match.prompt.team].choose(match))
            prompt = match.prompt
            problems = violations(match.state, prompt is not None and prompt.kind in SETTLED)
            assert not problems, (race, seed, len(match.actions), problems)
        assert match.outcome() is not None
