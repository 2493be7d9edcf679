"""Mutations and the simpler traits: Big Hand, Claws, Tentacles … Titchy, Decay, Plague Ridden.

Each handler hooks a point of ``mutation_points`` (or ``points``); the procedures that call
them are movement (dodge, jump, pick-up, Tentacles), ball and passing (catch, interference,
Disturbing Presence), injury (Claws, Iron Hard Skin, Decay, Plague Ridden) and activation
(Foul Appearance, Hypnotic Gaze, My Ball).
"""

from __future__ import annotations

from league_manager.match.actions import DECLINE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.procedures.rerolls import test
from league_manager.match.skills import mutation_points as mpts
from league_manager.match.skills import points
from league_manager.match.skills import stars_2_points as stars
from league_manager.match.skills.registry import register

CLAWS_TARGET = 8
"""Claws: the armour of an opponent Knocked Down by this player's block breaks on 8+."""
PLAGUE_MAX_ST = 4
"""Plague Ridden infects only opponents of this Strength or less."""


# Mutations --------------------------------------------------------------------
@register(mpts.IGNORE_PICK_UP_PENALTIES, "Big Hand")
def _big_hand() -> bool:
    return True


@register(mpts.ARMOUR_BREAKS_ON, "Claws")
def _claws() -> int:
    return CLAWS_TARGET


@register(mpts.DISTURBING_PRESENCE, "Disturbing Presence")
def _disturbing_presence() -> int:
    return 1


@register(mpts.PICK_UP_BONUS, "Extra Arms")
def _extra_arms_pick_up() -> int:
    return 1


@register(points.CATCH_BONUS, "Extra Arms")
def _extra_arms_catch(accurate: bool = False) -> int:
    return 1


@register(mpts.INTERFERENCE_BONUS, "Extra Arms")
def _extra_arms_interference() -> int:
    return 1


@register(mpts.TARGETED, "Foul Appearance")
def foul_appearance(c: Ctx, p: int, target: int) -> Proc[bool]:
    """An opponent blocking (or using a special action on) this player first rolls 2+ or
    wastes the action (p's team re-rolls apply: it is p's roll)."""
    ok = yield from test(c, p, "foul_appearance", 2, ())
    if not ok:
        team = c.s.team[target]
        c.emit(Event("skill", team, target, rule="Foul Appearance", other=p, detail="action wasted"))
    return ok


@register(mpts.UNMODIFIABLE_ARMOUR, "Iron Hard Skin")
def _iron_hard_skin() -> bool:
    return True


@register(points.SKILL_REROLL, "Monstrous Mouth")
def _monstrous_mouth_reroll(kind: str) -> str | None:
    return "always" if kind == "catch" else None


@register(points.KEEP_BALL, "Monstrous Mouth")
def _monstrous_mouth_keep() -> bool:
    return True


@register(mpts.HOLD_LEAVING, "Tentacles")
def tentacles(c: Ctx, q: int, p: int) -> bool:
    """D6 + q's ST - p's ST: 6 or more (a natural 6 always, a natural 1 never) holds p."""
    s = c.s
    roll = c.d6("tentacles")
    diff = s.st[q] - s.st[p]
    held = roll == 6 or (roll != 1 and roll + diff >= 6)
    mods = (("ST difference", diff),)
    c.emit(Event("tentacles", s.team[q], q, (roll,), 6, mods, held, rule="Tentacles", other=p))
    return held


@register(mpts.DODGE_BONUS, "Two Heads")
def _two_heads() -> int:
    return 1


@register(mpts.JUMP_PENALTY_REDUCTION, "Very Long Legs")
def _very_long_legs_jump() -> int:
    return 1


@register(mpts.INTERFERENCE_BONUS, "Very Long Legs")
def _very_long_legs_interference() -> int:
    return 2


# Traits -------------------------------------------------------------------------
@register(mpts.DODGE_BONUS, "Titchy")
def _titchy_dodge() -> int:
    return 1


