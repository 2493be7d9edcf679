"""Casualties that earn Star Player Points outside a Block (Season 3's Violent Innovator and
Lethal Flight).

A casualty caused other than by a Block is credited to its causer without SPP
(``PlayerStats.cas_other``); these wrappers play a procedure and move the casualties it
credited to the player into the SPP-earning count (``PlayerStats.cas``).
"""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.skills import season3_points as s3


def casualties_earn_spp(c: Ctx, p: int, proc: Proc[None]) -> Proc[None]:
    """Play ``proc``; the casualties it credits to player p without SPP earn SPP instead.

    Args:
        c: the match context.
        p: the player credited.
        proc: the procedure causing the casualties.
    """
    before = c.s.stats[p].cas_other
    yield from proc
    stats = c.s.stats[p]
    gained = stats.cas_other - before
    if gained > 0:
        stats.cas_other -= gained
        stats.cas += gained


def special_action(c: Ctx, p: int, proc: Proc[None]) -> Proc[None]:
    """Play player p's Special Action ``proc`` (Stab, Projectile Vomit, Chainsaw, Breathe
    Fire, a bomb); with Violent Innovator (Season 3) the casualties it causes earn p SPP.

    Args:
        c: the match context.
        p: the player taking the Special Action.
        proc: the Special Action's procedure.
    """
    if c.has(p, s3.VIOLENT_INNOVATOR):
        yield from casualties_earn_spp(c, p, proc)
    else:
        yield from proc
