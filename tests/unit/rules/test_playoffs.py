"""Play-off qualification and seeding from the divisions (league.yaml play_offs) and the prize places."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.playoffs import PRIZES_GP, override, prize_places, qualify


def seeds(qualifiers: list) -> list[int]:  # type: ignore[type-arg]
    return [q.team_id for q in qualifiers]


def test_one_table_sends_its_top_four() -> None:
    chosen = qualify({None: [5, 3, 8, 1, 2]}, [5, 3, 8, 1, 2])
    assert seeds(chosen) == [5, 3, 8, 1] and {q.route for q in chosen} == {"top"}


def test_two_divisions_send_two_each_and_winners_meet_the_other_second() -> None:
    chosen = qualify({"A": [1, 2, 3, 4], "B": [5, 6, 7, 8]}, [5, 1, 2, 6, 3, 7, 4, 8])
    # seed 1 (B winner, better overall) plays seed 4 = A's second; seed 2 (A winner) plays B's second
    assert seeds(chosen) == [5, 1, 6, 2]
    assert [q.route for q in chosen] == ["winner", "winner", "runner_up", "runner_up"]


def test_three_divisions_send_the_winners_and_the_best_second_as_wild_card() -> None:
    tables = {"A": [1, 2, 3, 4], "B": [5, 6, 7, 8], "C": [9, 10, 11, 12]}
    overall = [9, 5, 1, 10, 6, 2, 3, 7, 11, 4, 8, 12]
    chosen = qualify(tables, overall)
    assert seeds(chosen) == [9, 5, 1, 10]
    assert chosen[-1].route == "wild_card" and chosen[-1].division == "C" and chosen[-1].division_rank == 2


def test_four_divisions_send_winners_or_the_top_two_as_a_setting() -> None:
    tables = {d: [10 * i + 1, 10 * i + 2, 10 * i + 3, 10 * i + 4] for i, d in enumerate("ABCD")}
    overall = [t for ts in tables.values() for t in ts]
    assert seeds(qualify(tables, overall)) == [1, 11, 21, 31]
    assert len(qualify(tables, overall, four_divisions="top_two")) == 8
    with pytest.raises(RuleViolation, match="four-division"):
        qualify(tables, overall, four_divisions="all")


def test_a_commissioner_seed_moves_one_team_and_keeps_the_others_in_order() -> None:
    chosen = qualify({None: [1, 2, 3, 4]}, [1, 2, 3, 4])
    moved = override(chosen, {4: 1})
    assert seeds(moved) == [4, 1, 2, 3] and [q.overridden for q in moved] == [True, False, False, False]
    with pytest.raises(RuleViolation, match="not qualified"):
        override(chosen, {9: 1})
    with pytest.raises(RuleViolation, match="between 1 and 4"):
        override(chosen, {2: 5})
    with pytest.raises(RuleViolation, match="share a seed"):
        override(chosen, {2: 1, 3: 1})


def test_prize_places_follow_the_play_offs_or_the_table() -> None:
    assert PRIZES_GP == (100_000, 60_000, 30_000)
    assert prize_places((4, 7), 2, [2, 3], [1, 2, 3]) == [(1, 4), (2, 7), (3, 2)]
    assert prize_places((4, 7), None, [2, 3], [1, 2, 3]) == [(1, 4), (2, 7), (3, 2), (3, 3)]
    assert prize_places(None, None, [], [9, 8, 7, 6]) == [(1, 9), (2, 8), (3, 7)]
