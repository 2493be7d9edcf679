"""Bloodlust (X+): a Vampire failing its roll must bite a Thrall before its activation ends."""

from __future__ import annotations

from league_manager.match.actions import (
    BITE_PROMPT,
    BLITZ,
    BLOCK,
    CHOOSE,
    Action,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.procedures.ball import bounce
from league_manager.match.procedures.injury import apply_injury
from league_manager.match.procedures.rerolls import test
from league_manager.match.skills import points, special_points
from league_manager.match.skills import stars_4_points as sp4
from league_manager.match.skills.registry import register
from league_manager.match.state import RESERVE, STANDING

# Bloodlust ------------------------------------------------------------------------------
HUNGRY = "Bloodlust"
"""``(p, HUNGRY)`` in ``skill_used``: p failed Bloodlust this activation and has not fed yet."""


def _target(param: str) -> int:
    digits = "".join(ch for ch in param if ch.isdigit())
    return int(digits) if digits else 2


@register(points.ACTIVATION_TEST, "Bloodlust")
def bloodlust(c: Ctx, p: int, action: str) -> Proc[bool]:
    """D6 (+1 declaring Block or Blitz) against X+; below it (or a 1) p must feed this activation."""
    s = c.s
    need = _target(c.param(p, "Bloodlust"))
    mods = (("Block/Blitz", 1),) if action in (BLOCK, BLITZ) else ()
    ok = yield from test(c, p, "bloodlust", need, mods)
    if not ok:
        s.skill_used.add((p, HUNGRY))
    return True


def _thralls(c: Ctx, p: int) -> list[int]:
    """Adjacent Thrall team-mates on the pitch (any status)."""
    s = c.s
    team = s.team[p]
    first = s.players_of(team).start
    return [
        q
        for n in NEIGHBOURS[s.pos[p]]
        if (q := s.board[n]) >= 0
        and s.team[q] == team
        and "thrall" in s.teams[team].players[q - first].position.lower()
    ]


@register(special_points.MUST_FEED, "Bloodlust")
def _hungry(c: Ctx, p: int) -> list[int] | None:
    if (p, HUNGRY) not in c.s.skill_used or c.s.pos[p] < 0:
        return None
    return _victims(c, p) if c.s.status[p] == STANDING else []


def _victims(c: Ctx, p: int) -> list[int]:
    """Adjacent Thralls, then opponents a rule lets p bite instead (Tasty Morsel)."""
    return _thralls(c, p) + sp4.opponents_to_feed_on(c, p)


@register(special_points.BITE, "Bloodlust")
def bite(c: Ctx, p: int, thrall: int) -> Proc[None]:
    """Feed on a Thrall: an Injury roll against it (no armour roll), a Casualty counts as Badly Hurt."""
    s = c.s
    s.skill_used.discard((p, HUNGRY))
    opponent = s.team[thrall] != s.team[p]
    if opponent:
        sp4.fed_on_opponent(c, p, thrall)
    c.emit(Event("bite", s.team[p], p, rule="Bloodlust", other=thrall))
    had_ball = s.carrier == thrall
    i1, i2 = c.d6("injury"), c.d6("injury")
    by = p if opponent else -1
    yield from apply_injury(
        c, thrall, (i1, i2), i1 + i2, (), by, False, crowd=False, casualty_as_badly_hurt=True
    )
    if had_ball and s.carrier != thrall and not opponent:
        s.turnover = True


@register(special_points.ACTIVATION_END, "Bloodlust")
def bloodlust_end(c: Ctx, p: int) -> Proc[None]:
    """Still hungry when the activation ends: bite an adjacent Thrall, else off to the reserves."""
    s = c.s
    if (p, HUNGRY) not in s.skill_used:
        return
    if s.pos[p] < 0:
        s.skill_used.discard((p, HUNGRY))
        return
    thralls = _victims(c, p)
    if thralls:
        victim = thralls[0]
        if len(thralls) > 1:
            opts = [Action(CHOOSE, p, s.pos[q]) for q in thralls]
            choice = yield Prompt(BITE_PROMPT, s.team[p], opts, {"player": p, "skill": "Bloodlust"})
            victim = s.board[choice.square]
        yield from bite(c, p, victim)
        return
    s.skill_used.discard((p, HUNGRY))
    square = s.pos[p]
    had_ball = s.carrier == p
    c.emit(Event("unfed", s.team[p], p, rule="Bloodlust", square=square, detail="to the reserves"))
    s.remove(p, RESERVE)
    s.turnover = True
    if had_ball:
        yield from bounce(c, square)
