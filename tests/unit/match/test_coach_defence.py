"""The coach's defence on constructed positions: the screen line leaves their carrier no free
path to our end zone, a free player walks to a downed opponent to foul with an assist, and an
agile roster puts a third marker on their carrier; and the carrier's hold short of the end
zone, only against a side fast enough to reply."""

import math
from collections.abc import Sequence

import pytest

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots import coach_defence as defence
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.coach_defence import AGILE, mark
from league_manager.match.bots.coach_drive import REPLY_MA, can_reply, hold_square, stall
from league_manager.match.bots.coach_screen import carrier_reach, free_reach, zone_counts
from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.engine import Match
from league_manager.match.paths import Budget, plan_moves
from league_manager.match.pitch import distance, scoring_x, sq, xy
from league_manager.match.state import PRONE, RESERVE, STANDING
from tests.unit.match.coach_positions import human_mirror, place, players, position


def _defending() -> tuple[Match, CoachBot, set[Action]]:
    """A seeded coach game at home's team turn while away holds the ball."""
    match = human_mirror(3)
    bots = (GreedyBot(1), GreedyBot(2))
    while match.prompt is not None:
        prompt = match.prompt
        s = match.state
        if prompt.kind == acts.TURN and prompt.team == 0 and s.carrier >= 0 and s.team[s.carrier] == 1:
            return match, CoachBot(1), set(prompt.options)
        match.apply(bots[prompt.team].choose(match))
    raise AssertionError("away never held the ball at home's turn")


def _their_carrier_on(
    square: int, ours: Sequence[int] = (), theirs: Sequence[int] = ()
) -> tuple[Match, CoachBot, set[Action], list[int], list[int]]:
    """:func:`_defending` with only their carrier on ``square``, players of ours free to move
    on ``ours`` and others of theirs on ``theirs`` on the pitch; those players, in order."""
    match, bot, options = _defending()
    s = match.state
    carrier = s.carrier
    movers = _movers(match, options, 0, len(ours))
    others = [q for q in s.players_of(1) if q != carrier][: len(theirs)]
    spots = {carrier: square} | dict(zip(movers, ours, strict=True)) | dict(zip(others, theirs, strict=True))
    place(match, spots)
    s.carrier, s.ball = carrier, square
    return match, bot, options, movers, others


def _movers(match: Match, options: set[Action], team: int, most: int) -> list[int]:
    s = match.state
    found = [p for p in s.players_of(team) if Action(acts.ACTIVATE[acts.MOVE], p) in options and s.ma[p] >= 6]
    if len(found) < most:
        pytest.skip("not enough players free to move in this seeded position")
    return found[:most]


def _holes(match: Match, carrier: int) -> int:
    s = match.state
    zones = {q for q, n in zone_counts(match, 0).items() if n}
    return free_reach(s.board, s.pos[carrier], scoring_x(1), zones, carrier_reach(match, carrier))[0]


def test_the_screen_leaves_their_carrier_no_free_path_to_our_end_zone() -> None:
    line = [sq(6, y) for y in (0, 3, 5, 9, 11, 14)]
    match, bot, options, ours, _ = _their_carrier_on(sq(9, 7), line)
    s = match.state
    carrier = s.carrier
    assert _holes(match, carrier) >= 13  # an open pitch: (nearly) every end-zone square
    moved = 0
    while (action := defence.cut(bot, match, 0, options, carrier)) is not None:
        p = action.player
        assert bot._plan, "a screen move walks without dice"
        dest = bot._plan[-1].square
        assert distance(dest, s.pos[carrier]) > 1
        s.board[s.pos[p]], s.pos[p], s.board[dest] = -1, dest, p
        options.discard(action)
        moved += 1
        assert moved <= len(ours)
    assert _holes(match, carrier) == 0
    moved_on = [p for p, square in zip(ours, line, strict=True) if s.pos[p] != square]
    assert all(xy(s.pos[p])[0] <= 3 for p in moved_on)  # a line in front of the end zone


def test_without_a_free_path_the_screen_stays_put() -> None:
    match, bot, options, _, _ = _their_carrier_on(sq(9, 7), [sq(2, y) for y in (1, 4, 7, 10, 13)])
    carrier = match.state.carrier
    assert _holes(match, carrier) == 0
    assert defence.cut(bot, match, 0, options, carrier) is None


