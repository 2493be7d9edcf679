"""Medical Unguent: once per game a player with a Serious Injury goes back to the Reserves box.

The casualty stays recorded: the post-game applies the Serious Injury as usual.
"""

from __future__ import annotations

from league_manager.match.actions import DECLINE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import MEDICAL_UNGUENT, left, use
from league_manager.match.state import RESERVE

HEALS = "Serious Injury"
"""The Casualty table result (10-12) the unguent treats."""


def offer_unguent(c: Ctx, p: int, result: str) -> Proc[bool]:
    """After a casualty of ``p`` (apothecary and Regeneration already tried), offer the unguent.

    Returns True when it was used: ``p`` is in the Reserves box and may play again this game.
    """
    s = c.s
    team = s.team[p]
    if result != HEALS or not left(s, team, MEDICAL_UNGUENT):
        return False
    options = [Action(USE_SKILL, p), Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, team, options, {"skill": MEDICAL_UNGUENT, "player": p})
    if choice.kind != USE_SKILL:
        return False
    use(s, team, MEDICAL_UNGUENT)
    s.status[p] = RESERVE
    c.emit(Event("medical_unguent", team, p, rule=MEDICAL_UNGUENT, detail=f"{result}: back to the reserves"))
    return True
