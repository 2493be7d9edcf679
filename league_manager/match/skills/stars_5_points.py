"""Hook points of star players' special rules (issue 12, part 5) and the calls procedures make.

Handlers live in ``stars_5.py``; the procedures that need these points call the small
functions here, which run the handlers of the players concerned.
"""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.skills.registry import hook_point
from league_manager.match.state import STANDING

EASY_INTERFERENCE = hook_point(
    "easy_interference",
    "fn(c, q) -> Proc[bool]: once per game, q's interference succeeds on 2+ unmodified and is an"
    " interception (Yoink!)",
)
EASY_INTERFERENCE_TARGET = 2
"""Unmodified D6 an eased interference needs."""


def easy_interference(c: Ctx, q: int) -> Proc[bool]:
    """True when one of q's rules makes this attempt to interfere an eased one (now spent)."""
    for _rule, fn in c.hook(q, EASY_INTERFERENCE):
        if (yield from fn(c, q)):
            return True
    return False


FAR_BLOCK = hook_point(
    "far_block",
    "fn(c, p) -> bool: p's Block action may target a standing opponent two squares away (Vicious Vines)",
)


def far_block_rule(c: Ctx, p: int) -> str:
    """The rule (if any) that lets p's Block action reach an opponent two squares away now."""
    for rule, fn in c.hook(p, FAR_BLOCK):
        if fn(c, p):
            return rule
    return ""


def two_squares_away(square: int) -> list[int]:
    """Pitch squares exactly two squares from ``square`` (one square between)."""
    near = set(NEIGHBOURS[square])
    ring = {m for n in near for m in NEIGHBOURS[n] if m != square and m not in near}
    return sorted(ring)


def far_block_target(c: Ctx, p: int) -> bool:
    """True when a rule lets standing p block some standing opponent two squares away now."""
    s = c.s
    if FAR_BLOCK not in c.hooks[p] or s.status[p] != STANDING or not far_block_rule(c, p):
        return False
    foe = 1 - s.team[p]
    return any(
        (q := s.board[n]) >= 0 and s.team[q] == foe and s.status[q] == STANDING
        for n in two_squares_away(s.pos[p])
    )


FORCE_EXPLOSION = hook_point(
    "force_explosion",
    "fn(c, owner, catcher) -> Proc[bool]: once per game, a caught bomb of owner's explodes at once (Kaboom!)",
)


def bomb_caught(c: Ctx, owner: int, catcher: int) -> Proc[bool]:
    """True when a rule of the bomb's owner makes the bomb ``catcher`` holds explode at once."""
    for _rule, fn in c.hook(owner, FORCE_EXPLOSION):
        if (yield from fn(c, owner, catcher)):
            return True
    return False
