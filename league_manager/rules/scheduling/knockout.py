"""Knockout play-offs seeded from the standings: byes for top seeds, optional third-place match."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from league_manager.rules.scheduling.model import (
    Constraints,
    Pairing,
    RoundPlan,
    SchedulePlan,
    SchedulingError,
    TeamId,
)


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order, so seeds 1 and 2 can meet only in the final.

    ``bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]``: fixtures are consecutive pairs.
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def round_name(fixtures: int) -> str:
    """ "Final", "Semi-finals", "Quarter-finals" or "Round of N" for a round of that many fixtures."""
    return {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(fixtures, f"Round of {2 * fixtures}")


def next_slot(slot: int) -> tuple[int, str]:
    """Where the winner of knockout fixture ``slot`` plays next: ``(slot, "home" | "away")``."""
    return slot // 2, "home" if slot % 2 == 0 else "away"


def separate_coaches(
    slots: list[tuple[int, int | None]], team: Callable[[int], TeamId | None], rules: Constraints
) -> list[str]:
    """Swap lower seeds between first-round fixtures so teams of one coach do not meet.

    Each clash trades its lower seed with the nearest lower seed of another fixture for
    which both new fixtures are legal; the better seed stays at home (every lower seed
    of a first round is below every higher seed). Changes ``slots`` in place.

    Returns:
        One note per swap, and one per clash that no swap could remove.
    """

    def legal(home: int, away: int | None) -> bool:
        a, b = team(home), None if away is None else team(away)
        return a is None or b is None or rules.may_meet(a, b)

    notes: list[str] = []
    for i, (home, away) in enumerate(slots):
        if away is None or legal(home, away):
            continue
        # the other fixtures' lower seeds, nearest to this one first
        lower_seeds = sorted(
            ((other, j) for j, (_, other) in enumerate(slots) if j != i and other is not None),
            key=lambda pair: (abs(pair[0] - away), pair[0]),
        )
        for other_away, j in lower_seeds:
            other_home = slots[j][0]
            if legal(home, other_away) and legal(other_home, away):
                slots[i], slots[j] = (home, other_away), (other_home, away)
                low, high = sorted((away, other_away))
                notes.append(f"seeds {low} and {high} swapped places: teams of one coach may not meet")
                break
    notes.extend(
        f"seeds {home} and {away} share a coach and meet in the first round: no swap separates them"
        for home, away in slots
        if away is not None and not legal(home, away)
    )
    return notes


def knockout(
    seeds: Sequence[TeamId],
    *,
    third_place: bool = False,
    first_round: int = 1,
    constraints: Constraints | None = None,
) -> SchedulePlan:
    """A single-elimination bracket for the seeded teams (best first).

    The bracket is the next power of two; the missing places are byes and go to the
    top seeds, whose byes are decided at once so they already appear in round two.
    Later fixtures have ``None`` sides until the fixture feeding them is decided
    (see :func:`next_slot`). The better seed is at home.

    Args:
        seeds: the qualified teams, best first.
        third_place: add a match between the semi-final losers (four teams or more).
        first_round: the number of the bracket's first round in the season.
        constraints: teams of one coach are kept apart in the first round (see
            :func:`separate_coaches`); later rounds depend on who wins.

    Raises:
        SchedulingError: fewer than two teams.
    """
    teams = list(dict.fromkeys(seeds))
    if len(teams) < 2:
        raise SchedulingError("knockout", "a play-off needs at least two teams")
    size = 1
    while size < len(teams):
        size *= 2
    order = bracket_order(size)

    def team(seed: int) -> TeamId | None:
        return teams[seed - 1] if seed <= len(teams) else None

    slots: list[tuple[int, int | None]] = []
    for slot in range(size // 2):
        a, b = sorted((order[2 * slot], order[2 * slot + 1]))
        slots.append((a, b if b <= len(teams) else None))
    swaps = separate_coaches(slots, team, constraints) if constraints is not None else []
    first: list[Pairing] = []
    advancing: list[TeamId | None] = []
    for slot, (a, maybe_b) in enumerate(slots):
        home, away = team(a), None if maybe_b is None else team(maybe_b)
        if away is None:
            first.append(Pairing(home, None, bye=True, slot=slot))
        else:
            first.append(Pairing(home, away, slot=slot))
        advancing.append(home if away is None else None)
    rounds = [RoundPlan(first_round, round_name(size // 2), tuple(first))]
    fixtures = size // 4
    while fixtures >= 1:
        pairings = [Pairing(advancing[2 * s], advancing[2 * s + 1], slot=s) for s in range(fixtures)]
        if fixtures == 1 and third_place and size >= 4:
            pairings.append(Pairing(None, None, slot=1, third_place=True))
        rounds.append(RoundPlan(first_round + len(rounds), round_name(fixtures), tuple(pairings)))
        advancing = [None] * fixtures
        fixtures //= 2
    byes = size - len(teams)
    notes = [f"{byes} bye(s) for the top seed(s) in the first round"] if byes else []
    return SchedulePlan(tuple(rounds), notes=(*notes, *swaps))
