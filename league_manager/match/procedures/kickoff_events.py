"""The eleven Kick-off Events (2D6) and the Weather table.

The edition names the event of each total (``Edition.kickoff_table``) and may play some
events its own way (``Edition.kickoff_handlers``); the rest are played here.
"""

from __future__ import annotations

from collections.abc import Callable

from league_manager.match.core import Ctx, Proc
from league_manager.match.editions import BB2020
from league_manager.match.events import Event
from league_manager.match.inducements import referees, staff
from league_manager.match.pitch import ON_PITCH
from league_manager.match.state import STUNNED

KICKOFF_EVENTS = BB2020.kickoff_table
"""The BB2020 table; a match reads its own edition's (``c.ed.kickoff_table``)."""


def weather_for(total: int) -> str:
    """Weather table (2D6)."""
    if total == 2:
        return "sweltering_heat"
    if total == 3:
        return "very_sunny"
    if total == 11:
        return "pouring_rain"
    if total == 12:
        return "blizzard"
    return "perfect"


def roll_weather(c: Ctx) -> str:
    """Roll on the Weather table and apply it."""
    a, b = c.d6("weather"), c.d6("weather")
    c.s.weather = weather_for(a + b)
    c.emit(Event("weather", rolls=(a, b), detail=c.s.weather))
    return c.s.weather


def kickoff_event(c: Ctx, landing: int) -> Proc[int]:
    """Roll and resolve the kick-off event; returns where the ball will land."""
    s = c.s
    a, b = c.d6("kick-off event"), c.d6("kick-off event")
    name = c.ed.kickoff_table[a + b]
    c.emit(Event("kickoff_event", s.kicking, rolls=(a, b), detail=name))
    handler = c.ed.kickoff_handlers.get(name) or _HANDLERS[name]
    landing = yield from handler(c, landing)
    return landing


def _get_the_ref(c: Ctx, landing: int) -> Proc[int]:
    named = referees.get_the_ref(c)
    if named == "again":  # Thoron Korensson: roll the kick-off event again
        return (yield from kickoff_event(c, landing))
    if named == "fans":  # Jorm the Ogre: the crowd pays instead, no bribes
        return landing
    c.s.bribes[0] += 1
    c.s.bribes[1] += 1
    return landing


def _time_out(c: Ctx, landing: int) -> Proc[int]:
    yield from ()  # no decision to ask for
    s = c.s
    step = -1 if s.turn[s.kicking] >= 6 else 1
    s.turn[0] += step
    s.turn[1] += step
    c.emit(Event("time_out", detail=f"turn markers {step:+d}"))
    return landing


def _solid_defence(c: Ctx, landing: int) -> Proc[int]:
    from league_manager.match.procedures.kickoff import open_players
    from league_manager.match.procedures.setup import setup

    s = c.s
    s.solid_defence_limit = c.roll(3, "solid defence") + 3
    s.solid_defence_open = set(open_players(c, s.kicking))
    yield from setup(c, s.kicking, movable=set())
    s.solid_defence_limit = 0
    s.solid_defence_open = set()
    return landing


def _high_kick(c: Ctx, landing: int) -> Proc[int]:
    from league_manager.match.procedures.kickoff import high_kick

    yield from high_kick(c, landing)
    return landing


def _cheering_fans(c: Ctx, landing: int) -> Proc[int]:
    from league_manager.match.procedures.prayers import prayer

    winner = _roll_off(c, "cheering fans", [staff.cheerleaders(c, t) for t in (0, 1)])
    if winner >= 0:
        yield from prayer(c, winner)
    return landing


def _brilliant_coaching(c: Ctx, landing: int) -> Proc[int]:
    yield from ()  # no decision to ask for
    s = c.s
    bonus = [t.assistant_coaches - (1 if s.coach_ejected[i] else 0) for i, t in enumerate(s.teams)]
    winner = _roll_off(c, "brilliant coaching", bonus)
    if winner >= 0:
        s.extra_rerolls[winner] += 1
    return landing


