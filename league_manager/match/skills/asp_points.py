"""Hook points of the Agility, Strength and Passing skills added for issue 11.

Declared apart from ``points.py`` so that procedures can name them without importing the
handlers (which import procedures themselves). Handlers live in ``skills/asp.py``.
"""

from __future__ import annotations

from league_manager.match.skills.registry import hook_point

CANCEL_GUARD = hook_point(
    "cancel_guard",
    "fn() -> True: in the opponents' turn, players this one marks cannot use Guard (Defensive)",
)
BRAWLER = hook_point(
    "brawler", "fn() -> True: on a Block (not a Blitz) may re-roll one Both Down die (Brawler)"
)
ARM_BAR = hook_point(
    "arm_bar",
    "fn() -> int: bonus to armour or injury of a marked player failing to dodge or jump away",
)
SNEAKY_GIT = hook_point(
    "sneaky_git",
    "fn() -> bool: no sending-off for a double on the foul's armour roll; True: even when the armour"
    " broke, and the player may move on after the foul (BB2020); False: only if it held (Season 3)",
)
AFTER_BLOCK = hook_point(
    "after_block",
    "fn(ctx, p, since) -> Proc[bool]: after p's blocks (events from index since); True ends "
    "the activation (Pile Driver)",
)
BLOCK_TARGETED = hook_point(
    "block_targeted",
    "fn(ctx, p, attacker) -> Proc[None]: p is nominated as the target of a Block (Dump-off)",
)
SAFE_PAIR_OF_HANDS = hook_point(
    "safe_pair_of_hands",
    "fn(ctx, p, square) -> Proc[bool]: knocked down or placed prone with the ball: True when "
    "the ball was put down without bouncing",
)
DIVING_CATCH = hook_point(
    "diving_catch",
    "fn() -> True: may catch a pass, throw-in or kick landing in an empty square it marks",
)
CLOUD_BURSTER = hook_point(
    "cloud_burster",
    "fn(band) -> True: may make the opponent re-roll a successful interference of this pass",
)
FUMBLEROOSKIE = hook_point(
    "fumblerooskie", "fn() -> True: on a Move or Blitz may leave the ball in a square vacated"
)
HAIL_MARY = hook_point(
    "hail_mary_pass", "fn() -> True: may pass anywhere on the pitch, never accurate, no interference"
)
RUNNING_PASS = hook_point("running_pass", "fn() -> True: may move on after a Quick Pass with movement left")
SAFE_PASS = hook_point("safe_pass", "fn() -> True: a fumbled pass is kept, no turnover; the activation ends")
LEADER = hook_point(
    "leader", "fn() -> True: one extra team re-roll a half while a player with it is on the pitch"
)
