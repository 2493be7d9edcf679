"""Zap!'s frog: a player's profile swapped for the frog's until the drive ends."""

from __future__ import annotations

from league_manager.match.core import Ctx

FROG = "Frog"
"""``State.temporary`` mark of a player turned into a frog (lasts until the end of the drive)."""
FROG_MA, FROG_ST, FROG_AG, FROG_PA, FROG_AV = 5, 1, 2, 0, 5
FROG_SKILLS = frozenset({"Dodge", "Leap", "No Hands", "Stunty", "Titchy", "Very Long Legs"})


def make_frog(c: Ctx, p: int) -> None:
    """Turn ``p`` into a frog (MA 5, ST 1, AG 2+, no PA, AV 5+ and the frog's skills) for the drive.

    The player's own characteristics and skills are kept in ``State.frogs`` and come back when
    the drive (or half) ends. A frog is never patched up, and any casualty is Badly Hurt.
    """
    s = c.s
    if p in s.frogs:
        return
    s.frogs[p] = (s.ma[p], s.st[p], s.ag[p], s.pa[p], s.av[p], s.skills[p])
    s.ma[p], s.st[p], s.ag[p], s.pa[p], s.av[p] = FROG_MA, FROG_ST, FROG_AG, FROG_PA, FROG_AV
    s.skills[p] = FROG_SKILLS
    c.refresh_hooks(p)
    s.temporary.append((p, FROG, "drive"))


def unfrog(c: Ctx, p: int) -> None:
    """Give a frog back its own characteristics and skills."""
    s = c.s
    if p not in s.frogs:
        return
    s.ma[p], s.st[p], s.ag[p], s.pa[p], s.av[p], s.skills[p] = s.frogs.pop(p)
    c.refresh_hooks(p)
