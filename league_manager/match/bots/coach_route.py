"""The coach's route to the end zone: how many free steps our carrier needs from each square.

A screen line in front of our carrier makes the squares straight ahead worth less than their
distance to the end zone says: from there every way on needs a dodge, while a square on the
open flank may lead round the line without one. :func:`free_steps` counts, for every square,
the fewest steps to the end zone we score in on a *free path* (through squares without an
opponent, leaving no square in their tackle zones; the first square may be marked, as the
carrier standing there would dodge or be freed first; our own players are taken to step
aside). :func:`route_steps` turns that into the steps the carrier's worth counts: the free
steps, or the straight distance plus :data:`DETOUR` when no free path is shorter (a screen
to block through).

One breadth-first pass back from the end zone, over the whole pitch, per position.
"""

from __future__ import annotations

from league_manager.match.bots.coach_screen import zone_counts
from league_manager.match.engine import Match
from league_manager.match.pitch import LENGTH, NEIGHBOURS, ON_PITCH, WIDTH, scoring_x, sq, xy

DETOUR = 3
"""Steps counted on top of the straight distance from a square with no free path shorter:
the price of blocking or dodging through a screen."""


def free_steps(match: Match, team: int) -> dict[int, int]:
    """For each square ``team``'s carrier could stand on, the fewest steps to the end zone it
    scores in on a free path (squares without a free path are missing).

    Args:
        match: the match.
        team: the side with the ball.
    """
    s = match.state
    zones = {q for q, n in zone_counts(match, 1 - team).items() if n}
    blocked = {s.pos[q] for q in s.players_of(1 - team) if s.pos[q] >= 0}
    goal_x = scoring_x(team)
    steps: dict[int, int] = {}
    frontier: list[int] = []
    for y in range(WIDTH):
        square = sq(goal_x, y)
        if square not in blocked:
            steps[square] = 0
            frontier.append(square)
    depth = 0
    while frontier:
        depth += 1
        nxt: list[int] = []
        for square in frontier:
            if square in zones and xy(square)[0] != goal_x:
                continue  # the carrier would have to dodge out of it
            for n in NEIGHBOURS[square]:
                if n in steps or n in blocked or not ON_PITCH[n]:
                    continue
                steps[n] = depth
                nxt.append(n)
        frontier = nxt
    return steps


def route_steps(steps: dict[int, int], square: int, team: int) -> int:
    """The steps from ``square`` to the end zone that the carrier's worth counts: the free
    steps, at most the straight distance plus :data:`DETOUR`."""
    straight = abs(xy(square)[0] - scoring_x(team))
    return min(steps.get(square, LENGTH * 2), straight + DETOUR)
