"""Season 3 (bb2025) star players' special rules (docs/rules-decisions.md, Season 3 part 2).

Texts: FFB's bb2025 special-rule classes (their rule comments), the reference's summaries.
Registered for ``bb2025`` only; a renamed BB2020 rule reuses its handlers (``alias``).
"""

from __future__ import annotations

from league_manager.match.actions import BLITZ, DECLINE, MOVE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import LENGTH, NEIGHBOURS, WIDTH, xy
from league_manager.match.procedures.ball import throw_in
from league_manager.match.procedures.block import offer_skill
from league_manager.match.procedures.injury import crowd_injury
from league_manager.match.procedures.throw_team_mate import FUMBLED, land
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoor
from league_manager.match.skills import points, special_points, star_points
from league_manager.match.skills import season3_points as s3
from league_manager.match.skills import stars_2 as _stars_2  # noqa: F401 - Dwarfen Scourge's handlers first
from league_manager.match.skills.registry import alias, limit, register
from league_manager.match.skills.stars_2_points import ARMOUR_AFTER_ROLL
from league_manager.match.skills.stars_5 import blast
from league_manager.match.state import PRONE, RESERVE, STANDING

SEASON3 = ("bb2025",)

alias("Dwarven Scourge", "Dwarfen Scourge", editions=SEASON3)

KRUMP, GRIT, DANCE, NAILS = "Krump and Smash", "Dwarfen Grit", "Mesmerising Dance", "Slashing Nails"
FURY = "Woodland Fury"
BLASTIN = "Blastin' Solves Everything"
TANDEM = "Working in Tandem"
TANDEM_BLOCKER, TANDEM_PASSER = "Lucien Swift", "Valen Swift"
"""The Swift Twins' names: Lucien has the blocking half of Working in Tandem, Valen the passing
half; a player with the rule under another name (a scenario's) has both."""
for _rule in (KRUMP, GRIT, DANCE, FURY):
    limit(_rule, "game")
limit(NAILS, "half")
limit(BLASTIN, "half")
CARRY = "I'll Carry You"
CARRIER, CARRIED = "Grak", "Crumbleberry"
"""The pair's names: Grak carries, Crumbleberry is carried; a player with the rule under
another name (a scenario's) may be either."""
limit(CARRY, "half")
NOT_CARRIED = (-1, -1, 0, -1, False)


@register(ARMOUR_AFTER_ROLL, KRUMP, editions=SEASON3)
def _krump_and_smash(
    c: Ctx, by: int, p: int, dice: tuple[int, int], total: int, av: int, how: str
) -> Proc[int]:
    """Krump and Smash: once per game, an opponent Knocked Down by this player's Block
    whose armour held has the Armour roll re-rolled; returns the difference."""
    if how != "block" or not star_points.unused(c, by, KRUMP) or not (yield from offer_skill(c, by, KRUMP)):
        return 0
    star_points.spend(c, by, KRUMP, "armour re-rolled", p)
    new = (c.d6("armour"), c.d6("armour"))
    c.emit(Event("armour_reroll", c.s.team[p], p, new, av, rule=KRUMP, other=by))
    return sum(new) - sum(dice)


@register(s3.ARMOUR_BROKEN_REROLL, GRIT, editions=SEASON3)
def _dwarfen_grit(c: Ctx, p: int) -> Proc[bool]:
    """Dwarfen Grit: once per game, when this player's armour is broken, the Armour roll
    may be re-rolled (True when it is)."""
    if not star_points.unused(c, p, GRIT) or not (yield from offer_skill(c, p, GRIT)):
        return False
    star_points.spend(c, p, GRIT, "armour re-rolled")
    return True


@register(points.SKILL_REROLL, DANCE, editions=SEASON3)
def _mesmerising_dance(kind: str) -> str | None:
    """Mesmerising Dance: once per game, a failed Hypnotic Gaze may be re-rolled."""
    return "game" if kind == "hypnotic_gaze" else None


