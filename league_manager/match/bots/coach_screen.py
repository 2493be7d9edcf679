"""The coach's defensive screen: cut the opposing carrier's free paths to our end zone.

A *free path* is a walk of the carrier to the end zone it scores in through empty squares,
leaving no square in one of our tackle zones (the square it starts on excepted: a carrier
that is marked now is assumed to dodge or be freed by a block first), so it needs no dodge.
The screen looks at the shortest free path within the carrier's move, its rushes and
:data:`SLACK` squares more (a blocker opening a hole, a hand-off to a runner further on).
While one exists, the coach moves a free player without dice to the next open spot of a
line in front of its end zone (:func:`line_cut`), or, when no spot can be reached, to the
square that leaves the carrier the fewest end-zone squares on a free path (:func:`best_cut`),
so the side that kicks can hold; the next activation looks again.

Pure look-ups on the match state: the bot only starts the activation chosen here.
"""

from __future__ import annotations

from typing import NamedTuple

from league_manager.match.engine import Match
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, scoring_x, sq, xy
from league_manager.match.procedures.movement import rushes_allowed
from league_manager.match.state import PRONE, STANDING

SLACK = 2
"""Squares beyond the carrier's move plus rushes that a screen still guards."""
TRIES = 12
"""Candidate squares measured per decision (nearest our end zone first, each with its nearest mover)."""
NEAR = 4
"""Squares this close to our end zone that the carrier reaches freely count against a screen
that cannot close an end-zone square yet (a line forming further out)."""
LINE_ROWS = (1, 4, 7, 10, 13)
"""The rows of a screen line: five tackle zones cover the pitch's fifteen rows."""
LINE_DEPTH = (1, 3)
"""How far in front of our end zone a screen line stands (nearest, farthest)."""
LINE = 2
"""The screen's squares are tried nearest this many squares in front of our end zone first
(a player there keeps three end-zone squares from a free path)."""
NO_PATH = 99
"""The length of a path that does not exist within the reach."""


class Cut(NamedTuple):
    """A screen move: who goes where, and the carrier's shortest free path afterwards."""

    player: int
    square: int
    holes: int
    """End-zone squares the carrier still reaches on a free path afterwards."""
    path_after: int
    """Squares of the carrier's shortest free path afterwards (:data:`NO_PATH`: none)."""


def zone_counts(match: Match, team: int, without: int = -1) -> dict[int, int]:
    """How many standing players of ``team`` (with a tackle zone) mark each square."""
    s = match.state
    c = match.ctx
    counts: dict[int, int] = {}
    for q in s.players_of(team):
        if q == without or not c.has_tz(q):
            continue
        for n in NEIGHBOURS[s.pos[q]]:
            counts[n] = counts.get(n, 0) + 1
    return counts


def free_reach(
    board: list[int], start: int, goal_x: int, zones: set[int], limit: int, blocked: int = -1
) -> tuple[int, int, set[int]]:
    """Where the carrier gets through empty squares without leaving a zoned square (``start``
    may be left), at most ``limit`` squares: (end-zone squares reached, the shortest walk to
    one or :data:`NO_PATH`, every square reached).

    Args:
        board: the match board (square -> player, -1 empty).
        start: where the carrier stands.
        goal_x: the x of the end zone it scores in.
        zones: squares in a tackle zone of the defence.
        limit: the longest walk counted.
        blocked: one more square taken as occupied (a defender put there for the count).
    """
    if xy(start)[0] == goal_x:
        return 1, 0, {start}
    seen = {start}
    frontier = [start]
    goals = 0
    shortest = NO_PATH
    for step in range(1, limit + 1):
        nxt: list[int] = []
        for square in frontier:
            if square != start and square in zones:
                continue
            for n in NEIGHBOURS[square]:
                if n in seen or board[n] >= 0 or n == blocked:
                    continue
                seen.add(n)
                if xy(n)[0] == goal_x:
                    goals += 1
                    shortest = min(shortest, step)
                else:
                    nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    return goals, shortest, seen


def carrier_reach(match: Match, carrier: int) -> int:
    """How far the screen looks: the carrier's move, its rushes and :data:`SLACK`."""
    s = match.state
    ma = s.ma[carrier] - (3 if s.status[carrier] == PRONE else 0)
    return max(ma, 0) + rushes_allowed(match.ctx, carrier) + SLACK


