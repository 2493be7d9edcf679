"""Swiss pairing: score groups, byes to the lowest-ranked team without one, no avoidable rematch."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league_manager.rules.scheduling import Constraints, SchedulingError, swiss_round
from league_manager.rules.standings import DRAW, LOSS, WIN, MatchRecord, PointsRules, rank


def perfect_matching_exists(pool: list[int], ok: set[frozenset[int]]) -> bool:
    if not pool:
        return True
    first, rest = pool[0], pool[1:]
    return any(
        frozenset((first, o)) in ok and perfect_matching_exists([t for t in rest if t != o], ok) for o in rest
    )


def simulate(n: int, rounds: int, seed: int, coaches: dict[int, int] | None = None):
    """Play ``rounds`` Swiss rounds with random results; yield each round's context and plan."""
    rng = random.Random(seed)
    teams = list(range(1, n + 1))
    rules = Constraints(coaches=coaches or {})
    records: list[MatchRecord] = []
    history: list[tuple[int, int]] = []
    byes: set[int] = set()
    for number in range(1, rounds + 1):
        ranking = [row.team_id for row in rank(teams, records, PointsRules(), seed=seed)]
        before = (list(ranking), list(history), set(byes))
        plan = swiss_round(ranking, history=history, had_bye=byes, constraints=rules, number=number)
        yield before, plan
        for p in plan.pairings:
            if p.bye:
                assert p.home is not None
                byes.add(p.home)
                records.append(MatchRecord(0, (number, 0), p.home, None, "B", ""))
                continue
            assert p.home is not None and p.away is not None
            history.append((p.home, p.away))
            verdict = rng.choice([WIN, DRAW, LOSS])
            other = {WIN: LOSS, LOSS: WIN, DRAW: DRAW}[verdict]
            records.append(MatchRecord(len(records), (number, len(records)), p.home, p.away, verdict, other))


@settings(max_examples=50, deadline=None)
@given(n=st.integers(min_value=2, max_value=40), seed=st.integers(0, 10_000))
def test_swiss_no_rematch_while_one_is_avoidable(n: int, seed: int) -> None:
    # With r earlier rounds each team has met at most r others; while r < pool/2 the
    # unplayed pairs contain a perfect matching (Dirac), so no rematch is needed.
    pool = n - n % 2
    rounds = min(pool // 2, 6)
    met: set[frozenset[int]] = set()
    for (ranking, _history, had_bye), plan in simulate(n, rounds, seed):
        in_round = [t for p in plan.pairings for t in p.teams]
        assert sorted(in_round) == sorted(ranking)  # everyone once
        byes = [p.home for p in plan.pairings if p.bye]
        assert len(byes) == n % 2
        if byes:
            without = [t for t in ranking if t not in had_bye]
            assert byes[0] == (without[-1] if without else ranking[-1])
        for p in plan.pairings:
            if not p.bye:
                key = frozenset(p.teams)
                assert key not in met
                met.add(key)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=2, max_value=8), seed=st.integers(0, 10_000))
def test_swiss_rematches_only_when_unavoidable(n: int, seed: int) -> None:
    rounds = n + 2
    try:
        for (ranking, history, _byes), plan in simulate(n, rounds, seed):
            met = {frozenset(h) for h in history}
            rematch = any(frozenset(p.teams) in met for p in plan.pairings if not p.bye)
            if rematch:
                fresh = {frozenset(c) for c in combinations(ranking, 2)} - met
                pools = [[t for t in ranking if t != b] for b in ranking] if n % 2 else [ranking]
                assert not any(perfect_matching_exists(pool, fresh) for pool in pools)
    except SchedulingError:
        assert n <= 3  # only tiny fields run out of legal opponents (three in a row)


def test_swiss_pairs_within_score_groups_top_down() -> None:
    plan = swiss_round([5, 3, 8, 1], number=2)
    assert [(p.home, p.away) for p in plan.pairings] == [(5, 3), (8, 1)]


def test_swiss_floats_past_a_rematch() -> None:
    plan = swiss_round([1, 2, 3, 4], history=[(1, 2), (3, 4)], number=2)
    assert sorted(tuple(sorted(p.teams)) for p in plan.pairings) == [(1, 3), (2, 4)]


def test_swiss_bye_to_lowest_ranked_without_one() -> None:
    plan = swiss_round([1, 2, 3, 4, 5], had_bye={5}, number=2)
    assert [p.home for p in plan.pairings if p.bye] == [4]
    plan = swiss_round([1, 2, 3], had_bye={1, 2, 3}, number=4)
    assert [p.home for p in plan.pairings if p.bye] == [3]


def test_swiss_home_goes_to_the_team_with_fewer_home_games() -> None:
    plan = swiss_round([1, 2], history=[(1, 3), (4, 2)], number=2)
    assert (plan.pairings[0].home, plan.pairings[0].away) == (2, 1)


def test_swiss_never_pairs_teams_of_one_coach() -> None:
    rules = Constraints(coaches={1: 7, 2: 7, 3: 8, 4: 9})
    plan = swiss_round([1, 2, 3, 4], constraints=rules)
    assert {frozenset(p.teams) for p in plan.pairings} == {frozenset((1, 3)), frozenset((2, 4))}
    with pytest.raises(SchedulingError, match="coach"):
        swiss_round([1, 2], constraints=Constraints(coaches={1: 7, 2: 7}))


def test_swiss_no_opponent_three_times_in_a_row() -> None:
    assert swiss_round([1, 2], history=[(1, 2)]).pairings[0].teams == (2, 1)
    with pytest.raises(SchedulingError, match="2 times in a row"):
        swiss_round([1, 2], history=[(1, 2), (2, 1)])
    # four teams: a third meeting in a row is refused even when it is the only top-down pairing
    plan = swiss_round([1, 2, 3, 4], history=[(1, 2), (3, 4), (1, 2), (3, 4)], number=3)
    assert frozenset((1, 2)) not in {frozenset(p.teams) for p in plan.pairings}


def test_swiss_seeded_simulation_counts() -> None:
    plays: Counter[int] = Counter()
    for _ctx, plan in simulate(7, 3, seed=1):
        for p in plan.pairings:
            plays.update(p.teams)
    assert sum(plays.values()) == 21
