"""The ball: bounce, scatter, deviate, throw-ins (corners too), landing and catching."""

from __future__ import annotations

from league_manager.match.actions import DECLINE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import DIRECTIONS, LENGTH, NEIGHBOURS, ON_PITCH, WIDTH, W, distance, xy
from league_manager.match.procedures.rerolls import test
from league_manager.match.skills import asp_points, points
from league_manager.match.skills import mutation_points as mpts
from league_manager.match.state import STANDING


def can_catch(c: Ctx, p: int) -> bool:
    """A standing player with a tackle zone and hands can (and must) try to catch."""
    return c.has_tz(p) and not c.has(p, points.NO_HANDS)


def disturbance(c: Ctx, p: int) -> tuple[tuple[str, int], ...]:
    """Disturbing Presence: the modifier opponents within three squares of p apply to p's
    pass, throw, catch or interference (on the pitch, whatever their status)."""
    s = c.s
    square = s.pos[p]
    if square < 0:
        return ()
    total = 0
    for q in s.players_of(1 - s.team[p]):
        if s.pos[q] >= 0 and distance(square, s.pos[q]) <= 3:
            for _skill, fn in c.hook(q, mpts.DISTURBING_PRESENCE):
                total -= int(fn())
    return (("Disturbing Presence", total),) if total else ()


def catch(
    c: Ctx,
    p: int,
    modifier_reasons: tuple[tuple[str, int], ...],
    scatter_on_fail: bool = False,
    accurate: bool = False,
) -> Proc[bool]:
    """A catch test; success gives p the ball, failure bounces it from p's square.

    ``scatter_on_fail``: a failed catch scatters the ball (three D8 squares) instead, as a
    deflection that is not turned into an interception does. ``accurate``: the catch of an
    accurate pass aimed at p's square (Diving Catch adds 1).
    """
    s = c.s
    square = s.pos[p]
    mods = catch_modifiers(c, p, modifier_reasons, accurate)
    s.ball = square
    ok = yield from test(c, p, "catch", s.ag[p], mods, square)
    if ok:
        s.carrier = p
        return True
    if scatter_on_fail:
        landing, last = scatter(c, square, 3, "scatter")
        if ON_PITCH[landing]:
            yield from land(c, landing, (("scattered", -1),))
        else:
            yield from throw_in(c, last)
        return False
    yield from bounce(c, square)
    return False


def catch_modifiers(
    c: Ctx, p: int, modifier_reasons: tuple[tuple[str, int], ...] = (), accurate: bool = False
) -> tuple[tuple[str, int], ...]:
    """Named modifiers of p's catch in their square (after ``modifier_reasons``); ``accurate``:
    the catch of an accurate pass aimed at p's square."""
    s = c.s
    mods = list(modifier_reasons)
    marked = c.n_markers(s.pos[p], s.team[p])
    if marked and not c.has(p, points.IGNORE_MARKED_PASSING):
        mods.append(("marked", -marked))
    if s.weather == "pouring_rain":
        mods.append(("Pouring Rain", -1))
    for skill, fn in c.hook(p, points.CATCH_BONUS):
        bonus = int(fn(accurate))
        if bonus:
            mods.append((skill, bonus))
    mods.extend(disturbance(c, p))
    return tuple(mods)


def land(c: Ctx, square: int, reason: tuple[tuple[str, int], ...]) -> Proc[None]:
    """The ball comes down on a pitch square: a catch if someone can, else it bounces."""
    s = c.s
    s.ball = square
    s.carrier = -1
    q = s.board[square]
    if q >= 0 and can_catch(c, q):
        yield from catch(c, q, reason)
    elif q >= 0 or not (yield from dive_for_ball(c, square, reason)):
        yield from bounce(c, square)


def dive_for_ball(c: Ctx, square: int, reason: tuple[tuple[str, int], ...]) -> Proc[bool]:
    """Diving Catch: a player marking the empty square where a pass, throw-in or kick lands
    may try to catch it as if it had landed in their own square (the active team first).

    Returns True when someone tried (the ball is then caught or bounced from their square).
    """
    s = c.s
    divers = [
        q
        for n in NEIGHBOURS[square]
        if (q := s.board[n]) >= 0 and c.has(q, asp_points.DIVING_CATCH) and can_catch(c, q)
    ]
    if not divers:
        return False
    for team in (s.active, 1 - s.active):
        mine = [Action(USE_SKILL, q) for q in divers if s.team[q] == team]
        if not mine:
            continue
        info = {"skill": "Diving Catch", "square": square}
        choice = yield Prompt(USE_SKILL_PROMPT, team, [*mine, Action(DECLINE)], info)
        if choice.kind == USE_SKILL:
            q = choice.player
            c.emit(Event("skill", team, q, rule="Diving Catch", square=square))
            yield from catch(c, q, reason)
            return True
    return False


