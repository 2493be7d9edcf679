"""Star players' special rules (issue 12, part 4).

Each rule is a skill name the star has in the match. Once-per-game and once-per-half limits
are declared with ``limit`` and recorded in ``State.skill_used`` under ``used_key`` names.
"""

from __future__ import annotations

from league_manager.match.actions import DECLINE, MOVE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS, distance
from league_manager.match.procedures.block import offer_skill
from league_manager.match.procedures.injury import armour_and_injury, knock_down
from league_manager.match.skills import points, star_points
from league_manager.match.skills import stars_4_points as sp4
from league_manager.match.skills.registry import limit, register, used_key
from league_manager.match.state import STANDING
from league_manager.match.teams import PlayerSnapshot

ZOAT = "Excuse Me, Are You a Zoat?"
TREACHEROUS = "Treacherous"
TASTY_MORSEL = "Tasty Morsel"
FLASHING_BLADE = "The Flashing Blade"
FURY = "Fury of the Blood God"
RAIDING_PARTY = "Raiding Party"
QUICK_BITE = "Quick Bite"

limit(ZOAT, "game")
limit(TREACHEROUS, "game")
limit(TASTY_MORSEL, "game")
limit(FLASHING_BLADE, "game")
limit(FURY, "game")
limit(QUICK_BITE, "game")
limit(RAIDING_PARTY, "drive")  # _raiding_party_reset frees the use when the drive ends


