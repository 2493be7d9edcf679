"""Team turns: choosing activations, ending the turn, stunned players, the Blitz! event."""

from __future__ import annotations

from league_manager.match.actions import (
    ACTIVATE,
    BALL_AND_CHAIN,
    BLITZ,
    BLOCK,
    BOMB,
    END_TURN,
    FOUL,
    HANDOFF,
    KTM,
    MOVE,
    PASS,
    TTM,
    TURN,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc, TurnOver
from league_manager.match.events import Event
from league_manager.match.inducements.hot_pot import offer_hot_pot
from league_manager.match.inducements.necro_spells import incorporeal_fades, turn_ends
from league_manager.match.inducements.team_spells import restore_weather
from league_manager.match.inducements.wizards import FOE_END, OWN_START, offer_spell
from league_manager.match.procedures.activation import (
    BOMB_USED,
    END_TURN_ACTION,
    KTM_USED,
    TTM_USED,
    act,
    activation,
)
from league_manager.match.procedures.prayers import note_stalling, throw_a_rock
from league_manager.match.skills import mutation_points as mpts
from league_manager.match.skills import points, special_points, star_points
from league_manager.match.skills import stars_2_points as stars
from league_manager.match.skills import stars_3_points as stars3
from league_manager.match.skills import stars_5_points as sp5
from league_manager.match.skills.registry import lasting_use
from league_manager.match.state import PRONE, STANDING, STUNNED


def turn_options(c: Ctx, team: int) -> list[Action]:
    """Players that can still be activated, with the actions open to them, plus End Turn."""
    s = c.s
    foes_standing = False
    foes_down = False
    for q in s.players_of(1 - team):
        if s.pos[q] >= 0:
            if s.status[q] == STANDING:
                foes_standing = True
            else:
                foes_down = True
    options: list[Action] = []
    blitz = foes_standing and not s.blitz_used
    passes = not s.pass_used
    ed = c.ed
    throws = (TTM_USED not in s.skill_used) if ed.ttm_own_action else passes
    handoff = not s.handoff_used
    foul = foes_down and not s.foul_used
    foul_again = foes_down and s.foul_used and stars.team_may_foul_twice(c, team)  # once per call
    kick = KTM_USED not in s.skill_used
    bomb = BOMB_USED not in s.skill_used
    pos, used, status, hooks = s.pos, s.used, s.status, c.hooks
    for p in s.players_of(team):
        if pos[p] < 0 or used[p] or status[p] == STUNNED:
            continue
        acts = _activations(p)
        if c.has(p, special_points.BALL_AND_CHAIN):
            options.append(acts[8])
            continue
        options.append(acts[0])
        marked = c.is_marked(pos[p], team) and (status[p] == STANDING or c.has(p, points.JUMP_UP))
        if marked or stars3.chainsaw_on_down_target(c, p) or sp5.far_block_target(c, p):
            options.append(acts[1])
        if blitz:
            options.append(acts[2])
        keeps_ball = mpts.MY_BALL in hooks[p]
        if passes and not keeps_ball:
            options.append(acts[3])
        if throws and c.has(p, points.THROW_TEAM_MATE) and s.st[p] >= ed.ttm_min_strength:
            options.append(acts[6])
        if handoff and not keeps_ball:
            options.append(acts[4])
        if foul or (foul_again and stars.may_foul_again(c, p)):
            options.append(acts[5])
        if kick and c.has(p, special_points.KICK_TEAM_MATE):
            options.append(acts[7])
        if bomb and status[p] == STANDING and c.has(p, special_points.BOMBARDIER):
            options.append(acts[9])
    for offer in c.ed.offers:  # the edition's own actions (Season 3: Secure the Ball)
        options.extend(offer(c, team))
    options.append(END_TURN_ACTION)
    return options


_ACTIVATIONS: dict[int, tuple[Action, ...]] = {}


def _activations(p: int) -> tuple[Action, ...]:
    """Interned activation actions of a player: move … foul, TTM, KTM, Ball & Chain Move, bomb."""
    found = _ACTIVATIONS.get(p)
    if found is None:
        kinds = (MOVE, BLOCK, BLITZ, PASS, HANDOFF, FOUL, TTM, KTM, BALL_AND_CHAIN, BOMB)
        found = _ACTIVATIONS[p] = tuple(act(ACTIVATE[k], p) for k in kinds)
    return found


def team_turn(c: Ctx, team: int) -> Proc[None]:
    """One team turn: activations until End Turn, a turnover or a touchdown."""
    s = c.s
    s.active = team
    info = {"turn_start": True}
    if s.phase == "mid_turn":  # a set position inside this turn: its usage stands
        info = {}
    else:
        s.turn[team] += 1
        s.turnover = False
        s.blitz_used = s.pass_used = s.handoff_used = s.foul_used = False
        s.securing = -1
        s.skill_used = {k for k in s.skill_used if lasting_use(k[1])}
        s.stunned_now.clear()
        for p in s.players_of(team):
            s.used[p] = False
        star_points.expire_turn(c)
        incorporeal_fades(c, team)
        c.emit(Event("turn", team, detail=f"half {s.half} turn {s.turn[team]}"))
        yield from offer_spell(c, 1 - team)
        yield from offer_spell(c, team, OWN_START)
        yield from offer_hot_pot(c, team)
    s.phase = ""
    try:
        while True:
            choice = yield Prompt(TURN, team, turn_options(c, team), info)
            info = {}
            if choice.kind == END_TURN:
                break
            yield from activation(c, choice.player, choice.kind[len("activate_") :])
    except TurnOver:
        pass
    if s.turnover and s.touchdown < 0:
        c.emit(Event("turnover", team))
    if s.touchdown < 0:
        note_stalling(c, team)
        yield from throw_a_rock(c, team)
    end_of_turn(c, team)
    turn_ends(c, team)
    restore_weather(c, team)
    if s.touchdown < 0:
        yield from _opponent_turn_end(c, 1 - team)
        yield from offer_spell(c, 1 - team, FOE_END)


def _opponent_turn_end(c: Ctx, team: int) -> Proc[None]:
    """Skills of ``team`` used at the end of the opponents' team turn (Pick-me-up)."""
    for fn, players in special_points.team_handlers(c, team, special_points.TEAM_TURN_END_FOE):
        yield from fn(c, team, players)


def end_of_turn(c: Ctx, team: int) -> None:
    """Stunned players of the team not stunned during this turn roll over to prone; an unused
    Cheering Fans assist (Season 3) is lost."""
    s = c.s
    s.cheering[team] = 0
    for p in s.players_of(team):
        if s.status[p] == STUNNED and s.pos[p] >= 0 and p not in s.stunned_now:
            s.status[p] = PRONE
    s.stunned_now.clear()


def kickoff_blitz(c: Ctx, team: int, count: int, kick_team_mate: bool = False) -> Proc[None]:
    """Blitz! kick-off event: ``count`` open players of the kicking team may Move (one Blitz).

    Season 3's Charge also lets one of them Kick Team-mate (``kick_team_mate``).
    """
    from league_manager.match.procedures.kickoff import open_players

    s = c.s
    s.active = team
    s.turnover = False
    s.blitz_used = s.pass_used = s.handoff_used = s.foul_used = False
    s.skill_used.discard(KTM_USED)
    s.skill_used.discard(TTM_USED)
    for p in s.players_of(team):
        s.used[p] = False
    done = 0
    try:
        while done < count:
            options: list[Action] = []
            for p in open_players(c, team):
                if not s.used[p]:
                    options.append(act(ACTIVATE[MOVE], p))
                    if not s.blitz_used:
                        options.append(act(ACTIVATE[BLITZ], p))
                    ttm = c.has(p, points.THROW_TEAM_MATE) and s.st[p] >= c.ed.ttm_min_strength
                    thrown = TTM_USED in s.skill_used if c.ed.ttm_own_action else s.pass_used
                    if ttm and not thrown:
                        options.append(act(ACTIVATE[TTM], p))
                    ktm = kick_team_mate and c.has(p, special_points.KICK_TEAM_MATE)
                    if ktm and KTM_USED not in s.skill_used:
                        options.append(act(ACTIVATE[KTM], p))
            options.append(END_TURN_ACTION)
            choice = yield Prompt(TURN, team, options, {"kickoff_blitz": count - done})
            if choice.kind == END_TURN:
                break
            done += 1
            yield from activation(c, choice.player, choice.kind[len("activate_") :])
    except TurnOver:
        pass
    s.turnover = False
    for p in s.players_of(team):
        s.used[p] = False
    c.emit(Event("kickoff_blitz_end", team))
