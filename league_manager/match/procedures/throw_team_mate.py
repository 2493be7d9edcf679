"""Throw Team-mate: quality test, Always Hungry, scatter, landing (safe, crash, crowd)."""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import DIRECTIONS, NEIGHBOURS, ON_PITCH, PITCH_SQUARES, pass_band
from league_manager.match.procedures.ball import bounce, deviate, disturbance, scatter, throw_in
from league_manager.match.procedures.injury import casualty_eaten, crowd_injury, knock_down
from league_manager.match.procedures.movement import check_touchdown
from league_manager.match.procedures.rerolls import passes, reroll_choice, test
from league_manager.match.procedures.spp_credit import casualties_earn_spp
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoor
from league_manager.match.skills import points, special_points, star_points
from league_manager.match.skills import season3_points as s3
from league_manager.match.state import STANDING

SUPERB, SUCCESSFUL, TERRIBLE, FUMBLED = "superb", "successful", "terrible", "fumbled"
LANDING_MODIFIER = {SUPERB: 0, SUCCESSFUL: -1, TERRIBLE: -2, FUMBLED: -1}


def throwable(c: Ctx, p: int) -> list[int]:
    """Adjacent team-mates p could throw (Right Stuff; standing, prone or stunned)."""
    s = c.s
    return [
        q
        for n in NEIGHBOURS[s.pos[p]]
        if (q := s.board[n]) >= 0 and s.team[q] == s.team[p] and c.has(q, points.RIGHT_STUFF) and s.st[q] <= 3
    ]


def throw_targets(c: Ctx, p: int) -> list[int]:
    """Squares in Quick or Short Throw range (half the range ruler)."""
    origin = c.s.pos[p]
    return [q for q in PITCH_SQUARES if q != origin and 0 < pass_band(origin, q) <= 2]


def throw_team_mate(c: Ctx, p: int, thrown: int, target: int, kick: bool = False) -> Proc[None]:
    """Resolve a Throw Team-mate action by p throwing ``thrown`` towards ``target``.

    ``kick``: a Kick Team-mate special action, thrown by the same rules except that the
    kicker's ``kick_team_mate`` handler resolves a fumble (and Always Hungry does not apply).
    """
    s = c.s
    team = s.team[p]
    origin = s.pos[p]
    can_land = s.status[thrown] == STANDING and not s.tz_lost[thrown]
    c.emit(Event("kick_team_mate" if kick else "throw_team_mate", team, p, square=target, other=thrown))
    for skill, _fn in () if kick else c.hook(p, points.ALWAYS_HUNGRY):
        roll = c.d6("always hungry")
        c.emit(Event("always_hungry", team, p, (roll,), 2, success=roll >= 2, rule=skill))
        if roll == 1:
            escape = c.d6("always hungry")
            if escape == 1:
                c.emit(Event("eaten", team, thrown, (escape,), rule=skill))
                had_ball = s.carrier == thrown
                square = s.pos[thrown]
                casualty_eaten(c, thrown)
                if had_ball:
                    s.turnover = True
                    yield from bounce(c, square)
                return
            c.emit(Event("squirms_free", team, thrown, (escape,), rule=skill))
            yield from _fumbled(c, thrown, origin, can_land)
            return
    result = yield from _quality(c, p, pass_band(origin, target))
    if result == FUMBLED and kick:
        yield from c.hook(p, special_points.KICK_TEAM_MATE)[0][1](c, p, thrown)
        return
    if result == FUMBLED:
        yield from _fumbled(c, thrown, origin, can_land)
        return
    swoop = c.hook(thrown, special_points.SWOOP)
    if result == TERRIBLE:
        landing, last = deviate(c, origin, "throw deviation")
    elif swoop:
        landing, last = yield from swoop[0][1](c, thrown, target)
    elif result == SUPERB and c.has(p, s3.BULLSEYE):
        c.emit(Event("skill", team, p, rule="Bullseye", detail="no scatter", square=target))
        landing, last = target, target
    else:
        landing, last = scatter(c, target, 3, "throw scatter")
    yield from land(c, thrown, landing, last, result, can_land)


