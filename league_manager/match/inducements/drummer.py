"""WAAAGH! Drummer: at each kick-off, opposing players pushed back towards their own End Zone.

After the kick-off event and before the ball lands, 3D6; for each 4+ the drummer's coach may
pick a standing opposing player on the pitch (prompt ``drummer``: CHOOSE the player, or
DECLINE), pushed back one square towards their own End Zone as by a Push Back block result
(Stand Firm may refuse it; chain pushes and the crowd as usual).
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, DECLINE, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import DRUMMER, left
from league_manager.match.state import STANDING

DRUMMER_PROMPT = "drummer"
"""Prompt kind: CHOOSE the opposing player to push back, or DECLINE."""
DRUM_DICE = 3
DRUM_TARGET = 4


def toward_own_end_zone(team: int) -> int:
    """The x step towards a team's own End Zone (home defends x = 0, away x = 25)."""
    return -1 if team == 0 else 1


def drum(c: Ctx) -> Proc[None]:
    """Each team with a drummer rolls 3D6 and pushes an opposing player back per 4+."""
    for team in (c.s.kicking, 1 - c.s.kicking):
        if left(c.s, team, DRUMMER):
            yield from _drum(c, team)


def _drum(c: Ctx, team: int) -> Proc[None]:
    from league_manager.match.procedures.block import offer_skill, push_back
    from league_manager.match.skills import points

    s = c.s
    rolls = tuple(c.d6("waaagh drummer") for _ in range(DRUM_DICE))
    beats = sum(1 for r in rolls if r >= DRUM_TARGET)
    c.emit(Event("waaagh_drummer", team, rolls=rolls, target=DRUM_TARGET, success=beats > 0, rule=DRUMMER))
    for beat in range(beats):
        foes = [q for q in s.players_of(1 - team) if s.pos[q] >= 0 and s.status[q] == STANDING]
        if not foes:
            return
        options = [Action(DECLINE), *(Action(CHOOSE, q) for q in foes)]
        info = {"inducement": DRUMMER, "push": beat + 1, "of": beats}
        choice = yield Prompt(DRUMMER_PROMPT, team, options, info)
        if choice.kind != CHOOSE:
            continue
        victim = choice.player
        here = s.pos[victim]
        c.emit(Event("drummer_push", team, victim, square=here, rule=DRUMMER))
        if (
            c.has(victim, points.NOT_PUSHED)
            and c.has_tz(victim)
            and (yield from offer_skill(c, victim, "Stand Firm"))
        ):
            c.emit(Event("skill", 1 - team, victim, rule="Stand Firm", detail="not pushed"))
            continue
        from_sq = here - toward_own_end_zone(1 - team)  # as if blocked from the other side
        yield from push_back(c, victim, from_sq, team)
