"""Star players' special rules, part 1 (Akhorne The Squirrel to Grombrindal).

A star's special rule is one of the star's skill names in the match; its handlers hook the
procedures like any skill. Once-per-game rules are declared with ``limit`` and their uses
kept in ``State.skill_used`` through :mod:`league_manager.match.skills.star_points`.
Readings: docs/rules-decisions.md, "Star players' special rules (issue 12, part 1)".
"""

from __future__ import annotations

from league_manager.match.actions import (
    BLITZ,
    BLOCK,
    DECLINE,
    PASS,
    USE_SKILL,
    USE_SKILL_PROMPT,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS, distance
from league_manager.match.procedures.block import offer_skill
from league_manager.match.procedures.rerolls import Adjuster, passes
from league_manager.match.skills import points, star_points
from league_manager.match.skills.registry import limit, register
from league_manager.match.state import STANDING

for _rule in (
    "Consummate Professional",
    "Mesmerizing Dance",
    "Brutal Block",
    "Slayer",
    "Incorporeal",
    "Look Into My Eyes",
    "Star of the Show",
    "Frenzied Rush",
    "Shot to Nothing",
    "Primal Savagery",
    "Baleful Hex",
    "Blast It!",
    "Putrid Regurgitation",
    "Gored by the Bull",
    "Savage Blow",
):
    limit(_rule, "game")


@register(star_points.DAUNTLESS_REROLL, "Blind Rage")
def _blind_rage() -> bool:
    return True


@register(star_points.REROLL_BLOCK_DICE, "Savage Blow")
def _savage_blow() -> bool:
    return True


@register(star_points.BLITZ_EXTRA_DIE, "Gored by the Bull")
def _gored_by_the_bull() -> bool:
    return True


@register(star_points.SAFE_FUMBLE_LANDING, "Reliable")
def _reliable() -> bool:
    return True


@register(points.SKILL_REROLL, "Consummate Professional")
def _consummate_professional(kind: str) -> str:
    """Once per game, any failed D6 test (armour, injury and casualty rolls are no tests)."""
    return "game"


@register(points.SKILL_REROLL, "Mesmerizing Dance")
def _mesmerizing_dance(kind: str) -> str | None:
    return "game" if kind == "hypnotic_gaze" else None


@register(star_points.LATE_BONUS, "Brutal Block")
def _brutal_block(c: Ctx, by: int, victim: int, stage: str) -> bool:
    return stage == "injury" and star_points.unused(c, by, "Brutal Block")


@register(star_points.LATE_BONUS, "Slayer")
def _slayer(c: Ctx, by: int, victim: int, stage: str) -> bool:
    return c.s.st[victim] >= 5 and star_points.unused(c, by, "Slayer")


@register(star_points.PARTNER_REMOVED, "Two for One")
def two_for_one(c: Ctx, p: int, partner: int) -> None:
    """The partner of the pair is KO'd or a casualty: p's Loner becomes 2+ for the game."""
    s = c.s
    if partner == p or "Two for One" not in s.skills[partner] or "Loner" not in s.skills[p]:
        return
    if s.params[p].get("Loner") != "2+":
        s.params[p]["Loner"] = "2+"
        c.emit(Event("skill", s.team[p], p, rule="Two for One", detail="Loner (2+)", other=partner))


@register(star_points.DODGE_ADJUSTER, "Incorporeal")
def incorporeal(c: Ctx, p: int) -> Adjuster:
    """Once per game, after a failed dodge roll, add ST to it when that makes it pass."""
    s = c.s

    def add_strength(roll: int, modifier: int) -> Proc[int]:
        if not star_points.unused(c, p, "Incorporeal") or passes(roll, s.ag[p], modifier):
            return 0
        if not passes(roll, s.ag[p], modifier + s.st[p]) or not (yield from offer_skill(c, p, "Incorporeal")):
            return 0
        star_points.mark_used(c, p, "Incorporeal")
        c.emit(Event("skill", s.team[p], p, rule="Incorporeal", detail=f"+{s.st[p]} (ST)"))
        return s.st[p]

    return add_strength


@register(points.ACTIVATION_TEST, "Look Into My Eyes")
def look_into_my_eyes(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per game, starting the activation marking the opposing carrier: 2+ takes the ball
    and ends the activation; on a 1 the activation goes on."""
    s = c.s
    carrier = s.carrier
    if (
        carrier < 0
        or s.team[carrier] == s.team[p]
        or s.status[p] != STANDING
        or s.pos[carrier] not in NEIGHBOURS[s.pos[p]]
        or not star_points.unused(c, p, "Look Into My Eyes")
        or not (yield from offer_skill(c, p, "Look Into My Eyes"))
    ):
        return True
    star_points.mark_used(c, p, "Look Into My Eyes")
    roll = c.d6("look into my eyes")
    ok = roll >= 2
    c.emit(Event("look_into_my_eyes", s.team[p], p, (roll,), 2, success=ok, other=carrier))
    if not ok:
        return True
    s.carrier = p
    s.ball = s.pos[p]
    return False


@register(star_points.DRIVE_ENDED, "Star of the Show")
def star_of_the_show(c: Ctx, p: int, scorer: int) -> None:
    """Once per game, after scoring: a team re-roll for the next drive (lost at its end)."""
    s = c.s
    if scorer != p or not star_points.unused(c, p, "Star of the Show"):
        return
    star_points.mark_used(c, p, "Star of the Show")
    s.extra_rerolls[s.team[p]] += 1
    c.emit(Event("skill", s.team[p], p, rule="Star of the Show", detail="+1 team re-roll next drive"))


@register(points.ACTIVATION_TEST, "Frenzied Rush")
def frenzied_rush(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per game, declaring a Blitz: Frenzy for this turn, and no Grab."""
    rule = "Frenzied Rush"
    if action != BLITZ or "Frenzy" in c.s.skills[p] or not star_points.unused(c, p, rule):
        return True
    if (yield from offer_skill(c, p, rule)):
        star_points.mark_used(c, p, rule)
        star_points.grant_for_turn(c, p, "Frenzy", rule=rule)
        if "Grab" in c.s.skills[p]:
            star_points.grant_for_turn(c, p, "-Grab", rule=rule)
    return True


@register(points.ACTIVATION_TEST, "Shot to Nothing")
def shot_to_nothing(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per game, declaring a Pass: Hail Mary Pass for this turn."""
    rule = "Shot to Nothing"
    if action != PASS or "Hail Mary Pass" in c.s.skills[p] or not star_points.unused(c, p, rule):
        return True
    if (yield from offer_skill(c, p, rule)):
        star_points.mark_used(c, p, rule)
        star_points.grant_for_turn(c, p, "Hail Mary Pass", rule=rule)
    return True


_WISDOM = (("Break Tackle", ""), ("Dauntless", ""), ("Mighty Blow", "+1"), ("Sure Feet", ""))


@register(star_points.TEAM_MATE_ACTIVATED, "Wisdom of the White Dwarf")
def wisdom_of_the_white_dwarf(c: Ctx, p: int, mate: int, action: str) -> Proc[None]:
    """Once per team turn, a team-mate activated next to the standing star gains one of four
    skills it lacks, until the end of the turn (its activation is the only one it has)."""
    s = c.s
    rule = "Wisdom of the White Dwarf"
    if s.status[p] != STANDING or (p, rule) in s.skill_used or s.team[p] != s.active:
        return
    free = [i for i, (skill, _param) in enumerate(_WISDOM) if skill not in s.skills[mate]]
    if not free:
        return
    opts = [*(Action(USE_SKILL, mate, i) for i in free), Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], opts, {"skill": rule, "player": p, "other": mate})
    if choice.kind != USE_SKILL:
        return
    s.skill_used.add((p, rule))
    skill, param = _WISDOM[choice.square]
    star_points.grant_for_turn(c, mate, skill, param, rule=rule)


@register(star_points.LASH_OUT_AT_OPPONENT, "Primal Savagery")
def _primal_savagery(c: Ctx, p: int) -> bool:
    return star_points.unused(c, p, "Primal Savagery")


@register(star_points.INJURY_MODIFIER, "A Sneaky Pair")
def a_sneaky_pair(c: Ctx, p: int, victim: int) -> int:
    """+1 to the injury roll of a Foul or Stab against an opponent the pair both mark."""
    s = c.s
    around = NEIGHBOURS[s.pos[victim]]
    partners = [
        q
        for n in around
        if (q := s.board[n]) >= 0 and q != p and s.team[q] == s.team[p] and "A Sneaky Pair" in s.skills[q]
    ]
    return 1 if s.pos[p] in around and any(c.has_tz(q) for q in partners) else 0


@register(points.ACTIVATION_TEST, "Baleful Hex")
def baleful_hex(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per game, when activated: an opponent within 5 squares, on a D6 of 2+, loses its
    tackle zone and cannot be activated until the end of its team's next turn."""
    s = c.s
    rule = "Baleful Hex"
    if not star_points.unused(c, p, rule) or s.status[p] != STANDING:
        return True
    foes = [q for q in s.players_of(1 - s.team[p]) if s.pos[q] >= 0 and distance(s.pos[p], s.pos[q]) <= 5]
    if not foes:
        return True
    opts = [*(Action(USE_SKILL, p, s.pos[q]) for q in foes), Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], opts, {"skill": rule, "player": p})
    if choice.kind != USE_SKILL:
        return True
    star_points.mark_used(c, p, rule)
    victim = s.board[choice.square]
    roll = c.d6("baleful hex")
    ok = roll >= 2
    c.emit(Event("baleful_hex", s.team[p], p, (roll,), 2, success=ok, other=victim))
    if ok:
        s.temporary.append((victim, star_points.HEXED, star_points.TURN))
        c.emit(Event("loses_tackle_zone", s.team[victim], victim, rule=rule, other=p))
        c.lose_tackle_zone(victim, rule)
    return True


@register(star_points.HAIL_MARY_HELP, "Blast It!")
def _blast_it() -> bool:
    return True


@register(points.ACTIVATION_TEST, "Putrid Regurgitation")
def putrid_regurgitation(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Once per game, declaring a Block or Blitz: Projectile Vomit for this turn."""
    rule = "Putrid Regurgitation"
    if action not in (BLOCK, BLITZ) or "Projectile Vomit" in c.s.skills[p]:
        return True
    if not star_points.unused(c, p, rule):
        return True
    if (yield from offer_skill(c, p, rule)):
        star_points.mark_used(c, p, rule)
        star_points.grant_for_turn(c, p, "Projectile Vomit", rule=rule)
    return True