def _quality(c: Ctx, p: int, band: int) -> Proc[str]:
    s = c.s
    mods: list[tuple[str, int]] = []
    if band == 2:
        mods.append(("Short Throw", -1))
    marked = c.n_markers(s.pos[p], s.team[p])
    if marked:
        mods.append(("marked", -marked))
    for skill, fn in c.hook(p, points.THROW_BONUS):
        mods.append((skill, int(fn())))
    if s.weather == "very_sunny":
        mods.append(("Very Sunny", -1))
    mods.extend(disturbance(c, p))
    modifier = sum(v for _, v in mods)
    if s.pa[p] == 0:  # a PA of '-': the throw is fumbled without a roll
        c.emit(Event("throw_quality", s.team[p], p, (), 0, tuple(mods), rule="no PA", detail=FUMBLED))
        return FUMBLED
    rerolled = False
    while True:
        roll = c.d6("throw quality")
        result = quality_result(roll, s.pa[p], modifier)
        c.emit(Event("throw_quality", s.team[p], p, (roll,), s.pa[p], tuple(mods), detail=result))
        if result == SUPERB or rerolled:
            return result
        if not (yield from reroll_choice(c, p, "throw")):
            return result
        rerolled = True


def quality_result(roll: int, pa: int, modifier: int) -> str:
    """The result of a throw's quality roll: a natural 1 is fumbled, a pass of the PA test
    superb, a total of 1 or less terrible, anything else successful."""
    if roll == 1:
        return FUMBLED
    if passes(roll, pa, modifier):
        return SUPERB
    return TERRIBLE if roll + modifier <= 1 else SUCCESSFUL


def _fumbled(c: Ctx, thrown: int, origin: int, can_land: bool) -> Proc[None]:
    s = c.s
    c.s.turnover = s.carrier == thrown or c.s.turnover
    d = c.roll(8, "bounce")
    landing = origin + DIRECTIONS[d - 1]
    c.emit(Event("bounce", s.team[thrown], thrown, (d,), square=landing))
    thrower = s.board[origin]
    safe = thrower >= 0 and c.has(thrower, star_points.SAFE_FUMBLE_LANDING)
    yield from land(c, thrown, landing, origin, FUMBLED, can_land, safe)


def _lands_on_opponent(c: Ctx, q: int, occupant: int) -> Proc[None]:
    """The thrown player q lands on an opponent, who is Knocked Down; with Lethal Flight
    (Season 3) q adds its bonus to the armour or the injury roll, and a casualty so caused
    earns q Star Player Points."""
    s = c.s
    lethal = c.hook(q, s3.LETHAL_FLIGHT)
    if not lethal:
        yield from knock_down(c, occupant, cause="knocked down")
        return
    c.emit(Event("skill", s.team[q], q, rule="Lethal Flight", other=occupant))
    bonus = int(lethal[0][1]())
    yield from casualties_earn_spp(c, q, knock_down(c, occupant, by=q, bonus=bonus, cause="knocked down"))


def land(
    c: Ctx, q: int, landing: int, last: int, quality: str, can_land: bool, safe: bool = False
) -> Proc[None]:
    """The thrown player comes down in ``landing`` (``last`` is the last square on the pitch).

    ``safe``: a fumble by a Reliable thrower; the player lands on their feet without a test.
    """
    s = c.s
    team = s.team[q]
    had_ball = s.carrier == q
    crash = not can_land
    while True:
        if not ON_PITCH[landing]:
            if had_ball:
                s.turnover = True
            yield from crowd_injury(c, q, -1)
            if had_ball:
                s.carrier = -1
                yield from throw_in(c, last)
            return
        occupant = s.board[landing]
        if (occupant < 0 or occupant == q) and not crash:
            break
        if occupant < 0 or occupant == q:
            crash = False
            d = c.roll(8, "bounce")
            last, landing = landing, landing + DIRECTIONS[d - 1]
            c.emit(Event("crash_landing", team, q, (d,), square=landing if ON_PITCH[landing] else -1))
            continue
        c.emit(Event("lands_on", team, q, square=landing, other=occupant))
        if s.team[occupant] == team:
            s.turnover = True
            yield from knock_down(c, occupant, cause="knocked down")
        else:
            yield from _lands_on_opponent(c, q, occupant)
        can_land = False
        d = c.roll(8, "bounce")
        last, landing = landing, landing + DIRECTIONS[d - 1]
        c.emit(Event("bounce", team, q, (d,), square=landing if ON_PITCH[landing] else -1))
    s.place(q, landing)
    if landing in TRAPDOORS and (yield from trapdoor(c, q)):
        return
    if can_land:
        mods: list[tuple[str, int]] = []
        if LANDING_MODIFIER[quality]:
            mods.append((f"{quality} throw", LANDING_MODIFIER[quality]))
        marked = c.n_markers(landing, team)
        if marked:
            mods.append(("marked", -marked))
        s.status[q] = STANDING
        if safe:
            c.emit(Event("skill", team, q, rule="Reliable", detail="lands safely", square=landing))
            check_touchdown(c)
            return
        ok = yield from test(c, q, "landing", s.ag[q], tuple(mods), landing)
        if ok:
            check_touchdown(c)
            return
    if had_ball:
        s.turnover = True
    yield from knock_down(c, q, cause="falls_over")
