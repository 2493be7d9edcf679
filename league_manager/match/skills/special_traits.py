"""Traits with special actions or odd movement: Chainsaw, Breathe Fire, Hit and Run, Trickster …

Their hook points are declared in ``special_points``; the procedures call the handlers
registered here at those points (see docs/rules-decisions.md, "Skills and traits: special
actions and odd movement").
"""

from __future__ import annotations

from league_manager.match.actions import (
    ACTIVATION,
    BITE_PROMPT,
    BLITZ,
    BLOCK,
    CHOOSE,
    DECLINE,
    END_ACTIVATION,
    MOVE,
    USE_SKILL,
    USE_SKILL_PROMPT,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, W, distance
from league_manager.match.procedures.ball import bounce
from league_manager.match.procedures.block import before_blocked, block, push_and_follow
from league_manager.match.procedures.injury import (
    apply_injury,
    armour_and_injury,
    crowd_injury,
    knock_down,
    place_prone,
)
from league_manager.match.procedures.movement import pick_up, stand_up
from league_manager.match.procedures.rerolls import test
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoor
from league_manager.match.skills import points, special_points
from league_manager.match.skills.registry import register
from league_manager.match.state import PRONE, RESERVE, STANDING

CHAINSAW_ARMOUR = 3
_DECLINE = Action(DECLINE)
_END_ACT = Action(END_ACTIVATION)
SWOOP_FACINGS = ((1, 0), (-1, 0), (0, -1), (0, 1))
"""Facings of the throw-in template for Swoop: towards x = 25, x = 0, y = 0, y = 14."""


# Drunkard and Timmm-ber! ------------------------------------------------------
@register(special_points.RUSH_MODIFIER, "Drunkard")
def _drunkard() -> int:
    return -1


@register(special_points.STAND_UP_HELP, "Timmm-ber!")
def _timmm_ber() -> bool:
    return True


# Pick-me-up ---------------------------------------------------------------------
@register(special_points.TEAM_TURN_END_FOE, "Pick-me-up")
def pick_me_up(c: Ctx, team: int, players: list[int]) -> Proc[None]:
    """D6 for each prone team-mate within 3 squares of a standing Pick-me-up player: 5+ may stand."""
    s = c.s
    helpers = [h for h in players if s.status[h] == STANDING and s.pos[h] >= 0]
    if not helpers:
        return
    for q in s.players_of(team):
        if s.pos[q] < 0 or s.status[q] != PRONE:
            continue
        if not any(h != q and distance(s.pos[q], s.pos[h]) <= 3 for h in helpers):
            continue
        roll = c.d6("pick-me-up")
        ok = roll >= 5
        c.emit(Event("pick_me_up", team, q, (roll,), 5, success=ok, rule="Pick-me-up"))
        if not ok:
            continue
        opts = [Action(USE_SKILL, q), _DECLINE]
        choice = yield Prompt(USE_SKILL_PROMPT, team, opts, {"skill": "Pick-me-up", "player": q})
        if choice.kind == USE_SKILL:
            s.status[q] = STANDING
            c.emit(Event("stand_up", team, q, square=s.pos[q], rule="Pick-me-up"))


# Chainsaw ----------------------------------------------------------------------
@register(special_points.CHAINSAW, "Chainsaw")
def chainsaw_attack(c: Ctx, p: int, target: int) -> Proc[None]:
    """Chainsaw Attack: D6 2+ hits the target, a 1 kicks back (Turnover); armour +3, no SPP."""
    s = c.s
    yield from before_blocked(c, p, target)
    team = s.team[p]
    roll = c.d6("chainsaw")
    hit = roll >= 2
    c.emit(Event("chainsaw", team, p, (roll,), 2, success=hit, rule="Chainsaw", other=target))
    victim = target if hit else p
    if not hit:
        s.turnover = True
    had_ball = s.carrier == victim
    yield from armour_and_injury(
        c, victim, p if hit else -1, 0, CHAINSAW_ARMOUR, spp=False, foul=False, reason="Chainsaw"
    )
    if had_ball and s.carrier != victim and s.team[victim] == s.active:
        s.turnover = True


@register(special_points.ARMOUR_AGAINST, "Chainsaw")
def _chainsaw_armour() -> int:
    return CHAINSAW_ARMOUR


# Breathe Fire ------------------------------------------------------------------
@register(special_points.BREATHE_FIRE, "Breathe Fire")
def breathe_fire(c: Ctx, p: int, target: int) -> Proc[None]:
    """D6 (-1 against ST 5+): 1 knocks p down (Turnover), 4+ target prone, natural 6 knocked down."""
    s = c.s
    yield from before_blocked(c, p, target)
    team = s.team[p]
    mods = (("ST 5+", -1),) if s.st[target] >= 5 else ()
    roll = c.d6("breathe fire")
    total = roll + sum(v for _, v in mods)
    if roll == 1:
        outcome = "knocked down itself"
    elif roll == 6:
        outcome = "target knocked down"
    elif total >= 4:
        outcome = "target placed prone"
    else:
        outcome = "no effect"
    c.emit(
        Event("breathe_fire", team, p, (roll,), 4, mods, roll != 1 and total >= 4,
              rule="Breathe Fire", detail=outcome, other=target)
    )  # fmt: skip
    if roll == 1:
        s.turnover = True
        yield from knock_down(c, p, cause="knocked down")
    elif roll == 6:
        yield from knock_down(c, target, by=p)
    elif total >= 4:
        yield from place_prone(c, target, "Breathe Fire")


# Hit and Run ---------------------------------------------------------------------
@register(special_points.HIT_AND_RUN, "Hit and Run")
def hit_and_run(c: Ctx, p: int) -> Proc[None]:
    """After a Block action: one free move to a square next to no opponent, ignoring Tackle Zones."""
    s = c.s
    team = s.team[p]
    board = s.board
    squares = [
        n
        for n in NEIGHBOURS[s.pos[p]]
        if board[n] < 0 and not any((q := board[m]) >= 0 and s.team[q] != team for m in NEIGHBOURS[n])
    ]
    if not squares:
        return
    opts = [Action(MOVE, p, n) for n in squares]
    info = {"player": p, "action": BLOCK, "mp": 0, "skill": "Hit and Run"}
    choice = yield Prompt(ACTIVATION, team, [*opts, _END_ACT], info)
    if choice.kind != MOVE:
        return
    dest = choice.square
    s.place(p, dest)
    c.emit(Event("move", team, p, square=dest, rule="Hit and Run"))
    if dest in TRAPDOORS and (yield from trapdoor(c, p)):
        return
    if s.carrier < 0 and s.ball == dest:
        yield from pick_up(c, p)


# Trickster -------------------------------------------------------------------------
@register(special_points.TRICKSTER, "Trickster")
def trickster(c: Ctx, p: int, attacker: int) -> Proc[None]:
    """About to be blocked: may move to any empty square next to the attacker (not the ball's)."""
    s = c.s
    if s.status[p] != STANDING:
        return
    free = [n for n in NEIGHBOURS[s.pos[attacker]] if s.board[n] < 0 and s.ball != n]
    if not free:
        return
    opts = [Action(USE_SKILL, p, n) for n in free]
    info = {"skill": "Trickster", "player": p, "attacker": attacker}
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], [*opts, _DECLINE], info)
    if choice.kind != USE_SKILL:
        return
    s.place(p, choice.square)
    c.emit(Event("skill", s.team[p], p, rule="Trickster", square=choice.square, other=attacker))


