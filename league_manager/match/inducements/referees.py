"""Biased referees: the bought referee sees the opposing team's fouls more often."""

from __future__ import annotations

from league_manager.match.core import Ctx
from league_manager.match.events import Event
from league_manager.match.inducements import BIASED_REFEREE, DODGY_LEAGUE_REP, left

BIASED_TARGET = 5


def biased_spot(c: Ctx, fouler: int) -> bool:
    """A foul the referee did not spot: the other team's Biased Referee spots it on a 5+."""
    s = c.s
    team = s.team[fouler]
    rule = BIASED_REFEREE if left(s, 1 - team, BIASED_REFEREE) else DODGY_LEAGUE_REP
    if not left(s, 1 - team, rule):
        return False
    roll = c.d6("biased referee")
    spotted = roll >= BIASED_TARGET
    c.emit(Event("biased_referee", 1 - team, fouler, (roll,), BIASED_TARGET, success=spotted, rule=rule))
    return spotted


def argue_bonus(c: Ctx, team: int) -> int:
    """Season 3 Dodgy League Rep: +1 to the team's Argue the Call rolls (a natural 1 still
    gets the coach ejected)."""
    return 1 if left(c.s, team, DODGY_LEAGUE_REP) else 0
