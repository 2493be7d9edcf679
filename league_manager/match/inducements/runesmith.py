"""Dwarfen Runesmith: a rune struck on one player for the drive, once it works.

Offered at every kick-off, after the kick has deviated and before the kick-off event (prompt
``runesmith``: DECLINE, or CHOOSE a player on the pitch without Loner and, as ``square``, the
index of the rune in ``RUNES``). D6: 4+ the rune works until the end of the drive and the
Runesmith is done; 2-3 it fails but may be tried at a later drive; 1 it fails and he is done.
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, DECLINE, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import RUNESMITH, left, use

RUNESMITH_PROMPT = "runesmith"
"""Prompt kind: strike a rune now (CHOOSE a player, ``square`` = rune index) or DECLINE."""
RUNES: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Rune of Might", (("Mighty Blow", "+1"),)),
    ("Rune of Fury", (("Dauntless", ""), ("Frenzy", ""))),
    ("Rune of Speed", (("Sprint", ""), ("Sure Feet", ""))),
    ("Rune of Iron", (("Stand Firm", ""),)),
    ("Rune of Impact", (("Juggernaut", ""), ("Horns", ""))),
)
"""Each rune and the skills it gives until the end of the drive (Iron also gives AV +1)."""
IRON = "Rune of Iron"
MAX_AV = 11
WORKS = 4
TRY_AGAIN = 2


def eligible(c: Ctx, team: int) -> list[int]:
    """The team's players on the pitch without the Loner trait."""
    s = c.s
    return [p for p in s.players_of(team) if s.pos[p] >= 0 and "Loner" not in s.skills[p]]


def offer_rune(c: Ctx) -> Proc[None]:
    """Each team with its Runesmith still at work may strike a rune (the kicking team first)."""
    for team in (c.s.kicking, 1 - c.s.kicking):
        yield from _offer(c, team)


def _offer(c: Ctx, team: int) -> Proc[None]:
    s = c.s
    if not left(s, team, RUNESMITH):
        return
    players = eligible(c, team)
    if not players:
        return
    options = [Action(DECLINE)]
    options += [Action(CHOOSE, p, i) for p in players for i in range(len(RUNES))]
    info = {"inducement": RUNESMITH, "runes": [name for name, _ in RUNES], "target": WORKS}
    choice = yield Prompt(RUNESMITH_PROMPT, team, options, info)
    if choice.kind != CHOOSE:
        return
    strike(c, team, choice.player, choice.square)


def strike(c: Ctx, team: int, p: int, rune: int) -> None:
    """Roll for the rune on ``p``; on 4+ it takes effect until the end of the drive."""
    from league_manager.match.procedures.prayers import grant_skill

    s = c.s
    name, skills = RUNES[rune]
    roll = c.d6("runesmith")
    ok = roll >= WORKS
    if roll < TRY_AGAIN or ok:
        use(s, team, RUNESMITH)
    detail = "works" if ok else "fails, may be tried again" if roll >= TRY_AGAIN else "fails"
    c.emit(Event("runesmith", team, p, (roll,), WORKS, success=ok, rule=name, detail=detail))
    if not ok:
        return
    for skill, param in skills:
        if skill not in s.skills[p]:
            grant_skill(c, p, skill, param, "drive")
    if name == IRON and s.av[p] < MAX_AV:
        s.av[p] += 1
        s.temporary.append((p, "AV+1", "drive"))
