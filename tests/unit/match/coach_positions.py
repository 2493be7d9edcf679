"""Constructed positions for the coach's tests: a human mirror with only the given players on
the pitch, whatever the dice of a seeded game would have made.

(A uniquely named module rather than conftest.py, so imports cannot collide.)
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.engine import Match
from league_manager.match.pitch import SIZE
from league_manager.match.state import RESERVE, STANDING
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset

ACTIVATIONS = (acts.MOVE, acts.BLOCK, acts.BLITZ)
"""The activations :func:`position` opens to every home player on the pitch."""


def human_mirror(seed: int = 3) -> Match:
    """Two generated human teams (home players 0-15, away 16-31) in a new match."""
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("human"), seed, prefix="home-")
    away = generate_team(ruleset.team("human"), seed + 1, prefix="away-")
    return Match(home, away, seed=seed, snapshots=False, ruleset=ruleset, allow_inert=True)


def place(match: Match, spots: dict[int, int]) -> None:
    """Only the given players on the pitch, standing on the given squares (the rest in reserve)."""
    s = match.state
    s.board[:] = [-1] * SIZE
    for p in range(s.size):
        s.pos[p] = spots.get(p, -1)
        s.status[p] = STANDING if p in spots else RESERVE
        if p in spots:
            s.board[spots[p]] = p


def position(
    spots: dict[int, int], carrier: int, activations: tuple[str, ...] = ACTIVATIONS
) -> tuple[Match, CoachBot, set[Action]]:
    """A human mirror at home's team turn 3 with only the given players on the pitch,
    ``carrier`` holding the ball (-1: nobody), ``activations`` open to every home player there."""
    match = human_mirror()
    s = match.state
    place(match, spots)
    s.carrier = carrier
    s.ball = spots[carrier] if carrier >= 0 else -1
    s.turn = [3, 3]
    options = {Action(acts.ACTIVATE[k], p) for p in spots if p in s.players_of(0) for k in activations}
    return match, CoachBot(1), options


def players(match: Match, team: int, ma: int, least_st: int = 0) -> list[int]:
    """The team's players with at least this movement (and strength)."""
    s = match.state
    return [p for p in s.players_of(team) if s.ma[p] >= ma and s.st[p] >= least_st]


def catcher_and_thrower(match: Match) -> tuple[int, int]:
    """Home's first player with movement 8 (a catcher) and, of the others with movement 6 or
    more, the most accurate passer."""
    s = match.state
    receiver = players(match, 0, 8)[0]
    thrower = min((p for p in players(match, 0, 6) if p != receiver and s.pa[p] > 0), key=lambda p: s.pa[p])
    return receiver, thrower


def play_activation(match: Match, coach: CoachBot) -> None:
    """Play on the coach's activation under way until its team's next team-turn decision,
    each step legal where the engine asks."""
    team = match.state.active
    while match.prompt is not None and match.state.active == team and match.prompt.kind != acts.TURN:
        action = coach.choose(match)
        assert match.is_legal(action)
        match.apply(action)
