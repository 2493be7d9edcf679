"""Punt (Season 3 skill): a once-per-turn action in which the player moves, then kicks the ball.

Offered (``offer``, an edition offer of ``bb2025``) to a Standing player with Punt who holds
the ball, or while the ball lies loose on the pitch, when the team has not punted this turn.
The player moves as for a Move; once holding the ball they may punt it towards one of the
(up to four) squares next to them in a straight line (``targets``), or, standing on a
sideline row or in an End Zone, into the crowd (``PUNT_OUT``). The ball leaves in a
direction rolled on the throw-in template around the chosen line and travels D6 squares
from the punter, over any players; either roll may be re-rolled (a team re-roll, Pro). A
player in the square where it comes down may catch it; otherwise it bounces. A ball that
leaves the pitch is thrown in from the last square it crossed, and the team turn ends, as
it does when an opponent catches the punt. The punter's activation ends with the punt.
"""

from __future__ import annotations

from collections.abc import Callable

from league_manager.match.actions import ACTIVATE, PUNT, PUNT_OUT, Action
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import LENGTH, ON_PITCH, WIDTH, W, xy
from league_manager.match.procedures.ball import bounce, can_catch, catch, throw_in
from league_manager.match.procedures.rerolls import reroll_choice
from league_manager.match.skills import season3_points as s3
from league_manager.match.state import STANDING

USED = (-1, "Punt")
"""Marks the team turn's Punt as taken (``skill_used`` is cleared every team turn)."""
LINES = (1, -1, W, -W)
"""The four straight lines a punt may be aimed along (square offsets)."""
DIRECTION = "punt direction"
DISTANCE = "punt distance"
_Show = Callable[[int], int]
"""Shows a roll (an event) and returns what it means: a direction or a distance."""


def offer(c: Ctx, team: int) -> list[Action]:
    """The Punt activations open to ``team`` now (one per player who may punt)."""
    s = c.s
    if s.ball < 0 or s.kick_in_air or USED in s.skill_used:
        return []
    carrier = s.carrier
    if carrier >= 0:  # only the ball carrier may punt
        if s.team[carrier] != team or not _may_punt(c, carrier):
            return []
        return [Action(ACTIVATE[PUNT], carrier)]
    hooks, pos, used, status = c.hooks, s.pos, s.used, s.status
    return [
        Action(ACTIVATE[PUNT], p)
        for p in s.players_of(team)
        if s3.PUNT in hooks[p] and pos[p] >= 0 and not used[p] and status[p] == STANDING
    ]


def _may_punt(c: Ctx, p: int) -> bool:
    s = c.s
    return s3.PUNT in c.hooks[p] and s.pos[p] >= 0 and not s.used[p] and s.status[p] == STANDING


def targets(c: Ctx, p: int) -> list[Action]:
    """What the punter holding the ball may do: punt along a straight line (the adjacent
    square's action), or into the crowd from a sideline row or an End Zone."""
    here = c.s.pos[p]
    found = [Action(PUNT, p, here + d) for d in LINES if ON_PITCH[here + d]]
    x, y = xy(here)
    if x in (0, LENGTH - 1) or y in (0, WIDTH - 1):
        found.append(Action(PUNT_OUT, p, here))
    return found


def turned(line: int, roll: int) -> int:
    """The direction (square offset) a D6 on the throw-in template gives around ``line``:
    1-2 to the left of the line of flight, 3-4 along it, 5-6 to the right."""
    dx, dy = (line, 0) if abs(line) == 1 else (0, line // W)
    k = (1, 1, 0, 0, -1, -1)[roll - 1]
    return (dx + dy * k) + (dy - dx * k) * W


def punt(c: Ctx, p: int, action: Action) -> Proc[None]:
    """Punt the ball p holds as ``action`` (a PUNT along a line, or PUNT_OUT) says."""
    s = c.s
    team = s.team[p]
    here = s.pos[p]
    s.skill_used.add(USED)
    s.carrier = -1
    s.ball = here
    if action.kind == PUNT_OUT:
        c.emit(Event("punt", team, p, square=here, detail="into the crowd", rule="Punt"))
        s.turnover = True
        yield from throw_in(c, here)
        return
    c.emit(Event("punt", team, p, square=action.square, rule="Punt"))
    line = action.square - here
    step = yield from _reroll_once(c, p, DIRECTION, lambda roll: _show_direction(c, p, here, line, roll))
    if not ON_PITCH[here + step]:
        s.turnover = True
        yield from throw_in(c, here)
        return
    n = yield from _reroll_once(c, p, DISTANCE, lambda roll: _show_distance(c, p, here, step, roll))
    square, last = here, here
    for _ in range(n):
        square += step
        if not ON_PITCH[square]:
            break
        last = square
    if not ON_PITCH[square]:
        s.turnover = True
        yield from throw_in(c, last)
        return
    s.ball = square
    q = s.board[square]
    if q >= 0 and can_catch(c, q):
        caught = yield from catch(c, q, ())
        if caught and s.team[q] != team:
            s.turnover = True
        return
    yield from bounce(c, square)


def _reroll_once(c: Ctx, p: int, label: str, show: _Show) -> Proc[int]:
    """Roll a D6 for ``label`` and let the punter's coach re-roll it once; returns the value
    ``show`` makes of the roll that stands."""
    value = show(c.d6(label))
    if (yield from reroll_choice(c, p, label)):
        value = show(c.d6(label))
    return value


def _show_direction(c: Ctx, p: int, here: int, line: int, roll: int) -> int:
    step = turned(line, roll)
    first = here + step
    c.emit(Event(DIRECTION, c.s.team[p], p, (roll,), square=first if ON_PITCH[first] else -1))
    return step


def _show_distance(c: Ctx, p: int, here: int, step: int, roll: int) -> int:
    square = here
    for _ in range(roll):
        square += step
        if not ON_PITCH[square]:
            break
    c.emit(Event(DISTANCE, c.s.team[p], p, (roll,), square=square if ON_PITCH[square] else -1))
    return roll
