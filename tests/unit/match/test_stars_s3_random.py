"""Season 3 star pairs and Zzharg in random-bot games: Grak carrying Crumbleberry, the Swift
Twins and Blastin' Solves Everything keep the match's invariants; a carried player is
always set down before the next team-turn decision."""

from __future__ import annotations

from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.invariants import violations
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.loader import load_ruleset

STARS = ("Grak", "Crumbleberry", "Lucien Swift", "Valen Swift", "Zzharg Madeye")


def _team(prefix: str) -> TeamSnapshot:
    ruleset = load_ruleset("bb2025")
    stars = [ruleset.star_players[k] for k in ruleset.star_players if ruleset.star_players[k].name in STARS]
    players = [
        PlayerSnapshot(
            f"{prefix}{i}", star.name, i + 1, "Star Player", star.stats, star.skills,
            special_rules=(star.special_rule,), induced=True,
        )
        for i, star in enumerate(stars)
    ]  # fmt: skip
    lineman = ruleset.team("human").positions[0]
    players += [
        PlayerSnapshot(f"{prefix}l{i}", f"L{i}", 20 + i, lineman.name, lineman.stats, lineman.skills)
        for i in range(11 - len(players))
    ]
    return TeamSnapshot(prefix, "human", tuple(players), rerolls=2)


def test_random_games_with_season3_star_rules_keep_the_invariants() -> None:
    rules: set[str] = set()
    for seed in (7, 8):
        match = Match(_team("h"), _team("a"), seed=seed, ruleset_id="bb2025", snapshots=False)
        bots = (RandomBot(seed), RandomBot(seed + 1))
        while match.prompt is not None:
            match.apply(bots[match.prompt.team].choose(match))
            prompt = match.prompt
            assert not violations(match.state, prompt is not None and prompt.kind in ("turn", "activation"))
            assert match.state.carried[0] < 0 or (prompt is not None and prompt.kind != "turn")
        rules |= {e.rule for e in match.events if e.kind == "star_rule"}
    assert rules  # the bots used at least one of the rules
