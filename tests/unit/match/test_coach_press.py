"""The coach's last steps on constructed positions: a free player goes next to a loose ball
nobody of ours stands by, a long pick-up is tried only below the pick-up step's odds, free
players close in on their carrier's cage and a blitz on a cage player goes to a player beside
their carrier."""

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots import coach_press as press
from league_manager.match.bots.coach_carrier import PICK_UP_MIN
from league_manager.match.bots.coach_defence import AGILE
from league_manager.match.pitch import distance, sq
from tests.unit.match.coach_positions import players, position

CAGE = (sq(19, 6), sq(19, 8), sq(21, 6), sq(21, 8))
"""Four players on the diagonal squares of their carrier on sq(20, 7)."""


def test_a_free_player_goes_next_to_a_loose_ball_none_of_ours_stands_by() -> None:
    match, bot, options = position({}, -1)
    near, far = players(match, 0, 6)[:2]
    match, bot, options = position({near: sq(10, 7), far: sq(6, 5), 20: sq(18, 7)}, -1)
    s = match.state
    s.ball = sq(12, 7)
    start = press.guard_ball(bot, match, 0, options)
    assert start == Action(acts.ACTIVATE[acts.MOVE], far)  # the nearer one is kept to lift it
    assert distance(bot._plan[-1].square, s.ball) == 1
    match, bot, options = position({near: sq(11, 7), far: sq(6, 5), 20: sq(18, 7)}, -1)
    match.state.ball = sq(12, 7)
    assert press.guard_ball(bot, match, 0, options) is None


def test_a_long_pick_up_takes_any_odds_from_the_least_up() -> None:
    match, bot, options = position({}, -1)
    p = players(match, 0, 6)[0]
    theirs = {16 + i: square for i, square in enumerate((sq(13, 6), sq(11, 6), sq(12, 8)))}
    match, bot, options = position({p: sq(9, 7)} | theirs, -1)
    s = match.state
    s.ball = sq(12, 7)
    chance = bot._plans(match, p)[s.ball].p_with_rerolls
    assert press.LONG_PICK_UP <= chance < PICK_UP_MIN
    assert press.long_pick_up(bot, match, 0, options) == Action(acts.ACTIVATE[acts.MOVE], p)
    assert bot._plan[-1].square == s.ball
    match, bot, options = position({p: sq(9, 7), 16: sq(13, 6)}, -1)
    match.state.ball = sq(12, 7)
    assert bot._plans(match, p)[sq(12, 7)].p_with_rerolls >= PICK_UP_MIN
    # the pick-up step weighs only the three nearest: a farther lifter at better odds is
    # still taken here, late, rather than leaving the ball loose
    assert press.long_pick_up(bot, match, 0, options) == Action(acts.ACTIVATE[acts.MOVE], p)


def test_free_players_close_in_on_their_carriers_cage_until_two_stand_by_it() -> None:
    match, bot, options = position({}, -1)
    a, b = players(match, 0, 6)[:2]
    cage = {17 + i: square for i, square in enumerate(CAGE)}
    match, bot, options = position({a: sq(14, 7), b: sq(14, 3), 16: sq(20, 7)} | cage, 16)
    start = press.close_in(bot, match, 0, options, 16)
    assert start is not None and bot._player in (a, b)
    end = bot._plan[-1].square
    assert any(distance(end, square) == 1 for square in CAGE)
    match, bot, options = position({a: sq(18, 6), b: sq(18, 8), 16: sq(20, 7)} | cage, 16)
    assert press.close_in(bot, match, 0, options, 16) is None


def test_a_cage_blitz_hits_a_player_beside_their_carrier() -> None:
    match, bot, options = position({}, -1)
    a, b = players(match, 0, 6, least_st=3)[:2]
    cage = {17 + i: square for i, square in enumerate(CAGE)}
    match, bot, options = position({a: sq(18, 6), b: sq(19, 5), 16: sq(20, 7)} | cage, 16)
    start = press.cage_blitz(bot, match, 0, options, 16)
    assert start is not None and start.kind == acts.ACTIVATE[acts.BLITZ]
    s = match.state
    assert s.team[bot._foe] == 1 and distance(s.pos[bot._foe], s.pos[16]) == 1
    match, bot, options = position({a: sq(3, 6), 16: sq(20, 7)} | cage, 16)
    assert press.cage_blitz(bot, match, 0, options, 16) is None  # nobody near


def test_an_agile_roster_marks_their_carrier_before_it_blitzes_it() -> None:
    match, bot, options = position({}, -1)
    a, b = players(match, 0, 6, least_st=3)[:2]
    spots = {a: sq(9, 7), b: sq(9, 5), 16: sq(12, 7)}
    match, bot, options = position(spots, 16)
    prompt = Prompt(acts.TURN, 0, sorted(options, key=str))
    bot._flavour = (1.0, 0.97)  # as a Human roster
    first = bot.candidates(match, prompt, 1)[0]
    assert first.kind == acts.BLITZ and first.foe == 16
    match, bot, options = position(spots, 16)
    bot._flavour = (1.0, AGILE)  # as a Wood Elf roster
    first = bot.candidates(match, prompt, 1)[0]
    assert first.kind == acts.MOVE and first.reason == "mark their carrier"
    assert distance(first.plan[-1].square, sq(12, 7)) == 1


def test_an_agile_rosters_marker_is_not_the_player_it_blitzes_with() -> None:
    match, bot, options = position({}, -1)
    a, b = sorted(players(match, 0, 6, least_st=3)[:2])
    spots = {a: sq(10, 7), b: sq(8, 4), 16: sq(12, 7)}  # a: first to mark, nearest to blitz
    match, bot, options = position(spots, 16)
    assert bot._blitz(match, 0, options, 16) is not None and bot._player == a
    blitz_from = bot._plan[-1].square
    match, bot, options = position(spots, 16)
    bot._flavour = (1.0, AGILE)
    first = bot.candidates(match, Prompt(acts.TURN, 0, sorted(options, key=str)), 1)[0]
    assert first.reason == "mark their carrier" and first.player == b
    assert first.plan[-1].square != blitz_from  # the blitz keeps the square it was priced from
