"""Knocked down, falls over, armour, injury (and Stunty), casualty, crowd, apothecary."""

from __future__ import annotations

from league_manager.match.actions import (
    APOTHECARY,
    CASUALTY_CHOICE,
    CHOOSE,
    DECLINE,
    NO,
    USE_SKILL,
    USE_SKILL_PROMPT,
    YES,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.editions import BB2020
from league_manager.match.events import Event
from league_manager.match.inducements import medical, staff, unguent
from league_manager.match.skills import asp_points, points, special_points, star_points
from league_manager.match.skills import mutation_points as mpts
from league_manager.match.skills import season3_points as s3
from league_manager.match.skills import stars_2_points as stars
from league_manager.match.state import CASUALTY, KO, PRONE, RESERVE, STANDING, STUNNED

STUNNED_R = "Stunned"
KO_R = "KO'd"
BH = "Badly Hurt"
CAS_R = "Casualty"
CASUALTY_TABLE = BB2020.casualty_table
"""The BB2020 Casualty table; a match reads its own edition's (``c.ed.casualty_table``)."""
LASTING_TABLE = {1: "AV", 2: "AV", 3: "MA", 4: "PA", 5: "AG", 6: "ST"}
_YES_NO = [Action(YES), Action(NO)]


def injury_result(c: Ctx, p: int, total: int) -> str:
    """The Injury (or Stunty Injury) table result for a modified 2D6 total."""
    if c.has(p, points.STUNTY_TABLE):
        if total <= 6:
            result = STUNNED_R
        elif total <= 8:
            result = KO_R
        elif total == 9:
            result = BH
        else:
            result = CAS_R
    elif total <= 7:
        result = STUNNED_R
    elif total <= 9:
        result = KO_R
    else:
        result = CAS_R
    for _skill, fn in c.hook(p, points.INJURY_ADJUST):
        result = fn(result, total, c.has(p, points.STUNTY_TABLE))
    return result


def casualty_result(total: int, table: tuple[tuple[int, str], ...] = CASUALTY_TABLE) -> str:
    """The Casualty table result for a modified D16 total (BB2020's table unless given)."""
    for high, result in table:
        if total <= high:
            return result
    return "Dead"  # pragma: no cover - the table ends at 99


def knock_down(
    c: Ctx, p: int, by: int = -1, bonus: int = 0, cause: str = "knocked down", spp: bool = False
) -> Proc[None]:
    """Knock a player down (or they fall over): prone, armour roll, injury; ball bounces after.

    Args:
        by: the player causing it (-1 none); their team is credited with a casualty.
        bonus: armour-or-injury bonus (Mighty Blow), applied where it makes a difference.
        spp: whether a casualty earns ``by`` Star Player Points.
    """
    s = c.s
    if c.has(p, s3.STEADY_FOOTING) and s.status[p] == STANDING and steady_footing(c, p):
        return
    square = s.pos[p]
    had_ball = s.carrier == p
    s.status[p] = PRONE
    s.rooted.discard(p)
    if had_ball:
        s.carrier = -1
    c.emit(Event(cause, s.team[p], p, square=square, other=by))
    if spp and by >= 0 and c.has(p, s3.SABOTEUR) and (yield from c.hook(p, s3.SABOTEUR)[0][1](c, p, by)):
        pass  # Saboteur: Knocked Out instead of an armour roll
    elif c.has(p, special_points.INJURY_WHEN_DOWN):
        yield from injury_at_once(c, p, by, spp)
    else:
        armour_mod, reason = 0, "assists"
        if c.has(p, special_points.ARMOUR_AGAINST):
            for skill, fn in c.hook(p, special_points.ARMOUR_AGAINST):
                armour_mod, reason = armour_mod + int(fn()), skill
        yield from armour_and_injury(c, p, by, bonus, armour_mod, spp, foul=False, reason=reason)
    if had_ball and cause != "falls_over" and (yield from _safe_hands(c, p, square)):
        return
    if had_ball or (s.carrier < 0 and s.ball == square and square >= 0):
        from league_manager.match.procedures.ball import bounce

        yield from bounce(c, square)


def steady_footing(c: Ctx, p: int) -> bool:
    """Season 3 Steady Footing: on a D6 6 the player is not Knocked Down and does not Fall
    Over; a turnover this fall caused is taken back (True when the player stays up)."""
    s = c.s
    team = s.team[p]
    for skill, fn in c.hook(p, s3.STEADY_FOOTING):
        roll = c.d6("steady footing")
        ok = roll >= int(fn())
        c.emit(Event("steady_footing", team, p, (roll,), int(fn()), success=ok, rule=skill))
        if ok:
            if s.active == team:
                s.turnover = False
            return True
    return False


def injury_at_once(c: Ctx, p: int, by: int, spp: bool) -> Proc[None]:
    """Ball & Chain: an Injury roll with no armour roll, Stunned counting as KO'd."""
    i1, i2 = c.d6("injury"), c.d6("injury")
    yield from apply_injury(c, p, (i1, i2), i1 + i2, (), by, spp, crowd=False, stunned_as_ko=True)


def armour_and_injury(
    c: Ctx,
    p: int,
    by: int,
    bonus: int,
    armour_mod: int,
    spp: bool,
    foul: bool,
    reason: str = "assists",
    injury_mods: tuple[tuple[str, int], ...] = (),
    stab: bool = False,
) -> Proc[tuple[int, int, int, int]]:
    """Armour roll then injury roll; returns the dice (a1, a2, i1, i2; 0 when not rolled).

    ``armour_mod`` is shown with ``reason`` (foul assists, a Chainsaw's +3); ``injury_mods``
    apply to the injury roll only (A Sneaky Pair); ``stab``: the armour roll is a Stab's
    (star players' rules after a Stab).
    """
    s = c.s
    team = s.team[p]
    a1, a2 = c.d6("armour"), c.d6("armour")
    # Iron Hard Skin: an opponent's roll takes no modifier (the bonus may still go to injury).
    hard = by >= 0 and s.team[by] != team and c.has(p, mpts.UNMODIFIABLE_ARMOUR)
    if hard:
        armour_mod = 0
    av, rule = s.av[p], "Iron Hard Skin" if hard else ""
    if spp and not foul and by >= 0 and not hard:  # Knocked Down by by's block: Claws
        for skill, fn in c.hook(by, mpts.ARMOUR_BREAKS_ON):
            if int(fn()) < av:
                av, rule = int(fn()), skill
    mods: list[tuple[str, int]] = []
    if armour_mod:
        mods.append((reason, armour_mod))
    total = a1 + a2 + armour_mod
    used_bonus = False
    if not hard and total < av and bonus and total + bonus >= av:
        mods.append(("bonus", bonus))
        total += bonus
        used_bonus = True
    late = spp and not foul and by >= 0 and not hard
    if late and total < av <= total + 1 and (rule_used := (yield from _late_bonus(c, by, p, "armour"))):
        mods.append((rule_used, 1))
        total += 1
    broken = total >= av
    c.emit(Event("armour", team, p, (a1, a2), av, tuple(mods), broken, rule=rule, square=s.pos[p]))
    how = "foul" if foul else "block" if spp else "stab" if stab else "other"
    if not broken and not hard:
        after_armour = yield from stars.armour_after_roll(c, by, p, (a1, a2), total, av, how)
        if after_armour:
            total += after_armour
            broken = total >= av
    if (
        broken
        and c.has(p, s3.ARMOUR_BROKEN_REROLL)
        and (yield from c.hook(p, s3.ARMOUR_BROKEN_REROLL)[0][1](c, p))
    ):
        a1, a2 = c.d6("armour"), c.d6("armour")
        total = a1 + a2 + sum(v for _, v in mods)
        broken = total >= av
        c.emit(
            Event("armour_reroll", team, p, (a1, a2), av, tuple(mods), broken, rule="Dwarfen Grit", other=by)
        )
    if not broken:
        return a1, a2, 0, 0
    i1, i2 = c.d6("injury"), c.d6("injury")
    total = i1 + i2
    imods: tuple[tuple[str, int], ...] = ()
    if bonus and not used_bonus:
        total += bonus
        imods = (("bonus", bonus),)
    if injury_mods:
        total += sum(v for _, v in injury_mods)
        imods = (*imods, *injury_mods)
    if late and injury_result(c, p, total + 1) != injury_result(c, p, total):
        rule_used = yield from _late_bonus(c, by, p, "injury")
        if rule_used:
            total += 1
            imods = (*imods, (rule_used, 1))
    after = yield from stars.injury_after_roll(c, by, p, total, how)
    if after is None:  # re-rolled
        i1, i2 = c.d6("injury"), c.d6("injury")
        total = i1 + i2 + sum(v for _, v in imods)
    elif after:
        total += after
        imods = (*imods, ("star rule", after))
    yield from apply_injury(c, p, (i1, i2), total, imods, by, spp, crowd=False)
    if (spp or foul) and by >= 0 and s.status[p] == CASUALTY and s.stats[p].injury == "Dead":
        for _skill, fn in c.hook(by, mpts.AFTER_KILL):
            yield from fn(c, by, p)
    return a1, a2, i1, i2


def _reroll_broken_armour(
    c: Ctx, p: int, by: int, av: int, mods: tuple[tuple[str, int], ...]
) -> tuple[int, int, bool]:
    """Dwarfen Grit: the Armour roll again with the same modifiers; the new dice stand."""
    a1, a2 = c.d6("armour"), c.d6("armour")
    broken = a1 + a2 + sum(v for _, v in mods) >= av
    c.emit(Event("armour_reroll", c.s.team[p], p, (a1, a2), av, mods, broken, rule="Dwarfen Grit", other=by))
    return a1, a2, broken


def _late_bonus(c: Ctx, by: int, p: int, stage: str) -> Proc[str]:
    """Offer a +1 after seeing the dice (Slayer, Brutal Block); the rule used, or ""."""
    for rule, fn in c.hook(by, star_points.LATE_BONUS):
        if not fn(c, by, p, stage):
            continue
        opts = [Action(USE_SKILL, by), Action(DECLINE)]
        choice = yield Prompt(USE_SKILL_PROMPT, c.s.team[by], opts, {"skill": rule, "player": by})
        if choice.kind == USE_SKILL:
            star_points.mark_used(c, by, rule)
            return str(rule)
    return ""


def apply_injury(
    c: Ctx,
    p: int,
    dice: tuple[int, int],
    total: int,
    mods: tuple[tuple[str, int], ...],
    by: int,
    spp: bool,
    crowd: bool,
    stunned_as_ko: bool = False,
    casualty_as_badly_hurt: bool = False,
) -> Proc[None]:
    """Apply an injury roll: stunned, KO'd (apothecary) or a casualty.

    ``stunned_as_ko`` treats a Stunned result as KO'd (a fumbled Kick Team-mate);
    ``casualty_as_badly_hurt`` turns a Casualty into Badly Hurt (a Bloodlust bite).
    """
    s = c.s
    team = s.team[p]
    result = injury_result(c, p, total)
    if stunned_as_ko and result == STUNNED_R:
        result = KO_R
    if casualty_as_badly_hurt and result == CAS_R:
        result = BH
    c.emit(Event("injury", team, p, dice, 0, mods, rule="crowd" if crowd else "", detail=result))
    square = s.pos[p]
    dropped = s.carrier == p
    if result == STUNNED_R:
        if crowd:
            s.remove(p, RESERVE)
        else:
            s.status[p] = STUNNED
            s.stunned_now.add(p)
    else:
        yield from _ko_or_casualty(c, p, result, by, spp, crowd)
        if s.status[p] in (KO, CASUALTY):
            for q in s.players_of(team):
                for _rule, fn in c.hook(q, star_points.PARTNER_REMOVED):
                    fn(c, q, p)
    if dropped and square >= 0:
        s.carrier = -1
        from league_manager.match.procedures.ball import bounce

        yield from bounce(c, square)


def _ko_or_casualty(c: Ctx, p: int, result: str, by: int, spp: bool, crowd: bool) -> Proc[None]:
    s = c.s
    team = s.team[p]
    if result == KO_R and not crowd:
        outcome = yield from staff.mungo(c, p)
        if outcome == "stunned":
            return
        if outcome == "badly_hurt":
            yield from casualty(c, p, by, spp, badly_hurt_only=True, rule=staff.MUNGO)
            return
    if result == KO_R:
        if (yield from _offer_apothecary(c, p)):
            c.emit(Event("apothecary", team, p, detail="patched up KO"))
            if crowd:
                s.remove(p, RESERVE)
            else:
                s.status[p] = STUNNED
                s.stunned_now.add(p)
            return
        s.remove(p, KO)
        return
    yield from casualty(c, p, by, spp, badly_hurt_only=result == BH)


def knocked_out(c: Ctx, p: int) -> Proc[None]:
    """Knock player p out with no armour or injury roll (Saboteur); Mungo and an apothecary
    may still be used as for a KO'd result."""
    yield from _ko_or_casualty(c, p, KO_R, -1, False, False)


def _offer_apothecary(c: Ctx, p: int) -> Proc[bool]:
    s = c.s
    team = s.team[p]
    snap = s.teams[team].players[_local(c, p)]
    uses = medical.apothecaries_left(s, team)
    if not uses or snap.journeyman or snap.induced or p in s.frogs:
        return False
    choice = yield Prompt(APOTHECARY, team, list(_YES_NO), {"player": p, "apothecaries": uses})
    if choice.kind != YES:
        return False
    medical.spend_apothecary(c, team)
    s.stats[p].apothecary = True
    return True


def _local(c: Ctx, p: int) -> int:
    return p if c.s.team[p] == 0 else p - len(c.s.teams[0].players)


def casualty(c: Ctx, p: int, by: int, spp: bool, badly_hurt_only: bool = False, rule: str = "") -> Proc[None]:
    """Casualty roll (D16 + niggling injuries), apothecary, regeneration; removes the player."""
    s = c.s
    team = s.team[p]
    snap = s.teams[team].players[_local(c, p)]
    s.remove(p, CASUALTY)
    if badly_hurt_only or p in s.frogs:
        result = BH
        c.emit(Event("casualty", team, p, detail=result, rule=rule or ("Zap!" if p in s.frogs else "Stunty")))
    else:
        result = _roll_casualty(c, p, snap.niggling)
        if (yield from _offer_apothecary(c, p)):
            second = _roll_casualty(c, p, snap.niggling)
            options = [Action(CHOOSE, p, 0), Action(CHOOSE, p, 1)]
            info = {"player": p, "results": [result, second]}
            pick = yield Prompt(CASUALTY_CHOICE, team, options, info)
            result = second if pick.square == 1 else result
            c.emit(Event("apothecary", team, p, detail=result))
            if result == BH:
                s.status[p] = RESERVE
                _credit(c, p, by, spp, result)
                return
    for skill, fn in c.hook(p, points.REGENERATION):
        roll = c.d6("regeneration")
        ok = roll >= int(fn())
        c.emit(Event("regeneration", team, p, (roll,), int(fn()), success=ok, rule=skill))
        if ok or medical.regeneration_reroll(c, p, int(fn()), skill):
            s.status[p] = RESERVE
            return
    st = s.stats[p]
    if not worse(st.injury, result):  # a player healed by an unguent keeps the worse result
        st.injury = result
        st.injured_by = by if by >= 0 and s.team[by] != team else -1
    if result == "Lasting Injury":
        roll = c.d6("lasting injury")
        st.lasting = LASTING_TABLE[roll]
        c.emit(Event("lasting_injury", team, p, (roll,), detail=st.lasting))
    _credit(c, p, by, spp, result)
    yield from unguent.offer_unguent(c, p, result)


def worse(recorded: str | None, result: str) -> bool:
    """Whether an injury already recorded this game is worse than a new casualty result."""
    order = [name for _, name in CASUALTY_TABLE]
    return recorded in order and order.index(str(recorded)) > order.index(result)


def _roll_casualty(c: Ctx, p: int, niggling: int) -> str:
    roll = c.roll(16, "casualty")
    mods = (("niggling", niggling),) if niggling else ()
    for skill, fn in c.hook(p, points.CASUALTY_SAFE_MOD):  # Decay
        mods = (*mods, (skill, int(fn())))
    result = casualty_result(roll + sum(v for _, v in mods), c.ed.casualty_table)
    c.emit(Event("casualty", c.s.team[p], p, (roll,), 0, mods, detail=result))
    return result


def _credit(c: Ctx, p: int, by: int, spp: bool, result: str = "") -> None:
    s = c.s
    if by < 0 or s.team[by] == s.team[p]:
        return
    s.cas_inflicted[s.team[by]] += 1
    if result == "Dead":
        s.stats[by].kills += 1
    if spp:
        s.stats[by].cas += 1
        stars.casualty_caused(c, by, p)
        if s.has_prayer(s.team[by], "Necessary Violence"):
            s.stats[by].bonus_spp += 1
    else:
        s.stats[by].cas_other += 1


def crowd_injury(c: Ctx, p: int, by: int) -> Proc[None]:
    """Injury by the crowd: no armour roll, stunned goes to reserves."""
    s = c.s
    c.emit(Event("crowd", s.team[p], p, square=s.pos[p]))
    s.remove(p, RESERVE)
    i1, i2 = c.d6("injury"), c.d6("injury")
    fans = by >= 0 and s.team[by] != s.team[p] and s.has_prayer(s.team[by], "Fan Interaction")
    yield from apply_injury(c, p, (i1, i2), i1 + i2, (), by, fans, crowd=True)


def place_prone(c: Ctx, p: int, reason: str) -> Proc[None]:
    """Placed prone: no armour roll; a ball carrier drops the ball, which bounces."""
    s = c.s
    square = s.pos[p]
    s.status[p] = PRONE
    s.rooted.discard(p)
    c.emit(Event("placed_prone", s.team[p], p, square=square, rule=reason))
    if c.has(p, special_points.INJURY_WHEN_DOWN):
        yield from injury_at_once(c, p, -1, False)
    if s.carrier == p and (yield from _safe_hands(c, p, square)):
        return
    if s.carrier == p or (s.carrier < 0 and s.ball == square):
        s.carrier = -1
        from league_manager.match.procedures.ball import bounce

        yield from bounce(c, square)


def _safe_hands(c: Ctx, p: int, square: int) -> Proc[bool]:
    """Safe Pair of Hands: True when p's ball was put down without bouncing."""
    for _skill, fn in c.hook(p, asp_points.SAFE_PAIR_OF_HANDS):
        if square >= 0 and (yield from fn(c, p, square)):
            return True
    return False


def casualty_eaten(c: Ctx, p: int) -> None:
    """Always Hungry: the team-mate is eaten (recorded as Dead, no apothecary)."""
    s = c.s
    s.remove(p, CASUALTY)
    s.stats[p].injury = "Dead"
    c.emit(Event("casualty", s.team[p], p, detail="Dead", rule="Always Hungry"))
