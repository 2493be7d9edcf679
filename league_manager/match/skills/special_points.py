"""Hook points of the special-action and odd-movement traits (Chainsaw, Breathe Fire, Swoop …).

Declared apart from ``points`` so that their handlers live in ``special_traits``; procedures
import this module (it imports nothing of theirs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_manager.match.skills.registry import Handler, hook_point

if TYPE_CHECKING:
    from league_manager.match.core import Ctx

RUSH_MODIFIER = hook_point("rush_modifier", "fn() -> int: modifier to this player's Rush rolls (Drunkard)")
STAND_UP_HELP = hook_point(
    "stand_up_help",
    "fn() -> True: +1 per adjacent open standing team-mate to stand up with MA 2 or less (Timmm-ber!)",
)
TEAM_TURN_END_FOE = hook_point(
    "opponent_turn_end",
    "fn(ctx, team, players) -> Proc[None]: once per skill at the end of the opponents' team turn,"
    " with the team's on-pitch players that have it (Pick-me-up)",
)
CHAINSAW = hook_point(
    "chainsaw", "fn(ctx, p, target) -> Proc[None]: Chainsaw Attack, a special action instead of a Block"
)
ARMOUR_AGAINST = hook_point(
    "armour_against", "fn() -> int: bonus to armour rolls when this player is knocked down (Chainsaw)"
)
BREATHE_FIRE = hook_point(
    "breathe_fire", "fn(ctx, p, target) -> Proc[None]: special action instead of a Block"
)
HIT_AND_RUN = hook_point(
    "hit_and_run", "fn(ctx, p) -> Proc[None]: after a Block action, one free move to an unmarked square"
)
TRICKSTER = hook_point(
    "trickster", "fn(ctx, p, attacker) -> Proc[None]: before being blocked, may move next to the attacker"
)
KICK_TEAM_MATE = hook_point(
    "kick_team_mate",
    "fn(ctx, kicker, kicked) -> Proc[None]: may Kick Team-mate once per team turn; resolves a fumbled kick",
)
MUST_FEED = hook_point(
    "must_feed",
    "fn(ctx, p) -> list[int] | None: while hungry, the team-mates p may bite (p may not pass,"
    " hand off or score yet); None when not hungry (Bloodlust)",
)
BITE = hook_point("bite", "fn(ctx, p, victim) -> Proc[None]: feed on a team-mate (Bloodlust)")
ACTIVATION_END = hook_point(
    "activation_end", "fn(ctx, p) -> Proc[None]: when p's activation ends, also by a Turnover (Bloodlust)"
)
BALL_AND_CHAIN = hook_point(
    "ball_and_chain", "fn(ctx, p) -> Proc[None]: the player's only action, a Ball & Chain Move"
)
INJURY_WHEN_DOWN = hook_point(
    "injury_when_down",
    "fn() -> True: knocked down or placed prone: an Injury roll at once, no armour roll, Stunned as KO'd",
)
MUST_FOLLOW_UP = hook_point("must_follow_up", "fn() -> True: always follows up a push (Ball & Chain)")
SWARMING = hook_point(
    "swarming",
    "fn(ctx, team, players) -> Proc[None]: once per skill after the kick is placed, with the"
    " team's players that have it (Swarming)",
)
BOMBARDIER = hook_point(
    "bombardier",
    "fn(ctx, p, target) -> Proc[None]: Throw Bomb, once per team turn, standing, without moving",
)
SWOOP = hook_point(
    "swoop",
    "fn(ctx, thrown, target) -> Proc[(square, last on pitch)]: where a thrown player comes down"
    " instead of scattering",
)


def team_handlers(c: Ctx, team: int, point: str) -> list[tuple[Handler, list[int]]]:
    """Handlers of a team-level hook point, each once with the team's players that have it."""
    found: dict[Handler, list[int]] = {}
    for p in c.s.players_of(team):
        if c.has(p, point):
            for _skill, fn in c.hook(p, point):
                found.setdefault(fn, []).append(p)
    return list(found.items())
