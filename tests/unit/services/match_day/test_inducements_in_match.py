"""In-match inducements: bought at the pre-game, carried in the snapshot, used and recorded."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league_manager.core.errors import RuleViolation
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.inducements import IN_MATCH, WANDERING_APOTHECARIES, board_info
from league_manager.match.invariants import violations
from league_manager.match.result import MatchResult, build_result
from league_manager.match.scenario import build, parse_action
from league_manager.match.teams import TeamSnapshot, generate_team
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset, TeamRoster
from league_manager.services.match_day import mercenaries
from league_manager.services.match_day.inducements import Purchase, apply_to_snapshot, price

RULESET = load_ruleset("bb2020")
SCENARIOS = Path(__file__).parents[3] / "scenarios" / "inducements"
BUDGET = 450_000
SETTLED = ("turn", "activation", "setup")


def _induced(ruleset: Ruleset, roster: TeamRoster, seed: int, prefix: str) -> TeamSnapshot:
    """A generated team with a random affordable set of the in-match inducements it may buy."""
    rng = random.Random(seed)
    team = generate_team(roster, seed, prefix=prefix)
    chosen: list[Purchase] = []
    spent = 0
    groups: dict[str, int] = {}
    limits = dict(ruleset.inducement_group_limits)
    for name in IN_MATCH:
        if name not in ruleset.inducements:  # IN_MATCH spans editions (Season 3's Team Mascot)
            continue
        item = ruleset.inducements[name]
        if not item.available_for(roster) or rng.random() < 0.4:
            continue
        room = limits.get(item.kind, 99) - groups.get(item.kind, 0)  # e.g. one wizard a team
        if room <= 0:
            continue
        quantity = rng.randint(1, min(item.max_quantity or 1, room))
        groups[item.kind] = groups.get(item.kind, 0) + quantity
        cost = item.cost_for(roster) * quantity
        if spent + cost <= BUDGET:
            chosen.append(Purchase(name, quantity))
            spent += cost
    if len(team.players) < 16 and rng.random() < 0.5:  # a mercenary of the cheapest position
        cheapest = min(roster.positions, key=lambda p: p.cost)
        chosen.append(Purchase(mercenaries.line_name(cheapest.name)))
    squad = mercenaries.squad_of(team)
    try:
        lines = price(ruleset, roster, None, {}, chosen, squad=squad)
    except RuleViolation:  # the position is full: no mercenary then
        lines = price(ruleset, roster, None, {}, chosen[:-1], squad=squad)
    return apply_to_snapshot(team, lines, ruleset)


def _play(seed: int) -> None:
    rosters = sorted(RULESET.teams.values(), key=lambda r: r.id)
    rng = random.Random(seed)
    home = _induced(RULESET, rng.choice(rosters), seed, "h")
    away = _induced(RULESET, rng.choice(rosters), seed + 1, "a")
    match = Match(home, away, seed=seed)
    bots = (RandomBot(seed), RandomBot(seed + 1))
    while match.prompt is not None:
        match.apply(bots[match.prompt.team].choose(match))
        prompt = match.prompt
        problems = violations(match.state, prompt is not None and prompt.kind in SETTLED)
        assert not problems, (seed, len(match.actions), problems)
    result = match.outcome()
    assert result is not None
    for side, snap in ((result.home, home), (result.away, away)):
        bought = dict(snap.inducements) | {"apothecary": int(snap.apothecary), "Bribes": snap.bribes}
        for name, uses in side.inducements_used:
            assert 0 < uses <= bought[name], (seed, name, uses, bought)
    assert MatchResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**31 - 1))
def test_random_teams_with_random_inducements_play_to_the_end(seed: int) -> None:
    _play(seed)


def test_purchases_reach_the_snapshot_and_survive_a_round_trip() -> None:
    roster = RULESET.team("human")
    team = generate_team(roster, 5)
    bought = [Purchase("Bloodweiser Kegs", 2), Purchase(WANDERING_APOTHECARIES)]
    lines = price(RULESET, roster, None, {}, bought)
    snap = apply_to_snapshot(team, lines, RULESET)
    assert snap.count("Bloodweiser Kegs") == 2 and snap.count(WANDERING_APOTHECARIES) == 1
    assert snap.apothecary == team.apothecary  # a Wandering Apothecary is a use of its own
    assert TeamSnapshot.from_dict(json.loads(json.dumps(snap.to_dict()))) == snap
    match = Match(snap, generate_team(RULESET.team("orc"), 6, prefix="a"), seed=1)
    assert board_info(match.state)[0]["Bloodweiser Kegs"] == 2
    assert match.state.snapshot()["inducements"][0][WANDERING_APOTHECARIES] == 1
    restored = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert restored.state.induced == match.state.induced


def test_the_result_records_a_wandering_apothecary_use() -> None:
    data = json.loads((SCENARIOS / "wandering_apothecary_after_own.json").read_text(encoding="utf-8"))
    scenario, match, _dice = build(data)
    for raw in data["actions"]:
        match.apply(parse_action(scenario, raw))
    away = build_result(match.state).away
    assert dict(away.inducements_used) == {"apothecary": 1, WANDERING_APOTHECARIES: 1}
    assert board_info(match.state)[1][WANDERING_APOTHECARIES] == 0


def test_the_pregame_prayers_reach_the_match_settings() -> None:
    from league_manager.persistence.match_day_models import MatchDay
    from league_manager.services.match_day.play import match_settings

    pregame = {
        "prayers": {"team": "away", "gap": 120_000, "results": [{"roll": 5, "name": "x", "lasts": "drive"}]},
        "kick_off": {"toss_roll": 5, "toss_winner": "away", "kicking": "home"},
    }
    day = MatchDay(fixture_id=1, stage="pre_game", settings_json="{}", pregame_json=json.dumps(pregame))
    assert match_settings(day)["prayers"] == {"team": 1, "rolls": [5]}
    assert "prayers" not in match_settings(MatchDay(fixture_id=1, stage="pre_game", settings_json="{}"))


def test_a_wizard_casts_once_per_game_and_the_result_says_so() -> None:
    from league_manager.match.bots import play
    from league_manager.match.bots.greedy_bot import GreedyBot
    from league_manager.match.inducements import SPORTS_WIZARD

    wizard = price(RULESET, RULESET.team("orc"), None, {}, [Purchase(SPORTS_WIZARD)])
    home = apply_to_snapshot(generate_team(RULESET.team("orc"), 3, prefix="h"), wizard, RULESET)
    away = apply_to_snapshot(generate_team(RULESET.team("orc"), 4, prefix="a"), wizard, RULESET)
    cast = 0
    for seed in range(3):
        match = Match(home, away, seed=seed)
        play(match, (GreedyBot(seed), GreedyBot(seed + 1)))
        result = match.outcome()
        assert result is not None
        for t, side in enumerate((result.home, result.away)):
            spells = [e for e in match.events if e.kind == "spell" and e.team == t]
            assert len(spells) <= 1
            assert dict(side.inducements_used).get(SPORTS_WIZARD, 0) == len(spells)
            cast += len(spells)
    assert cast > 0


ROSTER_FOR = {
    "Wicked Witch": "human", "Chaos Sorcerer": "chaoschosen", "Ogre Firebelly": "orc",
    "Warlock Engineer": "skaven", "Night Goblin Shaman": "goblin", "Sports Necrotheurge": "vampire",
    "Horticulturalist of Nurgle": "nurgle", "Slann Mage-Priest": "lizardmen",
}  # fmt: skip
"""A team that may hire each caster (dark elves hire the others)."""


def test_every_modelled_wizard_plays_to_the_end_with_random_bots() -> None:
    from league_manager.match.bots import play
    from league_manager.match.bots.random_bot import RandomBot
    from league_manager.match.inducements.wizards import SPELLS

    for name in SPELLS:
        roster = RULESET.team(ROSTER_FOR.get(name, "darkelf"))
        wizard = price(RULESET, roster, None, {}, [Purchase(name)])
        home = apply_to_snapshot(generate_team(roster, 3, prefix="h"), wizard, RULESET)
        away = apply_to_snapshot(generate_team(roster, 4, prefix="a"), wizard, RULESET)
        assert dict(home.inducements) == {name: 1}
        for seed in range(2):
            match = Match(home, away, seed=seed)
            play(match, (RandomBot(seed), RandomBot(seed + 1)))
            assert match.outcome() is not None
            spells = [e for e in match.events if e.kind == "spell"]
            assert len(spells) <= 2


def test_riotous_rookies_join_for_the_match() -> None:
    from league_manager.rules.dice import ScriptedDice
    from league_manager.services.match_day.pregame import add_rookies

    roster = RULESET.team("goblin")
    team = generate_team(roster, 2)
    dice = ScriptedDice([(2, f"riotous rookies {team.name}"), (3, f"riotous rookies {team.name}")])
    snap, record = add_rookies(team, roster, "home", dice)
    rookies = snap.players[len(team.players) :]
    assert record["dice"] == [2, 3] and len(rookies) == 6 == len(record["players"])
    assert all(p.journeyman and p.id.startswith("rookie:home:") for p in rookies)
    assert all(any(s.name == "Loner" for s in p.skills) for p in rookies)
    assert len({p.number for p in snap.players}) == len(snap.players)


def test_mercenaries_pay_the_surcharge_gain_loner_and_respect_the_roster() -> None:
    import pytest

    roster = RULESET.team("human")
    team = generate_team(roster, 8)
    lines = price(
        RULESET,
        roster,
        None,
        {},
        [Purchase("Mercenary: Human Blitzer + Tackle"), Purchase("Mercenary: Human Lineman")],
    )
    blitzer = next(p for p in roster.positions if p.name == "Human Blitzer")
    lineman = next(p for p in roster.positions if p.name == "Human Lineman")
    assert [(b.kind, b.unit_cost) for b in lines] == [
        ("mercenary", blitzer.cost + RULESET.mercenary_surcharge + RULESET.mercenary_extra_skill_cost),
        ("mercenary", lineman.cost + RULESET.mercenary_surcharge),
    ]
    snap = apply_to_snapshot(team, lines, RULESET)
    mercs = [p for p in snap.players if p.id.startswith("mercenary:")]
    assert [p.position for p in mercs] == ["Human Blitzer", "Human Lineman"]
    assert all(any(str(s) == "Loner (4+)" for s in p.skills) for p in mercs)
    assert any(s.name == "Tackle" for s in mercs[0].skills)
    assert len({p.id for p in snap.players}) == len(snap.players)
    with pytest.raises(RuleViolation, match="Primary"):
        price(RULESET, roster, None, {}, [Purchase("Mercenary: Human Lineman + Mighty Blow (+1)")])
    with pytest.raises(RuleViolation, match="at most"):
        price(
            RULESET,
            roster,
            None,
            {},
            [Purchase("Mercenary: Human Blitzer", 2)],
            squad={"Human Blitzer": blitzer.max_quantity - 1},
        )
    with pytest.raises(RuleViolation, match="16 players"):
        price(
            RULESET,
            roster,
            None,
            {},
            [Purchase("Mercenary: Human Lineman")],
            squad={"Human Lineman": 4, "Human Thrower": 12},
        )
