"""A hand-made value of a position: score, ball, time, players.

:mod:`~league_manager.match.bots.legend_ideas` uses it (where a carrier stands); the veteran's
one-activation tries and the legend's whole-turn tries use the learned value
(:mod:`~league_manager.match.bots.learned_value`) unless asked for this one.

A look-ahead compares the positions its tries reach, so the value must order them the way a
coach would. The rules of thumb, in the evaluator's units (a standing player is 4):

- a touchdown is worth :data:`TD_VALUE`, and nothing about holding the ball can be worth more
  (a carrier one square from the end zone is worth at most :data:`CARRY_BASE` +
  :data:`CARRY_RANGE` + :data:`CARRY_THREAT` + four guards, well below a touchdown); a try
  that has just scored pays :func:`counter_risk` (the other team has the rest of the half to
  answer), so early in a half a safe carrier on the line may be worth more than scoring now;
- the ball is worth more the nearer its carrier is to the end zone it scores in, but only as
  far as the carrier's team can still get there in the turns left of the half; when no turn is
  left the ball is worth little;
- opponents standing next to the carrier (a blitz or a strip waits) and near it cost, our own
  players next to it (a cage, a screen) are worth a little, the sideline costs;
- the other team's reply: when the other team acts next and one of its players reaches a square
  next to the carrier without a dodge (:func:`~league_manager.match.bots.coach_drive.reachable`),
  the ball is worth :data:`REPLY_SHARE` less (its blitz may knock the carrier down);
- a loose ball: who stands nearer;
- players by status (a knocked-out or injured player is lost for the drive or the match);
- a turnover costs the actions of the standing players who had not acted.

The value is seen from one team; the other team's ball counts with the opposite sign.
"""

from __future__ import annotations

from league_manager.match.bots.coach_drive import reachable
from league_manager.match.engine import Match
from league_manager.match.pitch import NEIGHBOURS, WIDTH, distance, scoring_x, xy
from league_manager.match.procedures.movement import rushes_allowed
from league_manager.match.state import CASUALTY, KO, PRONE, SENT_OFF, STANDING, STUNNED, TURNS_PER_HALF

TD_VALUE = 100.0
"""A touchdown."""
CARRY_BASE = 12.0
"""Holding the ball anywhere, with time left to use it."""
CARRY_RANGE = 40.0
"""Holding it at the end zone's edge instead of at our own (scaled by the time left)."""
CARRY_THREAT = 10.0
"""The carrier can reach the end zone in its next activation (move plus rushes)."""
CARRY_LATE = 4.0
"""Holding the ball when the carrier's team has no turn left in the half."""
NEXT_TO_CARRIER = 6.0
"""Each standing opponent next to the carrier."""
NEAR_CARRIER = 2.0
"""Each standing opponent two or three squares from the carrier (at most :data:`NEAR_CAP`)."""
NEAR_CAP = 8.0
"""The most the near opponents cost."""
GUARD = 1.5
"""Each standing team-mate next to the carrier (at most four count)."""
SIDELINE = 3.0
"""A carrier on the sideline (a push off the pitch; half that one square in)."""
LOOSE_BALL = 2.0
"""Each square nearer a loose ball than the nearest opponent (at most six count)."""
IDLE_LOSS = 2.0
"""Each of our standing players who had not acted when our turn ended early."""
STATUS_VALUE = {STANDING: 4.0, PRONE: 2.5, STUNNED: 1.5, KO: -2.0, CASUALTY: -5.0, SENT_OFF: -5.0}
"""What a player is worth by status (reserves count 0)."""
COUNTER_PER_TURN = 0.07
"""After our touchdown, the other team's chance to score back, for each team turn it has left
in the half (at most :data:`COUNTER_CAP`): a touchdown early in a half is worth less than one
at its end, so holding the ball safely near the line may beat scoring at once."""
COUNTER_CAP = 0.5
REPLY_SHARE = 0.3
"""The share of the carrier's worth lost when the other team, acting next, can reach it without a
dodge: a blitz knocks a carrier down about half the time, and the ball then bounces free."""


