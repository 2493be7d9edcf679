"""Team Mascot: one more team re-roll each half, which works only on a D6 5+."""

from __future__ import annotations

from league_manager.match.core import Ctx
from league_manager.match.events import Event
from league_manager.match.inducements import TEAM_MASCOT, left
from league_manager.match.state import State

MASCOT_TARGET = 5


def new_half(s: State) -> None:
    """At the start of each half (and of extra time) a bought mascot is ready again."""
    for team in (0, 1):
        bought = dict(s.teams[team].inducements).get(TEAM_MASCOT, 0)
        if bought:
            s.induced[team][TEAM_MASCOT] = bought


def mascot_ready(s: State, team: int) -> bool:
    """Whether the team's mascot re-roll is still unused this half."""
    return left(s, team, TEAM_MASCOT) > 0


def try_mascot(c: Ctx, team: int, p: int) -> bool:
    """Use the mascot re-roll for player p: D6 5+ it works; else it is lost for the half.

    Returns True when the mascot gives the re-roll.
    """
    s = c.s
    s.induced[team][TEAM_MASCOT] = left(s, team, TEAM_MASCOT) - 1
    roll = c.d6("team mascot")
    ok = roll >= MASCOT_TARGET
    detail = "re-roll" if ok else "lost for the half"
    c.emit(Event("team_mascot", team, p, (roll,), MASCOT_TARGET, success=ok, rule=TEAM_MASCOT, detail=detail))
    return ok
