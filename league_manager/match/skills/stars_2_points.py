"""Hook points of star players' special rules (issue 12, part 2) and the calls procedures make.

Handlers live in ``stars_2.py``; the few procedures that need these points call the small
functions here, which run the handlers of the players concerned.
"""

from __future__ import annotations

from collections.abc import Callable

from league_manager.match.core import Ctx, Proc
from league_manager.match.skills.registry import hook_point

SPARED_SEND_OFF = hook_point(
    "spared_send_off", "fn(c, p) -> bool: the Secret Weapon send-off at the end of a drive is skipped"
)
CASUALTY_CAUSED = hook_point(
    "casualty_caused", "fn(c, by, victim) -> None: by caused a casualty with a Block"
)
ARMOUR_AFTER_ROLL = hook_point(
    "armour_after_roll",
    "fn(c, by, p, dice, total, av, how) -> Proc[int]: change to a failed armour roll after seeing it",
)
INJURY_AFTER_ROLL = hook_point(
    "injury_after_roll",
    "fn(c, by, p, total, how) -> Proc[int | None]: bonus after seeing an injury roll, None to re-roll",
)

SECOND_FOUL = hook_point(
    "second_foul", "fn(c, p) -> True: the team may foul twice a turn if p makes one of the fouls"
)
BLITZ_DIE_REROLL = hook_point(
    "blitz_die_reroll", "fn() -> True: on a Blitz the attacker may re-roll any one block die"
)
AUTO_GAZE = hook_point("auto_gaze", "fn(c, p) -> Proc[bool]: this Hypnotic Gaze succeeds, no test")
PASS_AFTER_ROLL = hook_point(
    "pass_after_roll", "fn(c, p) -> Proc[int]: bonus added to a Pass's failed passing test roll"
)
BLOCK_DICE_TARGET = hook_point(
    "block_dice_target", "fn(c, att, p) -> None: p is the target of an opponent's block, before the dice"
)
AFTER_DAUNTLESS = hook_point(
    "after_dauntless", "fn(c, p, target) -> Proc[int]: ST added after a successful Dauntless roll"
)
DODGE_THIS_BLOCK = "counts as having Dodge"
"""``skill_used`` name: the player counts as having Dodge against the block being made."""
PASS_ON_TWO = hook_point(
    "pass_on_two", "fn(c, p, kind) -> Proc[bool]: a failed test of this kind passes (roll of 2+)"
)
FOULED = "fouled this turn"
"""``skill_used`` name marking a player who made a Foul action this team turn."""


def team_may_foul_twice(c: Ctx, team: int) -> bool:
    """Whether a player of ``team`` has a rule allowing a second Foul (Sneakiest of the Lot)."""
    return any(c.has(q, SECOND_FOUL) for q in c.s.players_of(team))


def may_foul_again(c: Ctx, p: int) -> bool:
    """A second Foul action this turn for p: one of the two is by a Sneakiest of the Lot player."""
    s = c.s
    fouled = [q for q in s.players_of(s.team[p]) if (q, FOULED) in s.skill_used]
    if len(fouled) != 1:
        return False
    return c.has(p, SECOND_FOUL) or c.has(fouled[0], SECOND_FOUL)


def spared_send_off(c: Ctx, p: int) -> bool:
    """True when a rule of p keeps them on despite Secret Weapon (I'll Be Back!)."""
    return any(fn(c, p) for _skill, fn in c.hook(p, SPARED_SEND_OFF))


def casualty_caused(c: Ctx, by: int, victim: int) -> None:
    """Run the rules of ``by`` that trigger on a casualty caused by their Block."""
    for _skill, fn in c.hook(by, CASUALTY_CAUSED):
        fn(c, by, victim)


def armour_after_roll(
    c: Ctx, by: int, p: int, dice: tuple[int, int], total: int, av: int, how: str
) -> Proc[int]:
    """Change ``by`` makes to a failed armour roll against p after seeing it (0 for none):
    a bonus, or the difference a re-rolled die makes.

    ``how`` is "block", "stab", "foul" or "other".
    """
    if by < 0 or c.s.team[by] == c.s.team[p]:
        return 0
    for _skill, fn in c.hook(by, ARMOUR_AFTER_ROLL):
        bonus = yield from fn(c, by, p, dice, total, av, how)
        if bonus:
            return int(bonus)
    return 0


def injury_after_roll(c: Ctx, by: int, p: int, total: int, how: str) -> Proc[int | None]:
    """After an injury roll against p: a bonus ``by`` adds (0 none), or None to re-roll it."""
    if by < 0 or c.s.team[by] == c.s.team[p]:
        return 0
    for _skill, fn in c.hook(by, INJURY_AFTER_ROLL):
        result = yield from fn(c, by, p, total, how)
        if result is None or result:
            return None if result is None else int(result)
    return 0


def auto_gaze(c: Ctx, p: int) -> Proc[bool]:
    """True when a rule of p makes this Hypnotic Gaze succeed without a test (Black Ink)."""
    for _skill, fn in c.hook(p, AUTO_GAZE):
        if (yield from fn(c, p)):
            return True
    return False


def pass_after_roll(c: Ctx, p: int) -> Proc[int]:
    """Bonus p adds to the roll of a failed passing test after seeing it (0 for none)."""
    for _skill, fn in c.hook(p, PASS_AFTER_ROLL):
        bonus = yield from fn(c, p)
        if bonus:
            return int(bonus)
    return 0


def block_targeted(c: Ctx, att: int, p: int) -> None:
    """Run p's rules for being the target of an opponent's block (before the dice)."""
    if c.s.team[att] != c.s.team[p]:
        for _skill, fn in c.hook(p, BLOCK_DICE_TARGET):
            fn(c, att, p)


def after_dauntless(c: Ctx, p: int, target: int) -> Proc[int]:
    """Strength p adds after a successful Dauntless roll (0 for none)."""
    for _skill, fn in c.hook(p, AFTER_DAUNTLESS):
        extra = yield from fn(c, p, target)
        if extra:
            return int(extra)
    return 0


def pass_on_two(c: Ctx, p: int, kind: str, target: int) -> tuple[Callable[[int, int], Proc[int]], ...]:
    """Adjusters for a test of ``kind``: a failed roll of 2+ may be made to pass (Swift as the Breeze)."""
    if not c.has(p, PASS_ON_TWO):
        return ()

    def adjust(roll: int, modifier: int) -> Proc[int]:
        if roll == 1 or roll == 6 or roll + modifier >= target:
            return 0
        for _skill, fn in c.hook(p, PASS_ON_TWO):
            if (yield from fn(c, p, kind)):
                return target - roll - modifier
        return 0

    return (adjust,)
