"""Moving one square: standing up, rushing, dodging, jumping over prone players, picking up."""

from __future__ import annotations

from league_manager.match.actions import DECLINE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import W, scoring_x
from league_manager.match.procedures.ball import bounce
from league_manager.match.procedures.injury import knock_down, place_prone
from league_manager.match.procedures.prayers import moles_modifier
from league_manager.match.procedures.rerolls import Adjuster, passes, test
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoor
from league_manager.match.skills import points
from league_manager.match.state import STANDING


def rushes_allowed(c: Ctx, p: int) -> int:
    """How many times p may Rush in one activation (2, more with Sprint)."""
    extra = sum(int(fn()) for _skill, fn in c.hook(p, points.EXTRA_RUSH))
    return 2 + extra


def stand_up(c: Ctx, p: int, mp: int) -> Proc[tuple[bool, int]]:
    """Stand a prone player up; returns (stood, movement left)."""
    s = c.s
    if c.has(p, points.JUMP_UP):
        s.status[p] = STANDING
        c.emit(Event("stand_up", s.team[p], p, square=s.pos[p], rule="Jump Up"))
        return True, mp
    if s.ma[p] < 3:
        ok = yield from test(c, p, "stand_up", 4, (), s.pos[p])
        if not ok:
            return False, 0
        s.status[p] = STANDING
        return True, 0
    s.status[p] = STANDING
    c.emit(Event("stand_up", s.team[p], p, square=s.pos[p]))
    return True, mp - 3


def rush(c: Ctx, p: int) -> Proc[bool]:
    """One Rush roll (2+, Blizzard -1)."""
    ok = yield from test(c, p, "rush", 2, rush_modifiers(c), c.s.pos[p])
    return ok


def rush_modifiers(c: Ctx) -> tuple[tuple[str, int], ...]:
    """Named modifiers of a Rush roll now (Blizzard, Moles under the Pitch)."""
    mods: tuple[tuple[str, int], ...] = ()
    if c.s.weather == "blizzard":
        mods = (("Blizzard", -1),)
    moles = moles_modifier(c)
    if moles:
        mods = (*mods, ("Moles under the Pitch", moles))
    return mods


def jump_modifiers(c: Ctx, p: int, origin: int, dest: int) -> tuple[tuple[str, int], ...]:
    """Named modifiers of p's Jump (or Leap) test from ``origin`` to ``dest``."""
    team = c.s.team[p]
    worst = max(c.n_markers(origin, team), c.n_markers(dest, team))
    if worst > 1 and c.has(p, points.LEAP):
        worst -= 1
    return (("marked", -worst),) if worst else ()


def dodge_modifiers(c: Ctx, p: int, origin: int, dest: int) -> tuple[tuple[str, int], ...]:
    """Named modifiers of p's Dodge test from a marked ``origin`` into ``dest``.

    Counts the markers of ``dest`` (unless p ignores them) and the worst tail-like modifier
    of a marker of ``origin`` (only one counts).
    """
    team = c.s.team[p]
    mods_list: list[tuple[str, int]] = []
    marked_to = c.n_markers(dest, team)
    if marked_to and not c.has(p, points.IGNORE_MARKED_DODGE):
        mods_list.append(("marked", -marked_to))
    markers = c.markers(origin, team)
    tails = [(skill, int(fn())) for q in markers for skill, fn in c.hook(q, points.DODGE_MODIFIER)]
    if tails:
        mods_list.append(min(tails, key=lambda t: t[1]))  # only one tail counts
    return tuple(mods_list)


def pick_up_modifiers(c: Ctx, p: int, square: int) -> tuple[tuple[str, int], ...]:
    """Named modifiers of p's attempt to pick up the ball in ``square``."""
    mods: list[tuple[str, int]] = []
    marked = c.n_markers(square, c.s.team[p])
    if marked:
        mods.append(("marked", -marked))
    if c.s.weather == "pouring_rain":
        mods.append(("Pouring Rain", -1))
    return tuple(mods)


def fall_over(c: Ctx, p: int) -> Proc[None]:
    """A moving player falls over: armour roll, and a turnover for the active team."""
    if c.s.team[p] == c.s.active:
        c.s.turnover = True
    yield from knock_down(c, p, cause="falls_over")


def step(c: Ctx, p: int, dest: int, rushes: int, jump: bool = False) -> Proc[bool]:
    """Move p into ``dest`` (one square, or two when jumping), rolling what is needed.

    Args:
        rushes: how many of the squares need a Rush roll (0, 1 or 2).

    Returns:
        True when the player is still standing afterwards.
    """
    s = c.s
    team = s.team[p]
    origin = s.pos[p]
    marked_from = c.n_markers(origin, team)
    s.place(p, dest)
    c.emit(Event("jump" if jump else "move", team, p, square=dest))
    for _ in range(rushes):
        if not (yield from rush(c, p)):
            yield from fall_over(c, p)
            if dest in TRAPDOORS and s.pos[p] == dest:
                yield from trapdoor(c, p)
            return False
    if jump:
        mods = jump_modifiers(c, p, origin, dest)
        roll_ok = yield from test(c, p, "jump", s.ag[p], mods, dest)
        if not roll_ok:
            last = c.events[-1]
            if last.rolls and last.rolls[0] == 1:
                s.place(p, origin)
            yield from fall_over(c, p)
            if dest in TRAPDOORS and s.pos[p] == dest:
                yield from trapdoor(c, p)
            return False
    elif marked_from:
        s.dodge_origin = origin
        mods = dodge_modifiers(c, p, origin, dest)
        markers = c.markers(origin, team)
        adjusters = _dodge_adjusters(c, p, origin, markers)
        ok = yield from test(c, p, "dodge", s.ag[p], mods, dest, adjusters=adjusters)
        s.dodge_origin = -1
        if not ok:
            yield from fall_over(c, p)
            if dest in TRAPDOORS and s.pos[p] == dest:
                yield from trapdoor(c, p)
            return False
        yield from _shadow(c, p, origin, markers)
    if dest in TRAPDOORS and (yield from trapdoor(c, p)):
        return False
    if s.carrier < 0 and s.ball == dest:
        yield from pick_up(c, p)
    return s.status[p] == STANDING


