"""Star players' special rules (issue 12, part 5).

Each rule is a skill name the star has in the match. Once-per-game, -half and -drive limits
are declared with ``limit`` and recorded in ``State.skill_used`` under ``used_key`` names.
"""

from __future__ import annotations

from league_manager.match.actions import (
    BLITZ,
    CHOOSE,
    DECLINE,
    MOVE,
    USE_SKILL,
    USE_SKILL_PROMPT,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import PITCH_SQUARES, distance
from league_manager.match.procedures.block import offer_skill, stab
from league_manager.match.procedures.injury import armour_and_injury, knock_down
from league_manager.match.procedures.movement import check_touchdown
from league_manager.match.procedures.rerolls import test
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoor
from league_manager.match.skills import points, star_points
from league_manager.match.skills import stars_5_points as sp5
from league_manager.match.skills.registry import limit, register, used_key
from league_manager.match.state import STANDING

YOINK = "Yoink!"
VINES = "Vicious Vines"
KEG = "Beer Barrel Bash!"
BLASTIN = "Then I Started Blastin'!"
OUTBURST = "Furious Outburst"
KABOOM = "Kaboom!"

limit(YOINK, "game")
limit(VINES, "half")
limit(BLASTIN, "half")
limit(OUTBURST, "half")
limit(KABOOM, "game")
limit(KEG, "drive")  # _keg_reset frees the use when the drive ends

KEG_RANGE = 3
"""Squares (counting diagonals as one) within which Thorsson may throw his keg."""
KEG_HIT = 3
"""D6 the keg needs to hit; a natural 1 hits Thorsson himself."""
KEG_ROLL = "beer_barrel_bash"
BLAST_ROLL = "blastin"


# Yoink! -------------------------------------------------------------------------------------
@register(sp5.EASY_INTERFERENCE, YOINK)
def _yoink(c: Ctx, q: int) -> Proc[bool]:
    """Once per game, Scrappa's attempt to interfere needs a 2+ and, if it works, he has the ball."""
    if not star_points.unused(c, q, YOINK) or not (yield from offer_skill(c, q, YOINK)):
        return False
    star_points.spend(c, q, YOINK, "interferes on a 2+ and takes the ball")
    return True


# Vicious Vines ------------------------------------------------------------------------------
@register(sp5.FAR_BLOCK, VINES)
def _vicious_vines(c: Ctx, p: int) -> bool:
    """Once per half, Maple's Block action may hit a standing opponent two squares away."""
    return star_points.unused(c, p, VINES)


# Beer Barrel Bash! ---------------------------------------------------------------------------
@register(points.ACTIVATION_TEST, KEG)
def _beer_barrel_bash(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per drive, instead of a Move: throw a keg at a Standing opponent within 3 squares.

    3+ (re-rollable): the target is Knocked Down. A natural 1: Thorsson is, and it is a
    Turnover. The activation ends either way.
    """
    s = c.s
    if action != MOVE or s.status[p] != STANDING or not star_points.unused(c, p, KEG):
        return True
    here, foe = s.pos[p], 1 - s.team[p]
    targets = [
        s.pos[q]
        for q in s.players_of(foe)
        if s.pos[q] >= 0 and s.status[q] == STANDING and distance(here, s.pos[q]) <= KEG_RANGE
    ]
    if not targets:
        return True
    opts = [Action(USE_SKILL, p, n) for n in targets] + [Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], opts, {"skill": KEG, "player": p})
    if choice.kind != USE_SKILL:
        return True
    target = s.board[choice.square]
    star_points.spend(c, p, KEG, "throws a keg instead of moving", target)
    since = len(c.events)
    if (yield from test(c, p, KEG_ROLL, KEG_HIT, (), here)):
        yield from knock_down(c, target, by=p, cause="hit by a keg")
        return False
    if _natural_one(c, since, KEG_ROLL):
        s.turnover = True
        yield from knock_down(c, p, cause="hit by his own keg")
    return False


@register(star_points.DRIVE_ENDED, KEG)
def _keg_reset(c: Ctx, p: int, scorer: int) -> None:
    c.s.skill_used.discard((p, used_key(KEG, c.s.half)))


def _natural_one(c: Ctx, since: int, kind: str) -> bool:
    """Whether the last ``kind`` test rolled since event ``since`` showed a 1."""
    last = next(e for e in reversed(c.events[since:]) if e.kind == kind)
    return last.rolls[0] == 1


def _standing_within(c: Ctx, p: int, reach: int, team: int = -1) -> list[int]:
    """Standing players (of ``team``, or of either team) within ``reach`` squares of p, not p."""
    s = c.s
    here = s.pos[p]
    teams = (team,) if team >= 0 else (0, 1)
    return [
        q
        for t in teams
        for q in s.players_of(t)
        if q != p and s.pos[q] >= 0 and s.status[q] == STANDING and distance(here, s.pos[q]) <= reach
    ]


# Then I Started Blastin'! -------------------------------------------------------------------
@register(points.ACTIVATION_TEST, BLASTIN)
def _blastin(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per half, as Zzharg is activated: a blunderbuss shot at a Standing opponent within 3.

    3+ (re-rollable): an Armour roll against the target (no Knock Down). A 2: the opposing coach
    picks a Standing player within 3 squares of Zzharg, who takes the Armour roll instead. A
    natural 1: Zzharg does. The activation goes on while Zzharg stands; a ball carrier of the
    active team who drops the ball causes a Turnover.
    """
    _fired, go_on = yield from blast(c, p, BLASTIN)
    return go_on


def blast(c: Ctx, p: int, rule: str) -> Proc[tuple[bool, bool]]:
    """Offer ``rule``'s once-per-half blunderbuss shot (Then I Started Blastin'! and Season 3's
    Blastin' Solves Everything); returns (fired, the activation may go on)."""
    s = c.s
    team = s.team[p]
    if s.status[p] != STANDING or s.pos[p] < 0 or not star_points.unused(c, p, rule):
        return False, True
    targets = _standing_within(c, p, KEG_RANGE, 1 - team)
    if not targets:
        return False, True
    opts = [Action(USE_SKILL, p, s.pos[q]) for q in targets] + [Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, team, opts, {"skill": rule, "player": p})
    if choice.kind != USE_SKILL:
        return False, True
    victim = s.board[choice.square]
    star_points.spend(c, p, rule, "fires the blunderbuss", victim)
    since = len(c.events)
    if not (yield from test(c, p, BLAST_ROLL, KEG_HIT, (), s.pos[p])):
        if _natural_one(c, since, BLAST_ROLL):
            victim = p
        else:
            others = _standing_within(c, p, KEG_RANGE)
            if not others:
                return True, True
            opts = [Action(CHOOSE, q, s.pos[q]) for q in others]
            info = {"skill": rule, "player": p, "misfire": True}
            victim = (yield Prompt(USE_SKILL_PROMPT, 1 - team, opts, info)).player
        c.emit(Event("star_rule", team, p, rule=rule, detail="the shot goes astray", other=victim))
    had_ball = s.carrier == victim
    by = p if s.team[victim] != team else -1
    yield from armour_and_injury(c, victim, by, 0, 0, spp=False, foul=False)
    if had_ball and s.carrier != victim and s.team[victim] == team:
        s.turnover = True
        return True, False
    return True, s.status[p] == STANDING


# Furious Outburst ----------------------------------------------------------------------------
def _free_near(c: Ctx, square: int, reach: int) -> list[int]:
    """Empty squares within ``reach`` of ``square``, not where a loose ball lies."""
    s = c.s
    loose = s.ball if s.carrier < 0 else -1
    return [n for n in PITCH_SQUARES if s.board[n] < 0 and n != loose and 0 < distance(square, n) <= reach]


def _teleport(c: Ctx, p: int, square: int) -> Proc[bool]:
    """Place p on ``square`` with no test; True while p is still on the pitch (trapdoors)."""
    c.s.place(p, square)
    c.emit(Event("skill", c.s.team[p], p, rule=OUTBURST, square=square, detail="reappears"))
    fell = square in TRAPDOORS and (yield from trapdoor(c, p))
    return not fell


@register(points.ACTIVATION_TEST, OUTBURST)
def _furious_outburst(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per half, instead of the Blitz it is activated for, Swiftvine vanishes to a square next
    to a Standing opponent within 3 squares, Stabs it, then reappears up to 3 squares away."""
    s = c.s
    if action != BLITZ or s.status[p] != STANDING or not star_points.unused(c, p, OUTBURST):
        return True
    targets = [q for q in _standing_within(c, p, KEG_RANGE, 1 - s.team[p]) if _free_near(c, s.pos[q], 1)]
    if not targets:
        return True
    opts = [Action(USE_SKILL, p, s.pos[q]) for q in targets] + [Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], opts, {"skill": OUTBURST, "player": p})
    if choice.kind != USE_SKILL:
        return True
    target = s.board[choice.square]
    star_points.spend(c, p, OUTBURST, "instead of the Blitz", target)
    info = {"skill": OUTBURST, "player": p, "step": "next to the target"}
    near = [Action(USE_SKILL, p, n) for n in _free_near(c, s.pos[target], 1)]
    landing = (yield Prompt(USE_SKILL_PROMPT, s.team[p], near, info)).square
    if not (yield from _teleport(c, p, landing)):
        return False
    yield from stab(c, p, target)
    if s.turnover or s.touchdown >= 0 or s.status[p] != STANDING:
        return False
    info = {"skill": OUTBURST, "player": p, "step": "away"}
    away = [Action(USE_SKILL, p, n) for n in _free_near(c, s.pos[p], KEG_RANGE)] + [Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], away, info)
    if choice.kind == USE_SKILL and (yield from _teleport(c, p, choice.square)):
        check_touchdown(c)
    return False


# Kaboom! --------------------------------------------------------------------------------------
@register(sp5.FORCE_EXPLOSION, KABOOM)
def _kaboom(c: Ctx, owner: int, catcher: int) -> Proc[bool]:
    """Once per game, when one of Bomber's bombs is caught: it explodes at once, no D6."""
    if not star_points.unused(c, owner, KABOOM):
        return False
    info = {"skill": KABOOM, "player": owner, "other": catcher}
    opts = [Action(USE_SKILL, owner), Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, c.s.team[owner], opts, info)
    if choice.kind != USE_SKILL:
        return False
    star_points.spend(c, owner, KABOOM, "the caught bomb explodes at once", catcher)
    return True
