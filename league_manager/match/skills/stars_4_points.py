"""Hook points of star players' special rules (issue 12, part 4) and the calls procedures make.

Handlers live in ``stars_4.py``; the few procedures that need these points call the small
functions here, which run the handlers of the players concerned.
"""

from __future__ import annotations

from league_manager.match.core import Ctx
from league_manager.match.skills.registry import hook_point

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