# Kick Team-mate ------------------------------------------------------------------------
@register(special_points.KICK_TEAM_MATE, "Kick Team-mate")
def kick_team_mate_fumbled(c: Ctx, p: int, kicked: int) -> Proc[None]:
    """A fumbled kick: the kicked player is removed from play, Injury roll with Stunned as KO'd."""
    s = c.s
    team = s.team[p]
    square = s.pos[kicked]
    had_ball = s.carrier == kicked
    c.emit(Event("kick_fumbled", team, kicked, square=square, rule="Kick Team-mate", other=p))
    s.remove(kicked, RESERVE)
    i1, i2 = c.d6("injury"), c.d6("injury")
    yield from apply_injury(c, kicked, (i1, i2), i1 + i2, (), -1, False, crowd=True, stunned_as_ko=True)
    if had_ball:
        s.turnover = True
        yield from bounce(c, square)


# Swoop --------------------------------------------------------------------------------
@register(special_points.SWOOP, "Swoop")
def swoop(c: Ctx, q: int, target: int) -> Proc[tuple[int, int]]:
    """Instead of scattering: the throw-in template on the target square, D6 direction, D3 squares.

    The thrown player's coach faces the template towards either end zone or either sideline.
    Returns (landing square, last square on the pitch).
    """
    s = c.s
    team = s.team[q]
    facing = yield from _facing(c, q, "Swoop", target)
    d = c.d6("swoop direction")
    n = c.roll(3, "swoop distance")
    delta = template_step(facing, d)
    square = last = target
    for _ in range(n):
        square += delta
        if not ON_PITCH[square]:
            break
        last = square
    c.emit(Event("swoop", team, q, (d, n), rule="Swoop", square=square if ON_PITCH[square] else -1))
    return square, last


