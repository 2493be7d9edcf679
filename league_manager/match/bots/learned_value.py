"""A position's value learned from the coach's own games: V^coach, for the look-ahead bots.

The veteran's one-activation tries compare the positions they reach. A hand-made value ranked
them unlike the games the coach then plays (docs/rules-decisions.md, the bot ladder part 7), so
this value is fitted on what coaches on both sides make of a position: the expected touchdown
difference at the end of the match, ``100 x (score difference now + predicted net touchdowns
still to come)``, in the units of :mod:`~league_manager.match.bots.position_value` (a touchdown
is 100). One-step look-ahead that acts greedily with respect to the base policy's value is a
policy improvement over that policy.

The prediction is linear in :data:`FEATURES`, each one the difference of a team-view quantity
for our team and the same quantity for the other (so our value is exactly minus theirs): who
is to act, the team turns each side has left in this half and whether it receives the second
half, the ball (carried, loose, a kick-off to come) with the time left, the carrier's threat and
cover, the players by status weighted by the time left. The weights are
:data:`~league_manager.match.bots.learned_weights.WEIGHTS`, written by
``benchmarks/fit_value.py`` (a ridge regression on coach-v-coach games); a feature without a
weight counts 0.
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.bots.coach_drive import reachable
from league_manager.match.bots.learned_weights import WEIGHTS
from league_manager.match.engine import Match
from league_manager.match.pitch import NEIGHBOURS, WIDTH, distance, scoring_x, xy
from league_manager.match.procedures.movement import rushes_allowed
from league_manager.match.state import PRONE, STANDING, STUNNED, TURNS_PER_HALF

TD_VALUE = 100.0
"""A touchdown, as in :mod:`~league_manager.match.bots.position_value`."""

WORTH = (1.0, 0.625, 0.375, 0.0, -0.5, -1.25, -1.25)
"""What a player counts by status (standing, prone, stunned, reserve, KO'd, injured, sent off)."""

FEATURES: tuple[str, ...] = (
    "act",  # our team is choosing its next activation (mid-turn or at its start)
    "idle",  # ... times our standing players who have not acted, /11
    "recv",  # a kick-off is coming and we receive it
    "recv_time",  # ... times our turns left in the half, /8
    "recv_second",  # the first half: we receive the second half's kick-off
    "time",  # our team turns left in the half, /8
    "carry",  # we hold the ball, with a team turn left in the half
    "carry_dead",  # we hold the ball, with no team turn left
    "carry_time",  # carry x our turns left, /8
    "carry_gain",  # carry x the share of the pitch the carrier has covered
    "carry_threat",  # carry x the carrier reaches the end zone in its next activation
    "carry_threat_last",  # ... in our last team turn of the half
    "carry_in_time",  # carry x the carrier can cover the rest in our turns left
    "carry_marked",  # carry x standing opponents next to the carrier
    "carry_near",  # carry x standing opponents two or three squares away (at most 4)
    "carry_reach",  # carry x the other team acts next and reaches the carrier without a dodge
    "carry_guard",  # carry x standing team-mates next to the carrier (at most 4)
    "carry_side",  # carry x on the sideline (half one square in)
    "loose_near",  # the ball is loose: our nearest standing player's distance, /8 (at most 8)
    "loose_act",  # the ball is loose and we are to act
    "loose_reach",  # ... and one of our standing players reaches it this activation
    "players",  # our players by status (a standing player 1, prone 0.6, stunned 0.4, KO'd -0.5,
    # injured or sent off -1.25: the hand-made value's ratios), /11
    "players_time",  # ... times the match time left
    "rerolls_time",  # our team re-rolls x turns left in the half, /8
)
"""The features, each ours minus theirs."""


def learned_value(match: Match, team: int) -> float:
    """The position for ``team``: 100 x (the score difference + the net touchdowns expected to
    come when coaches play both sides). Exactly minus the value for the other team.

    Args:
        match: the match (a fork) to score, at a team-turn prompt, a set-up or over.
        team: whose view.

    Returns:
        A value in touchdowns x :data:`TD_VALUE`.
    """
    s = match.state
    value = float(s.score[team] - s.score[1 - team])
    if match.prompt is not None:
        xs = features(match, team)
        value += sum(WEIGHTS.get(name, 0.0) * x for name, x in zip(FEATURES, xs, strict=True))
    return TD_VALUE * value


def features(match: Match, team: int) -> list[float]:
    """The value's features of a match not over, ours minus theirs (:data:`FEATURES`' order)."""
    ours, theirs = _side(match, team), _side(match, 1 - team)
    return [a - b for a, b in zip(ours, theirs, strict=True)]


def _side(match: Match, team: int) -> list[float]:
    """The team-view quantities of ``team`` (:data:`FEATURES`' order)."""
    s = match.state
    prompt = match.prompt
    assert prompt is not None
    kickoff = prompt.kind == acts.SETUP
    acting = -1 if kickoff else (prompt.team if prompt.kind == acts.TURN else s.active)
    act = acting == team
    left = max(0, TURNS_PER_HALF - s.turn[team] + (1 if act else 0))
    time = left / TURNS_PER_HALF
    match_time = (left + (TURNS_PER_HALF if s.half == 1 else 0)) / (2 * TURNS_PER_HALF)
    counts = [0] * 7
    idle = 0
    for p in s.players_of(team):
        status = s.status[p]
        if s.pos[p] >= 0 or status not in (STANDING, PRONE, STUNNED):
            counts[status] += 1
            if status == STANDING and s.pos[p] >= 0 and not s.used[p]:
                idle += 1
    players = sum(WORTH[status] * n for status, n in enumerate(counts))
    recv = 1.0 if kickoff and s.kicking != team else 0.0
    second = 1.0 if s.half == 1 and s.first_kicking == team else 0.0
    carrier = s.carrier
    carry = [0.0] * 12
    loose = [0.0] * 3
    if not kickoff and carrier >= 0 and s.pos[carrier] >= 0:
        if s.team[carrier] == team:
            carry = _carry(match, carrier, left, acting == 1 - team)
    elif not kickoff and s.ball >= 0:
        loose = _loose(match, team, act)
    return [
        1.0 if act else 0.0,
        idle / 11 if act else 0.0,
        recv,
        recv * time,
        second,
        time,
        *carry,
        *loose,
        players / 11,
        players / 11 * match_time,
        s.rerolls[team] * time,
    ]


def _carry(match: Match, carrier: int, left: int, theirs_next: bool) -> list[float]:
    """The ball features of the carrier's team (carry ... carry_side)."""
    s = match.state
    side = s.team[carrier]
    if left == 0:
        return [0.0, 1.0] + [0.0] * 10
    square = s.pos[carrier]
    x, y = xy(square)
    to_go = abs(x - scoring_x(side))
    reach = max(1, s.ma[carrier] + rushes_allowed(match.ctx, carrier))
    threat = 1.0 if to_go <= reach else 0.0
    marked = guards = near = 0
    for n in NEIGHBOURS[square]:
        q = s.board[n]
        if q >= 0 and s.status[q] == STANDING:
            if s.team[q] == side:
                guards += 1
            else:
                marked += 1
    for q in s.players_of(1 - side):
        if s.pos[q] >= 0 and s.status[q] == STANDING and 2 <= distance(square, s.pos[q]) <= 3:
            near += 1
    edge = 1.0 if y in (0, WIDTH - 1) else 0.5 if y in (1, WIDTH - 2) else 0.0
    exposed = 1.0 if theirs_next and reachable(match, side, carrier) else 0.0
    return [
        1.0,
        0.0,
        left / TURNS_PER_HALF,
        1.0 - to_go / 25,
        threat,
        threat if left == 1 else 0.0,
        1.0 if to_go <= reach * left else 0.0,
        float(marked),
        float(min(near, 4)),
        exposed,
        float(min(guards, 4)),
        edge,
    ]


def _loose(match: Match, team: int, act: bool) -> list[float]:
    """The loose-ball features of ``team`` (loose_near, loose_act, loose_reach)."""
    s = match.state
    nearest = 8
    reach = False
    for p in s.players_of(team):
        if s.pos[p] >= 0 and s.status[p] == STANDING:
            d = distance(s.pos[p], s.ball)
            nearest = min(nearest, d)
            if act and not s.used[p] and d <= s.ma[p] + rushes_allowed(match.ctx, p):
                reach = True
    return [nearest / 8, 1.0 if act else 0.0, 1.0 if reach else 0.0]
