"""The coach with the ball or next to it: score, pick up, pass, carrier moves, the cage.

Each function is one step of :class:`~league_manager.match.bots.coach_bot.CoachBot`'s script:
it returns the action that starts the activation (the bot keeps the plan) or None.

- :func:`score`: the carrier runs for the end zone when likely enough (any chance in the last
  turn), or holds one step short of it (:mod:`.coach_drive`);
- :func:`pick_up`: a loose ball lifted by the player most likely to reach and lift it;
- :func:`ball_play`: a pass or a hand-off to a free team-mate when it beats keeping the ball;
- :func:`carrier_move`: the carrier to a better square (:func:`safety`), with dice only at
  good odds; a roster stronger than it is agile, or an agile one, also weighs the cage its
  players can hold round the square (:mod:`.coach_cage`); on the turn before the half's last a
  Right Stuff carrier too far out to run in prefers a square next to a team-mate who can
  throw it (:mod:`.coach_team_mate_throw`);
- :func:`cage`: free players without dice on the carrier's diagonal squares;
- :func:`carry_on`: a carrier who just picked the ball up (:func:`picked_up_now`) walks on
  with the move left.

:func:`safety` is the worth of a square for our carrier; the steps ask it through
``CoachBot._safety`` (and the script asks its carrier blitz through ``CoachBot._blitz``), so
a bot built on the coach can weigh squares and blitzes its own way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_ball import TD_WORTH, BallPlay, ball_plays, move_reach
from league_manager.match.bots.coach_cage import cage_cover
from league_manager.match.bots.coach_drive import hold_square, stall
from league_manager.match.bots.coach_route import route_steps
from league_manager.match.bots.coach_team_mate_throw import LAUNCH, launch_squares
from league_manager.match.engine import Match
from league_manager.match.paths import MovePlan, plan_moves
from league_manager.match.pitch import LENGTH, ON_PITCH, WIDTH, W, distance, scoring_x, xy
from league_manager.match.procedures.movement import rushes_allowed
from league_manager.match.state import STANDING, TURNS_PER_HALF

if TYPE_CHECKING:
    from league_manager.match.bots.coach_bot import CoachBot

SURE = 0.999
"""A path at least this likely needs no dice."""
SCORE_NOW = 0.55
"""Score at once when the carrier gets there this likely (any chance in the last turn)."""
PICK_UP_MIN = 0.2
"""Try a pick-up at this chance or better."""
CARRIER_RISK = 0.8
"""The carrier takes a path with dice only at this chance or better ..."""
CARRIER_RISK_LATE = 0.66
"""... or this chance in the last two turns of a half, when a draw is near."""
LOSS = 20.0
"""... and when the ground gained outweighs this cost of dropping the ball."""
ADVANCE = 2.0
"""The carrier's worth of a square gained towards the end zone (opponents near cost 1-6)."""
LATE_PUSH = 0.3
"""How much more a square gained is worth for each turn of the half after the third."""
THREAT = 3.0
"""A square from which the carrier reaches the end zone next turn (grows late like advance)."""
CLOCK = 12.0
"""The cost of a square from which the carrier can no longer score in the half's turns left
at full pace (its move and its rushes a turn) ..."""
CLOCK_TURNS = 2
"""... counted when this many of our turns or fewer are left after this one (first half, or
when we are not ahead)."""
BALL_PLAY_GAIN = 10.0
"""A pass or hand-off must beat keeping the ball by this much (carrier-safety units)."""


def score(
    bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int, last: bool
) -> Action | None:
    """Run our carrier into the end zone when :func:`go_for_it` says so, unless it should hold
    one step short of it (:mod:`.coach_drive`)."""
    s = match.state
    if Action(acts.ACTIVATE[acts.MOVE], carrier) not in options or s.status[carrier] != STANDING:
        return None
    goal_x = scoring_x(team)
    if abs(xy(s.pos[carrier])[0] - goal_x) > s.ma[carrier] + rushes_allowed(match.ctx, carrier):
        return None
    best: tuple[float, MovePlan] | None = None
    for square, plan in bot._plans(match, carrier).items():
        if xy(square)[0] == goal_x and (best is None or plan.p_with_rerolls > best[0]):
            best = (plan.p_with_rerolls, plan)
    if best is None or not go_for_it(match, team, best[0], last):
        return None
    if stall(match, team, carrier):
        return None
    wait = hold_square(match, team, carrier, bot._plans(match, carrier))
    if wait is not None:
        why = f"hold one step short of the end zone ({best[0]:.0%} to score now): score late"
        return bot._start(carrier, acts.MOVE, wait, reason=why)
    return bot._start(carrier, acts.MOVE, best[1], reason=f"run for the end zone: {best[0]:.0%}")


