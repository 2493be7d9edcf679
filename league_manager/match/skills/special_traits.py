"""Traits with special actions: Chainsaw, Breathe Fire, Hit and Run, Trickster, Kick Team-mate …

Their hook points are declared in ``special_points``; the procedures call the handlers
registered here at those points (see docs/rules-decisions.md, "Skills and traits: special
actions and odd movement").
"""

from __future__ import annotations

from league_manager.match.actions import (
    ACTIVATION,
    BLOCK,
    DECLINE,
    END_ACTIVATION,
    MOVE,
    PLACE,
    SWARM,
    USE_SKILL,
    USE_SKILL_PROMPT,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS, PITCH_SQUARES, W, distance, in_half, is_wide, los_x
from league_manager.match.procedures.ball import bounce
from league_manager.match.procedures.block import before_blocked
from league_manager.match.procedures.injury import (
    apply_injury,
    armour_and_injury,
    knock_down,
    place_prone,
)
from league_manager.match.procedures.movement import pick_up
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoor
from league_manager.match.skills import special_points
from league_manager.match.skills import stars_3_points as stars3
from league_manager.match.skills.registry import register
from league_manager.match.state import PRONE, RESERVE, STANDING

CHAINSAW_ARMOUR = 3
_DECLINE = Action(DECLINE)
_END_ACT = Action(END_ACTIVATION)


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
    bonus = CHAINSAW_ARMOUR + (stars3.chainsaw_bonus(c, p) if hit else 0)
    yield from armour_and_injury(
        c, victim, p if hit else -1, 0, bonus, spp=False, foul=False, reason="Chainsaw"
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


# Swarming ----------------------------------------------------------------------------
@register(special_points.SWARMING, "Swarming")
def swarming(c: Ctx, team: int, players: list[int]) -> Proc[None]:
    """D3 more Swarming players from the reserves, no more than are set up already.

    They go into empty squares of the team's half off the line of scrimmage and the wide
    zones, one at a time in roster order; the coach may stop early.
    """
    s = c.s
    on_pitch = sum(1 for p in players if s.pos[p] >= 0)
    waiting = [p for p in players if s.pos[p] < 0 and s.status[p] == RESERVE and p not in s.miss_drive]
    if not on_pitch or not waiting:
        return
    roll = c.roll(3, "swarming")
    count = min(roll, on_pitch, len(waiting))
    c.emit(Event("swarming", team, rolls=(roll,), rule="Swarming", detail=f"{count} may be added"))
    los = los_x(team)
    for p in waiting[:count]:
        squares = [
            q
            for q in PITCH_SQUARES
            if s.board[q] < 0 and in_half(q, team) and q % W - 1 != los and not is_wide(q)
        ]
        opts = [Action(PLACE, p, q) for q in squares]
        choice = yield Prompt(SWARM, team, [*opts, _DECLINE], {"player": p, "skill": "Swarming"})
        if choice.kind != PLACE:
            return
        s.place(p, choice.square)
        s.status[p] = STANDING
        s.played.add(p)
        s.drive_players.add(p)
        c.emit(Event("swarms_in", team, p, square=choice.square, rule="Swarming"))
