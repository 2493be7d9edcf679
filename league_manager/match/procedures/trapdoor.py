"""Treacherous Trapdoor (Prayers to Nuffle): a player entering a trapdoor square may fall through.

The BB2020 pitch has one trapdoor in each half, six squares in from the end zone line and one
square in from a sideline, point-symmetric about the centre of the pitch: (6, 1) and (19, 13)
in the engine's coordinates (the squares FFB uses). Until the end of the half in which the
prayer was rolled, every player entering one of them for any reason rolls a D6: on a 1 the
player falls through and is treated exactly as if pushed into the crowd; a ball they held
bounces from the trapdoor square.
"""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import sq

TRAPDOOR_PRAYER = "Treacherous Trapdoor"
TRAPDOORS: tuple[int, ...] = (sq(6, 1), sq(19, 13))
"""The two trapdoor squares (home half, away half)."""


def trapdoors_open(c: Ctx) -> bool:
    """Whether a Treacherous Trapdoor result is in effect (for either coach)."""
    return any(name == TRAPDOOR_PRAYER for _t, name, _l in c.s.prayers)


def trapdoor(c: Ctx, p: int, by: int = -1) -> Proc[bool]:
    """p has just entered their square: roll for a trapdoor there; True when p fell through.

    Args:
        by: the player who pushed p there (-1 none), credited as for a crowd push.
    """
    s = c.s
    square = s.pos[p]
    if square not in TRAPDOORS or not trapdoors_open(c):
        return False
    roll = c.d6("trapdoor")
    fell = roll == 1
    c.emit(Event("trapdoor", s.team[p], p, (roll,), 2, success=not fell, rule=TRAPDOOR_PRAYER, square=square))
    if not fell:
        return False
    from league_manager.match.procedures.ball import bounce
    from league_manager.match.procedures.injury import crowd_injury

    had_ball = s.carrier == p
    if had_ball and s.team[p] == s.active:
        s.turnover = True
    yield from crowd_injury(c, p, by)
    if had_ball:
        s.carrier = -1
        s.ball = square
        yield from bounce(c, square)
    return True
