"""Bombardier: the Throw Bomb special action, thrown like a pass, exploding where it lands."""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, pass_band
from league_manager.match.procedures.ball import deviate, scatter
from league_manager.match.procedures.injury import armour_and_injury, knock_down
from league_manager.match.procedures.pass_ import ACCURATE, FUMBLE, INACCURATE, accuracy_test
from league_manager.match.skills import special_points
from league_manager.match.skills.registry import register
from league_manager.match.state import STANDING

BLAST = 4
"""D6 needed for the explosion to hit a player next to its square."""


@register(special_points.BOMBARDIER, "Bombardier")
def throw_bomb(c: Ctx, p: int, target: int) -> Proc[None]:
    """Passing Ability test as for a pass; the bomb comes down and explodes there.

    Fumbled: it explodes in the thrower's square (a Turnover). Inaccurate: it scatters three
    times from the target; wildly inaccurate: it deviates from the thrower. Off the pitch it
    goes off harmlessly in the crowd.
    """
    s = c.s
    team = s.team[p]
    origin = s.pos[p]
    c.emit(Event("throw_bomb", team, p, square=target, rule="Bombardier"))
    result, _roll = yield from accuracy_test(c, p, pass_band(origin, target))
    if result == FUMBLE:
        s.turnover = True
        landing = origin
    elif result == ACCURATE:
        landing = target
    elif result == INACCURATE:
        landing, _last = scatter(c, target, 3, "bomb scatter")
    else:
        landing, _last = deviate(c, origin, "bomb deviation")
    if not ON_PITCH[landing]:
        c.emit(Event("bomb_lost", team, p, rule="Bombardier", detail="explodes in the crowd"))
        return
    yield from explode(c, p, landing)


def explode(c: Ctx, p: int, square: int) -> Proc[None]:
    """The player in ``square`` is hit, each player next to it on a 4+: down, with an armour roll."""
    s = c.s
    team = s.team[p]
    c.emit(Event("bomb", team, p, square=square, rule="Bombardier"))
    victims = [s.board[square]] if s.board[square] >= 0 else []
    for n in NEIGHBOURS[square]:
        q = s.board[n]
        if q < 0:
            continue
        roll = c.d6("bomb blast")
        hit = roll >= BLAST
        c.emit(Event("bomb_blast", s.team[q], q, (roll,), BLAST, success=hit, rule="Bombardier"))
        if hit:
            victims.append(q)
    for q in victims:
        if s.pos[q] < 0:
            continue
        had_ball = s.carrier == q
        if s.status[q] == STANDING:
            yield from knock_down(c, q, by=p, cause="hit by a bomb")
        else:
            yield from armour_and_injury(c, q, p, 0, 0, spp=False, foul=False)
        if had_ball and s.team[q] == s.active and s.carrier != q:
            s.turnover = True
