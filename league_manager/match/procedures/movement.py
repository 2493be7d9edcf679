"""Moving one square: standing up, rushing, dodging, jumping over prone players, picking up."""

from __future__ import annotations

from league_manager.match.actions import DECLINE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements.nurgle_spells import rush_penalty
from league_manager.match.pitch import NEIGHBOURS, W, scoring_x
from league_manager.match.procedures import secure_ball
from league_manager.match.procedures.ball import bounce
from league_manager.match.procedures.injury import knock_down, place_prone
from league_manager.match.procedures.prayers import moles_modifier
from league_manager.match.procedures.rerolls import Adjuster, passes, test
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoor
from league_manager.match.skills import asp_points, points, special_points, star_points
from league_manager.match.skills import mutation_points as mpts
from league_manager.match.skills import stars_2_points as stars
from league_manager.match.skills import stars_3_points as stars3
from league_manager.match.state import STANDING


def rushes_allowed(c: Ctx, p: int) -> int:
    """How many times p may Rush in one activation (2, more with Sprint or Burst of Speed)."""
    extra = sum(int(fn()) for _skill, fn in c.hook(p, points.EXTRA_RUSH))
    return 2 + extra + stars3.extra_rushes(c, p)


def stand_up(c: Ctx, p: int, mp: int) -> Proc[tuple[bool, int]]:
    """Stand a prone player up; returns (stood, movement left)."""
    s = c.s
    if c.has(p, points.JUMP_UP):
        s.status[p] = STANDING
        c.emit(Event("stand_up", s.team[p], p, square=s.pos[p], rule="Jump Up"))
        return True, mp
    if s.ma[p] < 3:
        ok = yield from test(c, p, "stand_up", 4, _stand_up_help(c, p), s.pos[p])
        if not ok:
            return False, 0
        s.status[p] = STANDING
        return True, 0
    s.status[p] = STANDING
    c.emit(Event("stand_up", s.team[p], p, square=s.pos[p]))
    return True, mp - 3


def _stand_up_help(c: Ctx, p: int) -> tuple[tuple[str, int], ...]:
    """Timmm-ber!: +1 per adjacent open (unmarked), standing team-mate."""
    s = c.s
    mods: tuple[tuple[str, int], ...] = ()
    team = s.team[p]
    for skill, _fn in c.hook(p, special_points.STAND_UP_HELP):
        helpers = sum(
            1
            for n in NEIGHBOURS[s.pos[p]]
            if (q := s.board[n]) >= 0
            and s.team[q] == team
            and s.status[q] == STANDING
            and c.n_markers(n, team) == 0
        )
        if helpers:
            mods = (*mods, (skill, helpers))
    return mods


def rush(c: Ctx, p: int) -> Proc[bool]:
    """One Rush roll (2+, Blizzard -1)."""
    swift = stars.pass_on_two(c, p, "rush", 2)
    ok = yield from test(c, p, "rush", 2, rush_modifiers(c, p), c.s.pos[p], adjusters=swift)
    return ok


def rush_modifiers(c: Ctx, p: int = -1) -> tuple[tuple[str, int], ...]:
    """Named modifiers of p's Rush roll now (Blizzard, Moles under the Pitch, Drunkard)."""
    mods: tuple[tuple[str, int], ...] = ()
    if c.s.weather == "blizzard":
        mods = (("Blizzard", -1),)
    moles = moles_modifier(c, c.s.team[p] if p >= 0 else -1)
    if moles:
        mods = (*mods, ("Moles under the Pitch", moles))
    if p >= 0 and c.has(p, special_points.RUSH_MODIFIER):
        for skill, fn in c.hook(p, special_points.RUSH_MODIFIER):
            mods = (*mods, (skill, int(fn())))
    if c.s.skill_used:
        mods = (*mods, *rush_penalty(c, p))
    return mods


def jump_modifiers(c: Ctx, p: int, origin: int, dest: int) -> tuple[tuple[str, int], ...]:
    """Named modifiers of p's Jump (or Leap) test from ``origin`` to ``dest``.

    The worse marking of the two squares (Leap, Very Long Legs reduce it to -1 at best;
    Pogo Stick ignores it), and a Prehensile Tail of a marker of the square left.
    """
    team = c.s.team[p]
    mods: list[tuple[str, int]] = []
    if not c.has(p, mpts.IGNORE_MARKED_JUMP):
        worst = max(c.n_markers(origin, team), c.n_markers(dest, team))
        if worst > 1:
            cut = 1 if c.has(p, points.LEAP) else 0
            cut += sum(int(fn()) for _skill, fn in c.hook(p, mpts.JUMP_PENALTY_REDUCTION))
            worst = max(1, worst - cut)
        if worst:
            mods.append(("marked", -worst))
    tail = _tail(c, c.markers(origin, team))
    if tail:
        mods.append(tail)
    return tuple(mods)


def dodge_modifiers(c: Ctx, p: int, origin: int, dest: int) -> tuple[tuple[str, int], ...]:
    """Named modifiers of p's Dodge test from a marked ``origin`` into ``dest``.

    Counts the markers of ``dest`` (unless p ignores them; Titchy markers do not count), the
    worst tail-like modifier of a marker of ``origin`` (only one counts) and p's dodge bonuses.
    """
    team = c.s.team[p]
    mods_list: list[tuple[str, int]] = []
    marked_to = c.n_markers(dest, team)
    if marked_to:
        marked_to -= sum(1 for q in c.markers(dest, team) if c.has(q, mpts.NOT_MARKING_DODGER))
    if marked_to and not c.has(p, points.IGNORE_MARKED_DODGE):
        mods_list.append(("marked", -marked_to))
    tail = _tail(c, c.markers(origin, team))
    if tail:
        mods_list.append(tail)
    for skill, fn in c.hook(p, mpts.DODGE_BONUS):
        mods_list.append((skill, int(fn())))
    return tuple(mods_list)