def bounce(c: Ctx, start: int) -> Proc[None]:
    """The ball bounces one square (D8) from ``start`` until it rests or is caught."""
    s = c.s
    s.carrier = -1
    square = start
    while True:
        d = c.roll(8, "bounce")
        target = square + DIRECTIONS[d - 1]
        c.emit(Event("bounce", rolls=(d,), square=target if ON_PITCH[target] else -1))
        if c.s.kick_in_air and not _in_receiving_half(c, target):
            s.ball = target if ON_PITCH[target] else square
            s.touchback = True
            return
        if not ON_PITCH[target]:
            yield from throw_in(c, square)
            return
        s.ball = target
        q = s.board[target]
        if q < 0:
            return
        if can_catch(c, q):
            yield from catch(c, q, (("bouncing", -1),))
            return
        square = target


def _in_receiving_half(c: Ctx, square: int) -> bool:
    if not ON_PITCH[square]:
        return False
    x = square % W - 1
    receiving = 1 - c.s.kicking
    return x < LENGTH // 2 if receiving == 0 else x >= LENGTH // 2


def scatter(c: Ctx, start: int, times: int, label: str) -> tuple[int, int]:
    """Move ``times`` single squares in D8 directions; returns (square, last on-pitch square).

    The returned square is off the pitch (not ON_PITCH) when the ball left it.
    """
    square = start
    last = start
    for _ in range(times):
        d = c.roll(8, label)
        square = square + DIRECTIONS[d - 1]
        c.emit(Event(label, rolls=(d,), square=square if ON_PITCH[square] else -1))
        if not ON_PITCH[square]:
            return square, last
        last = square
    return square, last


def deviate(c: Ctx, start: int, label: str, halve: bool = False) -> tuple[int, int]:
    """D8 direction and D6 distance; returns (square, last on-pitch square)."""
    d = c.roll(8, label + " direction")
    n = c.roll(6, label + " distance")
    if halve:
        n //= 2
    return deviate_by(c, start, label, d, n)


def deviate_by(c: Ctx, start: int, label: str, d: int, n: int) -> tuple[int, int]:
    """Move ``n`` squares in D8 direction ``d`` from ``start``; returns (square, last on-pitch)."""
    step = DIRECTIONS[d - 1]
    square = start
    last = start
    for _ in range(n):
        square += step
        if not ON_PITCH[square]:
            break
        last = square
    c.emit(Event(label, rolls=(d, n), square=square if ON_PITCH[square] else -1))
    return square, last


def throw_in(c: Ctx, last: int) -> Proc[None]:
    """The crowd throws the ball back in from the last square it occupied on the pitch."""
    s = c.s
    x, y = xy(last)
    edge_x = -1 if x == 0 else (1 if x == LENGTH - 1 else 0)
    edge_y = -1 if y == 0 else (1 if y == WIDTH - 1 else 0)
    if edge_x and edge_y:
        d = c.roll(3, "throw-in direction")
        inward = (-edge_x, -edge_y)
        choices = ((inward[0], 0), inward, (0, inward[1]))
        step = choices[d - 1]
    else:
        d = c.roll(6, "throw-in direction")
        if edge_y:
            n = (0, -edge_y)
            side = (1, 0)
        else:
            n = (-edge_x if edge_x else 1, 0)
            side = (0, 1)
        offset = (-1, -1, 0, 0, 1, 1)[d - 1]
        step = (n[0] + side[0] * offset, n[1] + side[1] * offset)
    d1, d2 = c.d6("throw-in distance"), c.d6("throw-in distance")
    delta = step[0] + step[1] * W
    square = last
    prev = last
    for _ in range(d1 + d2):
        square += delta
        if not ON_PITCH[square]:
            break
        prev = square
    c.emit(Event("throw_in", rolls=(d, d1, d2), square=square if ON_PITCH[square] else -1))
    if not ON_PITCH[square]:
        yield from throw_in(c, prev)
        return
    s.ball = square
    q = s.board[square]
    if q >= 0 and s.status[q] == STANDING and can_catch(c, q):
        yield from catch(c, q, (("thrown in", -1),))
    elif q >= 0 or not (yield from dive_for_ball(c, square, (("thrown in", -1),))):
        yield from bounce(c, square)
