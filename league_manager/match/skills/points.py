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
BOTH_DOWN_SAFE = hook_point(
    "both_down_safe", "fn() -> True: may ignore Both Down (Block; the coach is asked)"
)
BOTH_DOWN_PRONE = hook_point(
    "both_down_prone", "fn() -> True: on Both Down both players are placed prone (Wrestle)"
)
STUMBLE_SAFE = hook_point(
    "stumble_safe", "fn() -> True: may turn Stumble into Push Back (Dodge; the coach is asked)"
)
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
CASUALTY_SAFE_MOD = hook_point(
    "casualty_modifier", "fn() -> int: modifier to casualty rolls against the player (Decay)"
)
SECRET_WEAPON = hook_point("secret_weapon", "fn() -> True: sent off at the end of each drive")
CATCH_BONUS = hook_point(
    "catch_bonus", "fn(accurate) -> int: modifier to a catch (accurate: of an accurate pass aimed here)"
)
KICK_SKILL = hook_point("kick", "fn() -> True: the kick's deviation distance is halved (Kick)")
DAUNTLESS = hook_point("dauntless", "fn() -> True: roll D6 + ST to match a stronger target's ST")
SIDE_STEP = hook_point("side_step", "fn() -> True: the pushed player's coach picks any free square")
GRAB = hook_point("grab", "fn() -> True: on a Block (not Blitz) pick any free square to push to")
FEND = hook_point("fend", "fn() -> True: the attacker may not follow up")
FRENZY = hook_point("frenzy", "fn() -> True: must follow up; a second block if still standing")
JUGGERNAUT = hook_point(
    "juggernaut", "fn() -> True: on a Blitz, Both Down is a push; ignores Fend, Stand Firm, Wrestle"
)
STRIP_BALL = hook_point("strip_ball", "fn() -> True: a Push Back makes the carrier drop the ball")
KEEP_BALL = hook_point("keep_ball", "fn() -> True: immune to Strip Ball (Sure Hands)")
JUMP_UP = hook_point("jump_up", "fn() -> True: standing up costs no movement")
IGNORE_MARKED_DODGE = hook_point(
    "ignore_marked_dodge", "fn() -> True: no marking modifiers when dodging (Stunty)"
)
IGNORE_MARKED_PASSING = hook_point(
    "ignore_marked_passing", "fn() -> True: no marking modifiers to pass or catch (Nerves of Steel)"
)
PASS_BONUS = hook_point("pass_bonus", "fn(band) -> int: modifier to passes of a range band")
ACTIVATION_TEST = hook_point(
    "activation_test",
    "fn(ctx, p, action) -> Proc[bool]: a test when activated (Bone Head …); False ends it",
)
BREAK_TACKLE = hook_point("break_tackle", "fn(st) -> int: once per activation, bonus to a dodge")
DIVING_TACKLE = hook_point("diving_tackle", "fn() -> True: go prone in the vacated square for -2 to a dodge")
SHADOWING = hook_point("shadowing", "fn() -> True: may follow a player dodging away")
ON_THE_BALL = hook_point("on_the_ball", "fn() -> int: squares moved when the kick deviates")
BLITZ_STRENGTH = hook_point("blitz_strength", "fn() -> int: strength bonus when blitzing (Horns)")
ANIMOSITY = hook_point(
    "animosity", "fn(param, receiver_position) -> bool: a test is needed to pass/hand off to them"
)
THROW_TEAM_MATE = hook_point("throw_team_mate", "fn() -> True: may throw a Right Stuff team-mate")
RIGHT_STUFF = hook_point("right_stuff", "fn() -> True: may be thrown by a team-mate")
ALWAYS_HUNGRY = hook_point("always_hungry", "fn() -> True: may try to eat the team-mate thrown")
THROW_BONUS = hook_point("throw_bonus", "fn() -> int: modifier to Throw Team-mate quality tests")
PROJECTILE_VOMIT = hook_point(
    "projectile_vomit", "fn() -> True: special action instead of a Block: vomit on a marked foe"
)
LEAP = hook_point("leap", "fn() -> int: may jump over any square; marking penalty reduced by this")
MULTIPLE_BLOCK = hook_point(
    "multiple_block", "fn() -> True: a Block action may target two opponents (+2 ST to each)"
)
STAB = hook_point("stab", "fn() -> True: special action instead of a Block: an armour roll")
