"""Star players' special rules (issue 12, part 5).

Each rule is a skill name the star has in the match. Once-per-game, -half and -drive limits
are declared with ``limit`` and recorded in ``State.skill_used`` under ``used_key`` names.
"""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.procedures.block import offer_skill
from league_manager.match.skills import star_points
from league_manager.match.skills import stars_5_points as sp5
from league_manager.match.skills.registry import limit, register

YOINK = "Yoink!"
VINES = "Vicious Vines"

limit(YOINK, "game")
limit(VINES, "half")


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
