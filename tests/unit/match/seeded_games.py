"""Seeded games for the bots' tests: two generated teams in a new match, and the team turns
such a game passes through while bots play it, so a test can look at each position as it comes.

(A uniquely named module rather than conftest.py, so imports cannot collide.)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from league_manager.match import actions as acts
from league_manager.match.actions import Prompt
from league_manager.match.bots import Bot
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.engine import Match
from league_manager.match.pitch import LENGTH
from league_manager.match.scenario import build
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset


def generated_match(
    seed: int, home: str = "human", away: str = "orc", away_seed: int | None = None, snapshots: bool = True
) -> Match:
    """A BB2020 match between generated teams of these roster ids (home players first); the
    away team is generated from ``away_seed`` (``seed + 1`` unless given)."""
    ruleset = load_ruleset("bb2020")
    home_team = generate_team(ruleset.team(home), seed, prefix="home-")
    other = seed + 1 if away_seed is None else away_seed
    away_team = generate_team(ruleset.team(away), other, prefix="away-")
    return Match(home_team, away_team, seed=seed, snapshots=snapshots, ruleset=ruleset, allow_inert=True)


def team_turns(match: Match, bots: Sequence[Bot], team: int | None = None) -> Iterator[Prompt]:
    """Plays ``match`` with ``bots`` (one a side) to its end, yielding each team-turn prompt of
    ``team`` (either team's with None; never a kick-off's free blitz) before its bot chooses.
    The caller looks at ``match`` and may stop early by leaving the loop."""
    while match.prompt is not None:
        prompt = match.prompt
        if prompt.kind == acts.TURN and "kickoff_blitz" not in prompt.info and team in (None, prompt.team):
            yield prompt
        match.apply(bots[prompt.team].choose(match))


def coach_turns(seeds: Sequence[int]) -> Iterator[tuple[Match, Prompt, tuple[CoachBot, CoachBot]]]:
    """Coach v coach games of :func:`generated_match` for each seed in turn (the coaches seeded
    ``seed + 1`` and ``seed + 2``), yielding each team-turn prompt with the two coaches
    (:func:`team_turns`). The caller may stop early by leaving the loop."""
    for seed in seeds:
        match = generated_match(seed)
        bots = (CoachBot(seed + 1), CoachBot(seed + 2))
        for prompt in team_turns(match, bots):
            yield match, prompt, bots


def at(pid: str, team: str, x: int, y: int, mirror: bool, **kw: Any) -> dict[str, Any]:
    """A scenario player; ``mirror`` swaps the teams and the pitch's ends."""
    if mirror:
        team = "away" if team == "home" else "home"
        x = LENGTH - 1 - x
    return {"id": pid, "team": team, "at": [x, y], **kw}


def built_position(
    players: list[dict[str, Any]], active: str, turn: int = 3, kicking: str | None = None
) -> Match:
    """A constructed scenario position (``players`` as :func:`at` gives them) with ``active``'s
    team turn ``turn`` open; ``kicking`` names the team that kicked the first half."""
    data: dict[str, Any] = {"name": "built", "players": players, "dice": [], "actions": [], "active": active}
    data["turn"] = turn
    if kicking is not None:
        data["kicking"] = data["first_kicking"] = kicking
    return build(data)[1]
