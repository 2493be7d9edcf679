"""Wizards: once per game, a spell offered to the coach at the start of each opposing team turn.

Only the Hireling Sports-Wizard is modelled, with its Fireball and Zap! (see rules-decisions).
The ``wizard`` prompt offers DECLINE, CHOOSE with a square (Fireball on that square) and
CHOOSE with a player (Zap! on that player).
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, DECLINE, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import SPORTS_WIZARD, left, use
from league_manager.match.inducements.frog import make_frog
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.state import STANDING

WIZARD = "wizard"
"""Prompt kind: cast the team's spell now (CHOOSE a target square) or DECLINE."""
FIREBALL = "Fireball"
ZAP = "Zap!"
SPELLS = {SPORTS_WIZARD: (FIREBALL, ZAP)}
"""The spells of each modelled wizard."""
FIREBALL_TARGET = 4


def wizard_of(c: Ctx, team: int) -> str:
    """The team's wizard with its spell still unused, or ""."""
    return next((name for name in SPELLS if left(c.s, team, name) > 0), "")


def fireball_targets(c: Ctx, team: int) -> list[int]:
    """Target squares offered: every square holding a standing opposing player."""
    s = c.s
    return [s.pos[q] for q in s.players_of(1 - team) if s.pos[q] >= 0 and s.status[q] == STANDING]


def zap_targets(c: Ctx, team: int) -> list[int]:
    """Players offered to Zap!: every opposing player on the pitch not already a frog."""
    s = c.s
    return [q for q in s.players_of(1 - team) if s.pos[q] >= 0 and q not in s.frogs]


def offer_spell(c: Ctx, team: int) -> Proc[None]:
    """Offer ``team``'s coach their wizard's spell (at the start of the opponent's team turn)."""
    s = c.s
    wizard = wizard_of(c, team)
    if not wizard:
        return
    spells = SPELLS[wizard]
    options = [Action(DECLINE)]
    if FIREBALL in spells:
        options += [Action(CHOOSE, square=sq) for sq in fireball_targets(c, team)]
    if ZAP in spells:
        options += [Action(CHOOSE, player=q) for q in zap_targets(c, team)]
    if len(options) == 1:
        return
    info = {"wizard": wizard, "spells": list(spells), "target": FIREBALL_TARGET}
    choice = yield Prompt(WIZARD, team, options, info)
    if choice.kind != CHOOSE:
        return
    use(s, team, wizard)
    if choice.player >= 0:
        yield from zap(c, team, wizard, choice.player)
    else:
        yield from fireball(c, team, wizard, choice.square)


def zap(c: Ctx, team: int, wizard: str, p: int) -> Proc[None]:
    """D6: equal to or above the player's ST, or a natural 6, turns it into a frog for the drive.

    A frog holding the ball drops it and the ball bounces from its square; nobody's team
    suffers a turnover.
    """
    from league_manager.match.procedures.ball import bounce

    s = c.s
    c.emit(Event("spell", team, p, square=s.pos[p], rule=wizard, detail=ZAP))
    roll = c.d6("zap")
    target = min(s.st[p], 6)
    ok = roll >= target
    c.emit(Event("zap", s.team[p], p, (roll,), target, success=ok, rule=wizard))
    if not ok:
        return
    make_frog(c, p)
    if s.carrier == p:
        s.carrier = -1
        yield from bounce(c, s.pos[p])


def fireball(c: Ctx, team: int, wizard: str, square: int) -> Proc[None]:
    """Every standing player on the square or next to it is Knocked Down on a D6 of 4+.

    The players are hit in player order; a Knocked Down ball carrier drops the ball.
    Nobody's team suffers a turnover.
    """
    from league_manager.match.procedures.injury import knock_down

    s = c.s
    c.emit(Event("spell", team, square=square, rule=wizard, detail=FIREBALL))
    area = {square, *NEIGHBOURS[square]}
    hit = [p for p in range(s.size) if s.pos[p] in area and s.status[p] == STANDING]
    for p in hit:
        if s.status[p] != STANDING or s.pos[p] < 0:
            continue  # already down (a bounce cannot knock anyone down, but be safe)
        roll = c.d6("fireball")
        ok = roll >= FIREBALL_TARGET
        c.emit(Event("fireball", s.team[p], p, (roll,), FIREBALL_TARGET, success=ok, rule=wizard))
        if ok:
            yield from knock_down(c, p, cause="knocked down")
