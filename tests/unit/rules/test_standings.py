"""League tables with hand-computed expectations: points, bonus points, tie-breakers, form."""

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league_manager.rules.standings import (
    BYE,
    DRAW,
    LOSS,
    TIEBREAKER_CHAINS,
    WIN,
    MatchRecord,
    PointsRules,
    coin_flip,
    explain,
    rank,
)

A, B, C, D, E = 1, 2, 3, 4, 5
NAMES = {A: "Amazons", B: "Bretonnians", C: "Chaos", D: "Dwarfs", E: "Elves"}


def game(n: int, home: int, away: int, htd: int, atd: int, hcas: int = 0, acas: int = 0) -> MatchRecord:
    """A played fixture; the verdicts follow the score."""
    hv = WIN if htd > atd else LOSS if htd < atd else DRAW
    av = {WIN: LOSS, LOSS: WIN, DRAW: DRAW}[hv]
    return MatchRecord(n, (n, n), home, away, hv, av, htd, atd, hcas, acas)


def order(rows: list) -> list[int]:
    return [r.team_id for r in rows]


def test_points_totals_and_columns() -> None:
    matches = [game(1, A, B, 2, 1, 3, 1), game(2, B, C, 1, 1, 0, 2), game(3, C, A, 0, 0)]
    rows = {r.team_id: r for r in rank([A, B, C], matches, PointsRules())}
    a, b, c = rows[A], rows[B], rows[C]
    assert (a.played, a.won, a.drawn, a.lost, a.points) == (2, 1, 1, 0, 4)
    assert (a.td_for, a.td_against, a.cas_for, a.cas_against) == (2, 1, 3, 1)
    assert (b.won, b.drawn, b.lost, b.points, b.td_diff) == (0, 1, 1, 1, -1)
    assert (c.points, c.cas_diff) == (2, 2)
    assert [a.rank, c.rank, b.rank] == [1, 2, 3]
    assert a.form == "WD" and b.form == "LD"


def test_bonus_points_from_settings() -> None:
    rules = PointsRules.from_settings(
        {"points_win": 2, "points_draw": 1, "points_loss": 0, "bonus_points_3_td": 1,
         "bonus_points_clean_sheet": 1, "bonus_points_3_cas": 1}
    )  # fmt: skip
    rows = {r.team_id: r for r in rank([A, B], [game(1, A, B, 3, 0, 3, 0)], rules)}
    assert (rows[A].points, rows[A].bonus) == (2 + 3, 3)
    assert (rows[B].points, rows[B].bonus) == (0, 0)
    rows = {r.team_id: r for r in rank([A, B], [game(1, A, B, 0, 0)], rules)}
    assert rows[A].points == rows[B].points == 1 + 1  # draw + clean sheet each


def test_head_to_head_among_three_tied_teams_beats_td_difference() -> None:
    # A, B and C all end on 4 points. Among themselves: A beat B and drew C (4),
    # B beat C (3), C drew A (1). C has the best TD difference (+3, B 0, A -1),
    # but the mini-table comes first: A, B, C.
    matches = [
        game(1, A, B, 1, 0),
        game(2, A, C, 1, 1),
        game(3, B, C, 2, 1),
        game(4, D, A, 2, 0),
        game(5, B, E, 0, 0),
        game(6, C, D, 4, 0),
    ]
    rows = rank([A, B, C, D, E], matches, PointsRules())
    assert order(rows) == [A, B, C, D, E]
    assert [r.points for r in rows] == [4, 4, 4, 3, 1]
    assert [r.td_diff for r in rows[:3]] == [-1, 0, 3]
    top = rows[0]
    assert set(top.tied_with) == {B, C}
    assert top.tiebreaks == (("head_to_head", 4),)
    assert top.decided_by == "head_to_head"
    assert explain(top, NAMES) == "Level on 4 pts with Bretonnians, Chaos; head-to-head 4"
    assert explain(rows[3], NAMES) == ""
    no_h2h = rank([A, B, C, D, E], matches, PointsRules(), TIEBREAKER_CHAINS["no_head_to_head"])
    assert order(no_h2h)[:3] == [C, B, A]


def test_circular_head_to_head_falls_through_to_td_difference() -> None:
    # A beat B 1-0, B beat C 1-0, C beat A 3-0: three points each and 3 each in the
    # mini-table, so TD difference decides: C +2, B 0, A -2.
    matches = [game(1, A, B, 1, 0), game(2, B, C, 1, 0), game(3, C, A, 3, 0)]
    rows = rank([A, B, C], matches, PointsRules())
    assert order(rows) == [C, B, A]
    assert all(r.decided_by == "td_diff" for r in rows)
    assert rows[0].tiebreaks == (("td_diff", 2),)
    assert "touchdown difference +2" in explain(rows[0], NAMES)


def test_chain_continues_to_cas_then_td_scored() -> None:
    # Two draws: level on points, head-to-head and TD difference; CAS difference splits
    # A from B and C; B and C are split by touchdowns scored.
    matches = [game(1, A, D, 1, 1, 2, 0), game(2, B, E, 2, 2), game(3, C, D, 0, 0)]
    rows = rank([A, B, C], matches, PointsRules())
    assert order(rows) == [A, B, C]
    assert rows[0].decided_by == "cas_diff"
    assert rows[1].tiebreaks == (("cas_diff", 0), ("td_for", 2))


