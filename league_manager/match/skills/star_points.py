"""Hook points of star players' special rules (issue 12, part 1) and their use limits.

The handlers live in :mod:`league_manager.match.skills.stars_1`; the procedures call these
points. Once-per-game and once-per-half uses are kept in ``State.game_used``.
"""

from __future__ import annotations

from league_manager.match.core import Ctx
from league_manager.match.skills.registry import hook_point

DAUNTLESS_REROLL = hook_point(
    "dauntless_reroll", "fn() -> True: may re-roll a failed Dauntless D6 (Blind Rage)"
)
BLITZ_EXTRA_DIE = hook_point(
    "blitz_extra_die", "fn() -> True: once per game, one more block die on a Blitz (Gored by the Bull)"
)
REROLL_BLOCK_DICE = hook_point(
    "reroll_block_dice", "fn() -> True: once per game, re-roll any of the block dice (Savage Blow)"
)
LATE_BONUS = hook_point(
    "late_bonus",
    "fn(c, by, victim, stage) -> bool: after the armour ('armour') or injury ('injury') dice of a"
    " block's knock-down, whether +1 may be added now (Slayer, Brutal Block)",
)
PARTNER_REMOVED = hook_point(
    "partner_removed", "fn(c, p, partner) -> None: a team-mate was KO'd or became a casualty (Two for One)"
)
SAFE_FUMBLE_LANDING = hook_point(
    "safe_fumble_landing", "fn() -> True: a team-mate this player fumbles lands safely (Reliable)"
)
DODGE_ADJUSTER = hook_point(
    "dodge_adjuster", "fn(c, p) -> Adjuster: a rule used after seeing p's dodge roll (Incorporeal)"
)


def half_key(c: Ctx, rule: str) -> str:
    """The ``game_used`` key of a once-per-half rule in the current half."""
    return f"{rule} half {c.s.half}"


def unused(c: Ctx, p: int, key: str) -> bool:
    """True while p has not used the once-per-game (or per-half) rule ``key``."""
    return (p, key) not in c.s.game_used


def mark_used(c: Ctx, p: int, key: str) -> None:
    """Record a once-per-game (or per-half) use."""
    c.s.game_used.add((p, key))