@register(points.ACTIVATION_TEST, NAILS, editions=SEASON3)
def _slashing_nails(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Slashing Nails: once per half, declaring a Blitz, this player gains Claws for it."""
    if action != BLITZ or "Claws" in c.s.skills[p] or not star_points.unused(c, p, NAILS):
        return True
    if (yield from offer_skill(c, p, NAILS)):
        star_points.mark_used(c, p, NAILS)
        star_points.grant_for_turn(c, p, "Claws", rule=NAILS)
    return True


@register(s3.FALLING_BLOCK_DIE_REROLL, FURY, editions=SEASON3)
def _woodland_fury() -> bool:
    """Woodland Fury: once per game, when Willow's Block would knock her down, she may
    re-roll one block die (offered in ``block._choose_face``)."""
    return True


@register(points.ACTIVATION_TEST, BLASTIN, editions=SEASON3)
def _blastin_solves_everything(c: Ctx, p: int, action: str) -> Proc[bool]:
    """Blastin' Solves Everything: once per half, Zzharg activated for a Move may instead fire
    at a Standing opponent within 3 squares (the shot of Then I Started Blastin'!); his
    activation then ends."""
    if action != MOVE:
        return True
    fired, go_on = yield from blast(c, p, BLASTIN)
    return go_on and not fired


def _twin_name(c: Ctx, p: int) -> str:
    s = c.s
    team = s.team[p]
    return s.teams[team].players[p - (0 if team == 0 else len(s.teams[0].players))].name


@register(s3.TANDEM_BLOCK, TANDEM, editions=SEASON3)
def _tandem_block(c: Ctx, p: int) -> bool:
    """Working in Tandem (Lucien): may re-roll one block die against an opponent his partner
    marks (``block._tandem``)."""
    return _twin_name(c, p) != TANDEM_PASSER


@register(s3.TANDEM_PASS, TANDEM, editions=SEASON3)
def _tandem_pass(c: Ctx, p: int) -> bool:
    """Working in Tandem (Valen): a pass to his partner's square takes no range modifier."""
    return _twin_name(c, p) != TANDEM_BLOCKER


@register(points.ACTIVATION_TEST, CARRY, editions=SEASON3)
def _pick_up_partner(c: Ctx, p: int, action: str) -> Proc[bool]:
    """I'll Carry You (Grak): once per half, activated next to Crumbleberry, he may pick him up;
    Crumbleberry leaves the pitch and Grak has Break Tackle and Dodge while he carries him."""
    s = c.s
    team = s.team[p]
    if _twin_name(c, p) == CARRIED or s.status[p] != STANDING or not star_points.unused(c, p, CARRY):
        return True
    partners = [
        q
        for n in NEIGHBOURS[s.pos[p]]
        if (q := s.board[n]) >= 0 and s.team[q] == team and CARRY in s.skills[q]
        and _twin_name(c, q) != CARRIER and s.status[q] in (STANDING, PRONE)
    ]  # fmt: skip
    if not partners:
        return True
    opts = [Action(USE_SKILL, p, s.pos[q]) for q in partners]
    choice = yield Prompt(USE_SKILL_PROMPT, team, [*opts, Action(DECLINE)], {"skill": CARRY, "player": p})
    if choice.kind != USE_SKILL:
        return True
    q = s.board[choice.square]
    star_points.spend(c, p, CARRY, "picks up his partner", q)
    had_ball = s.carrier == q
    s.carried = (q, p, s.status[q], s.pos[p], had_ball)
    s.remove(q, RESERVE)
    if had_ball:
        s.ball = -1
    for skill in ("Break Tackle", "Dodge"):
        if skill not in s.skills[p]:
            star_points.grant_for_turn(c, p, skill, rule=CARRY)
    return True


@register(special_points.ACTIVATION_END, CARRY, editions=SEASON3)
def _set_down_partner(c: Ctx, p: int) -> Proc[None]:
    """I'll Carry You: when the carrier's activation ends (a Turnover too), the carried partner
    is placed in an empty square next to him (where he last stood, if he left the pitch);
    with none free, into the crowd from a sideline or End Zone square, else onto a chosen
    neighbour, as a thrown player crashing on a player."""
    s = c.s
    q, carrier, status, last, had_ball = s.carried
    if carrier != p or q < 0:
        return
    s.carried = NOT_CARRIED
    team = s.team[p]
    square = s.pos[p] if s.pos[p] >= 0 else last
    info = {"skill": CARRY, "player": p, "step": "set down"}
    free = [n for n in NEIGHBOURS[square] if s.board[n] < 0]
    if free:
        spot = free[0]
        if len(free) > 1:
            opts = [Action(USE_SKILL, q, n) for n in free]
            spot = (yield Prompt(USE_SKILL_PROMPT, team, opts, info)).square
        s.status[q] = status
        s.place(q, spot)
        if had_ball:
            s.carrier, s.ball = q, spot
        c.emit(Event("skill", team, q, rule=CARRY, square=spot, detail="set down"))
        if spot in TRAPDOORS:
            yield from trapdoor(c, q)
        return
    x, y = xy(square)
    if x in (0, LENGTH - 1) or y in (0, WIDTH - 1):
        s.status[q] = status
        s.turnover = True
        yield from crowd_injury(c, q, -1)
        if had_ball:
            yield from throw_in(c, square)
        return
    opts = [Action(USE_SKILL, q, n) for n in NEIGHBOURS[square]]
    spot = (yield Prompt(USE_SKILL_PROMPT, team, opts, info)).square
    s.status[q] = status
    if had_ball:
        s.carrier, s.ball = q, square
    yield from land(c, q, spot, square, FUMBLED, True)  # an occupied square: a crash
