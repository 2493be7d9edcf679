"""Properties of generated schedules: round robin, Swiss and knockout, over 2-40 teams."""

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league_manager.rules.scheduling import (
    Constraints,
    SchedulePlan,
    SchedulingError,
    bracket_order,
    knockout,
    next_slot,
    round_robin,
)

team_counts = st.integers(min_value=2, max_value=40)


def check_rounds(plan: SchedulePlan) -> None:
    """No team appears twice in a round."""
    for rnd in plan.rounds:
        seen = [t for p in rnd.pairings for t in p.teams]
        assert len(seen) == len(set(seen)), rnd


def home_away(plan: SchedulePlan) -> tuple[Counter[int], Counter[int]]:
    home: Counter[int] = Counter()
    away: Counter[int] = Counter()
    for p in plan.pairings:
        if not p.bye:
            assert p.home is not None and p.away is not None
            home[p.home] += 1
            away[p.away] += 1
    return home, away


@settings(max_examples=60, deadline=None)
@given(n=team_counts, seed=st.none() | st.integers(0, 1000))
def test_single_round_robin_pairs_every_team_once_balanced(n: int, seed: int | None) -> None:
    teams = list(range(100, 100 + n))
    plan = round_robin(teams, seed=seed)
    check_rounds(plan)
    assert len(plan.rounds) == (n if n % 2 else n - 1)
    pairs = Counter(frozenset(p.teams) for p in plan.pairings if not p.bye)
    assert len(pairs) == n * (n - 1) // 2 and set(pairs.values()) == {1}
    home, away = home_away(plan)
    assert all(abs(home[t] - away[t]) <= 1 for t in teams)
    byes = Counter(p.home for p in plan.pairings if p.bye)
    assert byes == (Counter(teams) if n % 2 else Counter())
    for rnd in plan.rounds:
        assert sum(p.bye for p in rnd.pairings) == n % 2
        assert {t for p in rnd.pairings for t in p.teams} == set(teams)


@settings(max_examples=60, deadline=None)
@given(n=team_counts, seed=st.none() | st.integers(0, 1000))
def test_double_round_robin_meets_once_at_each_home(n: int, seed: int | None) -> None:
    teams = list(range(n))
    plan = round_robin(teams, double=True, seed=seed)
    check_rounds(plan)
    ordered = Counter((p.home, p.away) for p in plan.pairings if not p.bye)
    assert len(ordered) == n * (n - 1) and set(ordered.values()) == {1}
    home, away = home_away(plan)
    assert all(home[t] == away[t] == n - 1 for t in teams)
    assert Counter(p.home for p in plan.pairings if p.bye) == Counter(teams * 2 if n % 2 else [])
    for rnd_a, rnd_b in pairwise(plan.rounds):  # never the same opponent twice in a row
        a = {frozenset(p.teams) for p in rnd_a.pairings if not p.bye}
        b = {frozenset(p.teams) for p in rnd_b.pairings if not p.bye}
        assert not a & b or n == 2  # two teams can only meet each other


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=2, max_value=24), coaches=st.integers(min_value=1, max_value=12))
def test_round_robin_leaves_out_pairs_of_one_coach(n: int, coaches: int) -> None:
    teams = list(range(n))
    rules = Constraints(coaches={t: t % coaches for t in teams})
    plan = round_robin(teams, constraints=rules)
    check_rounds(plan)
    forbidden = rules.forbidden_pairs(teams)
    played = {frozenset(p.teams) for p in plan.pairings if not p.bye}
    assert not played & forbidden
    assert {frozenset(s) for s in plan.skipped} == forbidden
    assert len(played) + len(forbidden) == n * (n - 1) // 2
    allowed = round_robin(teams, constraints=Constraints(coaches=rules.coaches, same_coach_may_meet=True))
    assert not allowed.skipped


def test_circle_method_small_example() -> None:
    plan = round_robin([1, 2, 3, 4])
    assert [[(p.home, p.away) for p in r.pairings] for r in plan.rounds] == [
        [(1, 4), (2, 3)],
        [(3, 1), (4, 2)],
        [(1, 2), (3, 4)],
    ]


