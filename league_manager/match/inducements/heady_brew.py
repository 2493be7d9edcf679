"""Bottles of Heady Brew: at the start of a drive, D3 random Stunty players get fighting drunk.

One bottle a drive: after both teams have set up and before the kick-off, the coach of a team
with a bottle left is asked (``use_skill`` prompt, skill ``Bottles of Heady Brew``) whether to
open one. D3 random Stunty players of the team on the pitch then gain Dauntless, Frenzy and
Really Stupid (4+) until the end of the drive.
"""

from __future__ import annotations

from league_manager.match.actions import DECLINE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import HEADY_BREW, left, use

BREW_SKILLS = (("Dauntless", ""), ("Frenzy", ""), ("Really Stupid", "4+"))
"""What a drinker gains until the end of the drive (skill, parameter)."""
DRUNK = "Dauntless, Frenzy, Really Stupid (4+)"


def _stunty_on_pitch(c: Ctx, team: int) -> list[int]:
    s = c.s
    return [p for p in s.players_of(team) if s.pos[p] >= 0 and "Stunty" in s.skills[p]]


def offer_brew(c: Ctx) -> Proc[None]:
    """Start of a drive: each team with a bottle left may open one (the kicking team first)."""
    for team in (c.s.kicking, 1 - c.s.kicking):
        yield from _offer(c, team)


def _offer(c: Ctx, team: int) -> Proc[None]:
    from league_manager.match.procedures.prayers import grant_skill

    s = c.s
    bottles = left(s, team, HEADY_BREW)
    stunty = _stunty_on_pitch(c, team)
    if not bottles or not stunty:
        return
    options = [Action(USE_SKILL), Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, team, options, {"skill": HEADY_BREW, "left": bottles})
    if choice.kind != USE_SKILL:
        return
    use(s, team, HEADY_BREW)
    count = c.roll(3, "heady brew")
    c.emit(Event("heady_brew", team, rolls=(count,), rule=HEADY_BREW, detail=f"{count} drinker(s)"))
    for _ in range(min(count, len(stunty))):
        p = stunty.pop(c.roll(len(stunty), "random player") - 1 if len(stunty) > 1 else 0)
        for skill, param in BREW_SKILLS:
            if skill not in s.skills[p]:
                grant_skill(c, p, skill, param, "drive")
        c.emit(Event("heady_brew_drinker", team, p, rule=HEADY_BREW, detail=DRUNK))