@register(mpts.NOT_MARKING_DODGER, "Titchy")
def _titchy_marking() -> bool:
    return True


@register(points.CASUALTY_SAFE_MOD, "Decay")
def _decay() -> int:
    return 1


@register(mpts.MY_BALL, "My Ball")
def _my_ball() -> bool:
    return True


@register(points.LEAP, "Pogo Stick")
def _pogo_stick_leap() -> int:
    return 1


@register(mpts.IGNORE_MARKED_JUMP, "Pogo Stick")
def _pogo_stick_marking() -> bool:
    return True


@register(mpts.HYPNOTIC_GAZE, "Hypnotic Gaze")
def hypnotic_gaze(c: Ctx, p: int, target: int) -> Proc[None]:
    """Agility test, -1 per player other than the target Marking p; on a pass the target loses
    their Tackle Zone until they are next activated. A failure is no turnover."""
    s = c.s
    team = s.team[p]
    c.emit(Event("skill", team, p, rule="Hypnotic Gaze", other=target))
    others = c.n_markers(s.pos[p], team, ignore=target)
    mods = (("marked", -others),) if others else ()
    ok = (yield from stars.auto_gaze(c, p)) or (
        yield from test(c, p, "hypnotic_gaze", s.ag[p], mods, s.pos[target])
    )
    if ok:
        c.emit(Event("loses_tackle_zone", s.team[target], target, rule="Hypnotic Gaze", other=p))
        c.lose_tackle_zone(target, "Hypnotic Gaze")


@register(mpts.AFTER_KILL, "Plague Ridden")
def plague_ridden(c: Ctx, by: int, victim: int) -> Proc[None]:
    """Once per game: an opponent of ST 4 or less without Decay, Regeneration or Stunty whom a
    Plague Ridden player's Block or Foul killed may be infected instead (the coach chooses).

    The victim is still lost to their team; the result marks them ``infected`` so that the
    post-game can give a Favoured of Nurgle team its new Rotter Lineman.
    """
    s = c.s
    team = s.team[by]
    if s.st[victim] > PLAGUE_MAX_ST or any(s.stats[q].infected for q in s.players_of(s.team[victim])):
        return
    if c.has(victim, points.CASUALTY_SAFE_MOD) or c.has(victim, points.REGENERATION):
        return
    if c.has(victim, points.STUNTY_TABLE):
        return
    opts = [Action(USE_SKILL, by), Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, team, opts, {"skill": "Plague Ridden", "player": by})
    if choice.kind != USE_SKILL:
        return
    s.stats[victim].infected = True
    c.emit(Event("plague_ridden", team, by, rule="Plague Ridden", other=victim, detail="infected"))


# Animosity ----------------------------------------------------------------------
def _singular(word: str) -> str:
    if word.endswith("men"):
        return word[:-3] + "man"
    if word.endswith("ves"):
        return word[:-3] + "f"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def animosity_applies(param: str, receiver_position: str) -> bool:
    """Whether Animosity (``param``) concerns a team-mate of this position.

    The parameter names either every team-mate ("all team-mates"), races ("all Dwarf and
    Halfling team-mates": any position whose name has one of the words) or one position,
    singular or plural ("Underworld Goblin Linemen"). Star Players are never concerned.
    """
    if receiver_position == "Star Player":
        return False
    words = [w for w in param.lower().split() if w not in ("team-mates", "team-mate", "teammates")]
    races = bool(words) and words[0] == "all"
    wanted = [_singular(w) for w in words if w not in ("all", "and", ",")]
    if not wanted:
        return True
    position = [_singular(w) for w in receiver_position.lower().split()]
    if races:
        return any(w in position for w in wanted)
    return wanted == position


@register(points.ANIMOSITY, "Animosity")
def _animosity(param: str, receiver_position: str) -> bool:
    return animosity_applies(param, receiver_position)
