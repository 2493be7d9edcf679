"""Fouls: assists on the armour roll, the referee spotting doubles, bribes, Argue the Call."""

from __future__ import annotations

from league_manager.match.actions import ARGUE, BRIBE, NO, YES, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements.referees import argue_bonus, biased_spot
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.procedures.ball import bounce
from league_manager.match.procedures.block import assists
from league_manager.match.procedures.injury import armour_and_injury
from league_manager.match.skills import asp_points, points, star_points
from league_manager.match.skills import season3_points as s3
from league_manager.match.state import SENT_OFF

_YES_NO = [Action(YES), Action(NO)]


def foul(c: Ctx, p: int, victim: int) -> Proc[None]:
    """Resolve a Foul by p on a prone or stunned ``victim``."""
    s = c.s
    team = s.team[p]
    off = assists(c, team, victim, p) + _boot_in(c, p, victim)
    dfn = assists(c, 1 - team, p, victim)
    bonus = 0
    for skill, fn in c.hook(p, points.FOUL_BONUS):
        bonus += int(fn(c.param(p, skill)))
    c.emit(Event("foul", team, p, modifiers=(("assists", off - dfn),), other=victim))
    start = len(c.events)
    frenzy = s.has_prayer(team, "Fouling Frenzy")
    imods = star_points.injury_modifiers(c, p, victim)
    a1, a2, i1, i2 = yield from armour_and_injury(
        c, victim, p, bonus, off - dfn, spp=frenzy, foul=True, injury_mods=imods
    )
    for event in c.events[start:]:  # a re-rolled armour roll (Lone Fouler): its dice stand
        if event.kind == "armour_reroll" and event.player == victim:
            a1, a2 = event.rolls
    armour_double = a1 == a2 and not c.has(p, asp_points.SNEAKY_GIT)
    spotted = armour_double or (i1 > 0 and i1 == i2)
    if not spotted and s.has_prayer(1 - team, "Under Scrutiny"):
        c.emit(Event("under_scrutiny", team, p, rule="Under Scrutiny"))
        spotted = True
    if not spotted and biased_spot(c, p):
        spotted = True
    if spotted:
        yield from send_off(c, p, "foul")


def _boot_in(c: Ctx, p: int, victim: int) -> int:
    """Season 3 Put the Boot In: such team-mates next to the victim assist even when marked
    (the ones free to assist are already counted)."""
    s = c.s
    team = s.team[p]
    extra = 0
    for q in s.players_of(team):
        if q == p or s.pos[q] < 0 or not c.has(q, s3.PUT_THE_BOOT_IN) or not c.has_tz(q):
            continue
        if s.pos[q] in NEIGHBOURS[s.pos[victim]] and c.is_marked(s.pos[q], team, ignore=victim):
            extra += 1
            c.emit(Event("skill", team, q, rule="Put the Boot In", other=victim))
    return extra


def send_off(c: Ctx, p: int, reason: str) -> Proc[bool]:
    """The referee sends p off; a turnover follows a foul. Returns True when p leaves the pitch.

    A bribe may save any sending-off; Argue the Call is offered for a foul and for a Secret
    Weapon at the end of a drive (the rules' "Deal with Secret Weapons" step allows both).
    """
    s = c.s
    team = s.team[p]
    c.emit(Event("referee", team, p, detail=f"spotted ({reason})"))
    if reason == "foul":
        s.turnover = True
    if s.bribes[team] > 0:
        choice = yield Prompt(BRIBE, team, list(_YES_NO), {"player": p})
        if choice.kind == YES:
            s.bribes[team] -= 1
            roll = c.d6("bribe")
            c.emit(Event("bribe", team, p, (roll,), 2, success=roll >= 2))
            if roll >= 2:
                return False
    if reason in ("foul", "Secret Weapon") and not s.coach_ejected[team]:
        choice = yield Prompt(ARGUE, team, list(_YES_NO), {"player": p})
        if choice.kind == YES:
            roll = c.d6("argue the call")
            friends = s.has_prayer(team, "Friends with the Ref")
            rep = argue_bonus(c, team)  # Season 3 Dodgy League Rep
            wins = roll != 1 and roll + rep >= (5 if friends else 6)
            outcome = "I Don't Care!"
            if roll == 1:
                outcome = "You're Outta Here!"
            elif wins:
                outcome = "Well, When You Put It Like That..."
            rule = "Friends with the Ref" if friends else "Dodgy League Rep" if rep else ""
            c.emit(Event("argue_the_call", team, p, (roll,), rule=rule, detail=outcome))
            if roll == 1:
                s.coach_ejected[team] = True
            if wins:
                return False
    square = s.pos[p]
    had_ball = s.carrier == p
    s.remove(p, SENT_OFF)
    c.emit(Event("sent_off", team, p))
    if had_ball and square >= 0:
        s.ball = square
        yield from bounce(c, square)
    return True
