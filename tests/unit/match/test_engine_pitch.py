"""Pitch geometry: squares, zones, push squares, the range ruler and interference squares."""

from __future__ import annotations

from league_manager.match.pitch import (
    NEIGHBOURS,
    ON_PITCH,
    in_half,
    is_wide,
    los_x,
    pass_band,
    push_squares,
    scoring_x,
    sq,
    under_ruler,
    xy,
)


def test_square_round_trip_and_bounds() -> None:
    assert xy(sq(0, 0)) == (0, 0) and xy(sq(25, 14)) == (25, 14)
    assert ON_PITCH[sq(0, 0)] and not ON_PITCH[sq(-1, 0)] and not ON_PITCH[sq(26, 3)]
    assert len(NEIGHBOURS[sq(0, 0)]) == 3 and len(NEIGHBOURS[sq(5, 5)]) == 8


def test_halves_zones_and_lines() -> None:
    assert in_half(sq(12, 7), 0) and not in_half(sq(13, 7), 0) and in_half(sq(13, 7), 1)
    assert los_x(0) == 12 and los_x(1) == 13
    assert scoring_x(0) == 25 and scoring_x(1) == 0
    assert is_wide(sq(5, 3)) and is_wide(sq(5, 11)) and not is_wide(sq(5, 4))


def test_push_squares_straight_and_diagonal() -> None:
    assert set(push_squares(sq(5, 7), sq(6, 7))) == {sq(7, 6), sq(7, 7), sq(7, 8)}
    assert set(push_squares(sq(5, 7), sq(6, 8))) == {sq(7, 9), sq(7, 8), sq(6, 9)}


def test_pass_bands_follow_the_chart() -> None:
    o = sq(5, 7)
    assert pass_band(o, sq(8, 7)) == 1
    assert pass_band(o, sq(9, 7)) == 2
    assert pass_band(o, sq(12, 7)) == 3
    assert pass_band(o, sq(16, 7)) == 4
    assert pass_band(o, sq(19, 7)) == -1
    assert pass_band(o, sq(8, 10)) == 2  # dx 3, dy 3
    assert pass_band(o, sq(5, 7)) == 0


def test_interference_squares_lie_between() -> None:
    squares = under_ruler(sq(5, 7), sq(11, 7))
    assert sq(8, 7) in squares and sq(8, 8) in squares and sq(8, 9) not in squares
    assert sq(5, 7) not in squares and sq(11, 7) not in squares and sq(12, 7) not in squares
