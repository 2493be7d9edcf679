"""Skills and traits that hook simple points: re-rolls, block dice, armour and injury, movement."""

from __future__ import annotations

from league_manager.match.skills import points
from league_manager.match.skills.registry import register


def _value(param: str, default: int = 1) -> int:
    """'+2' -> 2, '4+' -> 4, '' -> default."""
    digits = "".join(ch for ch in param if ch.isdigit())
    return int(digits) if digits else default


# Re-roll skills ---------------------------------------------------------------
@register(points.SKILL_REROLL, "Dodge")
def _dodge_reroll(kind: str) -> str | None:
    return "once" if kind == "dodge" else None


@register(points.SKILL_REROLL, "Sure Feet")
def _sure_feet(kind: str) -> str | None:
    return "once" if kind == "rush" else None


@register(points.SKILL_REROLL, "Sure Hands")
def _sure_hands(kind: str) -> str | None:
    return "always" if kind == "pick_up" else None


@register(points.SKILL_REROLL, "Catch")
def _catch(kind: str) -> str | None:
    return "always" if kind == "catch" else None


@register(points.SKILL_REROLL, "Pass")
def _pass(kind: str) -> str | None:
    return "always" if kind == "pass" else None


@register(points.CANCEL_DODGE_REROLL, "Tackle")
def _tackle_dodge() -> bool:
    return True


@register(points.LONER, "Loner")
def _loner(param: str) -> int:
    return _value(param, 4)


@register(points.PRO, "Pro")
def _pro() -> int:
    return 3


# Block dice -------------------------------------------------------------------
@register(points.BOTH_DOWN_SAFE, "Block")
def _block() -> bool:
    return True


@register(points.BOTH_DOWN_PRONE, "Wrestle")
def _wrestle() -> bool:
    return True


@register(points.STUMBLE_SAFE, "Dodge")
def _dodge_stumble() -> bool:
    return True


@register(points.CANCEL_STUMBLE_SAFE, "Tackle")
def _tackle_stumble() -> bool:
    return True


@register(points.NOT_PUSHED, "Stand Firm")
def _stand_firm() -> bool:
    return True


@register(points.ASSIST_WHEN_MARKED, "Guard")
def _guard() -> bool:
    return True


# Armour and injury --------------------------------------------------------------
@register(points.ARMOUR_OR_INJURY_BONUS, "Mighty Blow")
def _mighty_blow(param: str) -> int:
    return _value(param)


@register(points.FOUL_BONUS, "Dirty Player")
def _dirty_player(param: str) -> int:
    return _value(param)


@register(points.STUNTY_TABLE, "Stunty")
def _stunty() -> bool:
    return True


@register(points.INJURY_ADJUST, "Thick Skull")
def _thick_skull(result: str, total: int, stunty: bool) -> str:
    ko_low = 7 if stunty else 8
    if result == "KO'd" and total == ko_low:
        return "Stunned"
    return result


@register(points.REGENERATION, "Regeneration")
def _regeneration() -> int:
    return 4


# Movement and ball ---------------------------------------------------------------
@register(points.EXTRA_RUSH, "Sprint")
def _sprint() -> int:
    return 1


@register(points.NO_HANDS, "No Hands")
def _no_hands() -> bool:
    return True


@register(points.DODGE_MODIFIER, "Prehensile Tail")
def _prehensile_tail() -> int:
    return -1


@register(points.KICK_SKILL, "Kick")
def _kick() -> bool:
    return True


@register(points.SECRET_WEAPON, "Secret Weapon")
def _secret_weapon() -> bool:
    return True
