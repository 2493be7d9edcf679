"""Pass actions (range, accuracy, fumble, interference, landing) and hand-offs."""

from __future__ import annotations

from league_manager.match.actions import (
    CHOOSE,
    DECLINE,
    INTERFERENCE,
    USE_SKILL,
    USE_SKILL_PROMPT,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import BAND_NAMES, ON_PITCH, pass_band, under_ruler
from league_manager.match.procedures.ball import (
    bounce,
    can_catch,
    catch,
    deviate,
    disturbance,
    dive_for_ball,
    scatter,
    throw_in,
)
from league_manager.match.procedures.rerolls import passes, reroll_choice, test
from league_manager.match.skills import asp_points, points, star_points
from league_manager.match.skills import mutation_points as mpts
from league_manager.match.skills import season3_points as s3
from league_manager.match.skills import stars_2_points as stars
from league_manager.match.skills import stars_4_points as sp4
from league_manager.match.skills import stars_5_points as sp5

ACCURATE, INACCURATE, WILD, FUMBLE = "accurate", "inaccurate", "wildly inaccurate", "fumbled"


def max_pass_band(c: Ctx) -> int:
    """The longest range band a pass may be thrown over now: Short in a Blizzard, else Long Bomb."""
    return 2 if c.s.weather == "blizzard" else 4


def pass_targets(c: Ctx, p: int) -> list[int]:
    """Squares p may pass to from where they stand (Blizzard: quick and short only)."""
    s = c.s
    origin = s.pos[p]
    max_band = max_pass_band(c)
    ox, oy = origin % 28, origin // 28
    found = []
    for square in range(len(ON_PITCH)):
        if not ON_PITCH[square] or square == origin:
            continue
        if abs(square % 28 - ox) > 13 or abs(square // 28 - oy) > 13:
            continue
        band = pass_band(origin, square)
        if 0 < band <= max_band:
            found.append(square)
    return found


def pass_modifiers(c: Ctx, p: int, band: int, target: int = -1) -> tuple[tuple[str, int], ...]:
    """Named modifiers of p's passing test over range ``band`` from where p stands (to the
    square ``target``, when known: Season 3's Working in Tandem drops the range modifier)."""
    s = c.s
    mods: list[tuple[str, int]] = []
    if band > 1:
        partner = _tandem_partner(c, p, target)
        mods.append((partner, 0) if partner else (BAND_NAMES[band], 1 - band))
    marked = c.n_markers(s.pos[p], s.team[p])
    if marked and not c.has(p, points.IGNORE_MARKED_PASSING):
        mods.append(("marked", -marked))
    for skill, fn in c.hook(p, points.PASS_BONUS):
        bonus = int(fn(band))
        if bonus:
            mods.append((skill, bonus))
    if s.weather == "very_sunny":
        mods.append(("Very Sunny", -1))
    mods.extend(disturbance(c, p))
    return tuple(mods)


def _tandem_partner(c: Ctx, p: int, target: int) -> str:
    """The rule (Working in Tandem) when p has its passing half and ``target`` holds a
    team-mate with the rule, else ""."""
    if target < 0 or not c.has(p, s3.TANDEM_PASS):
        return ""
    q = c.s.board[target]
    if q < 0 or q == p or c.s.team[q] != c.s.team[p] or not c.has(q, s3.TANDEM_PASS):
        return ""
    return next((str(skill) for skill, fn in c.hook(p, s3.TANDEM_PASS) if fn(c, p)), "")


def _accuracy(c: Ctx, p: int, band: int, hail_mary: bool = False, target: int = -1) -> Proc[tuple[str, int]]:
    """The passing test; a Hail Mary Pass (band 0) is never better than inaccurate."""
    s = c.s
    team = s.team[p]
    mods = pass_modifiers(c, p, band, target)
    modifier = sum(v for _, v in mods)
    target = s.pa[p]
    if target == 0:  # a PA of '-': the pass is fumbled without a roll
        c.emit(Event("pass", team, p, (), 0, tuple(mods), False, rule="no PA", detail=FUMBLE))
        return FUMBLE, 0
    rerolled = False
    while True:
        roll = c.d6("pass")
        late = 0
        if roll != 1 and not hail_mary and not passes(roll, target, modifier):
            late = yield from stars.pass_after_roll(c, p)
        if roll == 1:
            result = FUMBLE
        elif passes(roll, target, modifier + late):
            result = ACCURATE
        elif roll + modifier + late <= 1:
            result = WILD if c.ed.wildly_inaccurate else FUMBLE
        else:
            result = INACCURATE
        if hail_mary and result == ACCURATE:
            result = INACCURATE
        rule = "Hail Mary Pass" if hail_mary else ""
        ok = result == ACCURATE
        shown = (*mods, ("star rule", late)) if late else tuple(mods)
        c.emit(Event("pass", team, p, (roll,), target, shown, ok, rule=rule, detail=result))
        if ok or (hail_mary and result == INACCURATE) or rerolled:
            return result, roll
        source = yield from reroll_choice(c, p, "pass")
        if not source:
            return result, roll
        rerolled = True


def accuracy_test(c: Ctx, p: int, band: int) -> Proc[tuple[str, int]]:
    """The Passing Ability test of a throw over range band ``band`` (also bombs): (result, roll)."""
    return (yield from _accuracy(c, p, band))


def pass_ball(c: Ctx, p: int, target: int, hail_mary: bool = False) -> Proc[None]:
    """Resolve a Pass action by p to ``target`` (``hail_mary``: a Hail Mary Pass)."""
    s = c.s
    team = s.team[p]
    origin = s.pos[p]
    band = 0 if hail_mary else pass_band(origin, target)
    detail = "Hail Mary Pass" if hail_mary else BAND_NAMES[band]
    c.emit(Event("pass_declared", team, p, square=target, detail=detail))
    receiver = s.board[target]
    if receiver >= 0 and s.team[receiver] == team and not (yield from animosity(c, p, receiver)):
        return
    yield from on_the_ball_move(c, 1 - team)
    result, _roll = yield from _accuracy(c, p, band, hail_mary, target)
    if result == FUMBLE and c.has(p, asp_points.SAFE_PASS):
        c.emit(Event("skill", team, p, rule="Safe Pass", detail="keeps the ball"))
        return
    if result == FUMBLE:
        s.turnover = True
        s.carrier = -1
        yield from bounce(c, origin)
        return
    s.carrier = -1
    mate_mods: tuple[tuple[str, int], ...] = ()
    if result == ACCURATE:
        landing, last = target, target
        reason: tuple[tuple[str, int], ...] = ()
    elif result == INACCURATE:
        landing, last = scatter(c, target, 3, "scatter")
        reason = (("scattered", -1),)
        if hail_mary:
            landing, last, mate_mods = yield from _blast_it(c, p, target, landing, last)
    else:
        landing, last = deviate(c, origin, "deviate")
        reason = (("deviated", -1),)
    interfered = not hail_mary and (
        yield from _interference(c, p, landing if ON_PITCH[landing] else last, result, band)
    )
    if interfered:
        _turnover_unless_caught(c, team)
        return
    if not ON_PITCH[landing]:
        yield from throw_in(c, last)
        _turnover_unless_caught(c, team)
        return
    s.ball = landing
    q = s.board[landing]
    if q >= 0 and can_catch(c, q):
        mods = (*reason, *mate_mods) if s.team[q] == team else reason
        ok = yield from catch(c, q, mods, accurate=result == ACCURATE)
        if ok and s.team[q] == team and result == ACCURATE:
            s.stats[p].comp += 1
            if s.has_prayer(team, "Perfect Passing"):
                s.stats[p].bonus_spp += 1
        if ok and s.team[q] == team and s.has_prayer(team, "Dazzling Catching"):
            s.stats[q].bonus_spp += 1  # Season 3: a team-mate's pass caught
        if ok:
            yield from sp4.after_catch(c, q)
    elif q >= 0 or result == ACCURATE or not (yield from dive_for_ball(c, landing, reason)):
        yield from bounce(c, landing)
    _turnover_unless_caught(c, team)


def _blast_it(
    c: Ctx, p: int, target: int, landing: int, last: int
) -> Proc[tuple[int, int, tuple[tuple[str, int], ...]]]:
    """Blast It!: once per game, keep (square 0) or re-roll (square 1) a Hail Mary's scatter;
    either way a team-mate catching it gets +1."""
    for rule, _fn in c.hook(p, star_points.HAIL_MARY_HELP):
        if not star_points.unused(c, p, rule):
            continue
        opts = [Action(USE_SKILL, p, 0), Action(USE_SKILL, p, 1), Action(DECLINE)]
        uses = ["keep the landing square, +1 to catch", "re-scatter the ball, +1 to catch"]
        info = {"skill": rule, "player": p, "landing": landing, "uses": uses}
        choice = yield Prompt(USE_SKILL_PROMPT, c.s.team[p], opts, info)
        if choice.kind != USE_SKILL:
            break
        star_points.mark_used(c, p, rule)
        detail = "re-scatter" if choice.square else "+1 to catch"
        c.emit(Event("skill", c.s.team[p], p, rule=rule, detail=detail))
        if choice.square:
            landing, last = scatter(c, target, 3, "scatter")
        return landing, last, ((rule, 1),)
    return landing, last, ()


def _turnover_unless_caught(c: Ctx, team: int) -> None:
    s = c.s
    if s.carrier < 0 or s.team[s.carrier] != team:
        s.turnover = True


def _interference(c: Ctx, p: int, landing: int, result: str, band: int) -> Proc[bool]:
    s = c.s
    team = s.team[p]
    foe = 1 - team
    candidates = interferers(c, p, landing)
    if not candidates:
        return False
    opts = [Action(CHOOSE, q, s.pos[q]) for q in candidates] + [Action(DECLINE)]
    choice = yield Prompt(INTERFERENCE, foe, opts, {"passer": p, "landing": landing})
    if choice.kind == DECLINE:
        return False
    q = choice.player
    easy = yield from sp5.easy_interference(c, q)
    mods = () if easy else interference_modifiers(c, p, q, result)
    need = sp5.EASY_INTERFERENCE_TARGET if easy else s.ag[q]
    ok = yield from test(c, q, "interference", need, mods, s.pos[q])
    if ok and any(fn(band) for _skill, fn in c.hook(p, asp_points.CLOUD_BURSTER)):
        opts = [Action(USE_SKILL, p), Action(DECLINE)]
        use = yield Prompt(USE_SKILL_PROMPT, team, opts, {"skill": "Cloud Burster", "player": p})
        if use.kind == USE_SKILL:
            c.emit(Event("skill", team, p, rule="Cloud Burster", other=q))
            ok = yield from test(c, q, "interference", need, mods, s.pos[q], rerollable=False)
    if not ok:
        return False
    if c.ed.deflection:
        s.stats[q].defl += 1
        c.emit(Event("deflection", foe, q, square=s.pos[q]))
    if easy or not c.ed.deflection:  # Season 3: the interference is an Interception
        s.ball, s.carrier = s.pos[q], q
        caught = True
    else:
        caught = yield from catch(c, q, (("interception", -1),), scatter_on_fail=True)
    if caught:
        s.stats[q].intc += 1
        c.emit(Event("interception", foe, q, square=s.pos[q]))
    return True


def interferers(c: Ctx, p: int, landing: int) -> list[int]:
    """Opponents of passer p under the ruler to ``landing`` who may try to interfere."""
    s = c.s
    foe = 1 - s.team[p]
    return [
        q
        for q in (s.board[sq] for sq in under_ruler(s.pos[p], landing))
        if q >= 0 and s.team[q] == foe and c.has_tz(q) and not c.has(q, points.NO_HANDS)
    ]


def interference_modifiers(c: Ctx, p: int, q: int, result: str) -> tuple[tuple[str, int], ...]:
    """Named modifiers of q's attempt to interfere with p's pass of accuracy ``result``."""
    s = c.s
    base = {ACCURATE: -3, INACCURATE: -2, WILD: -1}[result]
    mods: list[tuple[str, int]] = [(f"{result} pass", base)]
    if c.n_markers(s.pos[q], s.team[q]) and not c.has(q, points.IGNORE_MARKED_PASSING):
        mods.append(("marked", -1))
    if c.has(p, points.STUNTY_TABLE):
        mods.append(("Stunty passer", 1))
    if s.weather == "pouring_rain":
        mods.append(("Pouring Rain", -1))
    for skill, fn in c.hook(q, mpts.INTERFERENCE_BONUS):
        mods.append((skill, int(fn())))
    mods.extend(disturbance(c, q))
    return tuple(mods)


def hand_off(c: Ctx, p: int, receiver: int) -> Proc[None]:
    """Hand the ball to an adjacent standing team-mate, who must catch it."""
    s = c.s
    team = s.team[p]
    if not (yield from animosity(c, p, receiver)):
        return
    c.emit(Event("hand_off", team, p, other=receiver))
    s.carrier = -1
    s.ball = s.pos[receiver]
    if can_catch(c, receiver):
        if (yield from catch(c, receiver, ())):
            yield from sp4.after_catch(c, receiver)
    else:
        yield from bounce(c, s.pos[receiver])
    _turnover_unless_caught(c, team)


def animosity(c: Ctx, p: int, receiver: int) -> Proc[bool]:
    """Animosity (X): 2+ to pass or hand off to a team-mate of type X; a 1 ends the action."""
    s = c.s
    team = s.team[p]
    n_home = len(s.teams[0].players)
    position = s.teams[team].players[receiver if team == 0 else receiver - n_home].position
    for skill, fn in c.hook(p, points.ANIMOSITY):
        if fn(c.param(p, skill), position):
            ok = yield from test(c, p, "animosity", 2, ())
            return ok
    return True


def on_the_ball_move(c: Ctx, team: int) -> Proc[None]:
    """On the Ball: when a pass is declared, one player of ``team`` may move up to 3 squares.

    The move follows the normal rules (dodging included, no rushing); a fall ends it.
    """
    from league_manager.match.actions import END_ACTIVATION, MOVE, ON_THE_BALL
    from league_manager.match.pitch import NEIGHBOURS
    from league_manager.match.procedures.movement import step
    from league_manager.match.state import STANDING

    s = c.s
    able = [q for q in s.players_of(team) if c.has_tz(q) and c.has(q, points.ON_THE_BALL)]
    if not able:
        return
    opts = [Action(CHOOSE, q) for q in able] + [Action(DECLINE)]
    choice = yield Prompt(ON_THE_BALL, team, opts, {"skill": "On the Ball", "when": "pass"})
    if choice.kind != CHOOSE:
        return
    q = choice.player
    c.emit(Event("skill", team, q, rule="On the Ball"))
    steps = max(int(fn()) for _skill, fn in c.hook(q, points.ON_THE_BALL))
    for _ in range(steps):
        moves = [Action(MOVE, q, n) for n in NEIGHBOURS[s.pos[q]] if s.board[n] < 0]
        if not moves:
            return
        info = {"skill": "On the Ball", "player": q}
        move = yield Prompt(ON_THE_BALL, team, [*moves, Action(END_ACTIVATION)], info)
        if move.kind != MOVE:
            return
        yield from step(c, q, move.square, 0)
        if s.status[q] != STANDING or s.pos[q] != move.square:  # fell, or held (Tentacles)
            return