def test_buchholz_ranks_by_opponents_points() -> None:
    # A and B each beat one team; A's victim D later beat E, so A's schedule was harder.
    matches = [game(1, A, D, 1, 0), game(2, B, E, 1, 0), game(3, D, E, 2, 1)]
    rows = rank([A, B], matches, PointsRules(), ["buchholz"])
    assert order(rows) == [A, B]
    assert rows[0].buchholz == 3 and rows[1].buchholz == 0
    assert rows[0].decided_by == "buchholz"


def test_coin_flip_is_seeded_and_final() -> None:
    rows = rank([A, B, C], [], PointsRules(), seed=7)
    assert [r.rank for r in rows] == [1, 2, 3]
    assert all(r.decided_by == "coin_flip" for r in rows)
    expected = sorted([A, B, C], key=lambda t: coin_flip(7, t), reverse=True)
    assert order(rows) == expected
    assert order(rank([A, B, C], [], PointsRules(), seed=7)) == expected
    orders = {tuple(order(rank([A, B, C], [], PointsRules(), seed=s))) for s in range(20)}
    assert len(orders) > 1


def test_forfeits_byes_and_administrative_results() -> None:
    matches = [
        MatchRecord(1, (1, 1), A, B, WIN, LOSS, scored=False),  # B forfeited
        MatchRecord(2, (1, 2), C, None, BYE, ""),
        MatchRecord(3, (2, 3), C, A, LOSS, LOSS, scored=False),  # unplayed: both lose
    ]
    rows = {r.team_id: r for r in rank([A, B, C], matches, PointsRules(bye=3))}
    assert (rows[A].played, rows[A].won, rows[A].lost, rows[A].td_for, rows[A].points) == (2, 1, 1, 0, 3)
    assert (rows[B].lost, rows[B].points) == (1, 0)
    assert (rows[C].byes, rows[C].played, rows[C].lost, rows[C].points) == (1, 1, 1, 3)
    assert rows[C].form == "L"


def test_form_is_last_five_oldest_first() -> None:
    results = [(1, 0), (0, 1), (1, 1), (2, 0), (0, 3), (1, 0)]
    matches = [game(n, A, B, h, a) for n, (h, a) in enumerate(results, start=1)]
    rows = {r.team_id: r for r in rank([A, B], matches, PointsRules())}
    assert rows[A].form == "LDWLW"
    assert rows[B].form == "WDLWL"


def test_division_table_counts_games_outside_the_division() -> None:
    matches = [game(1, A, C, 2, 0), game(2, B, D, 1, 1)]
    rows = rank([A, B], matches, PointsRules())
    assert [(r.team_id, r.points, r.played) for r in rows] == [(A, 3, 1), (B, 1, 1)]


def test_unknown_tiebreaker_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tie-breaker"):
        rank([A], [], PointsRules(), ["height"])


def test_head_to_head_is_reapplied_to_a_smaller_tied_group() -> None:
    # A, B, C and D all end on 7 points. Mini-table of the four: A 7 (beat B and D,
    # drew C), B 4, C 4, D 1. B and C are still level, so a fresh mini-table of just
    # the two decides: B beat C. TD difference would have put C (+5) above B (+1).
    F = 6
    matches = [
        game(1, A, B, 1, 0), game(2, A, C, 1, 1), game(3, A, D, 1, 0),
        game(4, B, C, 1, 0), game(5, B, D, 0, 0), game(6, C, D, 1, 0),
        game(7, B, E, 1, 0), game(8, C, F, 5, 0), game(9, D, E, 1, 0), game(10, D, F, 1, 0),
    ]  # fmt: skip
    rows = rank([A, B, C, D, E, F], matches, PointsRules())
    assert order(rows) == [A, B, C, D, E, F]
    assert [r.points for r in rows] == [7, 7, 7, 7, 0, 0]
    by_team = {r.team_id: r for r in rows}
    assert by_team[B].tiebreaks == (("head_to_head", 4), ("head_to_head", 3))
    assert by_team[C].tiebreaks == (("head_to_head", 4), ("head_to_head", 0))
    assert by_team[C].td_diff == 5 and by_team[B].td_diff == 1
    assert by_team[E].decided_by == "td_diff"


@settings(max_examples=60, deadline=None)
@given(
    teams=st.integers(min_value=2, max_value=12),
    scores=st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50), st.integers(0, 4), st.integers(0, 4)),
                    max_size=60),
    seed=st.integers(0, 1000),
)  # fmt: skip
def test_table_invariants(teams: int, scores: list[tuple[int, int, int, int]], seed: int) -> None:
    ids = list(range(1, teams + 1))
    matches = []
    for n, (a, b, htd, atd) in enumerate(scores):
        home, away = ids[a % teams], ids[b % teams]
        if home != away:
            matches.append(game(n, home, away, htd, atd, hcas=htd, acas=atd))
    rows = rank(ids, matches, PointsRules(), seed=seed)
    assert sorted(r.team_id for r in rows) == ids and [r.rank for r in rows] == list(range(1, teams + 1))
    assert all(a.points >= b.points for a, b in pairwise(rows))
    assert sum(r.won for r in rows) == sum(r.lost for r in rows)
    assert sum(r.td_for for r in rows) == sum(r.td_against for r in rows)
    assert sum(r.played for r in rows) == 2 * len(matches)
    assert all(r.points == 3 * r.won + r.drawn for r in rows)
    assert all(
        set(r.tied_with) == {o.team_id for o in rows if o.points == r.points} - {r.team_id} for r in rows
    )
