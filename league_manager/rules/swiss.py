"""Swiss tournaments as pure functions: standings from games, and the next round's pairings.

A coach's points come from the organiser's win/draw/loss values; ties in points are broken
by the organiser's tie-breakers in order, then by name. Pairing goes down the standings:
the leader meets the highest-ranked coach they have not met, backtracking when the rest
cannot be paired without a rematch. With an odd number of coaches the lowest-ranked coach
without a bye sits out and scores a win (no touchdowns, no casualties).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from league_manager.core.errors import RuleViolation
from league_manager.rules.standings import ScoreDifferences

TIE_BREAKERS = ("opponents_points", "td_diff", "cas_diff", "td_for", "cas_for", "wins")
"""Tie-breakers an organiser may order: opponents' points (strength of schedule),
touchdown and casualty differences, touchdowns and casualties scored, wins."""


@dataclass(frozen=True, slots=True)
class Game:
    """One table of one round. ``b`` is None for a bye; scores are None until reported."""

    round: int
    table: int
    a: int
    b: int | None
    score_a: int | None = None
    score_b: int | None = None
    cas_a: int = 0
    cas_b: int = 0

    @property
    def reported(self) -> bool:
        """True once the result is in (a bye always is)."""
        return self.b is None or (self.score_a is not None and self.score_b is not None)


@dataclass(slots=True)
class Standing(ScoreDifferences):
    """One coach's line of the standings."""

    entry: int
    name: str
    points: int = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)
    opponents_points: int = 0


@dataclass(frozen=True, slots=True)
class Pairing:
    """A proposed table: ``b`` is None for the bye."""

    table: int
    a: int
    b: int | None


def standings(
    entries: Mapping[int, str],
    games: Sequence[Game],
    points: tuple[int, int, int] = (3, 1, 0),
    tie_breakers: Sequence[str] = ("opponents_points", "td_diff", "cas_diff"),
) -> list[Standing]:
    """The standings, best first, from every reported game.

    Args:
        entries: entry id -> coach name (the last tie-breaker).
        games: every game of the event; unreported ones count only as a meeting.
        points: points for a win, a draw and a loss.
        tie_breakers: names from :data:`TIE_BREAKERS`, in the organiser's order.
    """
    win, draw, loss = points
    table = {entry: Standing(entry, name) for entry, name in entries.items()}
    for game in games:
        first = table[game.a]
        if game.b is None:
            first.byes += 1
            first.wins += 1
            first.points += win
            continue
        second = table[game.b]
        first.opponents.append(game.b)
        second.opponents.append(game.a)
        if game.score_a is None or game.score_b is None:
            continue
        for me, scored, conceded, caused, suffered in (
            (first, game.score_a, game.score_b, game.cas_a, game.cas_b),
            (second, game.score_b, game.score_a, game.cas_b, game.cas_a),
        ):
            me.played += 1
            me.td_for += scored
            me.td_against += conceded
            me.cas_for += caused
            me.cas_against += suffered
            if scored > conceded:
                me.wins += 1
                me.points += win
            elif scored == conceded:
                me.draws += 1
                me.points += draw
            else:
                me.losses += 1
                me.points += loss
    for line in table.values():
        line.opponents_points = sum(table[o].points for o in line.opponents)
    for name in tie_breakers:
        if name not in TIE_BREAKERS:
            raise RuleViolation("tie-breaker", f"unknown '{name}' (known: {', '.join(TIE_BREAKERS)})")

    def key(line: Standing) -> tuple[object, ...]:
        return (-line.points, *(-getattr(line, n) for n in tie_breakers), line.name.casefold())

    return sorted(table.values(), key=key)


def pair_round(ranked: Sequence[Standing], *, byes_allowed: int = 1) -> list[Pairing]:
    """The next round's tables, top tables first, without rematches.

    Args:
        ranked: the current standings, best first (their ``opponents`` and ``byes`` are read).
        byes_allowed: how many byes one coach may get in the event.

    Raises:
        RuleViolation: fewer than two coaches, or no pairing avoids a rematch.
    """
    if len(ranked) < 2:
        raise RuleViolation("pairing", "a round needs at least two coaches")
    order = [line.entry for line in ranked]
    met = {line.entry: set(line.opponents) for line in ranked}
    bye: int | None = None
    if len(order) % 2:
        for line in reversed(ranked):
            if line.byes < byes_allowed:
                bye = line.entry
                break
        if bye is None:
            raise RuleViolation("bye", "every coach has had the byes allowed; add or drop a coach")
        order.remove(bye)
    pairs = _pair(order, met)
    if pairs is None:
        raise RuleViolation("no rematches", "every pairing of this round would repeat a game")
    tables = [Pairing(n, a, b) for n, (a, b) in enumerate(pairs, start=1)]
    if bye is not None:
        tables.append(Pairing(len(tables) + 1, bye, None))
    return tables


def _pair(order: list[int], met: Mapping[int, set[int]]) -> list[tuple[int, int]] | None:
    """Pairs for ``order`` (best first), each coach with the best-ranked possible opponent.

    Depth-first with backtracking; the stack holds, per table, the index of the opponent
    tried, so a failed deep table moves the one above it on to its next choice.
    """
    budget = 200_000
    pairs: list[tuple[int, int]] = []
    remaining = list(order)
    stack: list[tuple[list[int], int]] = []
    start = 1
    while remaining:
        first = remaining[0]
        chosen = -1
        for index in range(start, len(remaining)):
            budget -= 1
            if remaining[index] not in met[first]:
                chosen = index
                break
        if budget <= 0:
            return None
        if chosen < 0:
            if not stack:
                return None
            remaining, tried = stack.pop()
            pairs.pop()
            start = tried + 1
            continue
        stack.append((remaining, chosen))
        pairs.append((first, remaining[chosen]))
        remaining = remaining[1:chosen] + remaining[chosen + 1 :]
        start = 1
    return pairs