def go_for_it(match: Match, team: int, p: float, last: bool) -> bool:
    """Whether a touchdown this likely is worth the risk of dropping the ball now: surely at
    :data:`SCORE_NOW`, with less late in the half, anything in the last turn."""
    if last:
        return p > 0
    late = match.state.turn[team] >= TURNS_PER_HALF - 2
    return p >= SCORE_NOW or (late and p * TD_WORTH > (1 - p) * LOSS)


def pick_up(bot: CoachBot, match: Match, team: int, options: set[Action]) -> Action | None:
    """Lift the loose ball with the nearest player most likely to reach and pick it up."""
    s = match.state
    ball = s.ball
    near = sorted(
        (distance(s.pos[p], ball), p)
        for p in bot._movers(match, team, options)
        if distance(s.pos[p], ball) <= move_reach(match, p)
    )
    best: tuple[float, int, MovePlan] | None = None
    for _d, p in near[:3]:
        plan = bot._plans(match, p).get(ball)
        if plan is not None and (best is None or plan.p_with_rerolls > best[0]):
            best = (plan.p_with_rerolls, p, plan)
    if best is None or best[0] < PICK_UP_MIN:
        return None
    secure = Action(acts.ACTIVATE[acts.SECURE_BALL], best[1])
    if secure in options:  # Season 3: the same walk with a 2+ pick-up
        bot._player, bot._foe, bot._kind = best[1], -1, acts.SECURE_BALL
        bot._plan = best[2].actions(best[1])
        bot.reason = f"secure the ball: {best[0]:.0%}"
        return secure
    return bot._start(best[1], acts.MOVE, best[2], reason=f"pick the ball up: {best[0]:.0%}")


