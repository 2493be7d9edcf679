"""The coach against a screen and against the clock, on constructed positions: a block opens a
lane through a screen line for our carrier, the carrier's route goes round a screen, and late
in a half their carrier is blitzed at odds the coach would not take earlier."""

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.coach_drive import threatens
from league_manager.match.bots.coach_hits import BLITZ_MIN
from league_manager.match.bots.coach_lane import best_lane, lane
from league_manager.match.bots.coach_route import DETOUR, free_steps, route_steps
from league_manager.match.engine import Match
from league_manager.match.pitch import sq
from league_manager.match.state import RESERVE, STANDING
from tests.unit.match.coach_positions import players as _players
from tests.unit.match.coach_positions import position as _position


def _screen(carrier_sq: int) -> tuple[Match, CoachBot, set[Action], int, int]:
    """Our carrier faces a whole screen line at x = 14 (rows 1, 4, 7, 10, 13) with one of our
    players next to its middle man."""
    probe, _bot, _opts = _position({}, -1)
    ours = _players(probe, 0, 6)
    theirs = _players(probe, 1, 5)[:5]
    carrier, blocker = ours[0], next(p for p in _players(probe, 0, 5, least_st=4) if p != ours[0])
    spots = {carrier: carrier_sq, blocker: sq(13, 7)}
    spots |= {q: sq(14, y) for q, y in zip(theirs, (1, 4, 7, 10, 13), strict=True)}
    match, bot, options = _position(spots, carrier)
    return match, bot, options, blocker, theirs[2]


def test_a_block_on_the_screen_opens_a_lane_for_the_carrier() -> None:
    match, bot, options, blocker, middle = _screen(sq(10, 7))
    found = best_lane(bot, match, 0, options, match.state.carrier)
    assert found is not None
    assert (found.player, found.foe) == (blocker, middle)
    assert found.opened >= 3 and found.worth > 0
    action = lane(bot, match, 0, options, match.state.carrier)
    assert action in (Action(acts.ACTIVATE[acts.BLOCK], blocker), Action(acts.ACTIVATE[acts.BLITZ], blocker))
    assert bot._foe == middle
    assert bot.reason.startswith("open a lane: ") and "screen player" in bot.reason


def test_no_lane_is_opened_on_an_open_pitch_or_after_the_carrier_moved() -> None:
    match, bot, options, _blocker, _middle = _screen(sq(10, 7))
    s = match.state
    carrier = s.carrier
    moved = options - {Action(acts.ACTIVATE[acts.MOVE], carrier)}
    assert lane(bot, match, 0, moved, carrier) is None  # the carrier has acted: no use
    for q in s.players_of(1):
        if s.pos[q] >= 0 and s.pos[q] != sq(14, 7):
            s.board[s.pos[q]], s.pos[q], s.status[q] = -1, -1, RESERVE
    assert lane(bot, match, 0, options, carrier) is None  # a free path to score already


def test_late_in_the_half_their_carrier_is_blitzed_at_poorer_odds() -> None:
    probe, _bot, _opts = _position({}, -1)
    blitzer = _players(probe, 0, 6)[0]
    them = _players(probe, 1, 5)
    carrier, guards = them[0], them[1:3]
    spots = {carrier: sq(18, 7), guards[0]: sq(18, 6), guards[1]: sq(18, 8), blitzer: sq(15, 7)}
    match, bot, options = _position(spots, carrier)
    s = match.state
    assert not threatens(match, carrier)
    early = bot._blitz(match, 0, options, carrier)
    assert early is None, "a blitz on 2 dice against us is not worth it early"
    s.turn = [7, 7]
    late = bot._blitz(match, 0, options, carrier)
    assert late == Action(acts.ACTIVATE[acts.BLITZ], blitzer)
    assert bot.reason.startswith("no time to wait: blitz the carrier anyway")
    assert BLITZ_MIN > 0


def test_a_carrier_within_its_move_and_rushes_of_the_end_zone_threatens() -> None:
    probe, _bot, _opts = _position({}, -1)
    runner = _players(probe, 1, 6)[0]
    reach = probe.state.ma[runner] + 2
    match, _bot, _opts = _position({runner: sq(reach, 7)}, runner)
    assert threatens(match, runner)
    match.state.pos[runner] = sq(reach + 1, 7)
    assert not threatens(match, runner)


def test_the_route_goes_round_a_screen_and_counts_a_detour_through_it() -> None:
    probe, _bot, _opts = _position({}, -1)
    carrier = _players(probe, 0, 6)[0]
    *theirs, fifth = _players(probe, 1, 5)[:5]
    spots = {carrier: sq(10, 7)} | {q: sq(14, y) for q, y in zip(theirs, (4, 7, 10, 13), strict=True)}
    match, _bot, _opts = _position(spots, carrier)  # rows 0-2 stay open
    steps = free_steps(match, 0)
    assert steps[sq(24, 7)] == 1 and steps[sq(25, 7)] == 0
    assert sq(14, 7) not in steps  # an opponent stands there
    assert sq(12, 7) in steps and steps[sq(12, 7)] > 25 - 12 + DETOUR  # round by the top rows
    assert steps[sq(12, 1)] == 25 - 12  # along the open rows
    assert route_steps(steps, sq(12, 7), 0) == 25 - 12 + DETOUR
    assert route_steps(steps, sq(12, 1), 0) == 25 - 12
    s = match.state
    s.pos[fifth], s.board[sq(14, 1)], s.status[fifth] = sq(14, 1), fifth, STANDING
    shut = free_steps(match, 0)  # now the line covers every row
    assert sq(12, 1) not in shut and route_steps(shut, sq(12, 1), 0) == 25 - 12 + DETOUR
