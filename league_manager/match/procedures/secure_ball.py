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
from league_manager.match.pitch import LENGTH, PITCH_SQUARES, WIDTH, sq, xy
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
    ball = s.ball
    if s.carrier >= 0 or ball < 0 or s.kick_in_air or USED in s.skill_used:
        return []
    near = NEAR.get(ball)
    if near is None:  # not on the pitch
        return []
    board, tm, status, lost = s.board, s.team, s.status, s.tz_lost
    for n in near:  # an opponent with a tackle zone within two squares of the ball
        q = board[n]
        if q >= 0 and tm[q] != team and status[q] == STANDING and not lost[q]:
            return []
    found = []
    pos, used, hooks = s.pos, s.used, c.hooks
    for p in s.players_of(team):
        if pos[p] < 0 or used[p] or status[p] not in _UP:
            continue
        h = hooks[p]
        if s3.NO_SECURE_THE_BALL in h or points.NO_HANDS in h or _big_guy(c, p):
            continue
        found.append(_action(p))
    return found


def _near(square: int) -> tuple[int, ...]:
    x, y = xy(square)
    return tuple(
        sq(x + dx, y + dy)
        for dx in range(-2, 3)
        for dy in range(-2, 3)
        if 0 <= x + dx < LENGTH and 0 <= y + dy < WIDTH
    )


_UP = (STANDING, PRONE)
NEAR = {square: _near(square) for square in PITCH_SQUARES}
"""Pitch squares within two squares of each pitch square (itself included)."""
_ACTIONS: dict[int, Action] = {}


def _action(p: int) -> Action:
    found = _ACTIONS.get(p)
    if found is None:
        found = _ACTIONS[p] = Action(ACTIVATE[SECURE_BALL], p)
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
