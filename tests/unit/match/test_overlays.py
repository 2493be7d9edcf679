"""Tackle-zone and pass-band overlays, armour and injury chances against hand counts."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import away, home

from league_manager.match import scenario as scenario_mod
from league_manager.match.engine import Match
from league_manager.match.overlays import harm_odds, pass_bands, tackle_zones
from league_manager.match.pitch import PITCH_SQUARES, sq


def build(players: list[dict[str, Any]], **extra: Any) -> Match:
    data: dict[str, Any] = {"name": "overlays", "players": players, "dice": [], **extra}
    return scenario_mod.build(data)[1]


def test_tackle_zones_count_standing_markers_only() -> None:
    m = build([home("h1", 5, 7), away("a1", 7, 7), away("a2", 7, 9), away("a3", 6, 5, status="prone")])
    zones = tackle_zones(m, 1)
    assert zones[sq(6, 8)] == 2 and zones[sq(8, 8)] == 2 and zones[sq(6, 6)] == 1
    assert zones[sq(5, 5)] == 0  # the prone a3 marks nothing
    assert sum(zones) == 8 + 8 and sum(1 for z in zones if z) == 8 + 8 - 3  # 3 marked twice
    assert tackle_zones(m, 0)[sq(6, 7)] == 1
    assert all(z == 0 for i, z in enumerate(zones) if i not in PITCH_SQUARES)


def test_pass_bands_follow_the_range_ruler_and_weather() -> None:
    m = build([home("h1", 5, 7, ball=True), away("a1", 20, 7)])
    bands = pass_bands(m, 0)
    assert bands[sq(7, 7)] == 1 and bands[sq(11, 7)] == 2 and bands[sq(15, 7)] == 3
    assert bands[sq(18, 7)] == 4 and sq(19, 7) not in bands and sq(5, 7) not in bands
    blizzard = pass_bands(build([home("h1", 5, 7, ball=True)], weather="blizzard"), 0)
    assert max(blizzard.values()) == 2


def test_armour_and_injury_plain() -> None:
    m = build([home("h1", 5, 7), away("a1", 6, 7)])
    odds = harm_odds(m, 1, by=0)
    assert odds.armour_need == 9
    assert odds.p_break == pytest.approx(10 / 36)
    assert odds.p_stunned == pytest.approx(10 / 36 * 21 / 36)
    assert odds.p_ko == pytest.approx(10 / 36 * 9 / 36)
    assert odds.p_casualty == pytest.approx(10 / 36 * 6 / 36)
    assert odds.p_sent_off == 0.0


def test_mighty_blow_goes_where_it_helps() -> None:
    m = build([home("h1", 5, 7, skills=["Mighty Blow (+1)"]), away("a1", 6, 7)])
    odds = harm_odds(m, 1, by=0)
    assert odds.p_break == pytest.approx(15 / 36)
    # Broken by the bonus (a total of 8, 5/36): plain injury; broken anyway (10/36): +1.
    assert odds.p_casualty == pytest.approx(5 / 36 * 6 / 36 + 10 / 36 * 10 / 36)


def test_foul_with_an_assist_and_the_referee() -> None:
    players = [home("h1", 5, 7), home("h2", 7, 8), away("a1", 6, 7, status="prone", stats=[6, 3, 3, 4, 8])]
    odds = harm_odds(build(players), 2, by=0, foul=True)
    assert odds.armour_need == 7
    assert odds.p_break == pytest.approx(21 / 36)
    # Doubles on the armour (6/36), or on the injury after a break without armour doubles.
    unbroken_doubles = 6 / 36 - 3 / 36  # 1-1, 2-2, 3-3 do not break; 4-4, 5-5, 6-6 do
    broken_no_doubles = 21 / 36 - 3 / 36
    expected = unbroken_doubles + 3 / 36 + broken_no_doubles * 6 / 36
    assert odds.p_sent_off == pytest.approx(expected)
