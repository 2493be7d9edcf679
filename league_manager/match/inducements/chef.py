"""Halfling Master Chef: at the start of each half, re-rolls taken from the opponent."""

from __future__ import annotations

from league_manager.match.core import Ctx
from league_manager.match.events import Event
from league_manager.match.inducements import MASTER_CHEF, left

CHEF_DICE = 3
CHEF_TARGET = 4


def master_chef(c: Ctx) -> None:
    """Roll 3D6 per team with a Chef; each 4+ gains a team re-roll, and the opponent loses one.

    The opponent loses a re-roll only while it has one left; the team gains one either way.
    Both teams' re-rolls are set for the half before this is called.
    """
    s = c.s
    for team in (0, 1):
        if not left(s, team, MASTER_CHEF):
            continue
        rolls = tuple(c.d6("master chef") for _ in range(CHEF_DICE))
        stolen = sum(1 for r in rolls if r >= CHEF_TARGET)
        taken = min(stolen, s.rerolls[1 - team])
        s.rerolls[team] += stolen
        s.rerolls[1 - team] -= taken
        c.emit(
            Event(
                "master_chef", team, rolls=rolls, target=CHEF_TARGET, success=stolen > 0,
                rule=MASTER_CHEF, detail=f"+{stolen} re-roll(s), opponent -{taken}",
            )
        )  # fmt: skip
