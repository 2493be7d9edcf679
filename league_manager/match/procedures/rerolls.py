"""Tests against a target with re-rolls: skill re-rolls, team re-rolls (Loner), Pro."""

from __future__ import annotations

from collections.abc import Callable, Generator

from league_manager.match.actions import (
    DECLINE,
    REROLL,
    USE_PRO,
    USE_SKILL_REROLL,
    USE_TEAM_REROLL,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import TEAM_MASCOT, mascot
from league_manager.match.skills import asp_points, captain, points
from league_manager.match.skills import stars_3_points as stars3
from league_manager.match.skills.registry import used_key

_DECLINE = Action(DECLINE)


def passes(roll: int, target: int, modifier: int) -> bool:
    """A D6 test: natural 1 fails, natural 6 passes, else roll + modifier >= target."""
    if roll == 1:
        return False
    return roll == 6 or roll + modifier >= target


def team_reroll_available(c: Ctx, team: int) -> bool:
    """Team re-rolls: the active team, in its own turn (not during the kick-off), while left."""
    s = c.s
    if s.active != team or s.turnover or s.kick_in_air:
        return False
    if s.rerolls[team] + s.extra_rerolls[team] > 0 or leader_reroll(c, team) or mascot.available(s, team):
        return True
    return stars3.spare_reroll(c, team) >= 0


def leader_reroll(c: Ctx, team: int) -> bool:
    """Leader: the team's Leader re-roll is unused this half and a Leader is on the pitch."""
    s = c.s
    if s.leader_used[team]:
        return False
    pos = s.pos
    return any(pos[p] >= 0 and c.has(p, asp_points.LEADER) for p in s.players_of(team))


def skill_reroll(c: Ctx, p: int, kind: str) -> str:
    """Name of a skill of p that may re-roll a failed test of ``kind`` now, or ""."""
    s = c.s
    for skill, fn in c.hook(p, points.SKILL_REROLL):
        how = fn(kind)
        if how is None:
            continue
        if how in ("once", "game") and (p, used_key(skill, s.half)) in s.skill_used:
            continue
        if skill == "Dodge" and kind == "dodge" and _dodge_cancelled(c, p):
            continue
        return str(skill)
    return ""


def _dodge_cancelled(c: Ctx, p: int) -> bool:
    origin = c.s.dodge_origin
    if origin < 0:
        return False
    return any(c.has(q, points.CANCEL_DODGE_REROLL) for q in c.markers(origin, c.s.team[p]))


def use_team_reroll(c: Ctx, p: int) -> bool:
    """Spend a team re-roll for player p; False when Loner makes it fail."""
    s = c.s
    team = s.team[p]
    rule = ""
    spare = stars3.spare_reroll(c, team)
    if s.extra_rerolls[team] > 0:
        s.extra_rerolls[team] -= 1
    elif spare >= 0:  # Lord of Chaos: spent before the others, it is lost if its star leaves
        rule = stars3.spend_spare_reroll(c, spare)
    elif leader_reroll(c, team):  # spent before the others: it is lost if the Leaders leave
        s.leader_used[team] = True
        rule = "Leader"
    elif c.ed.mascot_first and mascot.available(s, team) and mascot.spend(c, p):
        rule = TEAM_MASCOT  # BB2020: tried first; a failed mascot falls back on a team re-roll
    elif s.rerolls[team] > 0:
        s.rerolls[team] -= 1
        _captain_keeps(c, team)
    elif c.ed.mascot_first or not mascot.available(s, team) or not mascot.spend(c, p):
        return False  # Season 3: the mascot's re-roll is spent last
    else:
        rule = TEAM_MASCOT
    for skill, fn in c.hook(p, points.LONER):
        need = fn(c.param(p, skill))
        roll = c.d6("loner")
        ok = roll >= need
        c.emit(Event("loner", team, p, (roll,), need, success=ok, rule=skill))
        if not ok:
            return False
    c.emit(Event("team_reroll", team, p, rule=rule, detail=f"{s.rerolls[team]} left"))
    return True


def _captain_keeps(c: Ctx, team: int) -> None:
    """Team Captain (Season 3): with the Captain on the pitch, the team re-roll just used
    comes back on a D6 roll of 6."""
    s = c.s
    for p in s.players_of(team):
        if s.pos[p] < 0:
            continue
        for skill, fn in c.hook(p, captain.KEEPS_TEAM_REROLL):
            need = int(fn())
            roll = c.d6("team captain")
            kept = roll >= need
            if kept:
                s.rerolls[team] += 1
            c.emit(Event("team_captain", team, p, (roll,), need, success=kept, rule=skill))
            return


def reroll_choice(c: Ctx, p: int, kind: str) -> Proc[str]:
    """Offer the re-rolls available for a failed test; return how it will be re-rolled.

    Returns "" when no re-roll happens, else the source ("Dodge", "team", "Pro").
    """
    s = c.s
    team = s.team[p]
    options: list[Action] = []
    skill = skill_reroll(c, p, kind)
    if skill:
        options.append(Action(USE_SKILL_REROLL, p))
    if team_reroll_available(c, team):
        options.append(Action(USE_TEAM_REROLL, p))
    pro_target = 0
    for _skill, fn in c.hook(p, points.PRO):
        if (p, "Pro") not in s.skill_used and s.active == team:
            pro_target = int(fn())
            options.append(Action(USE_PRO, p))
    if not options:
        return ""
    options.append(_DECLINE)
    choice = yield Prompt(REROLL, team, options, {"player": p, "roll": kind, "skill": skill})
    if choice.kind == USE_SKILL_REROLL:
        s.skill_used.add((p, used_key(skill, s.half)))
        c.emit(Event("skill_reroll", team, p, rule=skill))
        return skill
    if choice.kind == USE_TEAM_REROLL:
        return "team" if use_team_reroll(c, p) else ""
    if choice.kind == USE_PRO:
        s.skill_used.add((p, "Pro"))
        roll = c.d6("pro")
        ok = roll >= pro_target
        c.emit(Event("pro", team, p, (roll,), pro_target, success=ok, rule="Pro"))
        return "Pro" if ok else ""
    return ""


Adjuster = Callable[[int, int], Generator[Prompt, Action, int]]
"""After a roll: fn(roll, modifier) -> extra modifier (Diving Tackle, Break Tackle …)."""


def test(
    c: Ctx,
    p: int,
    kind: str,
    target: int,
    mods: tuple[tuple[str, int], ...],
    square: int = -1,
    rerollable: bool = True,
    adjusters: tuple[Adjuster, ...] = (),
) -> Proc[bool]:
    """Roll a D6 test for player p (agility, rush, pass …), offering re-rolls on failure.

    ``adjusters`` run after each roll and may add a lasting modifier (skills used after
    seeing the dice).
    """
    modifier = sum(v for _, v in mods)
    team = c.s.team[p]
    rule = ""
    for attempt in range(2):
        roll = c.d6(kind)
        for adjust in adjusters:
            extra = yield from adjust(roll, modifier)
            if extra:
                modifier += extra
                mods = (*mods, ("skill", extra))
        ok = passes(roll, target, modifier)
        c.emit(Event(kind, team, p, (roll,), target, mods, ok, rule=rule, square=square))
        if ok or not rerollable or attempt == 1:
            return ok
        source = yield from reroll_choice(c, p, kind)
        if not source:
            return False
        rule = f"re-roll ({source})"
    return False  # pragma: no cover - the loop always returns