def test_a_free_player_fouls_a_downed_opponent_only_with_an_assist() -> None:
    match, bot, options, (fouler, helper), (victim,) = _their_carrier_on(
        sq(20, 2), [sq(9, 7), sq(11, 7)], [sq(10, 7)]
    )
    s = match.state
    guard = next(q for q in s.players_of(1) if q not in (s.carrier, victim))
    s.status[victim] = PRONE
    no_helper = options - {Action(acts.ACTIVATE[acts.FOUL], helper)}
    assert defence.foul(bot, match, 0, no_helper) == Action(acts.ACTIVATE[acts.FOUL], fouler)
    assert bot._foe == victim and not bot._plan
    assert bot.reason == "foul a downed player: +1 assists"
    s.pos[guard], s.board[sq(8, 7)], s.status[guard] = sq(8, 7), guard, STANDING
    assert defence.foul(bot, match, 0, no_helper) is None  # the fouler is marked now
    s.board[sq(8, 7)], s.pos[guard], s.status[guard] = -1, -1, RESERVE
    s.board[sq(11, 7)], s.pos[helper] = -1, sq(14, 3)
    s.board[sq(14, 3)] = helper
    assert defence.foul(bot, match, 0, no_helper) is None  # no assist: no foul
    s.status[victim] = STANDING
    assert defence.foul(bot, match, 0, options) is None  # nobody down


def test_a_carrier_nobody_can_reach_holds_on_until_the_last_turns_of_the_half() -> None:
    match, _bot, _options, (chaser,), _ = _their_carrier_on(sq(1, 7), [sq(20, 7)])
    s = match.state
    carrier = s.carrier
    s.turn[1] = 5
    assert stall(match, 1, carrier)
    s.turn[1] = 7  # the last two turns: score
    assert not stall(match, 1, carrier)
    s.turn[1] = 5
    s.board[sq(20, 7)], s.pos[chaser], s.board[sq(10, 7)] = -1, sq(10, 7), chaser
    assert not stall(match, 1, carrier)  # the chaser reaches the carrier with its move and rushes
    wall = [q for q in s.players_of(1) if q != carrier and s.pos[q] < 0][:3]
    for q, y in zip(wall, (6, 7, 8), strict=True):  # marked by us, it needs a dodge first
        s.pos[q], s.board[sq(9, y)], s.status[q] = sq(9, y), q, STANDING
    assert match.ctx.is_marked(s.pos[chaser], 0)
    assert stall(match, 1, carrier)
    s.board[sq(1, 7)], s.pos[carrier], s.board[sq(3, 7)] = -1, sq(3, 7), carrier
    assert not stall(match, 1, carrier)  # further out a screen could still shut the way in


def test_a_carrier_that_could_score_early_walks_one_step_short_of_the_end_zone_instead() -> None:
    match, _bot, _options, _, _ = _their_carrier_on(sq(5, 7), [sq(24, 7)])
    s = match.state
    carrier = s.carrier
    s.turn[1] = 4
    plans = plan_moves(match.ctx, carrier, Budget(s.ma[carrier], 2))
    wait = hold_square(match, 1, carrier, plans)
    assert wait is not None and xy(wait.path[-1])[0] == 1 and wait.p_with_rerolls >= 0.999
    assert s.pos[carrier] == sq(5, 7) and s.board[sq(5, 7)] == carrier  # put back
    s.turn[1] = 7
    assert hold_square(match, 1, carrier, plans) is None  # the last turns: score


def test_a_carrier_holds_on_only_against_a_side_fast_enough_to_reply() -> None:
    match, _bot, _options, _, _ = _their_carrier_on(sq(1, 7), [sq(20, 7)])
    s = match.state
    carrier = s.carrier
    s.turn[1] = 5
    home = list(s.players_of(0))
    assert can_reply(match, 0) and stall(match, 1, carrier)  # a Human roster: MA 6 and more
    for p in home:
        s.ma[p] = min(s.ma[p], 5)  # as slow as an Orc roster
    assert not can_reply(match, 0) and not stall(match, 1, carrier)  # score at once
    plans = plan_moves(match.ctx, carrier, Budget(s.ma[carrier], 2))
    assert hold_square(match, 1, carrier, plans) is None
    bench = next(p for p in home if s.pos[p] < 0)  # the average counts the bench too
    others = sum(s.ma[p] for p in home if p != bench)
    s.ma[bench] = math.ceil(REPLY_MA * len(home)) - others  # just fast enough
    assert can_reply(match, 0) and stall(match, 1, carrier)
    s.ma[bench] -= 1
    assert not can_reply(match, 0)


def test_an_agile_roster_puts_a_third_marker_on_their_carrier_a_human_one_two() -> None:
    probe, _bot, _options = position({}, -1)
    a, b, c = players(probe, 0, 6)[:3]
    spots = {a: sq(11, 7), b: sq(13, 7), c: sq(8, 4), 16: sq(12, 7)}  # two mark already
    match, bot, options = position(spots, 16, (acts.MOVE,))
    bot._flavour = (1.0, 0.97)  # as a Human roster
    assert mark(bot, match, 0, options, 16) is None
    bot._flavour = (1.0, AGILE)  # as a Wood Elf roster
    action = mark(bot, match, 0, options, 16)
    assert action == Action(acts.ACTIVATE[acts.MOVE], c) and bot.reason == "mark their carrier"
    assert distance(bot._plan[-1].square, sq(12, 7)) == 1
