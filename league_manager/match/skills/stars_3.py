"""Star players' special rules, part 3: rules built on Chainsaw, Ball & Chain and Bombardier.

A star's special rule is one of the star's skill names in the match; its handlers hook the
procedures like any skill. Once-per-game and once-per-half rules are declared with ``limit``
and their uses kept in ``State.skill_used``. Readings: docs/rules-decisions.md, "Star
players' special rules (issue 12, part 3)".
"""

from __future__ import annotations

from league_manager.match.actions import DECLINE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.procedures.block import offer_skill
from league_manager.match.procedures.foul import send_off
from league_manager.match.procedures.rerolls import Adjuster, test
from league_manager.match.skills import star_points
from league_manager.match.skills import stars_3_points as sp
from league_manager.match.skills.registry import limit, register, used_key
from league_manager.match.skills.special_traits import chainsaw_attack
from league_manager.match.state import CASUALTY, KO, SENT_OFF, STANDING

limit("Burst of Speed", "game")
limit("Ghostly Flames", "half")
limit("Kick 'em While They're Down!", "game")
limit("Maximum Carnage", "game")
limit("Lord of Chaos", "game")
limit("Bounding Leap", "game")
limit("All You Can Eat", "game")


@register(sp.EXTRA_RUSH_ONCE, "Burst of Speed")
def _burst_of_speed(c: Ctx, p: int) -> int:
    """Once per game, a third Rush; the coach decides by moving on after the second."""
    return 1 if star_points.unused(c, p, "Burst of Speed") else 0


@register(sp.RUSHED_BEYOND, "Burst of Speed")
def _burst_spent(c: Ctx, p: int) -> None:
    if star_points.unused(c, p, "Burst of Speed"):
        star_points.spend(c, p, "Burst of Speed", "one more Rush")


@register(sp.BALL_AND_CHAIN_DIRECTION, "Whirling Dervish")
def whirling_dervish(c: Ctx, p: int, d: int) -> Proc[int]:
    """Once per activation, the coach may re-roll the Ball & Chain direction D6."""
    rule = "Whirling Dervish"
    if (p, rule) in c.s.skill_used or not (yield from offer_skill(c, p, rule)):
        return d
    c.s.skill_used.add((p, rule))  # cleared at the end of the team turn, i.e. of the activation
    c.emit(Event("star_rule", c.s.team[p], p, (d,), rule=rule, detail="direction re-rolled"))
    return c.d6("ball and chain direction")


@register(sp.CHAINSAW_BONUS, "Ghostly Flames")
def _ghostly_flames(c: Ctx, p: int) -> int:
    """Once per half, a Chainsaw Attack made in a Blitz gets Armour +4 instead of +3."""
    rule = "Ghostly Flames"
    if (p, sp.CHAINSAW_BLITZ) not in c.s.skill_used or not star_points.unused(c, p, rule):
        return 0
    star_points.spend(c, p, rule, "Armour +4")
    return 1


@register(sp.CHAINSAW_ON_DOWN, "Kick 'em While They're Down!")
def _kick_em(c: Ctx, p: int) -> bool:
    """Once per game, a Chainsaw Attack against a Prone or Stunned opponent."""
    return star_points.unused(c, p, "Kick 'em While They're Down!")


@register(sp.CHAINSAW_ON_DOWN_USED, "Kick 'em While They're Down!")
def _kick_em_used(c: Ctx, p: int) -> None:
    star_points.spend(c, p, "Kick 'em While They're Down!", "Chainsaw on an opponent who is down")


@register(sp.AFTER_CHAINSAW, "Maximum Carnage")
def maximum_carnage(c: Ctx, p: int) -> Proc[None]:
    """Once per game, after a Chainsaw Attack, the coach may make a second one at once."""
    rule = "Maximum Carnage"
    s = c.s
    if s.turnover or s.status[p] != STANDING or s.pos[p] < 0 or not star_points.unused(c, p, rule):
        return
    foes = [
        n
        for n in NEIGHBOURS[s.pos[p]]
        if (q := s.board[n]) >= 0 and s.team[q] != s.team[p] and s.status[q] == STANDING
    ]
    if not foes:
        return
    opts = [*(Action(USE_SKILL, p, n) for n in foes), Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], opts, {"skill": rule, "player": p})
    if choice.kind != USE_SKILL:
        return
    star_points.spend(c, p, rule, "a second Chainsaw Attack")
    yield from chainsaw_attack(c, p, s.board[choice.square])


@register(sp.SPARE_TEAM_REROLL, "Lord of Chaos")
def lord_of_chaos(c: Ctx, p: int) -> bool:
    """One more team re-roll for the first half, kept into the second if unused, lost once
    Borak is KO'd, a casualty or sent off before it is used."""
    rule = "Lord of Chaos"
    if not star_points.unused(c, p, rule) or c.s.half > 2:
        return False
    if c.s.status[p] in (KO, CASUALTY, SENT_OFF):
        star_points.spend(c, p, rule, "lost")
        return False
    return True


@register(sp.SPARE_TEAM_REROLL_USED, "Lord of Chaos")
def _lord_of_chaos_used(c: Ctx, p: int) -> None:
    c.s.skill_used.add((p, used_key("Lord of Chaos", c.s.half)))


@register(star_points.PARTNER_REMOVED, "Lord of Chaos")
def _lord_of_chaos_removed(c: Ctx, p: int, removed: int) -> None:
    if removed == p and star_points.unused(c, p, "Lord of Chaos") and c.s.half <= 2:
        star_points.spend(c, p, "Lord of Chaos", "lost")


@register(sp.HELPED_JUMP, "Bounding Leap")
def bounding_leap(c: Ctx, p: int, dest: int, adjusters: tuple[Adjuster, ...]) -> Proc[bool | None]:
    """Once per game, a Jump (or Leap) test with no modifiers, re-rolled if it fails."""
    rule = "Bounding Leap"
    if not star_points.unused(c, p, rule) or not (yield from offer_skill(c, p, rule)):
        return None
    star_points.spend(c, p, rule, "no modifiers")
    ag = c.s.ag[p]
    if (yield from test(c, p, "jump", ag, (), dest, rerollable=False, adjusters=adjusters)):
        return True
    c.emit(Event("skill_reroll", c.s.team[p], p, rule=rule))
    return (yield from test(c, p, "jump", ag, (), dest, rerollable=False, adjusters=adjusters))


@register(sp.BOMB_TWICE, "All You Can Eat")
def all_you_can_eat(c: Ctx, p: int) -> Proc[bool]:
    """Once per game, declared before the first: two bombs in one Throw Bomb action."""
    rule = "All You Can Eat"
    if not star_points.unused(c, p, rule) or not (yield from offer_skill(c, p, rule)):
        return False
    star_points.spend(c, p, rule, "two bombs")
    return True


@register(sp.AFTER_SECOND_BOMB, "All You Can Eat")
def _all_you_can_eat_after(c: Ctx, p: int) -> Proc[None]:
    """After the second bomb: D6, on 1-3 the referee sends the thrower off."""
    s = c.s
    roll = c.d6("all you can eat")
    spotted = roll <= 3
    c.emit(Event("star_rule", s.team[p], p, (roll,), 4, success=not spotted, rule="All You Can Eat"))
    if spotted and s.pos[p] >= 0:
        yield from send_off(c, p, "All You Can Eat")
