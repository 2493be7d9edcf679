"""Star players' special rules (issue 12, part 2): re-rolls, late armour and injury bonuses.

Each rule is a skill name the star has in the match. Once-per-game and once-per-half limits
are declared with ``limit`` and recorded in ``State.skill_used`` under ``used_key`` names,
which outlive the team turn.
"""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import distance
from league_manager.match.procedures.block import offer_skill
from league_manager.match.skills import points, star_points
from league_manager.match.skills import stars_2_points as sp
from league_manager.match.skills.registry import limit, register
from league_manager.match.state import STANDING

_NOT_REROLLABLE = ("armour", "injury", "casualty")

for _rule in (
    "The Ballista",
    "Halfling Luck",
    "I'll Be Back!",
    "Pump Up the Crowd",
    "Crushing Blow",
    "Ram",
    "Dwarfen Scourge",
    "Savage Mauling",
    "Master Assassin",
    "Toxin Connoisseur",
):
    limit(_rule, "game")
limit("Thinking Man's Troll", "half")
limit("Black Ink", "game")
limit("Old Pro", "game")
limit("Swift as the Breeze", "game")
limit("Indomitable", "game")
limit("Watch Out!", "half")
limit("Strong Passing Game", "game")
limit("Catch of the Day", "half")


# Re-rolls (through the skill re-roll of a failed test; "once" is per game or half here) --
@register(points.SKILL_REROLL, "The Ballista")
def _ballista(kind: str) -> str | None:
    return "once" if kind in ("pass", "throw") else None


@register(points.SKILL_REROLL, "Halfling Luck")
def _halfling_luck(kind: str) -> str | None:
    return None if kind in _NOT_REROLLABLE else "once"


@register(points.SKILL_REROLL, "Thinking Man's Troll")
def _thinking_troll(kind: str) -> str | None:
    return None if kind in _NOT_REROLLABLE else "once"


# I'll Be Back! ------------------------------------------------------------------
@register(sp.SPARED_SEND_OFF, "I'll Be Back!")
def _ill_be_back(c: Ctx, p: int) -> bool:
    if not star_points.unused(c, p, "I'll Be Back!"):
        return False
    star_points.spend(c, p, "I'll Be Back!", "not sent off")
    return True


# Pump Up the Crowd ----------------------------------------------------------------
@register(sp.CASUALTY_CAUSED, "Pump Up the Crowd")
def _pump_up(c: Ctx, by: int, victim: int) -> None:
    if not star_points.unused(c, by, "Pump Up the Crowd"):
        return
    c.s.rerolls[c.s.team[by]] += 1
    star_points.spend(c, by, "Pump Up the Crowd", "+1 team re-roll", victim)


# Late armour and injury bonuses -----------------------------------------------------
def _is_dwarf(c: Ctx, p: int) -> bool:
    s = c.s
    snap = s.teams[s.team[p]].players[p if s.team[p] == 0 else p - len(s.teams[0].players)]
    return "dwarf" in snap.position.lower() or "dwarf" in s.teams[s.team[p]].race.lower()


def _late_armour(c: Ctx, by: int, p: int, total: int, av: int, rule: str, bonus: int) -> Proc[int]:
    if total + bonus < av or not star_points.unused(c, by, rule):
        return 0
    if not (yield from offer_skill(c, by, rule)):
        return 0
    star_points.spend(c, by, rule, f"+{bonus} armour", p)
    return bonus


def _late_injury(c: Ctx, by: int, p: int, total: int, rule: str, bonus: int) -> Proc[int]:
    from league_manager.match.procedures.injury import injury_result

    if injury_result(c, p, total + bonus) == injury_result(c, p, total) or not star_points.unused(
        c, by, rule
    ):
        return 0
    if not (yield from offer_skill(c, by, rule)):
        return 0
    star_points.spend(c, by, rule, f"+{bonus} injury", p)
    return bonus


def _reroll_injury(c: Ctx, by: int, p: int, total: int, rule: str) -> Proc[int | None]:
    from league_manager.match.procedures.injury import CAS_R, injury_result

    if injury_result(c, p, total) == CAS_R or not star_points.unused(c, by, rule):
        return 0
    if not (yield from offer_skill(c, by, rule)):
        return 0
    star_points.spend(c, by, rule, "injury re-rolled", p)
    return None


@register(sp.ARMOUR_AFTER_ROLL, "Crushing Blow")
def _crushing_blow(
    c: Ctx, by: int, p: int, dice: tuple[int, int], total: int, av: int, how: str
) -> Proc[int]:
    if how != "block":
        return 0
    return (yield from _late_armour(c, by, p, total, av, "Crushing Blow", 1))


@register(sp.ARMOUR_AFTER_ROLL, "Ram")
def _ram_armour(c: Ctx, by: int, p: int, dice: tuple[int, int], total: int, av: int, how: str) -> Proc[int]:
    if how != "block":
        return 0
    return (yield from _late_armour(c, by, p, total, av, "Ram", 1))


@register(sp.INJURY_AFTER_ROLL, "Ram")
def _ram_injury(c: Ctx, by: int, p: int, total: int, how: str) -> Proc[int | None]:
    if how != "block":
        return 0
    return (yield from _late_injury(c, by, p, total, "Ram", 1))


@register(sp.ARMOUR_AFTER_ROLL, "Dwarfen Scourge")
def _scourge_armour(
    c: Ctx, by: int, p: int, dice: tuple[int, int], total: int, av: int, how: str
) -> Proc[int]:
    if how != "block":
        return 0
    bonus = 2 if _is_dwarf(c, p) else 1
    return (yield from _late_armour(c, by, p, total, av, "Dwarfen Scourge", bonus))


