"""Player activations: Move, Block, Blitz, Pass, Hand-off, Foul and Throw Team-mate."""

from __future__ import annotations

from league_manager.match.actions import (
    ACTIVATION,
    BITE,
    BLITZ,
    BLOCK,
    BOMB,
    BREATHE_FIRE,
    CHAINSAW,
    CHOOSE,
    DECLARE_TARGET,
    END_ACTIVATION,
    END_TURN,
    FOUL,
    GAZE,
    HAIL_MARY,
    HANDOFF,
    KTM,
    MOVE,
    MULTI_BLOCK,
    PASS,
    PUNT,
    PUNT_OUT,
    SECURE_BALL,
    STAB,
    THROW,
    THROW_BOMB,
    THROW_TO,
    TTM,
    USE_SKILL,
    VOMIT,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc, TurnOver
from league_manager.match.events import Event
from league_manager.match.inducements.necro_spells import danse_choice, lost_tz
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, PITCH_SQUARES, pass_band, push_squares
from league_manager.match.procedures import punt, secure_ball
from league_manager.match.procedures.block import block, projectile_vomit, stab
from league_manager.match.procedures.foul import foul, moves_on_after_foul
from league_manager.match.procedures.injury import knock_down
from league_manager.match.procedures.movement import (
    check_touchdown,
    rush,
    rushes_allowed,
    stand_up,
    step,
)
from league_manager.match.procedures.pass_ import hand_off, pass_ball, pass_targets
from league_manager.match.procedures.rerolls import test
from league_manager.match.procedures.spp_credit import special_action
from league_manager.match.procedures.throw_team_mate import (
    throw_targets,
    throw_team_mate,
    throwable,
)
from league_manager.match.skills import asp_points, points, special_points, star_points
from league_manager.match.skills import mutation_points as mpts
from league_manager.match.skills import season3_points as s3
from league_manager.match.skills import stars_2_points as stars
from league_manager.match.skills import stars_3_points as stars3
from league_manager.match.skills import stars_4_points as sp4
from league_manager.match.skills import stars_5_points as sp5
from league_manager.match.state import PRONE, STANDING, STUNNED

JUMP = "jump"
BOMB_USED = (-1, "Bombardier")
"""Marks the team turn's Throw Bomb as used."""
TTM_USED = (-1, "Throw Team-mate")
"""Marks the team turn's Throw Team-mate as used where it is its own action (Season 3)."""
KTM_USED = (-1, "Kick Team-mate")
"""Marks the team turn's Kick Team-mate as used (``skill_used`` is cleared every team turn)."""
_SPECIAL_BLOCKS = {CHAINSAW: special_points.CHAINSAW, BREATHE_FIRE: special_points.BREATHE_FIRE}
"""Special actions replacing a Block whose hook handlers run them: fn(ctx, p, target) -> Proc."""
END_TURN_ACTION = Action(END_TURN)
_END_ACT = Action(END_ACTIVATION)
_CACHE: dict[tuple[str, int, int], Action] = {}


def act(kind: str, p: int = -1, square: int = -1) -> Action:
    """An interned action (the hot path reuses the same tuples)."""
    key = (kind, p, square)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Action(kind, p, square)
    return found


_MOVES: dict[int, Action] = {}


def _move(p: int, square: int) -> Action:
    """The interned MOVE action (keyed by one int: the hottest lookup of the engine)."""
    key = p * 1024 + square
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = Action(MOVE, p, square)
    return found


def _check(c: Ctx) -> None:
    s = c.s
    check_touchdown(c)
    if s.turnover or s.touchdown >= 0:
        raise TurnOver


def _pay_square(c: Ctx, p: int, mp: int, rushes: int) -> Proc[tuple[int, int]]:
    """A Blitz pays one square for its block, rushing when no movement is left."""
    if mp > 0:
        return mp - 1, rushes
    if not (yield from rush(c, p)):
        c.s.turnover = True
        yield from knock_down(c, p, cause="falls_over")
        _check(c)
    return 0, rushes - 1


def activation(c: Ctx, p: int, kind: str) -> Proc[None]:
    """Activate p for an action and run it until it ends (then any ``activation_end`` hooks).

    Returns the procedure itself (no extra generator level for players without such hooks).
    """
    if c.has(p, special_points.ACTIVATION_END):
        return _with_end_hooks(c, p, kind)
    return _activation(c, p, kind)


def _with_end_hooks(c: Ctx, p: int, kind: str) -> Proc[None]:
    try:
        yield from _activation(c, p, kind)
    except TurnOver:
        yield from _activation_end(c, p)
        raise
    yield from _activation_end(c, p)


def _activation_end(c: Ctx, p: int) -> Proc[None]:
    for _skill, fn in c.hook(p, special_points.ACTIVATION_END):
        yield from fn(c, p)
    _check(c)


def _activation(c: Ctx, p: int, kind: str) -> Proc[None]:
    s = c.s
    team = s.team[p]
    s.used[p] = True
    if kind == BLITZ:
        s.blitz_used = True
    elif kind == PASS or (kind == TTM and not c.ed.ttm_own_action):
        s.pass_used = True
    elif kind == TTM:
        s.skill_used.add(TTM_USED)
    elif kind == HANDOFF:
        s.handoff_used = True
    elif kind == FOUL:
        s.foul_used = True
        s.skill_used.add((p, stars.FOULED))
    elif kind == KTM:
        s.skill_used.add(KTM_USED)
    elif kind == BOMB:
        s.skill_used.add(BOMB_USED)
    elif kind == SECURE_BALL:
        s.skill_used.add(secure_ball.USED)
    s.securing = p if kind == SECURE_BALL else -1
    c.emit(Event("activate", team, p, detail=kind))
    if s.tz_lost[p] and not (s.temporary and lost_tz(s, p)):  # Incorporeal keeps it lost
        c.regain_tackle_zone(p)
    s.gouged.discard(p)
    yield from danse_choice(c, p)
    yield from star_points.team_mate_activated(c, p, kind)
    for _skill, fn in c.hook(p, points.ACTIVATION_TEST):
        if not (yield from fn(c, p, kind)):
            _check(c)
            return
    _check(c)
    if c.has(p, special_points.BALL_AND_CHAIN):
        yield from c.hook(p, special_points.BALL_AND_CHAIN)[0][1](c, p)
        _check(c)
        return
    if kind == BOMB:
        yield from _throw_bomb(c, p)
        return
    target = -1
    if kind in (BLITZ, FOUL):
        target = yield from _declare_target(c, p, kind)
        if kind == BLITZ and target >= 0:
            yield from _nominated(c, p, target)
    mp = s.ma[p]
    rushes = rushes_allowed(c, p)
    if p in s.rooted:
        mp = rushes = 0
    if s.status[p] == PRONE:
        if kind == BLOCK:
            if not c.has(p, points.JUMP_UP):
                return
            stood = yield from test(c, p, "jump_up", s.ag[p], (("Jump Up", 1),), s.pos[p])
            if not stood:
                return
            s.status[p] = STANDING
        stood, mp = yield from stand_up(c, p, mp)
        if not stood:
            return
        if mp < 0:
            rushes += mp
            mp = 0
    jumped = False
    blocked = False
    left = -1  # the square p last vacated by moving (Fumblerooskie)
    while True:
        options = _activation_options(c, p, kind, mp, rushes, jumped, blocked, target, left)
        info = {"player": p, "action": kind, "mp": mp, "rushes": rushes, "jumped": jumped}
        choice = yield Prompt(ACTIVATION, team, options, info)
        ck = choice.kind
        if ck == END_ACTIVATION:
            return
        if ck in (MOVE, JUMP):
            cost = 2 if ck == JUMP else 1
            need = max(0, cost - mp)
            mp = max(0, mp - cost)
            rushes -= need
            if need and rushes == 0:
                stars3.rushed_all(c, p)
            jumped = jumped or ck == JUMP
            origin = s.pos[p]
            yield from step(c, p, choice.square, need, jump=ck == JUMP)
            _check(c)
            if s.status[p] != STANDING or (s.securing == p and s.carrier == p):
                return  # down, or the ball secured: Secure the Ball ends the activation
            if s.pos[p] != choice.square:  # held in place (Tentacles): the movement ends
                mp = rushes = 0
            else:
                left = origin
            continue
        if ck == USE_SKILL:  # Fumblerooskie: the ball stays in the square vacated
            s.carrier = -1
            s.ball = choice.square
            rule = c.hook(p, asp_points.FUMBLEROOSKIE)[0][0]  # Fumblerooskie, or Fumblerooski
            c.emit(Event("skill", team, p, rule=rule, square=choice.square))
            continue
        if ck == BLOCK:
            target = s.board[choice.square]
            left = -1
            since = len(c.events)
            if choice.square not in NEIGHBOURS[s.pos[p]]:  # Vicious Vines
                star_points.spend(c, p, sp5.far_block_rule(c, p), "blocks from two squares away", target)
            if kind == BLOCK:
                yield from _nominated(c, p, target)
            if (yield from _revolted(c, p, target)):
                return
            if kind == BLITZ:
                blocked = True
                mp, rushes = yield from _pay_square(c, p, mp, rushes)
            yield from block(c, p, target, kind == BLITZ)
            _check(c)
            if (
                c.has(p, points.FRENZY)
                and s.status[p] == STANDING
                and s.status[target] == STANDING
                and s.pos[target] in NEIGHBOURS[s.pos[p]]
            ):
                if kind == BLITZ:
                    if mp + rushes == 0:
                        return
                    mp, rushes = yield from _pay_square(c, p, mp, rushes)
                c.emit(Event("skill", team, p, rule="Frenzy", detail="second block"))
                yield from block(c, p, target, kind == BLITZ)
                _check(c)
            if (yield from _after_block(c, p, since)):
                return
            if sp4.another_block(c, p):
                blocked = False
                continue
            if kind == BLOCK:
                if c.has(p, special_points.HIT_AND_RUN):
                    yield from _hit_and_run(c, p)
                return
            if s.status[p] != STANDING:
                return
            continue
        if ck in (VOMIT, STAB):
            target = s.board[choice.square]
            left = -1
            if kind == BLOCK:
                yield from _nominated(c, p, target)
            if (yield from _revolted(c, p, target)):
                return
            if kind == BLITZ:
                blocked = True
                mp, rushes = yield from _pay_square(c, p, mp, rushes)
            moves_on = False  # The Flashing Blade: a Blitz carries on after its Stab
            if ck == VOMIT:
                yield from special_action(c, p, projectile_vomit(c, p, target))
            else:
                moves_on = sp4.stab_by_rule(c, p, target)
                yield from special_action(c, p, stab(c, p, target))
            _check(c)
            if kind == BLOCK or (ck == STAB and not moves_on) or s.status[p] != STANDING:
                return
            continue
        if ck == BITE:
            yield from c.hook(p, special_points.BITE)[0][1](c, p, s.board[choice.square])
            _check(c)
            continue
        if ck in _SPECIAL_BLOCKS:
            target = s.board[choice.square]
            if kind == BLITZ:
                mp, rushes = yield from _pay_square(c, p, mp, rushes)
                s.skill_used.add((p, stars3.CHAINSAW_BLITZ))
            if s.status[target] != STANDING:
                stars3.chainsaw_on_down_used(c, p)
            yield from special_action(c, p, c.hook(p, _SPECIAL_BLOCKS[ck])[0][1](c, p, target))
            _check(c)
            if ck == CHAINSAW:
                yield from stars3.after_chainsaw(c, p)
                _check(c)
            return
        if ck == MULTI_BLOCK:
            if not (yield from _revolted(c, p, s.board[choice.square])):
                yield from _multiple_block(c, p, s.board[choice.square])
                if c.has(p, special_points.HIT_AND_RUN):
                    yield from _hit_and_run(c, p)
            return
        if ck == GAZE:
            target = s.board[choice.square]
            if not (yield from _revolted(c, p, target)):
                for _skill, fn in c.hook(p, mpts.HYPNOTIC_GAZE):
                    yield from fn(c, p, target)
            _check(c)
            return
        if ck in (PASS, HAIL_MARY):
            quick = ck == PASS and pass_band(s.pos[p], choice.square) == 1
            yield from pass_ball(c, p, choice.square, hail_mary=ck == HAIL_MARY)
            _check(c)
            moves_on = quick and mp > 0 and s.carrier != p and s.status[p] == STANDING
            rule = _moves_on_rule(c, p, asp_points.RUNNING_PASS, "Running Pass")
            if moves_on and rule:
                c.emit(Event("skill", team, p, rule=rule, detail="may move on"))
                kind = MOVE
                continue
            return
        if ck == HANDOFF:
            yield from hand_off(c, p, s.board[choice.square])
            _check(c)
            if mp > 0 and s.status[p] == STANDING and c.has(p, s3.GIVE_AND_GO):
                c.emit(Event("skill", team, p, rule="Give and Go", detail="may move on"))
                kind = MOVE
                continue
            return
        if ck == FOUL:
            yield from foul(c, p, s.board[choice.square])
            _check(c)
            if mp > 0 and s.status[p] == STANDING and (rule := moves_on_after_foul(c, p)):
                c.emit(Event("skill", team, p, rule=rule, detail="may move on"))
                kind = MOVE
                continue
            return
        if ck in (PUNT, PUNT_OUT):
            yield from punt.punt(c, p, choice)
            _check(c)
            return
        if ck == THROW:
            thrown = s.board[choice.square]
            opts = [act(THROW_TO, p, t) for t in throw_targets(c, p)]
            info = {"player": p, "action": kind, "mp": 0, "thrown": thrown}
            aim = yield Prompt(ACTIVATION, team, opts, info)
            yield from throw_team_mate(c, p, thrown, aim.square, kick=kind == KTM)
            _check(c)
            return


def _activation_options(
    c: Ctx,
    p: int,
    kind: str,
    mp: int,
    rushes: int,
    jumped: bool,
    blocked: bool,
    target: int = -1,
    left: int = -1,
) -> list[Action]:
    s = c.s
    team = s.team[p]
    here = s.pos[p]
    board = s.board
    options: list[Action] = []
    jump_again = not jumped or not c.ed.one_jump_per_move
    if kind != BLOCK and s.status[p] == STANDING and (mp > 0 or rushes > 0):
        moves = _MOVES
        base = p * 1024
        for n in NEIGHBOURS[here]:
            q = board[n]
            if q < 0:
                options.append(moves.get(base + n) or _move(p, n))
            elif jump_again and s.status[q] != STANDING and (mp + rushes >= 2):
                for beyond in push_squares(here, n):
                    if ON_PITCH[beyond] and board[beyond] < 0:
                        options.append(act(JUMP, p, beyond))
        if not jumped and mp + rushes >= 2 and c.has(p, points.LEAP):
            seen = {a.square for a in options if a.kind == JUMP}
            for n in NEIGHBOURS[here]:
                q = board[n]
                if q >= 0 and s.status[q] != STANDING:
                    continue
                for beyond in push_squares(here, n):
                    if ON_PITCH[beyond] and board[beyond] < 0 and beyond not in seen:
                        seen.add(beyond)
                        options.append(act(JUMP, p, beyond))
    if (kind == BLOCK or (kind == BLITZ and not blocked and mp + rushes > 0)) and s.status[p] == STANDING:
        used = s.skill_used
        vomit = c.has(p, points.PROJECTILE_VOMIT) and (p, "Projectile Vomit") not in used
        stabs = (c.has(p, points.STAB) or sp4.may_stab(c, p)) and (p, "Stab") not in used
        multi = kind == BLOCK and c.has(p, points.MULTIPLE_BLOCK)
        specials = (
            [k for k, point in _SPECIAL_BLOCKS.items() if c.has(p, point)] if _any_special(c, p) else ()
        )
        for n in NEIGHBOURS[here]:
            q = board[n]
            if q >= 0 and s.team[q] != team and s.status[q] == STANDING:
                if kind == BLITZ and q != target:
                    continue
                options.append(act(BLOCK, p, n))
                if vomit:
                    options.append(act(VOMIT, p, n))
                if stabs:
                    options.append(act(STAB, p, n))
                if multi:
                    options.append(act(MULTI_BLOCK, p, n))
                for special in specials:
                    options.append(act(special, p, n))
            elif (
                q >= 0
                and s.team[q] != team
                and CHAINSAW in specials
                and (kind == BLOCK or q == target)
                and stars3.chainsaw_on_down(c, p)  # Kick 'em While They're Down!
            ):
                options.append(act(CHAINSAW, p, n))
        if kind == BLOCK and sp5.far_block_rule(c, p):
            for n in sp5.two_squares_away(here):
                q = board[n]
                if q >= 0 and s.team[q] != team and s.status[q] == STANDING:
                    options.append(act(BLOCK, p, n))
    gaze = kind == MOVE and mpts.HYPNOTIC_GAZE in c.hooks[p] and not s.kick_in_air  # not in Blitz!
    if gaze and s.status[p] == STANDING:
        for n in NEIGHBOURS[here]:
            q = board[n]
            if q >= 0 and s.team[q] != team and c.has_tz(q):
                options.append(act(GAZE, p, n))
    hungry = False
    if c.has(p, special_points.MUST_FEED):
        for _skill, fn in c.hook(p, special_points.MUST_FEED):
            bites = fn(c, p)
            if bites is not None:
                hungry = True
                options.extend(act(BITE, p, s.pos[q]) for q in bites)
    if s.carrier == p and s.status[p] == STANDING and not hungry:
        if kind == PASS:
            options.extend(act(PASS, p, t) for t in pass_targets(c, p))
            if s.weather != "blizzard" and c.has(p, asp_points.HAIL_MARY):
                options.extend(act(HAIL_MARY, p, t) for t in PITCH_SQUARES if t != here)
        elif kind == HANDOFF:
            for n in NEIGHBOURS[here]:
                q = board[n]
                if q >= 0 and s.team[q] == team and s.status[q] == STANDING:
                    options.append(act(HANDOFF, p, n))
        elif kind == PUNT:
            options.extend(punt.targets(c, p))
        elif left >= 0 and board[left] < 0 and kind in (MOVE, BLITZ) and c.has(p, asp_points.FUMBLEROOSKIE):
            options.append(act(USE_SKILL, p, left))
    if kind == TTM and s.status[p] == STANDING:
        options.extend(act(THROW, p, s.pos[q]) for q in throwable(c, p))
    if kind == KTM and s.status[p] == STANDING:
        kickable = (q for q in throwable(c, p) if s.status[q] == STANDING)
        options.extend(act(THROW, p, s.pos[q]) for q in kickable)
    if kind == FOUL and s.status[p] == STANDING:
        for n in NEIGHBOURS[here]:
            q = board[n]
            if q == target and s.status[q] in (PRONE, STUNNED):
                options.append(act(FOUL, p, n))
    options.append(_END_ACT)
    return options


def _moves_on_rule(c: Ctx, p: int, point: str, rule: str) -> str:
    """The skill letting p move on after a Quick Pass: Running Pass, or Season 3's Give and Go."""
    if c.has(p, point):
        return rule
    return "Give and Go" if c.has(p, s3.GIVE_AND_GO) else ""


def _any_special(c: Ctx, p: int) -> bool:
    return c.has(p, special_points.CHAINSAW) or c.has(p, special_points.BREATHE_FIRE)


def _throw_bomb(c: Ctx, p: int) -> Proc[None]:
    """Throw Bomb: no standing up or moving first; a target in passing range, or end."""
    s = c.s
    if s.status[p] != STANDING:
        return
    throws = 2 if (yield from stars3.bomb_twice(c, p)) else 1  # All You Can Eat
    for n in range(throws):
        if s.status[p] != STANDING or s.pos[p] < 0:
            return
        opts = [act(THROW_BOMB, p, t) for t in pass_targets(c, p)]
        info = {"player": p, "action": BOMB, "mp": 0}
        choice = yield Prompt(ACTIVATION, s.team[p], [*opts, _END_ACT], info)
        if choice.kind != THROW_BOMB:
            return
        yield from special_action(c, p, c.hook(p, special_points.BOMBARDIER)[0][1](c, p, choice.square))
        if n == 1:
            yield from stars3.after_second_bomb(c, p)
        _check(c)


def _hit_and_run(c: Ctx, p: int) -> Proc[None]:
    """Skills used once a Block action is over, while still standing (Hit and Run)."""
    if c.s.status[p] != STANDING:
        return
    for _skill, fn in c.hook(p, special_points.HIT_AND_RUN):
        yield from fn(c, p)
        _check(c)


def _multiple_block(c: Ctx, p: int, first: int) -> Proc[None]:
    """Multiple Block: two blocks, each target +2 ST, no follow-up."""
    s = c.s
    team = s.team[p]
    s.multi_block = True
    try:
        c.emit(Event("skill", team, p, rule="Multiple Block", other=first))
        since = len(c.events)
        yield from _nominated(c, p, first)
        yield from block(c, p, first, False)
        _check(c)
        if (yield from _after_block(c, p, since)) or s.status[p] != STANDING:
            return
        opts = [
            act(BLOCK, p, n)
            for n in NEIGHBOURS[s.pos[p]]
            if (q := s.board[n]) >= 0 and q != first and s.team[q] != team
            and s.status[q] == STANDING
        ]  # fmt: skip
        if not opts:
            return
        info = {"player": p, "action": BLOCK, "mp": 0, "second_block": True}
        choice = yield Prompt(ACTIVATION, team, [*opts, _END_ACT], info)
        if choice.kind == BLOCK:
            since = len(c.events)
            second = s.board[choice.square]
            yield from _nominated(c, p, second)
            if (yield from _revolted(c, p, second)):
                return
            yield from block(c, p, second, False)
            _check(c)
            yield from _after_block(c, p, since)
    finally:
        s.multi_block = False


def _revolted(c: Ctx, p: int, target: int) -> Proc[bool]:
    """Before p's block or special action on ``target``: True when the target's skill wastes it
    (Foul Appearance)."""
    for _skill, fn in c.hook(target, mpts.TARGETED):
        if not (yield from fn(c, p, target)):
            return True
    return False


def _nominated(c: Ctx, p: int, target: int) -> Proc[None]:
    """The target of p's Block (or Blitz, or special action instead of a Block) is nominated."""
    for _skill, fn in c.hook(target, asp_points.BLOCK_TARGETED):
        yield from fn(c, target, p)
    _check(c)


def _after_block(c: Ctx, p: int, since: int) -> Proc[bool]:
    """Skills used once p's block is resolved (Pile Driver); True ends the activation."""
    for _skill, fn in c.hook(p, asp_points.AFTER_BLOCK):
        if (yield from fn(c, p, since)):
            _check(c)
            return True
    return False


def _declare_target(c: Ctx, p: int, kind: str) -> Proc[int]:
    """Nominate the Blitz target (a standing opponent) or Foul victim (a prone/stunned one)."""
    s = c.s
    foe = 1 - s.team[p]
    wanted = (STANDING,) if kind == BLITZ else (PRONE, STUNNED)
    opts = [act(CHOOSE, p, s.pos[q]) for q in s.players_of(foe) if s.pos[q] >= 0 and s.status[q] in wanted]
    if not opts:
        return -1
    choice = yield Prompt(DECLARE_TARGET, s.team[p], opts, {"player": p, "action": kind})
    target = s.board[choice.square]
    c.emit(Event("declared_target", s.team[p], p, detail=kind, other=target))
    return target
