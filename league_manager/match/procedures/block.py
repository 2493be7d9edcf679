"""Blocks: strength and assists, block dice and who chooses, results, pushes, follow-up."""

from __future__ import annotations

from league_manager.match.actions import (
    BLOCK_DIE,
    CHOOSE,
    DECLINE,
    FOLLOW_UP,
    NO,
    PUSH,
    REROLL,
    USE_PRO,
    USE_SKILL,
    USE_SKILL_PROMPT,
    USE_TEAM_REROLL,
    YES,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, push_squares
from league_manager.match.procedures.ball import bounce, throw_in
from league_manager.match.procedures.injury import crowd_injury, knock_down, place_prone
from league_manager.match.procedures.movement import check_touchdown
from league_manager.match.procedures.rerolls import team_reroll_available, use_team_reroll
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoor
from league_manager.match.skills import asp_points, points, special_points, star_points
from league_manager.match.skills import season3_points as s3
from league_manager.match.skills import stars_2_points as stars
from league_manager.match.state import STANDING
from league_manager.rules.dice import BLOCK_FACES

PLAYER_DOWN, BOTH_DOWN, PUSH_BACK, STUMBLE, POW = (
    "Player Down",
    "Both Down",
    "Push Back",
    "Stumble",
    "POW",
)


def assists(c: Ctx, helper_team: int, target: int, exclude: int) -> int:
    """Assists ``helper_team`` gives against ``target`` (not counting ``exclude``).

    A helper must mark the target and be marked by no opponent other than the target
    (Guard ignores the second condition, unless a Defensive opponent marks the helper in
    the helper's own team turn).
    """
    s = c.s
    if s.team[target] == helper_team:
        return 0  # a Ball & Chain blocking a team-mate: nobody marks their own side
    count = 0
    for n in NEIGHBOURS[s.pos[target]]:
        q = s.board[n]
        if q < 0 or q == exclude or s.team[q] != helper_team or not c.has_tz(q) or q in s.gouged:
            continue
        guard = c.has(q, points.ASSIST_WHEN_MARKED) and not _guard_cancelled(c, n, helper_team)
        if guard or not c.is_marked(n, helper_team, ignore=target):
            count += 1
    return count


def _guard_cancelled(c: Ctx, square: int, helper_team: int) -> bool:
    """Defensive: in the helper's team turn, a marking opponent with it stops Guard."""
    if c.s.active != helper_team:
        return False
    return any(c.has(m, asp_points.CANCEL_GUARD) for m in c.markers(square, helper_team))


def before_blocked(c: Ctx, att: int, dfd: int) -> Proc[None]:
    """Skills of a player about to be hit by a Block or a special action replacing one (Trickster)."""
    if c.has(att, special_points.BALL_AND_CHAIN):
        return
    for _skill, fn in c.hook(dfd, special_points.TRICKSTER):
        yield from fn(c, dfd, att)


def dice_count(st_a: int, st_d: int) -> tuple[int, bool]:
    """Number of block dice and whether the attacker chooses."""
    if st_a == st_d:
        return 1, True
    if st_a > st_d:
        return (3 if st_a > 2 * st_d else 2), True
    return (3 if st_d > 2 * st_a else 2), False


def strengths(c: Ctx, att: int, dfd: int, base_a: int) -> tuple[int, int, int, int]:
    """Block strengths with assists: (attacker, defender, offensive, defensive assists).

    Args:
        base_a: the attacker's strength before assists (Horns and Dauntless applied).
    """
    s = c.s
    off = assists(c, s.team[att], dfd, att) + s.cheering[s.team[att]]
    dfn = assists(c, s.team[dfd], att, dfd)
    st_a, st_d = base_a + off, s.st[dfd] + dfn
    if s.multi_block:
        st_a -= 2
    return st_a, st_d, off, dfn


def block(c: Ctx, att: int, dfd: int, blitz: bool) -> Proc[None]:
    """Resolve a block by ``att`` against ``dfd``."""
    s = c.s
    if c.has(dfd, special_points.TRICKSTER):
        yield from before_blocked(c, att, dfd)
    ta = s.team[att]
    base_a = s.st[att]
    if blitz:
        for skill, fn in c.hook(att, points.BLITZ_STRENGTH):
            base_a += int(fn())
            c.emit(Event("skill", ta, att, rule=skill, detail=f"+{int(fn())} ST"))
    if base_a < s.st[dfd]:
        for skill, _fn in c.hook(att, points.DAUNTLESS):
            roll = c.d6("dauntless")
            ok = roll + base_a > s.st[dfd]
            c.emit(Event("dauntless", ta, att, (roll,), s.st[dfd], success=ok, rule=skill))
            for rule, _f in c.hook(att, star_points.DAUNTLESS_REROLL):
                if ok or not (yield from offer_skill(c, att, rule)):
                    break
                roll = c.d6("dauntless")
                ok = roll + base_a > s.st[dfd]
                c.emit(Event("dauntless", ta, att, (roll,), s.st[dfd], success=ok, rule=rule))
            if ok:
                base_a = s.st[dfd]
                base_a += yield from stars.after_dauntless(c, att, dfd)
    st_a, st_d, off, dfn = strengths(c, att, dfd, base_a)
    if s.cheering[ta]:  # Season 3 Cheering Fans: spent on the team's first Block
        s.cheering[ta] = 0
        c.emit(Event("skill", ta, att, rule="Cheering Fans", detail="+1 offensive assist"))
    n, attacker_chooses = dice_count(st_a, st_d)
    if blitz:
        n += yield from _extra_die(c, att)
    mods = (("offensive assists", off), ("defensive assists", -dfn))
    who = "attacker" if attacker_chooses else "defender"
    detail = f"ST {st_a} v {st_d}: {n} dice, {who} chooses"
    rule = "Blitz" if blitz else "Block"
    c.emit(Event("block", ta, att, (), 0, mods, rule=rule, detail=detail, other=dfd))
    brawler = not blitz and c.has(att, asp_points.BRAWLER)
    any_die = "Unstoppable Momentum" if blitz and c.has(att, stars.BLITZ_DIE_REROLL) else ""
    any_die = any_die or _hatred(c, att, dfd) or _tandem(c, att, dfd)
    stars.block_targeted(c, att, dfd)
    face = yield from _choose_face(c, att, dfd, n, attacker_chooses, brawler, any_die)
    c.emit(Event("block_result", ta, att, detail=face, other=dfd))
    yield from apply_result(c, att, dfd, face, blitz)
    s.skill_used.discard((dfd, stars.DODGE_THIS_BLOCK))


def _extra_die(c: Ctx, att: int) -> Proc[int]:
    """Gored by the Bull: once per game, one more block die on a Blitz (the coach chooses)."""
    for rule, _fn in c.hook(att, star_points.BLITZ_EXTRA_DIE):
        if star_points.unused(c, att, rule) and (yield from offer_skill(c, att, rule)):
            star_points.mark_used(c, att, rule)
            c.emit(Event("skill", c.s.team[att], att, rule=rule, detail="+1 block die"))
            return 1
    return 0


def _reroll_any(c: Ctx, att: int, faces: list[str]) -> Proc[bool]:
    """Savage Blow: once per game, re-roll any of the block dice (option square = bit mask)."""
    for rule, _fn in c.hook(att, star_points.REROLL_BLOCK_DICE):
        if not star_points.unused(c, att, rule):
            continue
        opts = [Action(USE_SKILL, att, mask) for mask in range(1, 1 << len(faces))]
        info = {"skill": rule, "player": att, "dice": list(faces)}
        choice = yield Prompt(USE_SKILL_PROMPT, c.s.team[att], [*opts, Action(DECLINE)], info)
        if choice.kind != USE_SKILL:
            return False
        star_points.mark_used(c, att, rule)
        rolls = []
        for i in range(len(faces)):
            if choice.square >> i & 1:
                new = c.d6("block")
                rolls.append(new)
                faces[i] = BLOCK_FACES[new - 1]
        c.emit(Event("block_dice", c.s.team[att], att, tuple(rolls), detail=", ".join(faces), rule=rule))
        return True
    return False


def _choose_face(
    c: Ctx,
    att: int,
    dfd: int,
    n: int,
    attacker_chooses: bool,
    brawler: bool = False,
    any_die: str = "",
) -> Proc[str]:
    """Roll the block dice, offer the attacker's re-rolls (team re-roll, Pro, Brawler), pick a face.

    ``brawler``: the attacker may re-roll one Both Down die (a Block, not a Blitz).
    ``any_die``: the rule letting the attacker re-roll any one die (Unstoppable Momentum on
    a Blitz, Season 3's Hatred against a hated keyword), or "".
    """
    momentum = bool(any_die)
    s = c.s
    ta, td = s.team[att], s.team[dfd]
    faces = _roll(c, n)
    rerolled = yield from _reroll_any(c, att, faces)
    while True:
        fury = "" if rerolled or any_die else _falling_reroll(c, att, faces, attacker_chooses)
        can_team = not rerolled and team_reroll_available(c, ta)
        can_pro = not rerolled and s.active == ta and (att, "Pro") not in s.skill_used
        can_pro = can_pro and c.has(att, points.PRO)
        rerolls = [Action(USE_TEAM_REROLL, att)] if can_team else []
        if can_pro:
            rerolls += [Action(USE_PRO, att, i) for i in range(n)]
        if (momentum or fury) and not rerolled:
            rerolls += [Action(USE_SKILL, att, i) for i in range(n)]
        if brawler and not rerolled and not fury and BOTH_DOWN in faces:
            rerolls.append(Action(USE_SKILL, att, faces.index(BOTH_DOWN)))
        distinct = sorted(set(faces), key=faces.index)
        info = {"player": att, "target": dfd, "dice": list(faces)}
        choices = [Action(CHOOSE, att, BLOCK_FACES.index(f)) for f in distinct]
        if attacker_chooses:
            if len(distinct) == 1 and not rerolls:
                return distinct[0]
            choice = yield Prompt(BLOCK_DIE, ta, choices + rerolls, info)
        elif rerolls:
            opts = [*rerolls, Action(DECLINE)]
            choice = yield Prompt(REROLL, ta, opts, {**info, "roll": "block"})
        else:
            choice = Action(DECLINE)
        if choice.kind == USE_TEAM_REROLL:
            rerolled = True
            if use_team_reroll(c, att):
                faces = _roll(c, n)
            continue
        if choice.kind == USE_PRO:
            rerolled = True
            s.skill_used.add((att, "Pro"))
            roll = c.d6("pro")
            ok = roll >= 3
            c.emit(Event("pro", ta, att, (roll,), 3, success=ok, rule="Pro"))
            if ok:
                new = c.d6("block")
                faces[choice.square] = BLOCK_FACES[new - 1]
                c.emit(Event("block_dice", rolls=(new,), detail=", ".join(faces), rule="Pro"))
            continue
        if choice.kind == USE_SKILL:
            rerolled = True
            new = c.d6("block")
            faces[choice.square] = BLOCK_FACES[new - 1]
            rule = any_die or fury or "Brawler"
            if fury:
                star_points.mark_used(c, att, fury)
            c.emit(Event("block_dice", rolls=(new,), detail=", ".join(faces), rule=rule))
            continue
        if choice.kind == DECLINE:
            if len(distinct) == 1:
                return distinct[0]
            choice = yield Prompt(BLOCK_DIE, td, choices, info)
        return BLOCK_FACES[choice.square]


def _falling_reroll(c: Ctx, att: int, faces: list[str], attacker_chooses: bool) -> str:
    """Season 3 Woodland Fury: the rule letting ``att`` re-roll one block die when the dice
    would knock them down (every face they may pick, or any face the defender may pick, is
    Player Down or a Both Down without Block), while unused this game; or ""."""
    for rule, _fn in c.hook(att, s3.FALLING_BLOCK_DIE_REROLL):
        if not star_points.unused(c, att, rule):
            continue
        block = c.has(att, points.BOTH_DOWN_SAFE)
        falls = [f == PLAYER_DOWN or (f == BOTH_DOWN and not block) for f in faces]
        if all(falls) if attacker_chooses else any(falls):
            return str(rule)
    return ""


def _hatred(c: Ctx, att: int, dfd: int) -> str:
    """Season 3 Hatred (X): "Hatred" when the defender has the keyword X the attacker hates."""
    if not c.has(att, s3.HATRED):
        return ""
    s = c.s
    team = s.team[dfd]
    snap = s.teams[team].players[dfd - (0 if team == 0 else len(s.teams[0].players))]
    keywords = {k.lower() for k in snap.keywords}
    for skill, fn in c.hook(att, s3.HATRED):
        if str(fn(c.param(att, skill))).lower() in keywords:
            return str(skill)
    return ""


def _tandem(c: Ctx, att: int, dfd: int) -> str:
    """Season 3 Working in Tandem: "Working in Tandem" when the attacker has the blocking half
    and a team-mate with the rule marks the defender."""
    if not c.has(att, s3.TANDEM_BLOCK):
        return ""
    for skill, fn in c.hook(att, s3.TANDEM_BLOCK):
        if fn(c, att) and any(
            q != att and c.has(q, s3.TANDEM_BLOCK) for q in c.markers(c.s.pos[dfd], c.s.team[dfd])
        ):
            return str(skill)
    return ""


def _roll(c: Ctx, n: int) -> list[str]:
    rolls = tuple(c.d6("block") for _ in range(n))
    faces = [BLOCK_FACES[r - 1] for r in rolls]
    c.emit(Event("block_dice", rolls=rolls, detail=", ".join(faces)))
    return faces


def apply_result(c: Ctx, att: int, dfd: int, face: str, blitz: bool = False) -> Proc[None]:
    """Apply a chosen block die face."""
    s = c.s
    juggernaut = blitz and c.has(att, points.JUGGERNAUT)
    if face == BOTH_DOWN and juggernaut and (yield from offer_skill(c, att, "Juggernaut")):
        c.emit(Event("skill", s.team[att], att, rule="Juggernaut", detail="Both Down -> Push Back"))
        face = PUSH_BACK
    if face == PLAYER_DOWN:
        s.turnover = True
        yield from knock_down(c, att, by=dfd)
        return
    if face == BOTH_DOWN:
        for q in (att, dfd):
            if not c.has(q, points.BOTH_DOWN_PRONE) or (q == dfd and juggernaut):
                continue
            opts = [Action(USE_SKILL, q), Action(DECLINE)]
            info = {"skill": "Wrestle", "player": q}
            choice = yield Prompt(USE_SKILL_PROMPT, s.team[q], opts, info)
            if choice.kind == USE_SKILL:
                if s.carrier == att:
                    s.turnover = True
                yield from place_prone(c, dfd, "Wrestle")
                yield from place_prone(c, att, "Wrestle")
                return
        att_safe = yield from _ignore_both_down(c, att)
        dfd_safe = yield from _ignore_both_down(c, dfd)
        if not dfd_safe:
            yield from knock_down(c, dfd, by=att, bonus=_bonus(c, att), spp=True)
        if not att_safe:
            s.turnover = True
            if s.status[att] == STANDING:  # not already down by a Saboteur's weapon
                yield from knock_down(c, att, by=dfd)
        return
    if face == STUMBLE:
        dodges = False
        if not c.has(att, points.CANCEL_STUMBLE_SAFE):
            if (dfd, stars.DODGE_THIS_BLOCK) in s.skill_used:  # Watch Out! counts as Dodge
                dodges = True
                c.emit(Event("skill", s.team[dfd], dfd, rule="Dodge", detail="Stumble -> Push Back"))
            for skill, _fn in c.hook(dfd, points.STUMBLE_SAFE):
                if dodges:
                    break
                dodges = yield from offer_skill(c, dfd, skill)
                if dodges:
                    c.emit(Event("skill", s.team[dfd], dfd, rule=skill, detail="Stumble -> Push Back"))
                break
        face = PUSH_BACK if dodges else POW
    yield from push_and_follow(c, att, dfd, knock=face == POW, blitz=blitz)


def _ignore_both_down(c: Ctx, p: int) -> Proc[bool]:
    """Block "may" ignore Both Down: offered to p's coach; True when p is not knocked down."""
    for skill, _fn in c.hook(p, points.BOTH_DOWN_SAFE):
        if (yield from offer_skill(c, p, skill)):
            c.emit(Event("skill", c.s.team[p], p, rule=skill, detail="ignores Both Down"))
            return True
        return False
    return False


def offer_skill(c: Ctx, p: int, skill: str) -> Proc[bool]:
    """Ask p's coach whether to use an optional skill now (a real choice); True when used."""
    opts = [Action(USE_SKILL, p), Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, c.s.team[p], opts, {"skill": skill, "player": p})
    return choice.kind == USE_SKILL


def _bonus(c: Ctx, att: int) -> int:
    total = 0
    for skill, fn in c.hook(att, points.ARMOUR_OR_INJURY_BONUS):
        total += int(fn(c.param(att, skill)))
    return total


def push_and_follow(c: Ctx, att: int, dfd: int, knock: bool, blitz: bool = False) -> Proc[None]:
    """Push the target (chain pushes, crowd), offer the follow-up, then knock down on POW."""
    s = c.s
    ta = s.team[att]
    vacated = s.pos[dfd]
    juggernaut = blitz and c.has(att, points.JUGGERNAUT)
    strip = (
        not knock and s.carrier == dfd and c.has(att, points.STRIP_BALL) and not c.has(dfd, points.KEEP_BALL)
    )
    rooted = dfd in s.rooted
    if rooted or (
        c.has(dfd, points.NOT_PUSHED)
        and not juggernaut
        and c.has_tz(dfd)
        and (yield from offer_skill(c, dfd, "Stand Firm"))
    ):
        rule = "Take Root" if rooted else "Stand Firm"
        c.emit(Event("skill", s.team[dfd], dfd, rule=rule, detail="not pushed"))
        vacated = -1
        pending: list[int] = []
    else:
        pending = yield from _push(c, att, s.pos[att], dfd, ta, first=not blitz)
        if s.pos[dfd] >= 0 and s.pos[dfd] != vacated and c.has(att, s3.EYE_GOUGE):
            s.gouged.add(dfd)
            c.emit(Event("skill", ta, att, rule="Eye Gouge", other=dfd, detail="no assists until activated"))
    if vacated >= 0 and s.pos[att] >= 0 and vacated not in NEIGHBOURS[s.pos[att]]:
        vacated = -1  # blocked from two squares away (Vicious Vines): no follow-up
    can_follow = not s.multi_block
    if can_follow and vacated >= 0 and s.board[vacated] < 0 and s.status[att] == STANDING:
        fend = c.has(dfd, points.FEND) and not juggernaut and c.has_tz(dfd)
        fend = fend and not c.has(att, special_points.BALL_AND_CHAIN)
        if fend and (yield from offer_skill(c, dfd, "Fend")):
            c.emit(Event("skill", s.team[dfd], dfd, rule="Fend", detail="no follow-up", other=att))
            can_follow = False
    if vacated >= 0 and s.board[vacated] < 0 and s.status[att] == STANDING and can_follow:
        taunted = c.has(dfd, s3.TAUNT)
        if c.has(att, points.FRENZY) or c.has(att, special_points.MUST_FOLLOW_UP) or taunted:
            if taunted:
                c.emit(Event("skill", s.team[dfd], dfd, rule="Taunt", detail="must follow up", other=att))
            opts = [Action(YES, att, vacated)]
        else:
            opts = [Action(YES, att, vacated), Action(NO, att)]
        choice = yield Prompt(FOLLOW_UP, ta, opts, {"player": att, "square": vacated})
        if choice.kind == YES:
            s.place(att, vacated)
            c.emit(Event("follow_up", ta, att, square=vacated))
            if vacated in TRAPDOORS:
                yield from trapdoor(c, att)
    if strip and s.carrier == dfd and s.pos[dfd] >= 0:
        c.emit(Event("skill", ta, att, rule="Strip Ball", other=dfd))
        s.carrier = -1
        pending.append(s.pos[dfd])
    if knock and s.pos[dfd] >= 0:
        yield from knock_down(c, dfd, by=att, bonus=_bonus(c, att), spp=True)
    for square in pending:
        if s.carrier < 0 and s.ball == square:
            yield from bounce(c, square)
    check_touchdown(c)


def _free_squares(c: Ctx, square: int) -> list[int]:
    return [n for n in NEIGHBOURS[square] if c.s.board[n] < 0]


def _push(c: Ctx, att: int, from_sq: int, victim: int, chooser: int, first: bool = False) -> Proc[list[int]]:
    """Push ``victim`` away from ``from_sq``; returns squares where a loose ball must bounce.

    ``first`` marks the target of a Block action (Grab applies; Sidestep applies always).
    """
    s = c.s
    here = s.pos[victim]
    squares = push_squares(from_sq, here)
    empty = [q for q in squares if ON_PITCH[q] and s.board[q] < 0]
    target_of_block = s.board[from_sq] == att
    grab = target_of_block and c.has(att, points.GRAB)
    grabbed = _free_squares(c, here) if grab and first else []
    picker = chooser
    if not grab and c.has(victim, points.SIDE_STEP) and _free_squares(c, here):
        empty = _free_squares(c, here)
        picker = s.team[victim]
    if empty:
        options = empty
    elif any(not ON_PITCH[q] for q in squares):
        options = []
    else:
        options = [
            q for q in squares if not c.has(s.board[q], points.NOT_PUSHED) and s.board[q] not in s.rooted
        ]
        if not options and not grabbed:
            c.emit(Event("not_pushed", s.team[victim], victim, rule="Stand Firm", square=here))
            return []
    if grabbed:
        # Grab is a choice: any free square, or the push the normal rules give (crowd too)
        normal = options or [q for q in squares if not ON_PITCH[q]]
        options = grabbed + [q for q in normal if q not in grabbed]
    if not options:
        return (yield from _into_crowd(c, att, victim))
    if len(options) == 1:
        dest = options[0]
    else:
        opts = [Action(CHOOSE, victim, q) for q in options]
        choice = yield Prompt(PUSH, picker, opts, {"player": victim, "from": here})
        dest = choice.square
    if not ON_PITCH[dest]:  # Grab declined in favour of the crowd
        return (yield from _into_crowd(c, att, victim))
    pending: list[int] = []
    occupant = s.board[dest]
    if occupant >= 0:
        pending = yield from _push(c, att, here, occupant, chooser)
    s.place(victim, dest)
    c.emit(Event("pushed", s.team[victim], victim, square=dest))
    carried = s.carrier == victim
    if carried:
        s.ball = dest
    if dest in TRAPDOORS and (yield from trapdoor(c, victim, att)):
        return pending
    if not carried and s.carrier < 0 and s.ball == dest:
        pending.append(dest)
    return pending


def push_back(c: Ctx, victim: int, from_sq: int, chooser: int) -> Proc[list[int]]:
    """A Push Back with no blocker (WAAAGH! Drummer): ``victim`` pushed away from ``from_sq``.

    Chain pushes, Side Step and the crowd apply as for a block; ``chooser``'s coach picks the
    square. Returns the squares where a loose ball must bounce.
    """
    return (yield from _push(c, victim, from_sq, victim, chooser))


def _into_crowd(c: Ctx, att: int, victim: int) -> Proc[list[int]]:
    """Pushed into the crowd: injury by the crowd, the ball thrown in."""
    s = c.s
    here = s.pos[victim]
    had_ball = s.carrier == victim
    if had_ball and s.team[victim] == s.active:
        s.turnover = True
    yield from crowd_injury(c, victim, att)
    if had_ball:
        yield from throw_in(c, here)
    return []


def stab(c: Ctx, p: int, target: int) -> Proc[None]:
    """Stab instead of a block: an unmodified armour roll against the target (no SPP)."""
    from league_manager.match.procedures.injury import armour_and_injury

    c.s.skill_used.add((p, "Stab"))
    yield from before_blocked(c, p, target)
    c.emit(Event("stab", c.s.team[p], p, rule="Stab", other=target))
    imods = star_points.injury_modifiers(c, p, target)
    yield from armour_and_injury(c, target, p, 0, 0, spp=False, foul=False, injury_mods=imods, stab=True)


def projectile_vomit(c: Ctx, p: int, target: int) -> Proc[None]:
    """Projectile Vomit instead of a block: 2+ armour roll against the target, 1 against p.

    Once per turn per player (recorded in ``skill_used``, which is cleared each team turn).
    """
    s = c.s
    from league_manager.match.procedures.injury import armour_and_injury

    s.skill_used.add((p, "Projectile Vomit"))
    yield from before_blocked(c, p, target)
    roll = c.d6("projectile vomit")
    hit = roll >= 2
    c.emit(Event("projectile_vomit", s.team[p], p, (roll,), 2, success=hit, other=target))
    victim = target if hit else p
    had_ball = s.carrier == victim
    yield from armour_and_injury(c, victim, p if hit else -1, 0, 0, spp=False, foul=False)
    if had_ball and s.carrier != victim and s.team[victim] == s.active:
        s.turnover = True
