"""The coach's reach tests count each player's own Rushes: two, three with Sprint. A Sprinter
threatens its end zone, reaches a carrier and is counted as a blitzer from one square further."""

from league_manager.match.bots.coach_ball import move_reach
from league_manager.match.bots.coach_drive import reachable, threatens
from league_manager.match.engine import Match
from league_manager.match.pitch import sq
from tests.unit.match.coach_positions import players, position


def _sprint(match: Match, p: int) -> None:
    match.state.skills[p] = match.state.skills[p] | {"Sprint"}  # a third Rush
    match.ctx.refresh_hooks(p)


def test_a_sprinter_threatens_from_one_square_further() -> None:
    probe, _bot, _opts = position({}, -1)
    runner = players(probe, 1, 6)[0]
    beyond = probe.state.ma[runner] + 3  # its move, two rushes and one square more
    match, _bot, _opts = position({runner: sq(beyond, 7)}, runner)
    assert not threatens(match, runner) and move_reach(match, runner) == beyond - 1
    _sprint(match, runner)
    assert threatens(match, runner) and move_reach(match, runner) == beyond


def test_a_sprinter_reaches_our_carrier_from_one_square_further() -> None:
    probe, _bot, _opts = position({}, -1)
    carrier, chaser = players(probe, 0, 6)[0], players(probe, 1, 6)[0]
    far = probe.state.ma[chaser] + 4  # one step short of the squares beside our carrier
    match, _bot, _opts = position({carrier: sq(5, 7), chaser: sq(5 + far, 7)}, carrier)
    assert not reachable(match, 0, carrier)
    _sprint(match, chaser)
    assert reachable(match, 0, carrier)
