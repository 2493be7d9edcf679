"""Swiss rounds: one round at a time from the standings, score groups first, no avoidable rematch."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Sequence

from league_manager.rules.scheduling.model import (
    Constraints,
    Pairing,
    RoundPlan,
    SchedulingError,
    TeamId,
    pair_key,
)

SEARCH_BUDGET = 20_000
Allowed = Callable[[TeamId, TeamId], bool]


class _OutOfBudget(Exception):
    """The pairing search took too long at this relaxation level."""


class _Budget:
    """Search steps left for one relaxation level (shared by every bye candidate)."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _OutOfBudget


def _perfect_matching(
    pool: Sequence[TeamId], allowed: Allowed, budget: _Budget
) -> list[tuple[TeamId, TeamId]] | None:
    """Pair the pool top-down: each team with the nearest-ranked team it may meet.

    A depth-first search that backtracks when a later team is left without a legal
    partner, so a pairing is found whenever one exists within the budget.

    Returns:
        The pairs, or None when no pairing exists.

    Raises:
        _OutOfBudget: the search gave up; the caller relaxes a constraint.
    """
    partners = {t: {o for o in pool if o != t and allowed(t, o)} for t in pool}

    def solve(remaining: list[TeamId]) -> list[tuple[TeamId, TeamId]] | None:
        if not remaining:
            return []
        budget.spend()
        left = set(remaining)
        if any(not partners[t] & left for t in remaining):
            return None
        first, rest = remaining[0], remaining[1:]
        for j, other in enumerate(rest):
            if other in partners[first]:
                tail = solve(rest[:j] + rest[j + 1 :])
                if tail is not None:
                    return [(first, other), *tail]
        return None

    return solve(list(pool))


def swiss_round(
    ranking: Sequence[TeamId],
    *,
    history: Sequence[tuple[TeamId, TeamId]] = (),
    had_bye: Collection[TeamId] = (),
    constraints: Constraints | None = None,
    number: int = 1,
    budget: int = SEARCH_BUDGET,
) -> RoundPlan:
    """Pair the next Swiss round from the current standings.

    Teams are taken in ``ranking`` order (the standings, best first: that puts each
    score group together) and each is paired with the nearest-ranked team it may
    meet (1 v 2, 3 v 4, floating down a group when needed). Rematches are avoided
    while any pairing without one exists; only then are they allowed. Teams of one
    coach never meet unless the constraints allow it, and no team meets the same
    opponent more than ``constraints.max_in_a_row`` times in a row. With an odd
    number of teams the bye goes to the lowest-ranked team that has not had one.

    Args:
        ranking: the teams in standings order, best first.
        history: every earlier pairing ``(home, away)``, oldest first.
        had_bye: teams that already had a bye.
        constraints: coaches and the in-a-row limit.
        number: the number of the round being paired.
        budget: search steps per relaxation level before relaxing (keeps big fields fast).

    Raises:
        SchedulingError: no legal pairing exists even with rematches allowed.
    """
    rules = constraints or Constraints()
    teams = list(dict.fromkeys(ranking))
    if len(teams) < 2:
        raise SchedulingError("swiss", "a Swiss round needs at least two teams")
    met: Counter[frozenset[TeamId]] = Counter()
    recent: dict[TeamId, list[TeamId]] = defaultdict(list)
    balance: Counter[TeamId] = Counter()
    for home, away in history:
        met[pair_key(home, away)] += 1
        recent[home].append(away)
        recent[away].append(home)
        balance[home] += 1
        balance[away] -= 1

    def streak_ok(a: TeamId, b: TeamId) -> bool:
        last = recent[a][-rules.max_in_a_row :]
        return not (len(last) == rules.max_in_a_row and all(o == b for o in last))

    def legal(a: TeamId, b: TeamId) -> bool:
        return rules.may_meet(a, b) and streak_ok(a, b)

    def fresh(a: TeamId, b: TeamId) -> bool:
        return legal(a, b) and not met[pair_key(a, b)]

    without_bye = [t for t in reversed(teams) if t not in had_bye]
    with_bye = [t for t in reversed(teams) if t in had_bye]
    bye_candidates: list[TeamId | None] = [*without_bye, *with_bye] if len(teams) % 2 else [None]
    for allowed in (fresh, legal):
        steps = _Budget(budget)
        for bye in bye_candidates:
            pool = [t for t in teams if t != bye]
            try:
                pairs = _perfect_matching(pool, allowed, steps)
            except _OutOfBudget:
                break
            if pairs is None:
                continue
            pairings = [_home_first(a, b, balance) for a, b in pairs]
            if bye is not None:
                pairings.append(Pairing(bye, None, bye=True))
            return RoundPlan(number, f"Round {number}", tuple(pairings))
    raise SchedulingError(
        "swiss",
        "no legal pairing: teams of one coach may not meet and no team meets the same opponent "
        f"more than {rules.max_in_a_row} times in a row",
    )


def _home_first(a: TeamId, b: TeamId, balance: Counter[TeamId]) -> Pairing:
    """The team with fewer home games (net of away games) is at home; ties go to ``a``."""
    return Pairing(b, a) if balance[b] < balance[a] else Pairing(a, b)
