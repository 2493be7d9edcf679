"""The coach's ball plays and reasons: blitz odds from another square, a reason per activation
in a seeded game, and the hand-off and the pass to a free receiver nearer the end zone on
constructed positions (the hand-off also chosen through the coach's whole script)."""

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_ball import block_odds_from, dice_text
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.coach_carrier import ball_play
from league_manager.match.engine import Match
from league_manager.match.odds import block_odds
from league_manager.match.pitch import NEIGHBOURS, W, distance, scoring_x, sq
from tests.unit.match.coach_positions import catcher_and_thrower, human_mirror, place, players, position


def _play(match: Match, bots: tuple[CoachBot, CoachBot], until: int) -> list[str]:
    """Play ``until`` actions (or to the end); the reason the coach gave for each activation."""
    reasons: list[str] = []
    for _ in range(until):
        if match.prompt is None:
            break
        prompt = match.prompt
        action = bots[prompt.team].choose(match)
        assert match.is_legal(action)
        if action.kind.startswith("activate_"):
            reasons.append(bots[prompt.team].reason)
        match.apply(action)
    return reasons


def test_blitz_odds_from_a_square_count_the_assists_there_and_put_the_player_back() -> None:
    match = human_mirror(3)
    bots = (CoachBot(1), CoachBot(2))
    _play(match, bots, 200)
    s = match.state
    for p in s.players_of(0):
        for foe in s.players_of(1):
            if s.pos[p] < 0 or s.pos[foe] < 0:
                continue
            for square in NEIGHBOURS[s.pos[foe]]:
                if s.board[square] >= 0:
                    continue
                board, pos = list(s.board), list(s.pos)
                there = block_odds_from(match, p, foe, square, blitz=True)
                assert s.board == board and s.pos == pos
                old = s.pos[p]
                s.board[old], s.board[square], s.pos[p] = -1, p, square
                moved = block_odds(match.ctx, p, foe, True)
                s.board[square], s.board[old], s.pos[p] = -1, p, old
                assert there == moved
                assert dice_text(there).endswith(("block", "they choose"))
                return
    raise AssertionError("no free square next to an opponent")


def test_every_coach_activation_has_a_reason() -> None:
    match = human_mirror(11)
    reasons = _play(match, (CoachBot(11), CoachBot(12)), 300)
    assert len(reasons) > 20 and all(reasons)


def _handing_off(receiver_at: int, marker_at: int = -1) -> tuple[Match, CoachBot, set[Action], int, int]:
    """Our carrier on (16, 7) with the hand-off open to it, a catcher of ours on ``receiver_at``
    (and an opponent on ``marker_at`` when given); nobody else on the pitch."""
    probe = human_mirror()
    receiver = players(probe, 0, 8)[0]  # a catcher: scores from x = 19 this turn
    carrier = next(p for p in players(probe, 0, 6) if p != receiver)
    spots = {carrier: sq(16, 7), receiver: receiver_at}
    if marker_at >= 0:
        spots[players(probe, 1, 5)[0]] = marker_at
    match, bot, options = position(spots, carrier, (acts.MOVE, acts.HANDOFF))
    return match, bot, options, carrier, receiver


def test_the_carrier_hands_off_to_a_free_receiver_nearer_the_end_zone() -> None:
    match, bot, options, carrier, receiver = _handing_off(sq(19, 7))
    action = ball_play(bot, match, 0, options, carrier)
    assert action == Action(acts.ACTIVATE[acts.HANDOFF], carrier)
    assert (bot._kind, bot._foe) == (acts.HANDOFF, receiver)
    assert bot._plan and distance(bot._plan[-1].square, sq(19, 7)) == 1  # walks next to the receiver
    assert bot.reason.startswith("handoff to a free receiver: ") and "to score" in bot.reason
    assert match.state.pos[carrier] == sq(16, 7)  # only planned: nothing moved


