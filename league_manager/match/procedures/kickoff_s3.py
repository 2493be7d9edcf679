"""Season 3 kick-off events that differ from BB2020: Cheering Fans, Brilliant Coaching,
Charge and Dodgy Snack (reference/bb2025/kickoff_weather.yaml).

The other seven events are played as in BB2020 by ``kickoff_events.py``.
"""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.procedures.kickoff_events import losers, random_player, roll_off
from league_manager.match.state import RESERVE


def cheering_fans(c: Ctx, landing: int) -> Proc[int]:
    """D6 + cheerleaders: the higher team (both on a tie) gets one extra offensive assist on
    its first Block of its next team turn (``State.cheering``)."""
    yield from ()  # no decision to ask for
    s = c.s
    winner = roll_off(c, "cheering fans", [t.cheerleaders for t in s.teams])
    for team in (0, 1) if winner < 0 else (winner,):
        s.cheering[team] = 1
        c.emit(Event("cheering_fans", team, detail="+1 offensive assist on the first Block next turn"))
    return landing


def brilliant_coaching(c: Ctx, landing: int) -> Proc[int]:
    """D6 + assistant coaches: the higher team (both on a tie) gains a re-roll for the drive."""
    yield from ()  # no decision to ask for
    s = c.s
    bonus = [t.assistant_coaches - (1 if s.coach_ejected[i] else 0) for i, t in enumerate(s.teams)]
    winner = roll_off(c, "brilliant coaching", bonus)
    for team in (0, 1) if winner < 0 else (winner,):
        s.extra_rerolls[team] += 1
        c.emit(Event("brilliant_coaching_reroll", team, detail="a team re-roll for this drive"))
    return landing


def charge(c: Ctx, landing: int) -> Proc[int]:
    """Charge (BB2020's Blitz): D3+3 Open kicking players move; one may Kick Team-mate too."""
    from league_manager.match.procedures.turn import kickoff_blitz

    yield from kickoff_blitz(c, c.s.kicking, c.roll(3, "charge") + 3, kick_team_mate=True)
    return landing


def dodgy_snack(c: Ctx, landing: int) -> Proc[int]:
    """Each coach rolls a D6; the lower (both on a tie) picks a random own player on the
    pitch and rolls a D6: 1, the player goes to the Reserves box; 2+, -1 MA and -1 AV for
    the drive."""
    yield from ()  # no decision to ask for
    s = c.s
    for team in losers(c, "dodgy snack", [0, 0]):
        p = random_player(c, team)
        if p < 0:
            continue
        roll = c.d6("dodgy snack")
        if roll == 1:
            s.remove(p, RESERVE)
            c.emit(Event("dodgy_snack", team, p, (roll,), detail="to the Reserves box"))
            continue
        s.ma[p] -= 1
        s.av[p] -= 1
        s.temporary.append((p, "MA-1", "drive"))
        s.temporary.append((p, "AV-1", "drive"))
        c.emit(Event("dodgy_snack", team, p, (roll,), detail="-1 MA, -1 AV this drive"))
    return landing