# Excuse Me, Are You a Zoat? -------------------------------------------------------------
@register(points.ACTIVATION_TEST, ZOAT)
def _zoat(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per game, activated for a Move: Hypnotic Gaze until the activation ends."""
    if action != MOVE or "Hypnotic Gaze" in c.s.skills[p] or not star_points.unused(c, p, ZOAT):
        return True
    if (yield from offer_skill(c, p, ZOAT)):
        star_points.spend(c, p, ZOAT, "gains Hypnotic Gaze")
        star_points.grant_for_turn(c, p, "Hypnotic Gaze", rule=ZOAT)
    return True


# Treacherous ------------------------------------------------------------------------------
@register(points.ACTIVATION_TEST, TREACHEROUS)
def _treacherous(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per game, activated standing next to the team-mate holding the ball: take the ball
    and Knock that team-mate Down; no turnover."""
    s = c.s
    mate = s.carrier
    if mate < 0 or s.team[mate] != s.team[p] or s.status[p] != STANDING or s.pos[p] < 0:
        return True
    if s.pos[mate] not in NEIGHBOURS[s.pos[p]] or not star_points.unused(c, p, TREACHEROUS):
        return True
    if not (yield from offer_skill(c, p, TREACHEROUS)):
        return True
    star_points.spend(c, p, TREACHEROUS, "takes the ball", mate)
    s.carrier = p
    s.ball = s.pos[p]
    yield from knock_down(c, mate)
    return True


# Tasty Morsel -------------------------------------------------------------------------------
def _snapshot_of(c: Ctx, p: int) -> PlayerSnapshot:
    s = c.s
    team = s.team[p]
    return s.teams[team].players[p - s.players_of(team).start]


@register(sp4.FEED_ON_OPPONENT, TASTY_MORSEL)
def _tasty_morsel(c: Ctx, p: int) -> list[int]:
    """Once per game, a hungry Karina may bite an adjacent opponent of ST 3 or less, never a star."""
    s = c.s
    if s.pos[p] < 0 or not star_points.unused(c, p, TASTY_MORSEL):
        return []
    return [
        q
        for n in NEIGHBOURS[s.pos[p]]
        if (q := s.board[n]) >= 0
        and s.team[q] != s.team[p]
        and s.st[q] <= 3
        and not _snapshot_of(c, q).special_rules
    ]


@register(sp4.FED_ON_OPPONENT, TASTY_MORSEL)
def _tasty_morsel_spent(c: Ctx, p: int, victim: int) -> None:
    star_points.spend(c, p, TASTY_MORSEL, "bites an opponent", victim)


# The Flashing Blade ---------------------------------------------------------------------------
@register(sp4.STAB_INSTEAD, FLASHING_BLADE)
def _flashing_blade(c: Ctx, p: int) -> bool:
    """Once per game, a Stab instead of the block of a Block or Blitz action."""
    return star_points.unused(c, p, FLASHING_BLADE)


@register(sp4.STABBED_INSTEAD, FLASHING_BLADE)
def _flashing_blade_spent(c: Ctx, p: int, target: int) -> None:
    star_points.spend(c, p, FLASHING_BLADE, "Stab, then carries on moving", target)


# Fury of the Blood God ----------------------------------------------------------------------
@register(sp4.FURY_FAILED, FURY)
def _fury_of_the_blood_god(c: Ctx, p: int) -> Proc[bool]:
    """Once per game, a failed Unchannelled Fury roll for a Block or Blitz: two blocks instead."""
    if not star_points.unused(c, p, FURY) or not (yield from offer_skill(c, p, FURY)):
        return False
    star_points.spend(c, p, FURY, "two blocks")
    return True


# Raiding Party ------------------------------------------------------------------------------
def _raiding_moves(c: Ctx, p: int) -> list[Action]:
    """(team-mate, square) pairs: an Open Standing team-mate within 5 squares of p steps into an
    empty square (not the loose ball's) where it Marks a Standing opponent."""
    s = c.s
    team = s.team[p]
    found = []
    for q in s.players_of(team):
        if q == p or s.pos[q] < 0 or s.status[q] != STANDING or distance(s.pos[p], s.pos[q]) > 5:
            continue
        if c.n_markers(s.pos[q], team):
            continue
        for n in NEIGHBOURS[s.pos[q]]:
            if s.board[n] >= 0 or (s.carrier < 0 and s.ball == n):
                continue
            if any(
                (o := s.board[m]) >= 0 and o != q and s.team[o] != team and s.status[o] == STANDING
                for m in NEIGHBOURS[n]
            ):
                found.append(Action(USE_SKILL, q, n))
    return found


@register(points.ACTIVATION_TEST, RAIDING_PARTY)
def _raiding_party(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per drive, on Ivar's activation: one Open team-mate within 5 squares may move one
    square to Mark an opponent (no test)."""
    s = c.s
    if s.pos[p] < 0 or not star_points.unused(c, p, RAIDING_PARTY):
        return True
    moves = _raiding_moves(c, p)
    if not moves:
        return True
    info = {"skill": RAIDING_PARTY, "player": p}
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], [*moves, Action(DECLINE)], info)
    if choice.kind != USE_SKILL:
        return True
    mate = choice.player
    star_points.spend(c, p, RAIDING_PARTY, "a team-mate moves one square", mate)
    s.place(mate, choice.square)
    c.emit(Event("skill", s.team[p], mate, rule=RAIDING_PARTY, square=choice.square, other=p))
    return True


@register(star_points.DRIVE_ENDED, RAIDING_PARTY)
def _raiding_party_reset(c: Ctx, p: int, scorer: int) -> None:
    c.s.skill_used.discard((p, used_key(RAIDING_PARTY, c.s.half)))


# Quick Bite --------------------------------------------------------------------------------
@register(sp4.QUICK_BITE, QUICK_BITE)
def _quick_bite(c: Ctx, p: int, catcher: int) -> Proc[None]:
    """Once per game, after an adjacent opponent catches a pass or hand-off: an Armour roll
    against the catcher; if it breaks, an Injury roll follows and Guffle takes the ball."""
    s = c.s
    if not star_points.unused(c, p, QUICK_BITE) or not (yield from offer_skill(c, p, QUICK_BITE)):
        return
    star_points.spend(c, p, QUICK_BITE, "bites the catcher", catcher)
    s.carrier, s.ball = p, s.pos[p]  # held by Guffle while the rolls are made: no bounce
    _a1, _a2, injury_die, _i2 = yield from armour_and_injury(c, catcher, p, 0, 0, spp=False, foul=False)
    if not injury_die:  # the armour held: the catcher keeps the ball
        s.carrier, s.ball = catcher, s.pos[catcher]
        return
    c.emit(Event("skill", s.team[p], p, rule=QUICK_BITE, detail="takes the ball", other=catcher))
