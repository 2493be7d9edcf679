"""Bombardier: the Throw Bomb special action, thrown like a pass, caught or exploding where it lands."""

from __future__ import annotations

from league_manager.match.actions import ACTIVATION, BOMB, THROW_BOMB, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, pass_band
from league_manager.match.procedures.ball import can_catch, catch_modifiers, deviate, scatter
from league_manager.match.procedures.injury import armour_and_injury, knock_down
from league_manager.match.procedures.pass_ import ACCURATE, FUMBLE, INACCURATE, accuracy_test, pass_targets
from league_manager.match.procedures.rerolls import test
from league_manager.match.skills import special_points
from league_manager.match.skills.registry import register
from league_manager.match.skills.stars_5_points import bomb_caught
from league_manager.match.state import STANDING

BLAST = 4
"""D6 needed for the explosion to hit a player next to its square."""
FUSE = 4
"""D6 on which a caught bomb explodes in the catcher's hands."""


@register(special_points.BOMBARDIER, "Bombardier")
def throw_bomb(c: Ctx, p: int, target: int, owner: int = -1) -> Proc[None]:
    """Passing Ability test as for a pass; the bomb comes down and explodes there.

    Fumbled: it explodes in the thrower's square (a Turnover for the active team).
    Inaccurate: it scatters three times from the target; wildly inaccurate: it deviates from
    the thrower. Off the pitch it goes off harmlessly in the crowd. A player able to catch
    where it comes down tries to (see ``_come_down``). ``owner``: the Bombardier whose bomb a
    catcher throws on (-1: p's own bomb).
    """
    s = c.s
    team = s.team[p]
    origin = s.pos[p]
    owner = p if owner < 0 else owner
    c.emit(Event("throw_bomb", team, p, square=target, rule="Bombardier"))
    result, _roll = yield from accuracy_test(c, p, pass_band(origin, target))
    if result == FUMBLE:
        if team == s.active:
            s.turnover = True
        yield from explode(c, p, origin)
        return
    if result == ACCURATE:
        landing = target
    elif result == INACCURATE:
        landing, _last = scatter(c, target, 3, "bomb scatter")
    else:
        landing, _last = deviate(c, origin, "bomb deviation")
    if not ON_PITCH[landing]:
        c.emit(Event("bomb_lost", team, p, rule="Bombardier", detail="explodes in the crowd"))
        return
    yield from _come_down(c, p, owner, landing)


def _come_down(c: Ctx, p: int, owner: int, square: int) -> Proc[None]:
    """The bomb thrown by p comes down on ``square``: a player there able to catch must try (no
    re-roll). Dropped, it explodes there. Caught, D6: 4+ (or at once by the owner's Kaboom!) it
    explodes in the catcher's hands, else the catcher throws it on at once."""
    s = c.s
    q = s.board[square]
    if q < 0 or not can_catch(c, q):
        yield from explode(c, p, square)
        return
    caught = yield from test(c, q, "bomb_catch", s.ag[q], catch_modifiers(c, q), square, rerollable=False)
    if not caught:
        yield from explode(c, p, square)
        return
    c.emit(Event("bomb_caught", s.team[q], q, square=square, rule="Bombardier", other=p))
    if (yield from bomb_caught(c, owner, q)):
        yield from explode(c, p, square)
        return
    roll = c.d6("bomb fuse")
    goes_off = roll >= FUSE
    c.emit(Event("bomb_fuse", s.team[q], q, (roll,), FUSE, success=goes_off, rule="Bombardier"))
    targets = pass_targets(c, q)
    if goes_off or not targets:
        yield from explode(c, p, square)
        return
    info = {"player": q, "action": BOMB, "mp": 0, "thrown_on": True}
    choice = yield Prompt(ACTIVATION, s.team[q], [Action(THROW_BOMB, q, t) for t in targets], info)
    yield from throw_bomb(c, q, choice.square, owner)


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