def pick_up(c: Ctx, p: int) -> Proc[bool]:
    """Pick up the ball in p's square; failure bounces it and causes a turnover."""
    s = c.s
    square = s.pos[p]
    if c.has(p, points.NO_HANDS):
        c.emit(Event("pick_up", s.team[p], p, success=False, rule="No Hands", square=square))
        s.turnover = s.active == s.team[p]
        yield from bounce(c, square)
        return False
    ok = yield from test(c, p, "pick_up", s.ag[p], pick_up_modifiers(c, p, square), square)
    if ok:
        s.carrier = p
        return True
    if s.active == s.team[p]:
        s.turnover = True
    yield from bounce(c, square)
    return False


def in_scoring_zone(c: Ctx, p: int) -> bool:
    """True when p stands in the end zone they score in."""
    s = c.s
    return s.pos[p] >= 0 and s.pos[p] % W - 1 == scoring_x(s.team[p])


def check_touchdown(c: Ctx) -> bool:
    """Score when a standing ball carrier is in the opponents' end zone."""
    s = c.s
    p = s.carrier
    if p < 0 or s.touchdown >= 0 or s.status[p] != STANDING or not in_scoring_zone(c, p):
        return False
    team = s.team[p]
    s.score[team] += 1
    s.touchdown = team
    s.stats[p].td += 1
    c.emit(Event("touchdown", team, p, square=s.pos[p], detail=f"{s.score[0]}-{s.score[1]}"))
    return True


def _dodge_adjusters(c: Ctx, p: int, origin: int, markers: list[int]) -> tuple[Adjuster, ...]:
    """Skills used after seeing a dodge roll: Diving Tackle (opponents), Break Tackle (p)."""
    s = c.s
    found: list[Adjuster] = []
    divers = [q for q in markers if c.has(q, points.DIVING_TACKLE)]
    if divers:
        used: list[int] = []

        def diving_tackle(roll: int, modifier: int) -> Proc[int]:
            if used or not passes(roll, s.ag[p], modifier) or passes(roll, s.ag[p], modifier - 2):
                return 0
            foe = 1 - s.team[p]
            opts = [Action(USE_SKILL, q) for q in divers if s.status[q] == STANDING]
            if not opts:
                return 0
            info = {"skill": "Diving Tackle", "player": p}
            choice = yield Prompt(USE_SKILL_PROMPT, foe, [*opts, Action(DECLINE)], info)
            if choice.kind != USE_SKILL:
                return 0
            used.append(choice.player)
            q = choice.player
            c.emit(Event("skill", foe, q, rule="Diving Tackle", other=p))
            if s.board[origin] < 0:
                s.place(q, origin)
            yield from place_prone(c, q, "Diving Tackle")
            if origin in TRAPDOORS and s.pos[q] == origin:
                yield from trapdoor(c, q)
            return -2

        found.append(diving_tackle)
    for skill, fn in c.hook(p, points.BREAK_TACKLE):
        if (p, skill) in s.skill_used:
            continue
        bonus = int(fn(s.st[p]))

        def break_tackle(roll: int, modifier: int, bonus: int = bonus, skill: str = skill) -> Proc[int]:
            if (p, skill) in s.skill_used or roll == 1 or passes(roll, s.ag[p], modifier):
                return 0
            if not passes(roll, s.ag[p], modifier + bonus):
                return 0
            info = {"skill": skill, "player": p}
            opts = [Action(USE_SKILL, p), Action(DECLINE)]
            choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], opts, info)
            if choice.kind != USE_SKILL:
                return 0
            s.skill_used.add((p, skill))
            return bonus

        found.append(break_tackle)
    return tuple(found)


def _shadow(c: Ctx, p: int, origin: int, markers: list[int]) -> Proc[None]:
    """Shadowing: one marker of the square left may try to follow into it."""
    s = c.s
    shadows = [q for q in markers if c.has(q, points.SHADOWING) and s.status[q] == STANDING]
    if not shadows or s.board[origin] >= 0:
        return
    foe = 1 - s.team[p]
    opts = [Action(USE_SKILL, q) for q in shadows] + [Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, foe, opts, {"skill": "Shadowing", "player": p})
    if choice.kind != USE_SKILL:
        return
    q = choice.player
    roll = c.d6("shadowing")
    ok = roll == 6 or roll + s.ma[q] - s.ma[p] >= 6
    c.emit(Event("shadowing", foe, q, (roll,), 6, (("MA difference", s.ma[q] - s.ma[p]),), ok))
    if ok:
        s.place(q, origin)
        if origin in TRAPDOORS:
            yield from trapdoor(c, q)