# Bloodlust ------------------------------------------------------------------------------
HUNGRY = "Bloodlust"
"""``(p, HUNGRY)`` in ``skill_used``: p failed Bloodlust this activation and has not fed yet."""


def _target(param: str) -> int:
    digits = "".join(ch for ch in param if ch.isdigit())
    return int(digits) if digits else 2


@register(points.ACTIVATION_TEST, "Bloodlust")
def bloodlust(c: Ctx, p: int, action: str) -> Proc[bool]:
    """D6 (+1 declaring Block or Blitz) against X+; below it (or a 1) p must feed this activation."""
    s = c.s
    need = _target(c.param(p, "Bloodlust"))
    mods = (("Block/Blitz", 1),) if action in (BLOCK, BLITZ) else ()
    ok = yield from test(c, p, "bloodlust", need, mods)
    if not ok:
        s.skill_used.add((p, HUNGRY))
    return True


def _thralls(c: Ctx, p: int) -> list[int]:
    """Adjacent Thrall team-mates on the pitch (any status)."""
    s = c.s
    team = s.team[p]
    first = s.players_of(team).start
    return [
        q
        for n in NEIGHBOURS[s.pos[p]]
        if (q := s.board[n]) >= 0
        and s.team[q] == team
        and "thrall" in s.teams[team].players[q - first].position.lower()
    ]


@register(special_points.MUST_FEED, "Bloodlust")
def _hungry(c: Ctx, p: int) -> list[int] | None:
    if (p, HUNGRY) not in c.s.skill_used or c.s.pos[p] < 0:
        return None
    return _thralls(c, p) if c.s.status[p] == STANDING else []


@register(special_points.BITE, "Bloodlust")
def bite(c: Ctx, p: int, thrall: int) -> Proc[None]:
    """Feed on a Thrall: an Injury roll against it (no armour roll), a Casualty counts as Badly Hurt."""
    s = c.s
    s.skill_used.discard((p, HUNGRY))
    c.emit(Event("bite", s.team[p], p, rule="Bloodlust", other=thrall))
    had_ball = s.carrier == thrall
    i1, i2 = c.d6("injury"), c.d6("injury")
    yield from apply_injury(
        c, thrall, (i1, i2), i1 + i2, (), -1, False, crowd=False, casualty_as_badly_hurt=True
    )
    if had_ball and s.carrier != thrall:
        s.turnover = True


