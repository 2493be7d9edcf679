"""Team Mascot: one more team re-roll each half, which works only on a D6 roll.

The edition sets the roll and the order (``Edition.mascot_target``, ``Edition.mascot_first``):
BB2020's Death Zone mascot works on a 5+ and is tried before the team's own re-rolls (a failed
one falls back on them); Season 3's works on a 4+ and is spent last.
"""

from __future__ import annotations

from league_manager.match.core import Ctx
from league_manager.match.events import Event
from league_manager.match.inducements import TEAM_MASCOT, left, use
from league_manager.match.state import State


def new_half(s: State) -> None:
    """A bought mascot gives its re-roll again at the start of each half (not extra time)."""
    for team in (0, 1):
        bought = s.teams[team].count(TEAM_MASCOT)
        if bought:
            s.induced[team][TEAM_MASCOT] = bought


def available(s: State, team: int) -> bool:
    """Whether the team's mascot re-roll is unused this half."""
    return left(s, team, TEAM_MASCOT) > 0


def spend(c: Ctx, p: int) -> bool:
    """Use the mascot's re-roll for player p: it works on the edition's roll, else it is lost
    for the half."""
    s = c.s
    team = s.team[p]
    use(s, team, TEAM_MASCOT)
    target = c.ed.mascot_target
    roll = c.d6("team mascot")
    ok = roll >= target
    detail = "re-roll" if ok else "lost for the half"
    c.emit(Event("team_mascot", team, p, (roll,), target, success=ok, rule=TEAM_MASCOT, detail=detail))
    return ok


def chance(c: Ctx) -> float:
    """The chance the mascot's re-roll works (the edition's D6 roll)."""
    return (7 - c.ed.mascot_target) / 6


def counted(s: State, team: int) -> int:
    """Re-rolls the board and the odds count for the mascot: 1 while it is ready this half."""
    return 1 if available(s, team) else 0
