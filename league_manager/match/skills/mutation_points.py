"""Hook points for the Mutation skills and the simpler traits (issue 11, skills-b).

Declared apart from ``points.py`` so that procedures can name them without importing the
handlers (which import procedures themselves).
"""

from __future__ import annotations

from league_manager.match.skills.registry import hook_point

DODGE_BONUS = hook_point("dodge_bonus", "fn() -> int: modifier to the player's own Dodge tests (Two Heads)")
NOT_MARKING_DODGER = hook_point(
    "not_marking_dodger",
    "fn() -> True: does not count as Marking a player who dodges into its Tackle Zone (Titchy)",
)
PICK_UP_BONUS = hook_point("pick_up_bonus", "fn() -> int: modifier to pick-up tests (Extra Arms)")
IGNORE_PICK_UP_PENALTIES = hook_point(
    "ignore_pick_up_penalties", "fn() -> True: no Marked or Pouring Rain modifier to pick up (Big Hand)"
)
INTERFERENCE_BONUS = hook_point(
    "interference_bonus", "fn() -> int: modifier to attempts to interfere with a pass (Extra Arms)"
)
DISTURBING_PRESENCE = hook_point(
    "disturbing_presence",
    "fn() -> int: penalty to opponents within 3 squares who pass, throw a team-mate, catch or interfere",
)
ARMOUR_BREAKS_ON = hook_point(
    "armour_breaks_on",
    "fn() -> int: an opponent Knocked Down by this player's block has their armour broken on this total",
)
UNMODIFIABLE_ARMOUR = hook_point(
    "unmodifiable_armour",
    "fn() -> True: opponents cannot modify armour rolls against this player nor use Claws (Iron Hard Skin)",
)
JUMP_PENALTY_REDUCTION = hook_point(
    "jump_penalty_reduction", "fn() -> int: the marking penalty of a jump or leap is reduced by this"
)
IGNORE_MARKED_JUMP = hook_point(
    "ignore_marked_jump", "fn() -> True: no marking modifiers to jump or leap tests (Pogo Stick)"
)
HOLD_LEAVING = hook_point(
    "hold_leaving",
    "fn(c, q, p) -> bool: q may hold p, who leaves a square q marks; True ends p's movement",
)
TARGETED = hook_point(
    "targeted",
    "fn(c, p, target) -> Proc[bool]: p declares a block or special action on this player; False wastes it",
)
MY_BALL = hook_point("my_ball", "fn() -> True: may not take Pass or Hand-off actions (My Ball)")
HYPNOTIC_GAZE = hook_point(
    "hypnotic_gaze",
    "fn(c, p, target) -> Proc[None]: special action ending a Move: the target loses its Tackle Zone",
)
AFTER_KILL = hook_point(
    "after_kill",
    "fn(c, by, victim) -> Proc[None]: by's Block or Foul has just killed victim (Plague Ridden)",
)