def ball_play(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """A pass or a hand-off to a free team-mate nearer the end zone when it pays."""
    s = match.state
    if s.status[carrier] != STANDING:
        return None
    plays = carrier_plays(bot, match, team, options, carrier, LOSS)
    now = bot._safety(match, team, s.pos[carrier], carrier)
    if not plays or plays[0].value < now + BALL_PLAY_GAIN:
        return None
    play = plays[0]
    why = f"{play.kind} to a free receiver: {play.p_complete:.0%}"
    if play.p_score > 0:
        why += f", then {play.p_score:.0%} to score"
    return bot._start(carrier, play.kind, play.plan, play.receiver, reason=why)


def carrier_plays(
    bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int, loss: float
) -> list[BallPlay]:
    """:func:`~.coach_ball.ball_plays` of our carrier with the passes and hand-offs it may start
    now, on the coach's move plans and square worth (``loss``: the cost of a dropped ball)."""
    kinds = (
        Action(acts.ACTIVATE[acts.PASS], carrier) in options,
        Action(acts.ACTIVATE[acts.HANDOFF], carrier) in options,
    )
    if not any(kinds):
        return []
    return ball_plays(
        match,
        carrier,
        kinds,
        lambda q: bot._plans(match, q),
        lambda square: bot._safety(match, team, square, carrier),
        loss,
    )


def carrier_move(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """Our carrier to the best square it reaches likely enough, when that beats staying."""
    s = match.state
    if Action(acts.ACTIVATE[acts.MOVE], carrier) not in options or s.status[carrier] != STANDING:
        return None
    here = s.pos[carrier]
    cover = cage_cover(bot, match, team, carrier)
    launch = launch_squares(match, team, carrier)
    reach = move_reach(match, carrier)

    def worth_of(square: int) -> float:
        worth = bot._safety(match, team, square, carrier) + cover(square)
        if square in launch and abs(xy(square)[0] - scoring_x(team)) > reach:
            worth += LAUNCH
        return worth

    now = worth_of(here)
    best: tuple[float, MovePlan | None] = (now, None)
    risk = CARRIER_RISK_LATE if s.turn[team] >= TURNS_PER_HALF - 1 else CARRIER_RISK
    hold = stall(match, team, carrier)
    goal_x = scoring_x(team)
    for square, plan in bot._plans(match, carrier).items():
        p = plan.p_with_rerolls
        if p < risk or (hold and xy(square)[0] == goal_x):
            continue
        value = p * worth_of(square) + (1 - p) * (now - LOSS)
        if value > best[0] + 0.5:
            best = (value, plan)
    if best[1] is None:
        return None
    return bot._start(carrier, acts.MOVE, best[1], reason="carrier to a safer square ahead")


def safety(bot: CoachBot, match: Match, team: int, square: int, carrier: int) -> float:
    """How good a square is for our carrier: forward (in steps of a free path round their
    screen, :mod:`.coach_route`), away from opponents, off the sideline, and near enough
    to score in the turns left (:data:`CLOCK`)."""
    s = match.state
    x, y = xy(square)
    advance = LENGTH - 1 - route_steps(bot._route(match, team), square, team)
    turn = max(s.turn[team], 1)
    urgency = 1.0 + LATE_PUSH * max(turn - 3, 0)
    worth = ADVANCE * urgency * advance * bot._weights(match, team)[1]
    to_go = abs(x - scoring_x(team))
    if 0 < to_go <= s.ma[carrier] + 1:
        worth += THREAT * urgency  # scores next turn from here without rushing much
    left = TURNS_PER_HALF - turn
    if 0 < left <= CLOCK_TURNS and to_go > move_reach(match, carrier) * left and chasing(match, team):
        worth -= CLOCK  # too far to score in the turns left, even at full pace
    for q in s.players_of(1 - team):
        if s.pos[q] < 0 or s.status[q] != STANDING:
            continue
        d = distance(square, s.pos[q])
        if d <= 1:
            worth -= 6
        elif d <= 3:
            worth -= 4 - d
    if y in (0, WIDTH - 1):
        worth -= 3
    elif y in (1, WIDTH - 2):
        worth -= 1
    return worth


def chasing(match: Match, team: int) -> bool:
    """Whether the clock counts for our carrier: in the first half, or when we are not ahead."""
    s = match.state
    return s.half <= 1 or s.score[team] <= s.score[1 - team]


def cage(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """A free player to one of the carrier's diagonal squares without dice (nearest first)."""
    s = match.state
    here = s.pos[carrier]
    corners = [here + dx + dy * W for dx in (-1, 1) for dy in (-1, 1)]
    free = [c for c in corners if ON_PITCH[c] and s.board[c] < 0]
    if not free:
        return None
    movers = [p for p in bot._movers(match, team, options) if p != carrier]
    movers = [p for p in movers if not match.ctx.is_marked(s.pos[p], team)]
    choices = []
    for p in movers:
        reach = bot._free_reach(match, p)
        for corner in free:
            if corner in reach:
                choices.append((reach[corner], p, corner))
    for _d, p, corner in sorted(choices)[:3]:
        plan = bot._sure(match, p, corner)
        if plan is not None:
            return bot._start(p, acts.MOVE, plan, reason="cage the carrier")
    return None


def carry_on(bot: CoachBot, match: Match, p: int) -> Action | None:
    """The carrier who just picked the ball up walks on with what is left of the move:
    into the end zone when likely, else to the best square needing no dice."""
    s = match.state
    team = s.team[p]
    plans = plan_moves(match, p)
    goal_x = scoring_x(team)
    cover = cage_cover(bot, match, team, p)
    here = bot._safety(match, team, s.pos[p], p) + cover(s.pos[p])
    best: tuple[float, MovePlan | None] = (here, None)
    hold = stall(match, team, p)
    for square, plan in plans.items():
        if xy(square)[0] == goal_x and hold:
            continue
        if xy(square)[0] == goal_x and plan.p_with_rerolls >= SCORE_NOW:
            best = (1000 * plan.p_with_rerolls, plan)
        elif plan.p_with_rerolls >= SURE and best[0] < 1000:
            value = bot._safety(match, team, square, p) + cover(square)
            if value > best[0] + 0.5:
                best = (value, plan)
    if best[1] is None:
        return None
    bot._plan = best[1].actions(p)
    return bot._plan.pop(0)


def picked_up_now(match: Match, p: int) -> bool:
    """Whether p picked the ball up in its current activation: only then does the carrier walk
    on with the move left (:func:`.coach_carrier.carry_on`). A carrier who set out with the
    ball ends its move where its plan ends; walking on from there, square after square, let a
    carrier wander and then rush for the end zone with its move spent.

    Args:
        match: the match, p's activation under way.
        p: the player.
    """
    for event in reversed(match.events):
        if event.player == p and event.kind == "pick_up" and event.success:
            return True
        if event.kind == "activate":
            return False
    return False
