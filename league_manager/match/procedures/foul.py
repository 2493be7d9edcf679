"""Fouls: assists on the armour roll, the referee spotting doubles, bribes, Argue the Call."""

from __future__ import annotations

from league_manager.match.actions import ARGUE, BRIBE, NO, YES, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import referees, staff
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
    armour_double = a1 == a2 and not _sneaky_git_keeps(c, p, broken=i1 > 0)
    spotted = armour_double or (i1 > 0 and i1 == i2)
    scrutiny = i1 > 0 or not c.ed.scrutiny_needs_broken_armour
    if not spotted and scrutiny and s.has_prayer(1 - team, "Under Scrutiny"):
        c.emit(Event("under_scrutiny", team, p, rule="Under Scrutiny"))
        spotted = True
    if spotted:
        yield from send_off(c, p, "foul")
    else:
        yield from referees.unspotted_foul(c, p, victim)


def _sneaky_git_keeps(c: Ctx, p: int, broken: bool) -> bool:
    """Sneaky Git: a double on the armour roll does not send p off (Season 3: only if the
    armour held)."""
    git = c.hook(p, asp_points.SNEAKY_GIT)
    return bool(git) and (bool(git[0][1]()) or not broken)


def moves_on_after_foul(c: Ctx, p: int) -> str:
    """The skill letting p move on after a Foul (BB2020 Sneaky Git, Season 3 Quick Foul), or ""."""
    if c.has(p, s3.QUICK_FOUL):
        return "Quick Foul"
    git = c.hook(p, asp_points.SNEAKY_GIT)
    return "Sneaky Git" if git and git[0][1]() else ""


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


def send_off(
    c: Ctx, p: int, reason: str, by: str = "", bribe: bool = True, turnover: bool = True
) -> Proc[bool]:
    """The referee sends p off; a turnover follows a foul. Returns True when p leaves the pitch.

    A bribe may save any sending-off; Argue the Call is offered for a foul and for a Secret
    Weapon at the end of a drive (the rules' "Deal with Secret Weapons" step allows both),
    unless Ranulf 'Red' Hokuli was bought for the game.

    Args:
        by: the biased referee who made the call ("" for the match referee).
        bribe: whether a bribe may be used (Thoron Korensson allows none).
        turnover: whether a foul's sending-off ends the turn (not for the Trundlefoot
            Triplets sending off the victim).
    """
    s = c.s
    team = s.team[p]
    c.emit(Event("referee", team, p, rule=by, detail=f"spotted ({reason})"))
    if reason == "foul" and turnover:
        s.turnover = True
    if bribe and s.bribes[team] > 0:
        choice = yield Prompt(BRIBE, team, list(_YES_NO), {"player": p})
        if choice.kind == YES and use_bribe(c, p):
            return False
    arguable = reason in ("foul", "Secret Weapon") and referees.may_argue(s)
    if arguable and not s.coach_ejected[team]:
        choice = yield Prompt(ARGUE, team, list(_YES_NO), {"player": p})
        if choice.kind == YES:
            die = c.d6("argue the call")
            bonus = referees.argue_modifier(s, team)
            roll = die + bonus
            friends = s.has_prayer(team, "Friends with the Ref")
            fink = staff.fink(s, team)
            ejected = roll <= 1 or (die == 1 and referees.natural_one_ejects(s, team))
            wins = not ejected and (roll >= 5 if friends or fink else roll >= 6)
            outcome = "I Don't Care!"
            if ejected:
                outcome = "You're Outta Here!"
            elif wins:
                outcome = "Well, When You Put It Like That..."
            rules = ["Friends with the Ref"] if friends else []
            if fink:
                rules.append(staff.FINK)
            mods: tuple[tuple[str, int], ...] = ()
            if bonus:
                name = referees.referee(s, team)
                rules.append(name)
                mods = ((referees.ARGUE_BONUS_LABEL.get(name, name), bonus),)
            rule = ", ".join(rules)
            c.emit(Event("argue_the_call", team, p, (die,), modifiers=mods, rule=rule, detail=outcome))
            if ejected:
                s.coach_ejected[team] = True
                if by == referees.THORON:
                    yield from referees.thoron_outta_here(c, team, p)
            if wins:
                return False
    yield from sent_off(c, p)
    return True


def use_bribe(c: Ctx, p: int) -> bool:
    """Spend a bribe on p's sending-off: 2+ works; Fink Da Fixer re-rolls a 1 once per game."""
    s = c.s
    team = s.team[p]
    s.bribes[team] -= 1
    roll = c.d6("bribe")
    if roll < 2 and staff.fink_bribe_reroll(c, team):
        c.emit(Event("bribe", team, p, (roll,), 2, success=False))
        roll = c.d6("bribe")
        c.emit(Event("bribe", team, p, (roll,), 2, success=roll >= 2, rule=staff.FINK))
        return roll >= 2
    c.emit(Event("bribe", team, p, (roll,), 2, success=roll >= 2))
    return roll >= 2


def sent_off(c: Ctx, p: int) -> Proc[None]:
    """p leaves the pitch, sent off; a ball p held bounces from p's square."""
    s = c.s
    square = s.pos[p]
    had_ball = s.carrier == p
    s.remove(p, SENT_OFF)
    c.emit(Event("sent_off", s.team[p], p))
    if had_ball and square >= 0:
        s.ball = square
        yield from bounce(c, square)