def test_bracket_order_keeps_top_seeds_apart() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert next_slot(0) == (0, "home") and next_slot(3) == (1, "away")


@settings(max_examples=60, deadline=None)
@given(n=team_counts, third=st.booleans())
def test_knockout_byes_go_to_top_seeds(n: int, third: bool) -> None:
    seeds = list(range(1000, 1000 + n))
    plan = knockout(seeds, third_place=third)
    size = 1 << (n - 1).bit_length()
    check_rounds(plan)
    first = plan.rounds[0].pairings
    assert len(first) == size // 2
    assert sorted(t for p in first for t in p.teams) == seeds
    bye_teams = [p.home for p in first if p.bye]
    assert sorted(bye_teams) == seeds[: size - n]  # type: ignore[type-var]
    assert all(p.home is not None and seeds.index(p.home) < seeds.index(p.away) for p in first if not p.bye)
    assert len(plan.rounds) == max(1, (size - 1).bit_length())
    assert plan.rounds[-1].name == "Final"
    finals = [p for p in plan.rounds[-1].pairings if not p.third_place]
    assert len(finals) == 1
    assert any(p.third_place for p in plan.pairings) == (third and size >= 4)
    if len(plan.rounds) > 1:  # byes are already placed in round two
        placed = [t for p in plan.rounds[1].pairings for t in p.teams]
        assert sorted(placed) == sorted(bye_teams)  # type: ignore[type-var]
    if size >= 4:  # seeds 1 and 2 are in different halves: they can meet only in the final
        top_half = {t for p in first[: size // 4] for t in p.teams}
        assert seeds[0] in top_half and seeds[1] not in top_half


def test_knockout_swaps_the_nearest_lower_seed_when_one_coach_would_meet_himself() -> None:
    seeds = [11, 12, 13, 14, 15, 16, 17, 18]  # seed n is team 10 + n
    rules = Constraints(coaches={11: 1, 18: 1})  # seeds 1 and 8 share a coach
    plan = knockout(seeds, constraints=rules)
    first = [(p.home, p.away) for p in plan.rounds[0].pairings]
    assert first == [(11, 17), (14, 15), (12, 18), (13, 16)]  # 8 traded with 7, not 6 or 5
    assert "seeds 7 and 8 swapped places: teams of one coach may not meet" in plan.notes
    allowed = knockout(seeds, constraints=Constraints(coaches={11: 1, 18: 1}, same_coach_may_meet=True))
    assert allowed.rounds[0].pairings[0].teams == (11, 18)


def test_knockout_says_when_no_swap_separates_one_coach() -> None:
    plan = knockout([1, 2], constraints=Constraints(coaches={1: 5, 2: 5}))
    assert plan.rounds[0].pairings[0].teams == (1, 2)
    assert plan.notes == ("seeds 1 and 2 share a coach and meet in the first round: no swap separates them",)


@settings(max_examples=80, deadline=None)
@given(data=st.data(), n=team_counts)
def test_knockout_first_round_keeps_coaches_apart(data: st.DataObject, n: int) -> None:
    seeds = list(range(100, 100 + n))
    coaches = {t: data.draw(st.integers(1, max(2, n // 2)), label=f"coach of {t}") for t in seeds}
    plan = knockout(seeds, constraints=Constraints(coaches=coaches))
    plain = knockout(seeds)
    first = plan.rounds[0].pairings
    assert sorted(t for p in first for t in p.teams) == seeds
    assert [p.home for p in first] == [p.home for p in plain.rounds[0].pairings]  # the homes never move
    assert [p.bye for p in first] == [p.bye for p in plain.rounds[0].pairings]
    clashes = [p for p in first if not p.bye and coaches[p.home] == coaches[p.away]]  # type: ignore[index]
    unresolved = [note for note in plan.notes if "no swap separates them" in note]
    assert len(clashes) == len(unresolved)
    assert all(seeds.index(p.home) < seeds.index(p.away) for p in first if not p.bye)  # type: ignore[arg-type]


def test_knockout_needs_two_teams() -> None:
    with pytest.raises(SchedulingError, match="at least two"):
        knockout([1])