@register(special_points.ACTIVATION_END, "Bloodlust")
def bloodlust_end(c: Ctx, p: int) -> Proc[None]:
    """Still hungry when the activation ends: bite an adjacent Thrall, else off to the reserves."""
    s = c.s
    if (p, HUNGRY) not in s.skill_used:
        return
    if s.pos[p] < 0:
        s.skill_used.discard((p, HUNGRY))
        return
    thralls = _thralls(c, p)
    if thralls:
        victim = thralls[0]
        if len(thralls) > 1:
            opts = [Action(CHOOSE, p, s.pos[q]) for q in thralls]
            choice = yield Prompt(BITE_PROMPT, s.team[p], opts, {"player": p, "skill": "Bloodlust"})
            victim = s.board[choice.square]
        yield from bite(c, p, victim)
        return
    s.skill_used.discard((p, HUNGRY))
    square = s.pos[p]
    had_ball = s.carrier == p
    c.emit(Event("unfed", s.team[p], p, rule="Bloodlust", square=square, detail="to the reserves"))
    s.remove(p, RESERVE)
    s.turnover = True
    if had_ball:
        yield from bounce(c, square)


# Ball & Chain --------------------------------------------------------------------------
def template_step(facing: int, d6: int) -> int:
    """Square offset of a throw-in template facing ``SWOOP_FACINGS[facing]`` for a D6 result."""
    fx, fy = SWOOP_FACINGS[facing]
    offset = (-1, -1, 0, 0, 1, 1)[d6 - 1]
    step_x, step_y = (fx, offset) if fx else (offset, fy)
    return step_x + step_y * W


def _facing(c: Ctx, p: int, skill: str, square: int) -> Proc[int]:
    """The coach faces the throw-in template towards either end zone or either sideline."""
    opts = [Action(CHOOSE, p, i) for i in range(len(SWOOP_FACINGS))]
    choice = yield Prompt(
        USE_SKILL_PROMPT, c.s.team[p], opts, {"skill": skill, "player": p, "square": square}
    )
    return choice.square


@register(special_points.BALL_AND_CHAIN, "Ball & Chain")
def ball_and_chain_move(c: Ctx, p: int) -> Proc[None]:
    """Up to MA squares, each in a D6 direction of the throw-in template the coach faces.

    Dodges pass by themselves; a loose ball in the square entered bounces; a Standing player
    there (either team) is blocked, a Prone or Stunned one pushed back, and the player always
    follows up; leaving the pitch is an injury by the crowd.
    """
    s = c.s
    team = s.team[p]
    c.emit(Event("ball_and_chain", team, p, rule="Ball & Chain"))
    if s.status[p] != STANDING:
        stood, _mp = yield from stand_up(c, p, s.ma[p])
        if not stood:
            return
    for _ in range(s.ma[p]):
        here = s.pos[p]
        facing = yield from _facing(c, p, "Ball & Chain", here)
        d = c.d6("ball and chain direction")
        dest = here + template_step(facing, d)
        c.emit(Event("ball_and_chain_step", team, p, (d,), square=dest if ON_PITCH[dest] else -1))
        if not ON_PITCH[dest]:
            yield from crowd_injury(c, p, -1)
            return
        occupant = s.board[dest]
        if occupant < 0:
            s.place(p, dest)
            c.emit(Event("move", team, p, square=dest, rule="Ball & Chain"))
            if dest in TRAPDOORS and (yield from trapdoor(c, p)):
                return
            if s.carrier < 0 and s.ball == dest:
                yield from bounce(c, dest)
        elif s.status[occupant] == STANDING:
            yield from block(c, p, occupant, False)
        else:
            yield from push_and_follow(c, p, occupant, knock=False)
        if s.turnover or s.touchdown >= 0 or s.pos[p] < 0 or s.status[p] != STANDING:
            return


@register(special_points.INJURY_WHEN_DOWN, "Ball & Chain")
def _injury_when_down() -> bool:
    return True


@register(special_points.MUST_FOLLOW_UP, "Ball & Chain")
def _must_follow_up() -> bool:
    return True
