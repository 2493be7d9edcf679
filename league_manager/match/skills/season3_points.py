"""Hook points of the skills and traits new in Season 3 (bb2025).

Declared apart so that procedures can import them without importing the handlers
(``season3.py``).
"""

from __future__ import annotations

from league_manager.match.skills.registry import hook_point

NO_SECURE_THE_BALL = hook_point(
    "no_secure_the_ball", "fn() -> True: this player may never take the Secure the Ball action (Unsteady)"
)
TAUNT = hook_point("taunt", "fn() -> True: a blocker who pushes this player back must follow up (Taunt)")
EYE_GOUGE = hook_point(
    "eye_gouge", "fn() -> True: an opponent this player pushes back gives no assists until next activated"
)
GIVE_AND_GO = hook_point(
    "give_and_go", "fn() -> True: may move on after a Quick Pass or a Hand-off with movement left"
)
PUT_THE_BOOT_IN = hook_point(
    "put_the_boot_in", "fn() -> True: assists a team-mate's Foul of an adjacent player even when marked"
)
HATRED = hook_point(
    "hatred",
    "fn(param) -> str: the keyword of opponents this player may re-roll one block die against (Hatred (X))",
)
STEADY_FOOTING = hook_point(
    "steady_footing",
    "fn() -> int: D6 roll needed for this player not to be Knocked Down or Fall Over (Steady Footing)",
)
BULLSEYE = hook_point(
    "bullseye",
    "fn() -> True: a Superb throw of a team-mate by this player lands on the target square (Bullseye)",
)
LETHAL_FLIGHT = hook_point(
    "lethal_flight",
    "fn() -> int: bonus to the armour or injury roll of an opponent this thrown player lands on;"
    " a casualty so caused earns this player SPP (Lethal Flight)",
)
SABOTEUR = hook_point(
    "saboteur",
    "fn(c, p, blocker) -> Proc[bool]: when an opponent's block knocks this player down, may sabotage:"
    " True when the blocker went down too and this player is Knocked Out with no armour roll (Saboteur)",
)
VIOLENT_INNOVATOR = hook_point(
    "violent_innovator",
    "fn() -> True: casualties this player's Special Actions cause earn SPP (Violent Innovator)",
)
QUICK_FOUL = hook_point("quick_foul", "fn() -> True: may move on after a Foul when not Sent-off (Quick Foul)")
ARMOUR_BROKEN_REROLL = hook_point(
    "armour_broken_reroll", "fn(c, p) -> Proc[bool]: this player's broken armour is re-rolled (Dwarfen Grit)"
)
FALLING_BLOCK_DIE_REROLL = hook_point(
    "falling_block_die_reroll",
    "fn() -> True: once per game, a Block that would knock this player down re-rolls a die (Woodland Fury)",
)
PUNT = hook_point("punt", "fn() -> True: may take the Punt action, once per team turn (Punt)")
TANDEM_BLOCK = hook_point(
    "tandem_block",
    "fn(c, p) -> bool: may re-roll one block die against an opponent a partner with this rule marks"
    " (Working in Tandem, Lucien's half)",
)
TANDEM_PASS = hook_point(
    "tandem_pass",
    "fn(c, p) -> bool: a pass to a partner with this rule takes no range modifier"
    " (Working in Tandem, Valen's half)",
)
