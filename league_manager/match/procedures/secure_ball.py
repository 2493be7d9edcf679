"""Secure the Ball (Season 3): a Move whose pick-up is a plain 2+, once per team turn.

Offered (``offer``) while the ball lies on the ground, no opposition player who is
Standing with a tackle zone (not Distracted) is within two squares of it, and the team has
not taken the action this turn; not to Big Guys nor to players with Unsteady or No Ball
(No Hands). The player moves as for a Move; picking up the ball is a D6 needing 2+ that
only the weather modifies (not an Agility test, so no marking penalty), and the player's
activation ends after the attempt. A failure is a failed pick-up: the ball bounces and the
turn is over.
"""

from __future__ import annotations

from league_manager.match.actions import ACTIVATE, SECURE_BALL, Action
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import distance
from league_manager.match.procedures.rerolls import test
from league_manager.match.skills import points
from league_manager.match.skills import season3_points as s3
from league_manager.match.state import PRONE, STANDING

USED = (-1, "Secure the Ball")
"""Marks the team turn's Secure the Ball as taken (``skill_used`` is cleared every team turn)."""
TARGET = 2
BIG_GUY = "Big Guy"


def offer(c: Ctx, team: int) -> list[Action]:
    """The Secure the Ball activations open to ``team`` now (one per eligible player)."""
    s = c.s
    if USED in s.skill_used or s.carrier >= 0 or s.ball < 0 or s.kick_in_air:
        return []
    ball = s.ball
    for q in s.players_of(1 - team):
        if s.pos[q] >= 0 and c.has_tz(q) and distance(s.pos[q], ball) <= 2:
            return []
    found = []
    kind = ACTIVATE[SECURE_BALL]
    for p in s.players_of(team):
        if s.pos[p] < 0 or s.used[p] or s.status[p] not in (STANDING, PRONE):
            continue
        if c.has(p, s3.NO_SECURE_THE_BALL) or c.has(p, points.NO_HANDS) or _big_guy(c, p):
            continue
        found.append(Action(kind, p))
    return found


def _big_guy(c: Ctx, p: int) -> bool:
    s = c.s
    team = s.team[p]
    local = p if team == 0 else p - len(s.teams[0].players)
    return BIG_GUY in s.teams[team].players[local].keywords


def modifiers(c: Ctx) -> tuple[tuple[str, int], ...]:
    """The only modifier of the Secure the Ball pick-up: Pouring Rain."""
    return (("Pouring Rain", -1),) if c.s.weather == "pouring_rain" else ()


def pick_up(c: Ctx, p: int) -> Proc[bool]:
    """The Secure the Ball pick-up: D6 2+, modified only by Pouring Rain; re-rolled as any
    pick-up (a team re-roll, Sure Hands)."""
    s = c.s
    c.emit(Event("secure_the_ball", s.team[p], p, square=s.pos[p], detail="pick-up on a 2+"))
    return (yield from test(c, p, "pick_up", TARGET, modifiers(c), s.pos[p]))
