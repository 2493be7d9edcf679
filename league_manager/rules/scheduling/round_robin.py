"""Round robin by the circle method (Berger tables): single or double, byes for odd counts."""

from __future__ import annotations

import random
from collections.abc import Sequence

from league_manager.rules.scheduling.model import Constraints, Pairing, RoundPlan, SchedulePlan, TeamId


def circle_rounds(teams: Sequence[TeamId]) -> list[list[tuple[TeamId | None, TeamId | None]]]:
    """The rounds of a single round robin by the circle method.

    One team stays fixed while the others rotate one place per round. With an odd
    number of teams a ``None`` joins and whoever meets it has a bye. Home is given by
    the parity of the two teams' places in ``teams``: the lower place is at home when
    the places add up to an odd number. Every team then has as many home games as
    away games, or one more or fewer when it plays an odd number of games.

    Returns:
        ``n - 1`` rounds (``n`` rounded up to even), each a list of ``(home, away)``.
    """
    ring: list[int | None] = list(range(len(teams)))
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds: list[list[tuple[TeamId | None, TeamId | None]]] = []
    for _ in range(n - 1):
        pairs: list[tuple[TeamId | None, TeamId | None]] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                pairs.append((None if a is None else teams[a], None if b is None else teams[b]))
                continue
            low, high = min(a, b), max(a, b)
            home, away = (low, high) if (low + high) % 2 else (high, low)
            pairs.append((teams[home], teams[away]))
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def round_robin(
    teams: Sequence[TeamId],
    *,
    double: bool = False,
    seed: int | None = None,
    constraints: Constraints | None = None,
    first_round: int = 1,
) -> SchedulePlan:
    """A single or double round robin: every pair once (twice, once at each home in a double).

    Args:
        teams: the teams, in seeding order.
        double: play every pair twice; the second half mirrors the first with home and
            away swapped, so each pair meets once at each ground.
        seed: shuffle the teams first (None keeps the given order).
        constraints: pairs that may not meet (same coach) are left out and listed in
            ``skipped``; both teams are idle for that round.
        first_round: the number of the first round (for a second schedule in a season).

    Returns:
        The plan; byes appear as pairings with ``bye=True``.
    """
    order = list(dict.fromkeys(teams))
    if seed is not None:
        random.Random(seed).shuffle(order)
    rules = constraints or Constraints()
    legs = circle_rounds(order)
    if double:
        legs = legs + [[(b, a) for a, b in pairs] for pairs in legs]
    rounds: list[RoundPlan] = []
    skipped: list[tuple[TeamId, TeamId]] = []
    for index, pairs in enumerate(legs):
        number = first_round + index
        out: list[Pairing] = []
        for home, away in pairs:
            if home is None or away is None:
                team = home if home is not None else away
                if team is not None:
                    out.append(Pairing(team, None, bye=True))
            elif rules.may_meet(home, away):
                out.append(Pairing(home, away))
            else:
                skipped.append((home, away))
        rounds.append(RoundPlan(number, f"Round {number}", tuple(sorted(out, key=lambda p: p.bye))))
    notes = []
    if len(order) % 2:
        notes.append(f"{len(order)} teams: one team has a bye each round")
    if skipped:
        notes.append(f"{len(skipped)} fixture(s) left out: teams of the same coach may not meet")
    return SchedulePlan(tuple(rounds), tuple(skipped), tuple(notes))
