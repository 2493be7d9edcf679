"""Saved formations: captured from the pitch, mirrored for the away team, brought back by the
same players where they can, by others of the same position, then by anyone left."""

from __future__ import annotations

import pytest

from league_manager.match import actions as a
from league_manager.match.engine import Match
from league_manager.match.formations import (
    FormationError,
    SavedFormation,
    Spot,
    capture,
    check,
    formation_actions,
    offered,
)
from league_manager.match.pitch import LENGTH, sq, xy
from league_manager.ui.match_board.practice import practice_game


def at_setup(seed: int = 3) -> Match:
    match = practice_game(seed=seed).match
    while match.prompt is not None and match.prompt.kind != a.SETUP:
        match.apply(match.prompt.options[0])
    return match


def squares_of(match: Match, team: int) -> dict[int, int]:
    s = match.state
    return {p: s.pos[p] for p in s.players_of(team) if s.pos[p] >= 0}


def test_a_captured_set_up_comes_back_with_the_same_players_on_the_same_squares() -> None:
    match = at_setup()
    team = match.prompt.team
    match.apply(a.Action(a.FORMATION, -1, 1))
    saved = capture(match, team, "  Wall ")
    assert saved.name == "Wall" and len(saved.spots) == 11
    assert all(spot.x < 13 for spot in saved.spots)  # stored in the home orientation
    assert max(spot.x for spot in saved.spots) == saved.spots[0].x == 12  # the line first
    before = squares_of(match, team)
    match.apply(a.Action(a.FORMATION, -1, 2))
    assert squares_of(match, team) != before
    actions = formation_actions(match, team, saved)
    assert {x.kind for x in actions} <= {a.REMOVE, a.PLACE}
    for action in actions:
        match.apply(action)  # each one an ordinary legal set-up action
    assert squares_of(match, team) == before
    assert formation_actions(match, team, saved) == []
    assert a.END_SETUP in [o.kind for o in match.prompt.options]


def test_the_away_team_takes_a_formation_mirrored() -> None:
    match = at_setup()
    first = match.prompt.team
    spots = (Spot(12, 6), Spot(12, 7), Spot(12, 8), Spot(5, 1))
    formation = SavedFormation("Four", spots)
    for action in formation_actions(match, first, formation):
        match.apply(action)
    placed = sorted(xy(q) for q in squares_of(match, first).values())
    expected = sorted(
        ((x if first == 0 else LENGTH - 1 - x), y) for x, y in ((12, 6), (12, 7), (12, 8), (5, 1))
    )
    assert placed == expected


def test_missing_players_are_replaced_by_the_same_position_then_the_strongest_on_the_line() -> None:
    match = at_setup()
    team = match.prompt.team
    s = match.state
    players = list(s.players_of(team))
    snap = match.home if team == 0 else match.away
    position = snap.players[0].position
    spots = (Spot(12, 7, 99, position), Spot(12, 6, 98, "Nobody"), Spot(6, 7, 97, "Nobody"))
    for action in formation_actions(match, team, SavedFormation("Three", spots)):
        match.apply(action)
    on = squares_of(match, team)
    assert len(on) == 3
    los = sq(12 if team == 0 else LENGTH - 13, 7)
    holder = s.board[los]
    assert snap.players[players.index(holder)].position == position


def test_formations_that_cannot_be_stored_are_refused() -> None:
    with pytest.raises(FormationError, match="name"):
        check(SavedFormation(" ", (Spot(12, 7),)))
    with pytest.raises(FormationError, match="1 to 11"):
        check(SavedFormation("Empty", ()))
    with pytest.raises(FormationError, match="own half"):
        check(SavedFormation("Far", (Spot(13, 7),)))
    with pytest.raises(FormationError, match="one square"):
        check(SavedFormation("Twice", (Spot(12, 7), Spot(12, 7))))
    with pytest.raises(FormationError):
        SavedFormation.from_dict({"name": "Bad", "spots": [["x", 1, 2, "p"]]})
    data = SavedFormation("Ok", (Spot(12, 7, 3, "Lineman"),)).to_dict()
    assert SavedFormation.from_dict(data) == SavedFormation("Ok", (Spot(12, 7, 3, "Lineman"),))


def test_a_formation_is_offered_only_at_a_full_set_up() -> None:
    match = at_setup()
    assert offered(match)
    match.apply(a.Action(a.FORMATION, -1, 0))
    match.apply(a.Action(a.END_SETUP))
    assert match.prompt is not None and match.prompt.kind == a.SETUP  # the other team's turn
    with pytest.raises(FormationError, match="nobody"):
        capture(match, match.prompt.team, "None")