@register(sp.INJURY_AFTER_ROLL, "Dwarfen Scourge")
def _scourge_injury(c: Ctx, by: int, p: int, total: int, how: str) -> Proc[int | None]:
    if how != "block":
        return 0
    bonus = 2 if _is_dwarf(c, p) else 1
    return (yield from _late_injury(c, by, p, total, "Dwarfen Scourge", bonus))


@register(sp.INJURY_AFTER_ROLL, "Toxin Connoisseur")
def _toxin(c: Ctx, by: int, p: int, total: int, how: str) -> Proc[int | None]:
    if how != "stab":
        return 0
    return (yield from _late_injury(c, by, p, total, "Toxin Connoisseur", 1))


@register(sp.INJURY_AFTER_ROLL, "Master Assassin")
def _master_assassin(c: Ctx, by: int, p: int, total: int, how: str) -> Proc[int | None]:
    if how != "stab":
        return 0
    return (yield from _reroll_injury(c, by, p, total, "Master Assassin"))


@register(sp.INJURY_AFTER_ROLL, "Savage Mauling")
def _savage_mauling(c: Ctx, by: int, p: int, total: int, how: str) -> Proc[int | None]:
    return (yield from _reroll_injury(c, by, p, total, "Savage Mauling"))


# Catch of the Day --------------------------------------------------------------------
@register(points.ACTIVATION_TEST, "Catch of the Day")
def _catch_of_the_day(c: Ctx, p: int, kind: str) -> Proc[bool]:
    """Standing at activation with the ball on the ground within 3 squares: 3+ to take it."""
    s = c.s
    rule = "Catch of the Day"
    loose = s.carrier < 0 and s.ball >= 0 and not s.kick_in_air
    if not loose or s.status[p] != STANDING or s.pos[p] < 0 or not star_points.unused(c, p, rule):
        return True
    if distance(s.pos[p], s.ball) > 3 or not (yield from offer_skill(c, p, rule)):
        return True
    star_points.spend(c, p, rule)
    roll = c.d6("catch of the day")
    ok = roll >= 3
    c.emit(Event("catch_of_the_day", s.team[p], p, (roll,), 3, success=ok, rule=rule))
    if ok:
        s.carrier = p
        s.ball = s.pos[p]
    return True


# Sneakiest of the Lot ----------------------------------------------------------------
@register(sp.SECOND_FOUL, "Sneakiest of the Lot")
def _sneakiest(c: Ctx, p: int) -> bool:
    return True


# Unstoppable Momentum --------------------------------------------------------------
@register(sp.BLITZ_DIE_REROLL, "Unstoppable Momentum")
def _unstoppable_momentum() -> bool:
    return True


# Black Ink, Strong Passing Game --------------------------------------------------------
@register(sp.AUTO_GAZE, "Black Ink")
def _black_ink(c: Ctx, p: int) -> Proc[bool]:
    if not star_points.unused(c, p, "Black Ink") or not (yield from offer_skill(c, p, "Black Ink")):
        return False
    star_points.spend(c, p, "Black Ink", "Hypnotic Gaze succeeds")
    return True


@register(sp.PASS_AFTER_ROLL, "Strong Passing Game")
def _strong_passing_game(c: Ctx, p: int) -> Proc[int]:
    rule = "Strong Passing Game"
    if not star_points.unused(c, p, rule) or not (yield from offer_skill(c, p, rule)):
        return 0
    star_points.spend(c, p, rule, f"+{c.s.st[p]} to the passing test")
    return c.s.st[p]


# Watch Out!, Indomitable --------------------------------------------------------------
@register(sp.BLOCK_DICE_TARGET, "Watch Out!")
def _watch_out(c: Ctx, att: int, p: int) -> None:
    if star_points.unused(c, p, "Watch Out!"):
        star_points.spend(c, p, "Watch Out!", "counts as having Dodge", att)
        c.s.skill_used.add((p, sp.DODGE_THIS_BLOCK))


@register(sp.AFTER_DAUNTLESS, "Indomitable")
def _indomitable(c: Ctx, p: int, target: int) -> Proc[int]:
    if not star_points.unused(c, p, "Indomitable") or not (yield from offer_skill(c, p, "Indomitable")):
        return 0
    star_points.spend(c, p, "Indomitable", f"ST {2 * c.s.st[target]}", target)
    return c.s.st[target]


# Old Pro ------------------------------------------------------------------------------
@register(sp.ARMOUR_AFTER_ROLL, "Old Pro")
def _old_pro(c: Ctx, by: int, p: int, dice: tuple[int, int], total: int, av: int, how: str) -> Proc[int]:
    """In his own turn, Pro (3+) re-rolls the lower die of a failed armour roll he made."""
    s = c.s
    low = min(dice)
    if s.active != s.team[by] or total - low + 6 < av or not star_points.unused(c, by, "Old Pro"):
        return 0
    if not (yield from offer_skill(c, by, "Old Pro")):
        return 0
    star_points.spend(c, by, "Old Pro", "Pro on an armour die", p)
    roll = c.d6("pro")
    ok = roll >= 3
    c.emit(Event("pro", s.team[by], by, (roll,), 3, success=ok, rule="Old Pro"))
    if not ok:
        return 0
    new = c.d6("armour")
    c.emit(Event("armour_die", s.team[p], p, (low, new), rule="Old Pro"))
    return new - low


# Swift as the Breeze ----------------------------------------------------------------
@register(sp.PASS_ON_TWO, "Swift as the Breeze")
def _swift_as_the_breeze(c: Ctx, p: int, kind: str) -> Proc[bool]:
    rule = "Swift as the Breeze"
    if kind not in ("dodge", "jump", "rush") or not star_points.unused(c, p, rule):
        return False
    if not (yield from offer_skill(c, p, rule)):
        return False
    star_points.spend(c, p, rule, f"the {kind} passes")
    return True
