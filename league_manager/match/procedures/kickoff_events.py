"""The eleven Kick-off Events (2D6) and the Weather table."""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import ON_PITCH
from league_manager.match.state import STUNNED

KICKOFF_EVENTS = {
    2: "Get the Ref",
    3: "Time-out",
    4: "Solid Defence",
    5: "High Kick",
    6: "Cheering Fans",
    7: "Brilliant Coaching",
    8: "Changing Weather",
    9: "Quick Snap",
    10: "Blitz",
    11: "Officious Ref",
    12: "Pitch Invasion",
}


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
    from league_manager.match.procedures.kickoff import high_kick, quick_snap, scatter_kick
    from league_manager.match.procedures.prayers import prayer
    from league_manager.match.procedures.setup import setup
    from league_manager.match.procedures.turn import kickoff_blitz

    s = c.s
    a, b = c.d6("kick-off event"), c.d6("kick-off event")
    name = KICKOFF_EVENTS[a + b]
    c.emit(Event("kickoff_event", s.kicking, rolls=(a, b), detail=name))
    kicking = s.kicking
    if name == "Get the Ref":
        s.bribes[0] += 1
        s.bribes[1] += 1
    elif name == "Time-out":
        step = -1 if s.turn[kicking] >= 6 else 1
        s.turn[0] += step
        s.turn[1] += step
        c.emit(Event("time_out", detail=f"turn markers {step:+d}"))
    elif name == "Solid Defence":
        n = c.roll(3, "solid defence") + 3
        from league_manager.match.procedures.kickoff import open_players

        s.solid_defence_limit = n
        s.solid_defence_open = set(open_players(c, kicking))
        yield from setup(c, kicking, movable=set())
        s.solid_defence_limit = 0
        s.solid_defence_open = set()
    elif name == "High Kick":
        yield from high_kick(c, landing)
    elif name == "Cheering Fans":
        winner = _roll_off(c, "cheering fans", [t.cheerleaders for t in s.teams])
        if winner >= 0:
            yield from prayer(c, winner)
    elif name == "Brilliant Coaching":
        bonus = [t.assistant_coaches - (1 if s.coach_ejected[i] else 0) for i, t in enumerate(s.teams)]
        winner = _roll_off(c, "brilliant coaching", bonus)
        if winner >= 0:
            s.extra_rerolls[winner] += 1
    elif name == "Changing Weather":
        if roll_weather(c) == "perfect" and ON_PITCH[landing]:
            landing = scatter_kick(c, landing)
    elif name == "Quick Snap":
        yield from quick_snap(c, c.roll(3, "quick snap") + 3)
    elif name == "Blitz":
        yield from kickoff_blitz(c, kicking, c.roll(3, "blitz") + 3)
    elif name == "Officious Ref":
        ff = [t.fan_factor for t in s.teams]
        for team in _losers(c, "officious ref", ff):
            p = _random_player(c, team)
            if p < 0:
                continue
            roll = c.d6("officious ref")
            if roll == 1:
                from league_manager.match.procedures.foul import send_off

                yield from send_off(c, p, "Officious Ref")
            else:
                s.status[p] = STUNNED
                s.stunned_now.add(p)
                c.emit(Event("officious_ref", team, p, (roll,), detail="stunned"))
    elif name == "Pitch Invasion":
        ff = [t.fan_factor for t in s.teams]
        for team in _losers(c, "pitch invasion", ff):
            n = c.roll(3, "pitch invasion")
            for _ in range(n):
                p = _random_player(c, team, exclude_stunned=True)
                if p < 0:
                    break
                s.status[p] = STUNNED
                s.stunned_now.add(p)
                c.emit(Event("pitch_invasion", team, p, detail="stunned"))
    return landing


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


def _random_player(c: Ctx, team: int, exclude_stunned: bool = False) -> int:
    s = c.s
    pool = [
        p for p in s.players_of(team) if s.pos[p] >= 0 and not (exclude_stunned and s.status[p] == STUNNED)
    ]
    if not pool:
        return -1
    return pool[c.roll(len(pool), "random player") - 1] if len(pool) > 1 else pool[0]
