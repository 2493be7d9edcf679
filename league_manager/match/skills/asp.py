"""Agility, Strength and Passing skills of issue 11: their handlers and small procedures.

Diving Catch, Defensive, Safe Pair of Hands, Sneaky Git (Agility); Arm Bar, Brawler, Pile
Driver (Strength); Cannoneer, Cloud Burster, Dump-off, Fumblerooskie, Hail Mary Pass, Leader,
Running Pass, Safe Pass (Passing). The procedures call them at the points of ``asp_points``
(and ``points.CATCH_BONUS`` / ``points.PASS_BONUS``).
"""

from __future__ import annotations

from league_manager.match.actions import DECLINE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS, pass_band
from league_manager.match.procedures.foul import foul
from league_manager.match.procedures.injury import place_prone
from league_manager.match.procedures.pass_ import pass_ball, pass_targets
from league_manager.match.skills import asp_points, points
from league_manager.match.skills.registry import register
from league_manager.match.state import PRONE, STANDING, STUNNED

_DECLINE = Action(DECLINE)
_LONG = (3, 4)
"""Range bands of a Long Pass and a Long Bomb."""


# Agility ------------------------------------------------------------------------
@register(points.CATCH_BONUS, "Diving Catch")
def _diving_catch_bonus(accurate: bool) -> int:
    return 1 if accurate else 0


@register(asp_points.DIVING_CATCH, "Diving Catch")
def _diving_catch() -> bool:
    return True


@register(asp_points.CANCEL_GUARD, "Defensive")
def _defensive() -> bool:
    return True


@register(asp_points.SAFE_PAIR_OF_HANDS, "Safe Pair of Hands")
def safe_pair_of_hands(c: Ctx, p: int, square: int) -> Proc[bool]:
    """Knocked down or placed prone with the ball: its coach may put it in a free square next
    to ``square`` instead of letting it bounce. True when they did."""
    s = c.s
    free = [n for n in NEIGHBOURS[square] if s.board[n] < 0]
    if not free:
        return False
    opts = [*(Action(USE_SKILL, p, n) for n in free), _DECLINE]
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], opts, {"skill": "Safe Pair of Hands", "player": p})
    if choice.kind != USE_SKILL:
        return False
    s.carrier = -1
    s.ball = choice.square
    c.emit(Event("skill", s.team[p], p, rule="Safe Pair of Hands", square=choice.square))
    return True


@register(asp_points.SNEAKY_GIT, "Sneaky Git")
def _sneaky_git() -> bool:
    return True


# Strength -----------------------------------------------------------------------
@register(asp_points.ARM_BAR, "Arm Bar")
def _arm_bar() -> int:
    return 1


@register(asp_points.BRAWLER, "Brawler")
def _brawler() -> bool:
    return True


@register(asp_points.AFTER_BLOCK, "Pile Driver")
def pile_driver(c: Ctx, p: int, since: int) -> Proc[bool]:
    """A standing p may foul (free) an adjacent opponent its block knocked down, then p is
    placed prone and the activation ends. Returns True when used."""
    s = c.s
    if s.status[p] != STANDING or s.pos[p] < 0:
        return False
    near = NEIGHBOURS[s.pos[p]]
    victims: list[int] = []
    for event in c.events[since:]:
        q = event.player
        if event.kind != "knocked down" or event.other != p or q in victims:
            continue
        if s.team[q] != s.team[p] and s.pos[q] in near and s.status[q] in (PRONE, STUNNED):
            victims.append(q)
    if not victims:
        return False
    opts = [*(Action(USE_SKILL, p, s.pos[q]) for q in victims), _DECLINE]
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], opts, {"skill": "Pile Driver", "player": p})
    if choice.kind != USE_SKILL:
        return False
    victim = s.board[choice.square]
    c.emit(Event("skill", s.team[p], p, rule="Pile Driver", other=victim))
    yield from foul(c, p, victim)
    if s.pos[p] >= 0 and s.status[p] == STANDING:
        if s.carrier == p:
            s.turnover = True
        yield from place_prone(c, p, "Pile Driver")
    return True


# Passing ------------------------------------------------------------------------
@register(points.PASS_BONUS, "Cannoneer")
def _cannoneer(band: int) -> int:
    return 1 if band in _LONG else 0


@register(asp_points.CLOUD_BURSTER, "Cloud Burster")
def _cloud_burster(band: int) -> bool:
    return band in _LONG


@register(asp_points.BLOCK_TARGETED, "Dump-off")
def dump_off(c: Ctx, p: int, attacker: int) -> Proc[None]:
    """Nominated as a block target while holding the ball: p may make a Quick Pass first.

    The pass follows the normal rules but causes no turnover (a player of the active team
    falling over while moving with On the Ball still does).
    """
    s = c.s
    if s.carrier != p or s.status[p] != STANDING:
        return
    here = s.pos[p]
    squares = [t for t in pass_targets(c, p) if pass_band(here, t) == 1]
    if not squares:
        return
    opts = [*(Action(USE_SKILL, p, t) for t in squares), _DECLINE]
    info = {"skill": "Dump-off", "player": p, "attacker": attacker}
    choice = yield Prompt(USE_SKILL_PROMPT, s.team[p], opts, info)
    if choice.kind != USE_SKILL:
        return
    c.emit(Event("skill", s.team[p], p, rule="Dump-off", square=choice.square, other=attacker))
    before = s.turnover
    since = len(c.events)
    yield from pass_ball(c, p, choice.square)
    fell = any(e.kind == "falls_over" and e.team == s.active for e in c.events[since:])
    s.turnover = before or fell


@register(asp_points.FUMBLEROOSKIE, "Fumblerooskie")
def _fumblerooskie() -> bool:
    return True


@register(asp_points.HAIL_MARY, "Hail Mary Pass")
def _hail_mary() -> bool:
    return True


@register(asp_points.LEADER, "Leader")
def _leader() -> bool:
    return True


@register(asp_points.RUNNING_PASS, "Running Pass")
def _running_pass() -> bool:
    return True


@register(asp_points.SAFE_PASS, "Safe Pass")
def _safe_pass() -> bool:
    return True
