"""The kick-off: kicking player, placing the kick, deviation, kick-off events, touchbacks."""

from __future__ import annotations

from league_manager.match.actions import (
    CHOOSE,
    DECLINE,
    END_ACTIVATION,
    HIGH_KICK,
    KICK,
    KICKER,
    MOVE,
    QUICK_SNAP,
    TOUCHBACK,
    USE_SKILL,
    USE_SKILL_PROMPT,
    Action,
    Prompt,
)
from league_manager.match.actions import (
    ON_THE_BALL as ON_THE_BALL_PROMPT,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements.ballistics import deviation
from league_manager.match.inducements.drummer import drum
from league_manager.match.inducements.runesmith import offer_rune
from league_manager.match.pitch import (
    NEIGHBOURS,
    ON_PITCH,
    PITCH_SQUARES,
    W,
    in_half,
    is_wide,
    los_x,
)
from league_manager.match.procedures.ball import bounce, deviate_by, dive_for_ball, land, scatter
from league_manager.match.procedures.kickoff_events import kickoff_event
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoor
from league_manager.match.skills import points, special_points
from league_manager.match.state import STANDING


def open_players(c: Ctx, team: int) -> list[int]:
    """Standing players of a team on the pitch not marked by any opponent."""
    s = c.s
    return [
        p
        for p in s.players_of(team)
        if s.pos[p] >= 0 and s.status[p] == STANDING and not c.is_marked(s.pos[p], team)
    ]


def kicking_player(c: Ctx, team: int) -> Proc[int]:
    """Nominate the kicking player (not on the line of scrimmage nor in a wide zone).

    A prompt is shown only when the choice matters (an eligible player has a kicking skill).
    """
    s = c.s
    on = [p for p in s.players_of(team) if s.pos[p] >= 0]
    los = los_x(team)
    eligible = [p for p in on if not is_wide(s.pos[p]) and s.pos[p] % W - 1 != los]
    if len(on) <= 3 or not eligible:
        eligible = [p for p in on if not is_wide(s.pos[p])] or on
    if not eligible:
        return -1
    if any(c.has(p, points.KICK_SKILL) for p in eligible) and len(eligible) > 1:
        opts = [Action(CHOOSE, p) for p in eligible]
        choice = yield Prompt(KICKER, team, opts)
        return choice.player
    return eligible[0]


def kick_off(c: Ctx) -> Proc[None]:
    """Kick, deviation, the kick-off event, then the ball comes down (or a touchback)."""
    s = c.s
    kicking = s.kicking
    receiving = 1 - kicking
    kicker = yield from kicking_player(c, kicking)
    targets = [q for q in PITCH_SQUARES if in_half(q, receiving)]
    opts = [Action(KICK, kicker, q) for q in targets]
    choice = yield Prompt(KICK, kicking, opts, {"kicker": kicker})
    target = choice.square
    c.emit(Event("kick", kicking, kicker, square=target))
    d, n = yield from deviation(c, kicking)  # D8, D6 (and a Master of Ballistics' advice)
    if kicker >= 0 and c.has(kicker, points.KICK_SKILL) and c.has_tz(kicker):
        info = {"skill": "Kick", "player": kicker, "direction": d, "distance": n}
        opts = [Action(USE_SKILL, kicker), Action(DECLINE)]
        use = yield Prompt(USE_SKILL_PROMPT, kicking, opts, info)
        if use.kind == USE_SKILL:
            c.emit(Event("skill", kicking, kicker, rule="Kick", detail=f"distance {n} -> {n // 2}"))
            n //= 2
    landing, _last = deviate_by(c, target, "kick deviation", d, n)
    for team in (kicking, receiving):
        for fn, players in special_points.team_handlers(c, team, special_points.SWARMING):
            yield from fn(c, team, players)
    yield from offer_rune(c)  # Dwarfen Runesmith: after the kick's deviation, before the event
    touchback = not (ON_PITCH[landing] and in_half(landing, receiving))
    s.ball = -1
    s.carrier = -1
    s.kick_in_air = True
    s.touchback = False
    yield from on_the_ball(c, receiving)
    landing = yield from kickoff_event(c, landing)
    yield from drum(c)  # WAAAGH! Drummer: after the event, before the ball lands
    if not touchback:
        touchback = not (ON_PITCH[landing] and in_half(landing, receiving))
    if not touchback:
        q = s.board[landing]
        s.ball = landing
        if q >= 0 and c.has_tz(q) and not c.has(q, points.NO_HANDS):
            yield from land(c, landing, (("deviated", -1),))
        else:
            c.emit(Event("ball_lands", square=landing))
            if q >= 0 or not (yield from dive_for_ball(c, landing, (("deviated", -1),))):
                yield from bounce(c, landing)
        touchback = s.touchback
    s.kick_in_air = False
    s.touchback = False
    if touchback:
        yield from give_touchback(c, receiving)


def give_touchback(c: Ctx, team: int) -> Proc[None]:
    """The receiving coach hands the ball to one of their players."""
    s = c.s
    on = [p for p in s.players_of(team) if s.pos[p] >= 0]
    standing = [p for p in on if s.status[p] == STANDING]
    c.emit(Event("touchback", team))
    pool = standing or on
    if not pool:
        s.ball = -1
        s.carrier = -1
        return
    opts = [Action(CHOOSE, p) for p in pool]
    choice = yield Prompt(TOUCHBACK, team, opts)
    p = choice.player
    s.ball = s.pos[p]
    if standing:
        s.carrier = p
        c.emit(Event("touchback_to", team, p, square=s.pos[p]))
    else:
        s.carrier = -1
        yield from bounce(c, s.pos[p])


def high_kick(c: Ctx, landing: int) -> Proc[None]:
    """High Kick: one open receiving player may move to where the ball will land."""
    s = c.s
    receiving = 1 - s.kicking
    if not (ON_PITCH[landing] and in_half(landing, receiving)) or s.board[landing] >= 0:
        return
    opts = [Action(CHOOSE, p, landing) for p in open_players(c, receiving)]
    if not opts:
        return
    opts.append(Action(DECLINE))
    choice = yield Prompt(HIGH_KICK, receiving, opts, {"square": landing})
    if choice.kind == CHOOSE:
        s.place(choice.player, landing)
        c.emit(Event("high_kick", receiving, choice.player, square=landing))
        if landing in TRAPDOORS:
            yield from trapdoor(c, choice.player)


def quick_snap(c: Ctx, count: int) -> Proc[None]:
    """Quick Snap: ``count`` open receiving players may each move one square."""
    s = c.s
    receiving = 1 - s.kicking
    moved: set[int] = set()
    eligible = open_players(c, receiving)
    while len(moved) < count:
        opts = [
            Action(MOVE, p, n)
            for p in eligible
            if p not in moved
            for n in NEIGHBOURS[s.pos[p]]
            if s.board[n] < 0
        ]
        if not opts:
            break
        opts.append(Action(END_ACTIVATION))
        choice = yield Prompt(QUICK_SNAP, receiving, opts, {"left": count - len(moved)})
        if choice.kind == END_ACTIVATION:
            break
        moved.add(choice.player)
        s.place(choice.player, choice.square)
        c.emit(Event("quick_snap", receiving, choice.player, square=choice.square))
        if choice.square in TRAPDOORS:
            yield from trapdoor(c, choice.player)


def scatter_kick(c: Ctx, landing: int) -> int:
    """Changing Weather to Perfect Conditions: the ball scatters before landing."""
    square, _last = scatter(c, landing, 3, "kick scatter")
    return square


def on_the_ball(c: Ctx, team: int) -> Proc[None]:
    """On the Ball: after the kick deviates, one open player may move a few squares."""
    s = c.s
    able = [p for p in open_players(c, team) if c.has(p, points.ON_THE_BALL)]
    if not able:
        return
    opts = [Action(CHOOSE, p) for p in able] + [Action(DECLINE)]
    choice = yield Prompt(ON_THE_BALL_PROMPT, team, opts, {"skill": "On the Ball"})
    if choice.kind != CHOOSE:
        return
    p = choice.player
    steps = max(int(fn()) for _skill, fn in c.hook(p, points.ON_THE_BALL))
    for _ in range(steps):
        moves = [Action(MOVE, p, n) for n in NEIGHBOURS[s.pos[p]] if s.board[n] < 0]
        if not moves:
            break
        info = {"skill": "On the Ball", "player": p}
        move = yield Prompt(ON_THE_BALL_PROMPT, team, [*moves, Action(END_ACTIVATION)], info)
        if move.kind != MOVE:
            break
        s.place(p, move.square)
        c.emit(Event("on_the_ball", team, p, square=move.square))
        if s.pos[p] in TRAPDOORS and (yield from trapdoor(c, p)):
            break