def pick_up_modifiers(c: Ctx, p: int, square: int) -> tuple[tuple[str, int], ...]:
    """Named modifiers of p's attempt to pick up the ball in ``square`` (Big Hand ignores the
    marking and rain penalties; Extra Arms adds one)."""
    mods: list[tuple[str, int]] = []
    if not c.has(p, mpts.IGNORE_PICK_UP_PENALTIES):
        marked = c.n_markers(square, c.s.team[p])
        if marked:
            mods.append(("marked", -marked))
        if c.s.weather == "pouring_rain":
            mods.append(("Pouring Rain", -1))
    for skill, fn in c.hook(p, mpts.PICK_UP_BONUS):
        mods.append((skill, int(fn())))
    return tuple(mods)


def fall_over(c: Ctx, p: int, bonus: int = 0) -> Proc[None]:
    """A moving player falls over: armour roll, and a turnover for the active team.

    ``bonus``: to the armour or injury roll (Arm Bar of a marker of the square left).
    """
    if c.s.team[p] == c.s.active:
        c.s.turnover = True
    yield from knock_down(c, p, cause="falls_over", bonus=bonus)


def arm_bar(c: Ctx, p: int, markers: list[int]) -> int:
    """Arm Bar: one marker of the square p failed to dodge or jump out of adds to the roll."""
    for q in markers:
        for skill, fn in c.hook(q, asp_points.ARM_BAR):
            bonus = int(fn())
            c.emit(Event("skill", c.s.team[q], q, rule=skill, detail=f"+{bonus} armour or injury", other=p))
            return bonus
    return 0


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
    markers = c.markers(origin, team)
    marked_from = len(markers)
    if marked_from and (yield from _held(c, p, markers)):
        return True
    s.place(p, dest)
    c.emit(Event("jump" if jump else "move", team, p, square=dest))
    for _ in range(rushes):
        if not (yield from rush(c, p)):
            if jump:
                s.place(p, origin)  # a failed Rush before a jump: falls where they stood
            yield from fall_over(c, p)
            if dest in TRAPDOORS and s.pos[p] == dest:
                yield from trapdoor(c, p)
            return False
    if jump:
        mods = jump_modifiers(c, p, origin, dest)
        swift = stars.pass_on_two(c, p, "jump", s.ag[p])
        roll_ok = yield from stars3.helped_jump(c, p, dest, swift)  # Bounding Leap
        if roll_ok is None:
            roll_ok = yield from test(c, p, "jump", s.ag[p], mods, dest, adjusters=swift)
        if not roll_ok:
            last = c.events[-1]
            if last.rolls and last.rolls[0] == 1:
                s.place(p, origin)
            yield from fall_over(c, p, arm_bar(c, p, c.markers(origin, team)))
            if dest in TRAPDOORS and s.pos[p] == dest:
                yield from trapdoor(c, p)
            return False
    elif marked_from:
        s.dodge_origin = origin
        mods = dodge_modifiers(c, p, origin, dest)
        markers = c.markers(origin, team)
        adjusters = (*_dodge_adjusters(c, p, origin, markers), *stars.pass_on_two(c, p, "dodge", s.ag[p]))
        ok = yield from test(c, p, "dodge", s.ag[p], mods, dest, adjusters=adjusters)
        s.dodge_origin = -1
        if not ok:
            yield from fall_over(c, p, arm_bar(c, p, markers))
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
        rule = c.hook(p, points.NO_HANDS)[0][0]  # No Hands, or No Ball
        c.emit(Event("pick_up", s.team[p], p, success=False, rule=rule, square=square))
        s.turnover = s.active == s.team[p]
        yield from bounce(c, square)
        return False
    if s.securing == p:
        ok = yield from secure_ball.pick_up(c, p)
    else:
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
    if c.has(p, special_points.MUST_FEED):
        for _skill, fn in c.hook(p, special_points.MUST_FEED):
            if fn(c, p) is not None:
                return False
    team = s.team[p]
    s.score[team] += 1
    s.touchdown = team
    s.stats[p].td += 1
    c.emit(Event("touchdown", team, p, square=s.pos[p], detail=f"{s.score[0]}-{s.score[1]}"))
    return True


def _tail(c: Ctx, markers: list[int]) -> tuple[str, int] | None:
    """Prehensile Tail: the worst modifier one marker of the square left applies (only one counts)."""
    tails = [(skill, int(fn())) for q in markers for skill, fn in c.hook(q, points.DODGE_MODIFIER)]
    return min(tails, key=lambda t: t[1]) if tails else None


def _held(c: Ctx, p: int, markers: list[int]) -> Proc[bool]:
    """Tentacles: one marker of the square p leaves may try to hold p there (their coach chooses).

    Returns True when p is held: p stays in their square and their movement ends.
    """
    holders = [q for q in markers if mpts.HOLD_LEAVING in c.hooks[q]]
    if not holders:
        return False
    foe = 1 - c.s.team[p]
    skill = c.hook(holders[0], mpts.HOLD_LEAVING)[0][0]
    opts = [Action(USE_SKILL, q) for q in holders] + [Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, foe, opts, {"skill": skill, "player": p})
    if choice.kind != USE_SKILL:
        return False
    _skill, fn = c.hook(choice.player, mpts.HOLD_LEAVING)[0]
    return bool(fn(c, choice.player, p))


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
    found.extend(fn(c, p) for _rule, fn in c.hook(p, star_points.DODGE_ADJUSTER))
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
