"""Season 3 (bb2025) skills and traits: renamed ones reuse their BB2020 handlers, new ones
are registered for ``bb2025`` only (reference/bb2025/skills.yaml; docs/rules-decisions.md).
"""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.procedures.block import assists, offer_skill
from league_manager.match.procedures.injury import knock_down, knocked_out
from league_manager.match.procedures.rerolls import test
from league_manager.match.skills import asp as _asp  # noqa: F401 - Fumblerooskie's handlers first
from league_manager.match.skills import asp_points
from league_manager.match.skills import basic as _basic  # noqa: F401 - No Hands' handlers first
from league_manager.match.skills import mutation_points as mpts
from league_manager.match.skills import mutations as _mutations  # noqa: F401 - Pogo Stick's first
from league_manager.match.skills import season3_points as s3
from league_manager.match.skills import stars_2_points as stars
from league_manager.match.skills.registry import alias, register
from league_manager.match.skills.stars_2_points import ARMOUR_AFTER_ROLL
from league_manager.match.state import STANDING

SEASON3 = ("bb2025",)

RENAMED = {"No Ball": "No Hands", "Pogo": "Pogo Stick", "Fumblerooski": "Fumblerooskie"}
"""Season 3 name -> BB2020 name of skills and traits whose rule did not change."""

for _new, _old in RENAMED.items():
    alias(_new, _old, editions=SEASON3)


@register(s3.NO_SECURE_THE_BALL, "Unsteady", editions=SEASON3)
def _unsteady() -> bool:
    return True


@register(s3.NO_SECURE_THE_BALL, "No Ball", editions=SEASON3)
def _no_ball() -> bool:
    return True


@register(s3.TAUNT, "Taunt", editions=SEASON3)
def _taunt() -> bool:
    return True


@register(s3.EYE_GOUGE, "Eye Gouge", editions=SEASON3)
def _eye_gouge() -> bool:
    return True


@register(s3.GIVE_AND_GO, "Give and Go", editions=SEASON3)
def _give_and_go() -> bool:
    return True


@register(s3.PUT_THE_BOOT_IN, "Put the Boot In", editions=SEASON3)
def _put_the_boot_in() -> bool:
    return True


GAZE_TARGET = 3


@register(mpts.HYPNOTIC_GAZE, "Hypnotic Gaze", editions=SEASON3)
def _hypnotic_gaze(c: Ctx, p: int, target: int) -> Proc[None]:
    """Season 3 Hypnotic Gaze: a D6 needing a fixed 3+ (no Agility test, no marking penalty);
    on a success the target loses its tackle zone and is Distracted until next activated."""
    s = c.s
    c.emit(Event("skill", s.team[p], p, rule="Hypnotic Gaze", other=target))
    ok = (yield from stars.auto_gaze(c, p)) or (
        yield from test(c, p, "hypnotic_gaze", GAZE_TARGET, (), s.pos[target])
    )
    if ok:
        c.emit(Event("loses_tackle_zone", s.team[target], target, rule="Hypnotic Gaze", other=p))
        c.lose_tackle_zone(target, "Hypnotic Gaze")


@register(s3.HATRED, "Hatred", editions=SEASON3)
def _hatred(param: str) -> str:
    return param.strip()


@register(ARMOUR_AFTER_ROLL, "Lone Fouler", editions=SEASON3)
def _lone_fouler(c: Ctx, by: int, p: int, dice: tuple[int, int], total: int, av: int, how: str) -> Proc[int]:
    """Lone Fouler: a Foul with no team-mate assisting may re-roll its failed Armour roll;
    returns the difference the new dice make."""
    s = c.s
    if how != "foul" or assists(c, s.team[by], p, by) or not (yield from offer_skill(c, by, "Lone Fouler")):
        return 0
    new = (c.d6("armour"), c.d6("armour"))
    c.emit(Event("armour_reroll", s.team[p], p, new, av, rule="Lone Fouler", other=by))
    return sum(new) - sum(dice)


STEADY_FOOTING_TARGET = 6


@register(s3.STEADY_FOOTING, "Steady Footing", editions=SEASON3)
def _steady_footing() -> int:
    return STEADY_FOOTING_TARGET


@register(s3.BULLSEYE, "Bullseye", editions=SEASON3)
def _bullseye() -> bool:
    return True


LETHAL_FLIGHT_BONUS = 1


@register(s3.LETHAL_FLIGHT, "Lethal Flight", editions=SEASON3)
def _lethal_flight() -> int:
    return LETHAL_FLIGHT_BONUS


SABOTEUR_TARGET = 4


@register(s3.SABOTEUR, "Saboteur", editions=SEASON3)
def _saboteur(c: Ctx, p: int, blocker: int) -> Proc[bool]:
    """Saboteur: knocked down by an opponent's block, the player may roll a D6; on 4+ the
    blocker is Knocked Down as well (a turnover only if they held the ball) and the
    player is Knocked Out with no armour roll."""
    s = c.s
    if s.status[blocker] != STANDING or not (yield from offer_skill(c, p, "Saboteur")):
        return False
    roll = c.d6("saboteur")
    ok = roll >= SABOTEUR_TARGET
    c.emit(
        Event("saboteur", s.team[p], p, (roll,), SABOTEUR_TARGET, success=ok, rule="Saboteur", other=blocker)
    )
    if not ok:
        return False
    if s.carrier == blocker:
        s.turnover = True
    yield from knock_down(c, blocker, by=p)
    yield from knocked_out(c, p)
    return True


@register(s3.VIOLENT_INNOVATOR, "Violent Innovator", editions=SEASON3)
def _violent_innovator() -> bool:
    return True


@register(s3.QUICK_FOUL, "Quick Foul", editions=SEASON3)
def _quick_foul() -> bool:
    return True


@register(asp_points.SNEAKY_GIT, "Sneaky Git", editions=SEASON3)
def _sneaky_git() -> bool:
    """Season 3 Sneaky Git: not Sent-off for a double on the armour roll only if the armour
    held, and no moving on after the Foul (that is Quick Foul now)."""
    return False


@register(s3.PUNT, "Punt", editions=SEASON3)
def _punt() -> bool:
    return True
