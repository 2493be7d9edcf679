"""Star players' special rules (issue 12, part 5).

Each rule is a skill name the star has in the match. Once-per-game, -half and -drive limits
are declared with ``limit`` and recorded in ``State.skill_used`` under ``used_key`` names.
"""

from __future__ import annotations

from league_manager.match.actions import DECLINE, MOVE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.pitch import distance
from league_manager.match.procedures.block import offer_skill
from league_manager.match.procedures.injury import knock_down
from league_manager.match.procedures.rerolls import test
from league_manager.match.skills import points, star_points
from league_manager.match.skills import stars_5_points as sp5
from league_manager.match.skills.registry import limit, register, used_key
from league_manager.match.state import STANDING

YOINK = "Yoink!"
VINES = "Vicious Vines"
KEG = "Beer Barrel Bash!"

limit(YOINK, "game")
limit(VINES, "half")
limit(KEG, "game")  # once per drive: _keg_reset frees the use when the drive ends

KEG_RANGE = 3
"""Squares (counting diagonals as one) within which Thorsson may throw his keg."""
KEG_HIT = 3
"""D6 the keg needs to hit; a natural 1 hits Thorsson himself."""
KEG_ROLL = "beer_barrel_bash"


# Yoink! -------------------------------------------------------------------------------------
@register(sp5.EASY_INTERFERENCE, YOINK)
def _yoink(c: Ctx, q: int) -> Proc[bool]:
    """Once per game, Scrappa's attempt to interfere needs a 2+ and, if it works, he has the ball."""
    if not star_points.unused(c, q, YOINK) or not (yield from offer_skill(c, q, YOINK)):
        return False
    star_points.spend(c, q, YOINK, "interferes on a 2+ and takes the ball")
    return True


# Vicious Vines ------------------------------------------------------------------------------
@register(sp5.FAR_BLOCK, VINES)
def _vicious_vines(c: Ctx, p: int) -> bool:
    """Once per half, Maple's Block action may hit a standing opponent two squares away."""
    return star_points.unused(c, p, VINES)


# Beer Barrel Bash! ---------------------------------------------------------------------------
@register(points.ACTIVATION_TEST, KEG)
def _beer_barrel_bash(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per drive, instead of a Move: throw a keg at a Standing opponent within 3 squares.

    3+ (re-rollable): the target is Knocked Down. A natural 1: Thorsson is, and it is a
    Turnover. The activation ends either way.
    """
    s = c.s
    if action != MOVE or s.status[p] != STANDING or not star_points.unused(c, p, KEG):
        return True
    here, foe = s.pos[p], 1 - s.team[p]
    targets = [
        s.pos[q]
        for q in s.players_of(foe)
        if s.pos[q] >= 0 and s.status[q] == STANDING and distance(here, s.pos[q]) <= KEG_RANGE
    ]
    if not targets:
        return True
    opts = [Action(USE_SKILL, p, n) for n in targets] + [Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], opts, {"skill": KEG, "player": p})
    if choice.kind != USE_SKILL:
        return True
    target = s.board[choice.square]
    star_points.spend(c, p, KEG, "throws a keg instead of moving", target)
    since = len(c.events)
    if (yield from test(c, p, KEG_ROLL, KEG_HIT, (), here)):
        yield from knock_down(c, target, by=p, cause="hit by a keg")
        return False
    last = next(e for e in reversed(c.events[since:]) if e.kind == KEG_ROLL)
    if last.rolls[0] == 1:
        s.turnover = True
        yield from knock_down(c, p, cause="hit by his own keg")
    return False


@register(star_points.DRIVE_ENDED, KEG)
def _keg_reset(c: Ctx, p: int, scorer: int) -> None:
    c.s.skill_used.discard((p, used_key(KEG, c.s.half)))
