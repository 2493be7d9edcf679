"""The coach's long ball on the half's last team turn: a catcher walks into the end zone, the
thrower passes to it there (through the engine, at a real team-turn prompt); not before the
last turn, not over a range a Blizzard forbids, not when the carrier's run or a pass to a
catcher who runs in is as likely; every player put back after the count; and a catch in the
end zone priced as the touchdown it is."""

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.coach_carrier import ball_play
from league_manager.match.bots.coach_long_ball import best_long_ball, long_ball
from league_manager.match.engine import Match
from league_manager.match.odds import pass_odds
from league_manager.match.pitch import scoring_x, sq, xy
from league_manager.match.state import TURNS_PER_HALF
from tests.unit.match.coach_positions import (
    catcher_and_thrower,
    human_mirror,
    place,
    play_activation,
    players,
    position,
)


def _last_turn(carrier_at: int, receiver_at: int, seed: int = 3) -> tuple[Match, int, int]:
    """Home's team turn with only a thrower (carrying) and a catcher of ours on the pitch and
    the engine's own options for them; the turn counter set to the half's last."""
    match = human_mirror(seed)
    bots = (CoachBot(1), CoachBot(2))
    while (prompt := match.prompt) is not None and not (prompt.kind == acts.TURN and prompt.team == 0):
        match.apply(bots[prompt.team].choose(match))
    assert match.prompt is not None
    s = match.state
    movers = [a.player for a in match.prompt.options if a.kind == acts.ACTIVATE[acts.MOVE]]
    receiver = next(p for p in players(match, 0, 8) if p in movers)
    thrower = min((p for p in movers if p != receiver and s.pa[p] > 0), key=lambda p: s.pa[p])
    idle = next(p for p in movers if p not in (thrower, receiver))
    place(match, {thrower: carrier_at, receiver: receiver_at, idle: sq(3, 1)})
    s.carrier, s.ball = thrower, carrier_at
    s.turn[0] = TURNS_PER_HALF
    match.apply(Action(acts.ACTIVATE[acts.MOVE], idle))  # the next prompt lists the placed players
    match.apply(Action(acts.END_ACTIVATION))
    return match, thrower, receiver


def test_on_the_last_turn_the_catcher_walks_into_the_end_zone_and_the_thrower_passes_to_it() -> None:
    match, thrower, receiver = _last_turn(sq(7, 7), sq(21, 7))
    s = match.state
    assert scoring_x(0) - xy(s.pos[thrower])[0] > s.ma[thrower] + 2  # the thrower cannot run in
    assert pass_odds(match, thrower, sq(21, 7)).band == -1  # nor reach the catcher from there
    coach = CoachBot(1)
    first = coach.choose(match)
    assert first == Action(acts.ACTIVATE[acts.MOVE], receiver)
    assert coach.reason.startswith("last turn: into the end zone for the long ball")
    match.apply(first)
    play_activation(match, coach)
    assert xy(s.pos[receiver])[0] == scoring_x(0)
    second = coach.choose(match)
    assert second == Action(acts.ACTIVATE[acts.PASS], thrower)
    assert (coach._kind, coach._foe) == (acts.PASS, receiver)
    assert coach.reason.startswith("last turn: the long ball to the end zone")
    target = s.pos[receiver]
    match.apply(second)
    play_activation(match, coach)
    declared = [e for e in match.events if e.kind == "pass_declared" and e.player == thrower]
    assert declared and declared[-1].square == target
    scored = [e for e in match.events if e.kind == "touchdown"]
    assert scored and scored[-1].player == receiver  # this seed's dice: caught after re-rolls


def test_no_long_ball_before_the_last_turn_nor_in_a_blizzard_nor_when_the_carrier_runs_in() -> None:
    match, thrower, _receiver = _last_turn(sq(7, 7), sq(21, 7))
    assert match.prompt is not None
    s = match.state
    options = set(match.prompt.options)
    coach = CoachBot(1)
    board, pos, ball = list(s.board), list(s.pos), s.ball
    assert best_long_ball(coach, match, 0, options, thrower) is not None
    assert (s.board, s.pos, s.ball) == (board, pos, ball)  # every player put back
    assert long_ball(coach, match, 0, options, thrower) is not None
    s.weather = "blizzard"  # a long pass is not allowed: nothing to throw
    assert long_ball(CoachBot(1), match, 0, options, thrower) is None
    s.weather = "nice"
    s.turn[0] = TURNS_PER_HALF - 1
    assert long_ball(CoachBot(1), match, 0, options, thrower) is None  # a turn left to run
    match, thrower, _receiver = _last_turn(sq(9, 7), sq(19, 7))
    assert match.prompt is not None
    assert long_ball(CoachBot(1), match, 0, set(match.prompt.options), thrower) is None  # the pass
    # to the catcher where it stands, and its run in, is as likely as the long ball
    match, thrower, _receiver = _last_turn(sq(21, 7), sq(19, 3))
    assert match.prompt is not None
    assert long_ball(CoachBot(1), match, 0, set(match.prompt.options), thrower) is None
    coach = CoachBot(1)
    assert coach.choose(match) == Action(acts.ACTIVATE[acts.MOVE], thrower)
    assert coach.reason.startswith("run for the end zone")


def test_a_catch_in_the_end_zone_is_priced_as_a_touchdown() -> None:
    receiver, thrower = catcher_and_thrower(human_mirror())
    match, bot, options = position(
        {thrower: sq(16, 7), receiver: sq(scoring_x(0), 7)}, thrower, (acts.MOVE, acts.PASS)
    )
    bot_state = match.state
    bot_state.used[receiver] = True  # it walked in this turn: it cannot run, but a catch scores
    action = ball_play(bot, match, 0, options, thrower)
    assert action == Action(acts.ACTIVATE[acts.PASS], thrower)
    assert bot.reason.endswith("100% to score")
