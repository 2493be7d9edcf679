"""Throw-in template movers: Ball & Chain's random move and Swoop's landing."""

from __future__ import annotations

from league_manager.match.actions import (
    CHOOSE,
    USE_SKILL_PROMPT,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import ON_PITCH, W
from league_manager.match.procedures.ball import bounce
from league_manager.match.procedures.block import block, push_and_follow
from league_manager.match.procedures.injury import crowd_injury
from league_manager.match.procedures.movement import stand_up
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoor
from league_manager.match.skills import special_points
from league_manager.match.skills import stars_3_points as stars3
from league_manager.match.skills.registry import register
from league_manager.match.state import STANDING

SWOOP_FACINGS = ((1, 0), (-1, 0), (0, -1), (0, 1))
"""Facings of the throw-in template: towards x = 25, x = 0, y = 0, y = 14."""


# Ball & Chain --------------------------------------------------------------------------
def template_step(facing: int, d6: int) -> int:
    """Square offset of a throw-in template facing ``SWOOP_FACINGS[facing]`` for a D6 result."""
    fx, fy = SWOOP_FACINGS[facing]
    offset = (-1, -1, 0, 0, 1, 1)[d6 - 1]
    step_x, step_y = (fx, offset) if fx else (offset, fy)
    return step_x + step_y * W


def _facing(c: Ctx, p: int, skill: str, square: int) -> Proc[int]:
    """The coach faces the throw-in template towards either end zone or either sideline."""
    opts = [Action(CHOOSE, p, i) for i in range(len(SWOOP_FACINGS))]
    choice = yield Prompt(
        USE_SKILL_PROMPT, c.s.team[p], opts, {"skill": skill, "player": p, "square": square}
    )
    return choice.square


@register(special_points.BALL_AND_CHAIN, "Ball & Chain")
def ball_and_chain_move(c: Ctx, p: int) -> Proc[None]:
    """Up to MA squares, each in a D6 direction of the throw-in template the coach faces.

    Dodges pass by themselves; a loose ball in the square entered bounces; a Standing player
    there (either team) is blocked, a Prone or Stunned one pushed back, and the player always
    follows up; leaving the pitch is an injury by the crowd.
    """
    s = c.s
    team = s.team[p]
    c.emit(Event("ball_and_chain", team, p, rule="Ball & Chain"))
    if s.status[p] != STANDING:
        stood, _mp = yield from stand_up(c, p, s.ma[p])
        if not stood:
            return
    for _ in range(s.ma[p]):
        here = s.pos[p]
        facing = yield from _facing(c, p, "Ball & Chain", here)
        d = yield from stars3.ball_and_chain_direction(c, p, c.d6("ball and chain direction"))
        dest = here + template_step(facing, d)
        c.emit(Event("ball_and_chain_step", team, p, (d,), square=dest if ON_PITCH[dest] else -1))
        if not ON_PITCH[dest]:
            yield from crowd_injury(c, p, -1)
            return
        occupant = s.board[dest]
        if occupant < 0:
            s.place(p, dest)
            c.emit(Event("move", team, p, square=dest, rule="Ball & Chain"))
            if dest in TRAPDOORS and (yield from trapdoor(c, p)):
                return
            if s.carrier < 0 and s.ball == dest:
                yield from bounce(c, dest)
        elif s.status[occupant] == STANDING:
            yield from block(c, p, occupant, False)
        else:
            yield from push_and_follow(c, p, occupant, knock=False)
        if s.turnover or s.touchdown >= 0 or s.pos[p] < 0 or s.status[p] != STANDING:
            return


@register(special_points.INJURY_WHEN_DOWN, "Ball & Chain")
def _injury_when_down() -> bool:
    return True


@register(special_points.MUST_FOLLOW_UP, "Ball & Chain")
def _must_follow_up() -> bool:
    return True


# Swoop --------------------------------------------------------------------------------
@register(special_points.SWOOP, "Swoop")
def swoop(c: Ctx, q: int, target: int) -> Proc[tuple[int, int]]:
    """Instead of scattering: the throw-in template on the target square, D6 direction, D3 squares.

    The thrown player's coach faces the template towards either end zone or either sideline.
    Returns (landing square, last square on the pitch).
    """
    s = c.s
    team = s.team[q]
    facing = yield from _facing(c, q, "Swoop", target)
    d = c.d6("swoop direction")
    n = c.roll(3, "swoop distance")
    delta = template_step(facing, d)
    square = last = target
    for _ in range(n):
        square += delta
        if not ON_PITCH[square]:
            break
        last = square
    c.emit(Event("swoop", team, q, (d, n), rule="Swoop", square=square if ON_PITCH[square] else -1))
    return square, last