def test_the_coachs_script_reaches_the_hand_off_at_a_real_team_turn() -> None:
    """CoachBot.choose at home's team-turn prompt (the engine's own options for the position):
    nothing scores and nobody can be blocked, so the script's ball play hands off."""
    match = human_mirror(3)
    bots = (CoachBot(1), CoachBot(2))
    while (prompt := match.prompt) is not None and not (prompt.kind == acts.TURN and prompt.team == 0):
        match.apply(bots[prompt.team].choose(match))  # to home's first team turn
    assert match.prompt is not None
    movers = [a.player for a in match.prompt.options if a.kind == acts.ACTIVATE[acts.MOVE]]
    receiver = next(p for p in players(match, 0, 8) if p in movers)
    carrier = next(p for p in players(match, 0, 6) if p != receiver and p in movers)
    idle = next(p for p in movers if p not in (carrier, receiver))
    place(match, {carrier: sq(16, 7), receiver: sq(19, 7), idle: sq(3, 1)})
    match.state.carrier, match.state.ball = carrier, sq(16, 7)
    match.apply(Action(acts.ACTIVATE[acts.MOVE], idle))  # the next prompt lists the placed players
    match.apply(Action(acts.END_ACTIVATION))
    coach = CoachBot(1)
    action = coach.choose(match)
    assert action == Action(acts.ACTIVATE[acts.HANDOFF], carrier) and match.is_legal(action)
    assert (coach._kind, coach._foe) == (acts.HANDOFF, receiver)
    assert coach.reason.startswith("handoff to a free receiver: ")


def test_the_thrower_passes_to_a_free_receiver_out_of_hand_off_reach() -> None:
    receiver, thrower = catcher_and_thrower(human_mirror())
    here, there = sq(6, 7), sq(18, 7)
    match, bot, options = position(
        {thrower: here, receiver: there}, thrower, (acts.MOVE, acts.PASS, acts.HANDOFF)
    )
    assert distance(here, there) > match.state.ma[thrower] + 3  # no walk and hand-off reaches it
    action = ball_play(bot, match, 0, options, thrower)
    assert action == Action(acts.ACTIVATE[acts.PASS], thrower)
    assert (bot._kind, bot._foe, bot._plan) == (acts.PASS, receiver, [])  # thrown from where it stands
    assert bot.reason.startswith("pass to a free receiver: ") and "to score" in bot.reason
    no_pass = options - {Action(acts.ACTIVATE[acts.PASS], thrower)}
    assert ball_play(bot, match, 0, no_pass, thrower) is None  # passed this turn: out of reach


def test_no_hand_off_to_a_marked_receiver_nor_one_a_square_ahead_nor_when_not_allowed() -> None:
    match, bot, options, carrier, _receiver = _handing_off(sq(19, 7), marker_at=sq(20, 7))
    assert ball_play(bot, match, 0, options, carrier) is None  # marked: not free
    match, bot, options, carrier, _receiver = _handing_off(sq(17, 7))
    assert ball_play(bot, match, 0, options, carrier) is None  # one square ahead: not worth it
    match, bot, options, carrier, _receiver = _handing_off(sq(19, 7))
    no_hand_off = options - {Action(acts.ACTIVATE[acts.HANDOFF], carrier)}
    assert ball_play(bot, match, 0, no_hand_off, carrier) is None  # used this turn
    assert ball_play(bot, match, 0, options, carrier) is not None


def test_the_carrier_values_ground_more_late_in_the_half_and_a_square_that_scores_next_turn() -> None:
    match = human_mirror(3)
    bots = (CoachBot(1), CoachBot(2))
    _play(match, bots, 200)
    s = match.state
    carrier = next(p for p in s.players_of(0) if s.pos[p] >= 0)
    coach = bots[0]
    y = 7
    back, ahead = 5 + y * W, 9 + y * W  # two empty-board squares far from the end zone
    near_goal = scoring_x(0) - 1 + y * W - (s.ma[carrier] - 1)  # scores next turn from here
    far_goal = near_goal - 4
    saved_turn, saved_pos = list(s.turn), list(s.pos)
    for p in s.players_of(1):
        s.pos[p] = -1  # no opponent near any square: only ground and threat count
    try:
        s.turn[0] = 1
        early = coach._safety(match, 0, ahead, carrier) - coach._safety(match, 0, back, carrier)
        s.turn[0] = 8
        late = coach._safety(match, 0, ahead, carrier) - coach._safety(match, 0, back, carrier)
        threat = coach._safety(match, 0, near_goal, carrier) - coach._safety(match, 0, far_goal, carrier)
    finally:
        s.turn, s.pos = saved_turn, saved_pos
    assert 0 < early < late
    assert threat > late  # four squares more, plus the bonus for scoring next turn
