"""Team colours: a default for every roster, checked values, and clashing teams told apart."""

from __future__ import annotations

import pytest

from league_manager.rules.loader import load_ruleset
from league_manager.rules.team_colours import (
    CLASH,
    RACE_COLOURS,
    TeamColours,
    board_colours,
    check_colour,
    default_colours,
    distance,
    ink,
    on_pitch,
)


def test_every_bb2020_roster_has_its_own_colours_and_others_get_a_palette_pair() -> None:
    races = sorted(load_ruleset("bb2020").teams)
    assert set(races) <= set(RACE_COLOURS)
    for race in races:
        colours = default_colours(race)
        assert distance(colours.primary, colours.secondary) >= CLASH  # the rim shows on the body
    assert default_colours("some-new-race") == default_colours("some-new-race")


def test_colours_are_checked() -> None:
    assert check_colour(" #1F5FA8 ") == "#1f5fa8"
    for bad in ("blue", "#12345", "#1234567", "1f5fa8"):
        with pytest.raises(ValueError, match="#rrggbb"):
            check_colour(bad)
    assert ink("#f2f2f2") == "#111111" and ink("#1f5fa8") == "#ffffff"


def test_distinct_teams_keep_their_colours() -> None:
    home, away = default_colours("human"), default_colours("orc")
    assert board_colours(home, away) == (home, away)


def test_a_clash_puts_the_away_team_in_its_secondary_colour() -> None:
    home = TeamColours("#1f5fa8", "#f2f2f2")
    away = TeamColours("#2060a0", "#e6b422")
    shown_home, shown_away = board_colours(home, away)
    assert shown_home == home and shown_away.primary == "#e6b422"
    assert distance(shown_home.primary, shown_away.primary) >= CLASH


def test_when_both_away_colours_clash_a_fallback_is_used() -> None:
    home = TeamColours("#1f5fa8", "#f2f2f2")
    away = TeamColours("#1f5fa8", "#2266aa")  # the same blue twice
    _, shown = board_colours(home, away)
    assert distance(home.primary, shown.primary) >= CLASH
    assert shown.primary != shown.secondary


def test_a_team_that_melts_into_the_grass_wears_its_secondary_colour() -> None:
    grass = "#3f7d3a"
    orcs = default_colours("orc")
    shown = on_pitch(orcs, grass)
    assert shown == TeamColours(orcs.secondary, orcs.primary)
    humans = default_colours("human")
    assert on_pitch(humans, grass) == humans
    home, away = board_colours(humans, orcs, grass)
    assert home == humans and away.primary == orcs.secondary
