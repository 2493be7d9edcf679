"""Team Mascot (Season 3): one extra team re-roll each half that only works on a D6 4+."""

from __future__ import annotations

from league_manager.match.core import Ctx
from league_manager.match.events import Event
from league_manager.match.inducements import TEAM_MASCOT, left, use
from league_manager.match.state import State

TARGET = 4


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
    """Use the mascot's re-roll for player p: it works on a D6 4+, else it is lost."""
    s = c.s
    team = s.team[p]
    use(s, team, TEAM_MASCOT)
    roll = c.d6("team mascot")
    ok = roll >= TARGET
    c.emit(Event("team_mascot", team, p, (roll,), TARGET, success=ok, rule=TEAM_MASCOT))
    return ok
