"""Medical inducements: Wandering Apothecaries, Mortuary Assistant and Plague Doctor."""

from __future__ import annotations

from league_manager.match.core import Ctx
from league_manager.match.events import Event
from league_manager.match.inducements import (
    MORTUARY_ASSISTANT,
    PLAGUE_DOCTOR,
    WANDERING_APOTHECARIES,
    left,
    use,
)
from league_manager.match.state import State

REGENERATION_HELPERS = (MORTUARY_ASSISTANT, PLAGUE_DOCTOR)


def apothecaries_left(s: State, team: int) -> int:
    """Apothecary uses a team has: its own (once per game) plus each Wandering Apothecary."""
    return int(s.apothecary[team]) + left(s, team, WANDERING_APOTHECARIES)


def spend_apothecary(c: Ctx, team: int) -> str:
    """Use one apothecary: the team's own first, then a Wandering Apothecary. Returns which."""
    s = c.s
    if s.apothecary[team]:
        s.apothecary[team] = False
        return "apothecary"
    use(s, team, WANDERING_APOTHECARIES)
    return WANDERING_APOTHECARIES


def regeneration_reroll(c: Ctx, p: int, target: int, skill: str) -> bool:
    """After a failed Regeneration roll, a Mortuary Assistant or Plague Doctor re-rolls it once.

    Returns True when the re-roll succeeds. Each helper is used once per game, at the first
    failed Regeneration roll of the team (a failed roll is always worth re-rolling).
    """
    s = c.s
    team = s.team[p]
    helper = next((h for h in REGENERATION_HELPERS if left(s, team, h) > 0), "")
    if not helper:
        return False
    use(s, team, helper)
    roll = c.d6("regeneration")
    ok = roll >= target
    c.emit(Event("regeneration", team, p, (roll,), target, success=ok, rule=f"{skill} ({helper})"))
    return ok