def _changing_weather(c: Ctx, landing: int) -> Proc[int]:
    yield from ()  # no decision to ask for
    from league_manager.match.procedures.kickoff import scatter_kick

    if roll_weather(c) == "perfect" and ON_PITCH[landing]:
        landing = scatter_kick(c, landing)
    return landing


def _quick_snap(c: Ctx, landing: int) -> Proc[int]:
    from league_manager.match.procedures.kickoff import quick_snap

    yield from quick_snap(c, c.roll(3, "quick snap") + 3)
    return landing


def _blitz(c: Ctx, landing: int) -> Proc[int]:
    from league_manager.match.procedures.turn import kickoff_blitz

    yield from kickoff_blitz(c, c.s.kicking, c.roll(3, "blitz") + 3)
    return landing


def _officious_ref(c: Ctx, landing: int) -> Proc[int]:
    from league_manager.match.procedures.foul import send_off

    s = c.s
    for team in _losers(c, "officious ref", [s.fan_factor(0), s.fan_factor(1)]):
        p = _random_player(c, team)
        if p < 0:
            continue
        roll = c.d6("officious ref")
        if roll == 1:
            yield from send_off(c, p, "Officious Ref")
        else:
            s.status[p] = STUNNED
            c.emit(Event("officious_ref", team, p, (roll,), detail="stunned"))
    return landing


def _pitch_invasion(c: Ctx, landing: int) -> Proc[int]:
    yield from ()  # no decision to ask for
    s = c.s
    for team in _losers(c, "pitch invasion", [s.fan_factor(0), s.fan_factor(1)]):
        # D3 different players from among all those on the pitch, Stunned ones included
        pool = [p for p in s.players_of(team) if s.pos[p] >= 0]
        for _ in range(c.roll(3, "pitch invasion")):
            if not pool:
                break
            p = pool.pop(c.roll(len(pool), "random player") - 1 if len(pool) > 1 else 0)
            s.status[p] = STUNNED
            c.emit(Event("pitch_invasion", team, p, detail="stunned"))
    return landing


_HANDLERS: dict[str, Callable[[Ctx, int], Proc[int]]] = {
    "Get the Ref": _get_the_ref,
    "Time-out": _time_out,
    "Solid Defence": _solid_defence,
    "High Kick": _high_kick,
    "Cheering Fans": _cheering_fans,
    "Brilliant Coaching": _brilliant_coaching,
    "Changing Weather": _changing_weather,
    "Quick Snap": _quick_snap,
    "Blitz": _blitz,
    "Officious Ref": _officious_ref,
    "Pitch Invasion": _pitch_invasion,
}


def roll_off(c: Ctx, label: str, bonus: list[int]) -> int:
    """Both coaches roll a D6 plus a bonus: the higher team, or -1 on a tie."""
    return _roll_off(c, label, bonus)


def losers(c: Ctx, label: str, bonus: list[int]) -> list[int]:
    """Both coaches roll a D6 plus a bonus: the lower team, or both on a tie."""
    return _losers(c, label, bonus)


def random_player(c: Ctx, team: int) -> int:
    """A random player of ``team`` on the pitch, or -1."""
    return _random_player(c, team)


def _roll_off(c: Ctx, label: str, bonus: list[int]) -> int:
    a, b = c.d6(label), c.d6(label)
    ta, tb = a + bonus[0], b + bonus[1]
    c.emit(Event(label.replace(" ", "_"), rolls=(a, b), detail=f"{ta} v {tb}"))
    if ta == tb:
        return -1
    return 0 if ta > tb else 1


def _losers(c: Ctx, label: str, bonus: list[int]) -> list[int]:
    a, b = c.d6(label), c.d6(label)
    ta, tb = a + bonus[0], b + bonus[1]
    c.emit(Event(label.replace(" ", "_"), rolls=(a, b), detail=f"{ta} v {tb}"))
    if ta == tb:
        return [0, 1]
    return [0] if ta < tb else [1]


def _random_player(c: Ctx, team: int) -> int:
    s = c.s
    pool = [p for p in s.players_of(team) if s.pos[p] >= 0]
    if not pool:
        return -1
    return pool[c.roll(len(pool), "random player") - 1] if len(pool) > 1 else pool[0]
