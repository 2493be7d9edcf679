"""Named hook points of the procedures (each documented for skill authors)."""

from __future__ import annotations

from league_manager.match.skills.registry import hook_point

SKILL_REROLL = hook_point(
    "skill_reroll", "fn(kind) -> 'once' | 'always' | None: re-roll a failed test of this kind"
)
CANCEL_DODGE_REROLL = hook_point(
    "cancel_dodge_reroll", "fn() -> True: a marker with it stops the Dodge skill re-roll"
)
DODGE_MODIFIER = hook_point(
    "dodge_modifier_by_marker",
    "fn() -> int: modifier a marker of the square left applies to the dodge (Prehensile Tail)",
)
BOTH_DOWN_SAFE = hook_point("both_down_safe", "fn() -> True: ignore Both Down (Block)")
BOTH_DOWN_PRONE = hook_point(
    "both_down_prone", "fn() -> True: on Both Down both players are placed prone (Wrestle)"
)
STUMBLE_SAFE = hook_point("stumble_safe", "fn() -> True: Stumble becomes Push Back (Dodge)")
CANCEL_STUMBLE_SAFE = hook_point(
    "cancel_stumble_safe", "fn() -> True: the attacker cancels the target's Dodge (Tackle)"
)
ARMOUR_OR_INJURY_BONUS = hook_point(
    "armour_or_injury_bonus",
    "fn(param) -> int: bonus to armour or injury when blocking (Mighty Blow)",
)
FOUL_BONUS = hook_point(
    "foul_bonus", "fn(param) -> int: bonus to armour or injury when fouling (Dirty Player)"
)
INJURY_ADJUST = hook_point(
    "injury_adjust", "fn(result, total) -> result: change an injury result (Thick Skull)"
)
STUNTY_TABLE = hook_point("stunty_table", "fn() -> True: injuries use the Stunty table")
ASSIST_WHEN_MARKED = hook_point(
    "assist_when_marked", "fn() -> True: assist even when marked by others (Guard)"
)
NOT_PUSHED = hook_point("not_pushed", "fn() -> True: may choose not to be pushed (Stand Firm)")
EXTRA_RUSH = hook_point("extra_rush", "fn() -> int: extra Rush attempts (Sprint)")
NO_HANDS = hook_point("no_hands", "fn() -> True: never picks up or catches the ball")
LONER = hook_point("loner", "fn(param) -> int: D6 target to use a team re-roll (Loner)")
PRO = hook_point("pro", "fn() -> int: D6 target to re-roll one die once per turn (Pro)")
REGENERATION = hook_point("regeneration", "fn() -> int: D6 target to return to reserves")
CASUALTY_SAFE_MOD = hook_point("casualty_modifier", "fn() -> int: modifier to casualty rolls")
SECRET_WEAPON = hook_point("secret_weapon", "fn() -> True: sent off at the end of each drive")
CATCH_BONUS = hook_point("catch_bonus", "fn() -> int: modifier to catch tests")
KICK_SKILL = hook_point("kick", "fn() -> True: the kick's deviation distance is halved (Kick)")
