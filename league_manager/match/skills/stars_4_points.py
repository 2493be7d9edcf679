"""Hook points of star players' special rules (issue 12, part 4) and the calls procedures make.

Handlers live in ``stars_4.py``; the few procedures that need these points call the small
functions here, which run the handlers of the players concerned.
"""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.skills import points
from league_manager.match.skills.registry import hook_point
from league_manager.match.state import STANDING

FEED_ON_OPPONENT = hook_point(
    "feed_on_opponent",
    "fn(c, p) -> list[int]: opponents a hungry Bloodlust player may bite as if Thralls (Tasty Morsel)",
)

FED_ON_OPPONENT = hook_point(
    "fed_on_opponent", "fn(c, p, victim) -> None: p bit the opponent victim as if a Thrall (Tasty Morsel)"
)


def opponents_to_feed_on(c: Ctx, p: int) -> list[int]:
    """Opponents next to p that p's rules let it bite instead of a Thrall."""
    found: list[int] = []
    for _rule, fn in c.hook(p, FEED_ON_OPPONENT):
        found.extend(q for q in fn(c, p) if q not in found)
    return found


def fed_on_opponent(c: Ctx, p: int, victim: int) -> None:
    """p bites the opponent ``victim`` as if it were a Thrall: the rule allowing it is spent."""
    for _rule, fn in c.hook(p, FED_ON_OPPONENT):
        fn(c, p, victim)


STAB_INSTEAD = hook_point(
    "stab_instead", "fn(c, p) -> bool: p without Stab may Stab instead of this block (The Flashing Blade)"
)
STABBED_INSTEAD = hook_point(
    "stabbed_instead", "fn(c, p, target) -> None: p Stabbed thanks to the rule; it is spent"
)


def may_stab(c: Ctx, p: int) -> bool:
    """True when a rule lets p, who lacks Stab, Stab instead of a block now."""
    return any(fn(c, p) for _rule, fn in c.hook(p, STAB_INSTEAD))


def stab_by_rule(c: Ctx, p: int, target: int) -> bool:
    """p is about to Stab ``target``: spend the rule that allowed it (p without Stab of its own).

    Returns True when p may carry on moving afterwards (The Flashing Blade).
    """
    if c.has(p, points.STAB) or not c.has(p, STAB_INSTEAD):
        return False
    for _rule, fn in c.hook(p, STABBED_INSTEAD):
        fn(c, p, target)
    return True


FURY_FAILED = hook_point(
    "fury_failed",
    "fn(c, p) -> Proc[bool]: after a failed Unchannelled Fury roll for a Block or Blitz, whether p"
    " goes on with two blocks instead (Fury of the Blood God)",
)
TWO_BLOCKS = "two blocks"
"""``skill_used`` name: p may make one more block this activation (Fury of the Blood God)."""


def after_failed_fury(c: Ctx, p: int) -> Proc[bool]:
    """True when a rule of p turns a failed Unchannelled Fury roll into two blocks."""
    for _rule, fn in c.hook(p, FURY_FAILED):
        if (yield from fn(c, p)):
            c.s.skill_used.add((p, TWO_BLOCKS))
            return True
    return False


def another_block(c: Ctx, p: int) -> bool:
    """True (once) when p's activation goes on with a second block after its first one."""
    s = c.s
    if (p, TWO_BLOCKS) not in s.skill_used:
        return False
    s.skill_used.discard((p, TWO_BLOCKS))
    return s.status[p] == STANDING and s.pos[p] >= 0


QUICK_BITE = hook_point(
    "quick_bite",
    "fn(c, p, catcher) -> Proc[None]: the opponent catcher next to p caught a pass or hand-off (Quick Bite)",
)


def after_catch(c: Ctx, catcher: int) -> Proc[None]:
    """A pass or hand-off was caught: Standing opponents next to the catcher may use their rules."""
    s = c.s
    for n in NEIGHBOURS[s.pos[catcher]] if s.pos[catcher] >= 0 else ():
        p = s.board[n]
        if p < 0 or s.team[p] == s.team[catcher] or s.status[p] != STANDING or s.carrier != catcher:
            continue
        for _rule, fn in c.hook(p, QUICK_BITE):
            yield from fn(c, p, catcher)
