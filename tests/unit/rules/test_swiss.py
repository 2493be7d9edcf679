"""Swiss standings and pairing: points, tie-breakers, no rematches, byes, top tables first."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.swiss import Game, Standing, pair_round, standings

NAMES = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee", 5: "Eve"}


def test_points_then_tie_breakers_then_name() -> None:
    games = [Game(1, 1, 1, 2, 2, 0, 1, 0), Game(1, 2, 3, 4, 1, 0, 3, 0)]
    table = standings({k: NAMES[k] for k in (1, 2, 3, 4)}, games, tie_breakers=("td_diff",))
    assert [s.name for s in table] == ["Ann", "Cy", "Dee", "Bob"]
    table = standings({k: NAMES[k] for k in (1, 2, 3, 4)}, games, tie_breakers=("cas_diff",))
    assert [s.name for s in table] == ["Cy", "Ann", "Bob", "Dee"]
    assert table[0].points == 3 and table[3].losses == 1


def test_draws_and_organiser_points() -> None:
    table = standings({1: "Ann", 2: "Bob"}, [Game(1, 1, 1, 2, 1, 1)], points=(5, 2, 1))
    assert [s.points for s in table] == [2, 2]


def test_opponents_points_counts_the_strength_of_schedule() -> None:
    games = [Game(1, 1, 1, 2, 1, 0), Game(1, 2, 3, 4, 1, 0), Game(2, 1, 1, 3, 0, 0), Game(2, 2, 2, 4, 1, 0)]
    table = standings({k: NAMES[k] for k in (1, 2, 3, 4)}, games)
    by_name = {s.name: s for s in table}
    assert by_name["Ann"].opponents_points == by_name["Bob"].points + by_name["Cy"].points


def test_unknown_tie_breaker_is_refused() -> None:
    with pytest.raises(RuleViolation, match="tie-breaker"):
        standings({1: "Ann"}, [], tie_breakers=("coin",))


def test_pairs_top_tables_first_without_rematches() -> None:
    games = [Game(1, 1, 1, 2, 2, 0), Game(1, 2, 3, 4, 1, 0)]
    table = standings({k: NAMES[k] for k in (1, 2, 3, 4)}, games)
    pairs = pair_round(table)
    assert [(p.table, p.a, p.b) for p in pairs] == [(1, 1, 3), (2, 4, 2)]


def test_backtracks_when_greedy_would_force_a_rematch() -> None:
    # Greedy would pair 1-2, 3-4 and leave 5-6, who met: 3 must move on to 5.
    ranked = [Standing(n, f"coach {n}", points=10 - n) for n in range(1, 7)]
    ranked[4].opponents.append(6)
    ranked[5].opponents.append(5)
    pairs = pair_round(ranked)
    assert [(p.a, p.b) for p in pairs] == [(1, 2), (3, 5), (4, 6)]


def test_odd_field_gives_the_lowest_coach_a_bye_scoring_a_win() -> None:
    table = standings(NAMES, [])
    pairs = pair_round(table)
    assert pairs[-1].b is None and pairs[-1].a == 5
    after = standings(NAMES, [Game(1, 3, 5, None)])
    assert next(s for s in after if s.name == "Eve").points == 3
    second = pair_round(after)
    bye = next(p for p in second if p.b is None)
    assert bye.a != 5


def test_no_pairing_without_a_rematch_is_refused() -> None:
    table = standings({1: "Ann", 2: "Bob"}, [Game(1, 1, 1, 2, 1, 0)])
    with pytest.raises(RuleViolation, match="no rematches"):
        pair_round(table)
