"""Hook points of star players' special rules (issue 12, part 1) and their use limits.

The handlers live in :mod:`league_manager.match.skills.stars_1`; the procedures call these
points. Once-per-game uses are declared with ``registry.limit`` (in stars_1) and kept in
``State.skill_used`` under ``registry.used_key`` names, which outlive the team turn.
"""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.skills.registry import hook_point, used_key

DAUNTLESS_REROLL = hook_point(
    "dauntless_reroll", "fn() -> True: may re-roll a failed Dauntless D6 (Blind Rage)"
)
BLITZ_EXTRA_DIE = hook_point(
    "blitz_extra_die", "fn() -> True: once per game, one more block die on a Blitz (Gored by the Bull)"
)
REROLL_BLOCK_DICE = hook_point(
    "reroll_block_dice", "fn() -> True: once per game, re-roll any of the block dice (Savage Blow)"
)
LATE_BONUS = hook_point(
    "late_bonus",
    "fn(c, by, victim, stage) -> bool: after the armour ('armour') or injury ('injury') dice of a"
    " block's knock-down, whether +1 may be added now (Slayer, Brutal Block)",
)
PARTNER_REMOVED = hook_point(
    "partner_removed", "fn(c, p, partner) -> None: a team-mate was KO'd or became a casualty (Two for One)"
)
SAFE_FUMBLE_LANDING = hook_point(
    "safe_fumble_landing", "fn() -> True: a team-mate this player fumbles lands safely (Reliable)"
)
DODGE_ADJUSTER = hook_point(
    "dodge_adjuster", "fn(c, p) -> Adjuster: a rule used after seeing p's dodge roll (Incorporeal)"
)

DRIVE_ENDED = hook_point(
    "drive_ended", "fn(c, p, scorer) -> None: the drive ended (scorer: who scored, or -1) (Star of the Show)"
)
TEAM_MATE_ACTIVATED = hook_point(
    "team_mate_activated",
    "fn(c, p, mate, action) -> Proc[None]: an adjacent team-mate is activated (Wisdom of the White Dwarf)",
)
LASH_OUT_AT_OPPONENT = hook_point(
    "lash_out_at_opponent", "fn(c, p) -> bool: Animal Savagery may lash out at an opponent (Primal Savagery)"
)
INJURY_MODIFIER = hook_point(
    "injury_modifier", "fn(c, p, victim) -> int: injury roll modifier of p's Foul or Stab (A Sneaky Pair)"
)
HAIL_MARY_HELP = hook_point(
    "hail_mary_help",
    "fn() -> True: once per game, a scattered Hail Mary Pass may scatter again; +1 to a team-mate's"
    " catch (Blast It!)",
)
TURN = "turn"
"""``State.temporary`` period of a skill gained (or lost, "-Grab") until the team turn ends."""
HEXED, HEXED_NOW = "hexed", "hexed now"
"""``State.temporary`` marks of a Baleful Hex victim: before and during its team's next turn."""


def grant_for_turn(c: Ctx, p: int, skill: str, param: str = "", rule: str = "") -> None:
    """p gains ``skill`` (or loses it, with a leading "-") until the end of this team turn."""
    s = c.s
    lost = skill.startswith("-")
    had = skill.removeprefix("-") in s.skills[p]
    if lost and had:
        s.skills[p] = s.skills[p] - {skill[1:]}
    elif not lost and not had:
        s.skills[p] = s.skills[p] | {skill}
        if param:
            s.params[p] = {**s.params[p], skill: param}
    c.refresh_hooks(p)
    if lost == had:  # only a real change is undone when the turn ends
        s.temporary.append((p, skill, TURN))
    c.emit(Event("skill", s.team[p], p, rule=rule, detail=f"{skill} {param}".strip() + " this turn"))


def expire_turn(c: Ctx) -> None:
    """Undo the skills gained or lost for one team turn (called when a team turn starts, after
    the active team's players are made ready); a hexed player sits out its team's next turn."""
    s = c.s
    if not any(lasts == TURN for _p, _what, lasts in s.temporary):
        return
    keep = []
    for p, what, lasts in s.temporary:
        if lasts != TURN:
            keep.append((p, what, lasts))
            continue
        if what == HEXED:
            if s.team[p] == s.active:
                s.used[p] = True
                c.lose_tackle_zone(p, "Baleful Hex")
                what = HEXED_NOW
            keep.append((p, what, lasts))
            continue
        if what == HEXED_NOW:
            c.regain_tackle_zone(p)
            continue
        if what.startswith("-"):
            s.skills[p] = s.skills[p] | {what[1:]}
        else:
            s.skills[p] = s.skills[p] - {what}
            s.params[p] = {k: v for k, v in s.params[p].items() if k != what or k in s.skills[p]}
        c.refresh_hooks(p)
    s.temporary = keep


def team_mate_activated(c: Ctx, p: int, action: str) -> Proc[None]:
    """Run the rules of p's standing team-mates next to p that hook p's activation."""
    s = c.s
    for n in NEIGHBOURS[s.pos[p]] if s.pos[p] >= 0 else ():
        q = s.board[n]
        if q >= 0 and s.team[q] == s.team[p]:
            for _rule, fn in c.hook(q, TEAM_MATE_ACTIVATED):
                yield from fn(c, q, p, action)


def injury_modifiers(c: Ctx, p: int, victim: int) -> tuple[tuple[str, int], ...]:
    """Injury roll modifiers p's rules give to a Foul or Stab against ``victim``."""
    found = [(rule, int(fn(c, p, victim))) for rule, fn in c.hook(p, INJURY_MODIFIER)]
    return tuple((rule, v) for rule, v in found if v)


def unused(c: Ctx, p: int, rule: str) -> bool:
    """True while p has not used the once-per-game (or per-half) rule ``rule``."""
    return (p, used_key(rule, c.s.half)) not in c.s.skill_used


def mark_used(c: Ctx, p: int, rule: str) -> None:
    """Record a once-per-game (or per-half) use of ``rule``."""
    c.s.skill_used.add((p, used_key(rule, c.s.half)))


def spend(c: Ctx, p: int, rule: str, detail: str = "", other: int = -1) -> None:
    """Record a use of ``rule`` and say so in the log (a ``star_rule`` event)."""
    mark_used(c, p, rule)
    c.emit(Event("star_rule", c.s.team[p], p, rule=rule, detail=detail, other=other))