def position_value(match: Match, team: int, ended: bool, idle: int) -> float:
    """The position for ``team``: score, the ball with the time left, the players.

    Args:
        match: the match (a fork) to score.
        team: whose view.
        ended: our team turn ended early during the try (a turnover).
        idle: our standing players who had not acted when it ended.

    Returns:
        A value in the evaluator's units; only differences between tries mean anything.
    """
    s = match.state
    other = 1 - team
    value = TD_VALUE * (s.score[team] - s.score[other])
    for p in range(s.size):
        worth = STATUS_VALUE.get(s.status[p], 0.0)
        value += worth if s.team[p] == team else -worth
    carrier = s.carrier
    if carrier >= 0 and s.pos[carrier] >= 0:
        worth = carrier_value(match, carrier)
        value += worth if s.team[carrier] == team else -worth
    elif s.ball >= 0 and s.pos.count(-1) < s.size:
        near = [99, 99]
        for p in range(s.size):
            if s.pos[p] >= 0 and s.status[p] == STANDING:
                t = s.team[p]
                near[t] = min(near[t], distance(s.pos[p], s.ball))
        value += LOOSE_BALL * max(-6, min(6, near[other] - near[team]))
    if ended:
        value -= IDLE_LOSS * idle
    return value


def carrier_value(match: Match, carrier: int, square: int = -1) -> float:
    """What holding the ball is worth to the carrier's team, where the carrier stands now (or
    on ``square``, having moved there).

    The carrier may still move this turn when it is its team's turn and it has not acted;
    after that, each team turn left in the half is one more activation. Where it stands now
    and the other team is to act, an opponent who can reach it costs :data:`REPLY_SHARE`.
    """
    s = match.state
    side = s.team[carrier]
    moved = square >= 0
    if not moved:
        square = s.pos[carrier]
    x, y = xy(square)
    to_go = abs(x - scoring_x(side))
    reach = s.ma[carrier] + rushes_allowed(match.ctx, carrier)
    prompt = match.prompt
    our_turn = prompt is not None and prompt.team == side and not s.used[carrier] and not moved
    chances = max(0, TURNS_PER_HALF - s.turn[side]) + (1 if our_turn else 0)
    if chances == 0:
        return CARRY_LATE
    pace = min(1.0, chances * max(reach, 1) / max(to_go, 1))
    value = CARRY_BASE + CARRY_RANGE * (1.0 - to_go / 25.0) * pace
    if to_go <= reach:
        value += CARRY_THREAT
    near = 0.0
    guards = 0
    for n in NEIGHBOURS[square]:
        q = s.board[n]
        if q >= 0 and q != carrier and s.status[q] == STANDING:
            if s.team[q] == side:
                guards += 1
            else:
                value -= NEXT_TO_CARRIER
    for q in s.players_of(1 - side):
        if s.pos[q] >= 0 and s.status[q] == STANDING and 2 <= distance(square, s.pos[q]) <= 3:
            near += NEAR_CARRIER
    value -= min(near, NEAR_CAP)
    value += GUARD * min(guards, 4)
    if y in (0, WIDTH - 1):
        value -= SIDELINE
    elif y in (1, WIDTH - 2):
        value -= SIDELINE / 2
    theirs_next = prompt is not None and prompt.team != side
    if theirs_next and not moved and value > 0 and reachable(match, side, carrier):
        value *= 1.0 - REPLY_SHARE
    return value


def counter_risk(match: Match, scorer: int, half: int) -> float:
    """What the other team's answer to a touchdown ``scorer`` just made in ``half`` is expected
    to cost it: :data:`TD_VALUE` x its chance to score back in the team turns it has left in
    that half. Nothing once the half is over: a touchdown in the half's last team turn is read
    at the next half's kick-off, where the turns count from 0 again (or at the match's end)."""
    s = match.state
    if match.prompt is None or s.half != half:
        return 0.0
    left = max(0, TURNS_PER_HALF - s.turn[1 - scorer])
    return TD_VALUE * min(COUNTER_CAP, COUNTER_PER_TURN * left)