def best_cut(match: Match, team: int, carrier: int, reaches: dict[int, dict[int, int]]) -> Cut | None:
    """The screen move that leaves the carrier the fewest end-zone squares on a free path
    (then the fewest squares reached near our end zone, then the longest shortest path).

    Args:
        match: the match, ``team`` defending against ``carrier``.
        team: the defending team.
        carrier: the opposing ball carrier (standing or prone).
        reaches: for each free player of ours, the squares it reaches without dice (by steps).

    Returns:
        The best move, or None when the carrier has no free path or no move closes any.
    """
    s = match.state
    if s.status[carrier] not in (STANDING, PRONE) or s.pos[carrier] < 0:
        return None
    start = s.pos[carrier]
    goal_x = scoring_x(1 - team)
    limit = carrier_reach(match, carrier)
    counts = zone_counts(match, team)
    goals, shortest, region = free_reach(s.board, start, goal_x, {q for q, n in counts.items() if n}, limit)
    if not goals:
        return None
    wanted: dict[int, tuple[int, int]] = {}  # square -> (steps, player) of the nearest mover
    for p, reach in reaches.items():
        for square, steps in reach.items():
            if square in region and ON_PITCH[square] and s.board[square] < 0:
                old = wanted.get(square)
                if old is None or steps < old[0]:
                    wanted[square] = (steps, p)
    ranked = sorted((abs(abs(xy(sq)[0] - goal_x) - LINE), steps, p, sq) for sq, (steps, p) in wanted.items())
    near = _near(region, goal_x)
    best: tuple[tuple[int, int, int, int, int], Cut] | None = None
    for depth, steps, p, square in ranked[:TRIES]:
        left, close, length = _after(match, team, p, square, start, goal_x, limit)
        if (left, close, -length) >= (goals, near, -shortest):
            continue
        foes = sum(
            1
            for n in NEIGHBOURS[square]
            if (q := s.board[n]) >= 0 and s.team[q] != team and s.status[q] == STANDING
        )  # fmt: skip
        key = (-left, -close, length, -foes, -steps - depth)
        if best is None or key > best[0]:
            best = (key, Cut(p, square, left, length))
    return best[1] if best is not None else None


def line_cut(match: Match, team: int, carrier: int, reaches: dict[int, dict[int, int]]) -> Cut | None:
    """The next piece of a screen line in front of our end zone, when the carrier has a free
    path: the line's squares are :data:`LINE_ROWS` at a depth of the carrier's distance less
    its move and one (1 to 3 squares from the end zone); an open one nearest the carrier's row
    is taken by the free player who reaches it (or a square beside it in its row) in the
    fewest steps. A line ahead of the carrier only holds when it is whole, so a piece is laid
    even when the free path does not shrink yet.

    Returns:
        The move, or None without a free path, with the line whole or out of reach.
    """
    s = match.state
    if s.status[carrier] not in (STANDING, PRONE) or s.pos[carrier] < 0:
        return None
    start = s.pos[carrier]
    goal_x = scoring_x(1 - team)
    cx, cy = xy(start)
    to_go = abs(cx - goal_x)
    depth = max(LINE_DEPTH[0], min(LINE_DEPTH[1], to_go - s.ma[carrier] - 1))
    if to_go <= depth + 1:
        return None
    limit = carrier_reach(match, carrier)
    counts = zone_counts(match, team)
    goals, _shortest, _region = free_reach(s.board, start, goal_x, {q for q, n in counts.items() if n}, limit)
    if not goals:
        return None
    back = 1 if goal_x == 0 else -1
    x = goal_x + back * depth
    for y in sorted(LINE_ROWS, key=lambda row: (abs(row - cy), row)):
        slot = sq(x, y)
        if counts.get(slot, 0) or (s.board[slot] >= 0 and s.team[s.board[slot]] == team):
            continue
        found: tuple[int, int, int] | None = None
        for square in (slot, sq(x + back, y), sq(x - back, y)):
            if not ON_PITCH[square] or s.board[square] >= 0:
                continue
            for p, reach in reaches.items():
                steps = reach.get(square)
                if steps is not None and (found is None or (steps, p) < found[:2]):
                    found = (steps, p, square)
        if found is not None:
            left, _close, length = _after(match, team, found[1], found[2], start, goal_x, limit)
            return Cut(found[1], found[2], left, length)
    return None


def _after(
    match: Match, team: int, p: int, square: int, start: int, goal_x: int, limit: int
) -> tuple[int, int, int]:
    """End-zone squares left, squares near our end zone reached and the shortest free path
    once p has moved to ``square``."""
    s = match.state
    counts = zone_counts(match, team, without=p)
    zoned = {q for q, n in counts.items() if n > 0}
    zoned.update(NEIGHBOURS[square])
    old = s.pos[p]
    s.board[old] = -1
    try:
        goals, shortest, seen = free_reach(s.board, start, goal_x, zoned, limit, blocked=square)
    finally:
        s.board[old] = p
    return goals, _near(seen, goal_x), shortest


def _near(seen: set[int], goal_x: int) -> int:
    """Squares reached within :data:`NEAR` of our end zone (the end zone included)."""
    return sum(1 for q in seen if abs(xy(q)[0] - goal_x) <= NEAR)
