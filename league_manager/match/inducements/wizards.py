"""Wizards: once per game, a spell offered to the coach at the start of each opposing team turn.

``SPELLS`` lists the modelled wizards and their spells (see rules-decisions). The ``wizard``
prompt offers DECLINE, CHOOSE with a square and no player (Fireball on that square), and
CHOOSE with a player and, as ``square``, the index of the spell in the wizard's list (that
spell cast at that player, see ``spells``).
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, DECLINE, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import (
    CHAOS_SORCERER,
    DRUCHII_SORCERESS,
    SPORTS_WIZARD,
    WICKED_WITCH,
    left,
    use,
)
from league_manager.match.inducements import spells as spells_mod
from league_manager.match.inducements.spells import (
    PLAGUE_OF_WARTS,
    RAMPANT_MUTATION,
    THOUSAND_CUTS,
    THUNDERBOLT,
    ZAP,
)
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.state import STANDING

WIZARD = "wizard"
"""Prompt kind: cast the team's spell now (CHOOSE a target) or DECLINE."""
FIREBALL = "Fireball"
SPELLS = {
    SPORTS_WIZARD: (FIREBALL, ZAP),
    DRUCHII_SORCERESS: (THUNDERBOLT, THOUSAND_CUTS),
    WICKED_WITCH: (ZAP, PLAGUE_OF_WARTS),
    CHAOS_SORCERER: (THUNDERBOLT, RAMPANT_MUTATION),
}
"""The spells of each modelled wizard."""
FIREBALL_TARGET = 4


def wizard_of(c: Ctx, team: int) -> str:
    """The team's wizard with its spell still unused, or ""."""
    return next((name for name in SPELLS if left(c.s, team, name) > 0), "")


def fireball_targets(c: Ctx, team: int) -> list[int]:
    """Target squares offered: every square holding a standing opposing player."""
    s = c.s
    return [s.pos[q] for q in s.players_of(1 - team) if s.pos[q] >= 0 and s.status[q] == STANDING]


def offer_spell(c: Ctx, team: int) -> Proc[None]:
    """Offer ``team``'s coach their wizard's spell (at the start of the opponent's team turn)."""
    s = c.s
    wizard = wizard_of(c, team)
    if not wizard:
        return
    spells = SPELLS[wizard]
    options = [Action(DECLINE)]
    for index, spell in enumerate(spells):
        if spell == FIREBALL:
            options += [Action(CHOOSE, square=sq) for sq in fireball_targets(c, team)]
        else:
            options += [Action(CHOOSE, player=q, square=index) for q in spells_mod.targets(c, team, spell)]
    if len(options) == 1:
        return
    info = {"wizard": wizard, "spells": list(spells), "target": FIREBALL_TARGET}
    choice = yield Prompt(WIZARD, team, options, info)
    if choice.kind != CHOOSE:
        return
    use(s, team, wizard)
    if choice.player >= 0:
        yield from spells_mod.cast(c, team, wizard, spells[choice.square], choice.player)
    else:
        yield from fireball(c, team, wizard, choice.square)


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
