"""Wizards (and the Weather Mage): once per game, a spell offered to the coach at its moment.

``SPELLS`` lists the modelled casters and their spells (see rules-decisions). A spell is offered
at one of three moments (``MOMENT``): the start of an opposing team turn before any activation
(most spells), the end of an opposing team turn (Temporal Distortion), or the start of the
caster's own team turn (the Weather Mage). The ``wizard`` prompt offers DECLINE and, per spell
of the moment (``index`` its place in the caster's list):

- a player spell (``spells``): CHOOSE with the player and ``square = index``;
- a square spell (``area_spells``): CHOOSE with the square and ``player = -1 - index``;
- an option spell (``team_spells``): CHOOSE with ``player = -1 - index`` and
  ``square = -2 - option``.

Nobody suffers a turnover from a spell: the team's turnover flag is the same afterwards.
"""

from __future__ import annotations

from typing import Any

from league_manager.match.actions import CHOOSE, DECLINE, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import (
    ASUR_HIGH_MAGE,
    CHAOS_SORCERER,
    DRUCHII_SORCERESS,
    HORATIO,
    HORTICULTURALIST,
    NECROTHEURGE,
    NIGHT_GOBLIN_SHAMAN,
    OGRE_FIREBELLY,
    SLANN,
    SPORTS_WIZARD,
    WARLOCK_ENGINEER,
    WEATHER_MAGE,
    WICKED_WITCH,
    left,
    use,
)
from league_manager.match.inducements import spells as spells_mod
from league_manager.match.inducements.area_spells import (
    COLUMN_OF_FIRE,
    FIREBALL,
    FIREBALL_TARGET,
    SQUARE_SPELLS,
    WANDERING_FIREBALL,
    WARP_LIGHTNING,
)
from league_manager.match.inducements.necro_spells import DANSE, INCORPOREAL
from league_manager.match.inducements.nurgle_spells import STRANGE_FLORA, VIGOROUS_GROWTH
from league_manager.match.inducements.slann_spells import (
    REALITY_BLINKS,
    TECTONIC_SHIFT,
    blink_players,
    reality_blinks,
)
from league_manager.match.inducements.spells import (
    FOOT_OF_GORK,
    PLAGUE_OF_WARTS,
    RAMPANT_MUTATION,
    SPORE_CLOUD,
    THOUSAND_CUTS,
    THUNDERBOLT,
    ZAP,
)
from league_manager.match.inducements.team_spells import OPTION_SPELLS, TEMPORAL_DISTORTION, WEATHER_ROLL

WIZARD = "wizard"
"""Prompt kind: cast a spell of the team's caster now (CHOOSE a target or option) or DECLINE."""
SPELLS = {
    SPORTS_WIZARD: (FIREBALL, ZAP),
    DRUCHII_SORCERESS: (THUNDERBOLT, THOUSAND_CUTS),
    WICKED_WITCH: (ZAP, PLAGUE_OF_WARTS),
    CHAOS_SORCERER: (THUNDERBOLT, RAMPANT_MUTATION),
    OGRE_FIREBELLY: (FIREBALL, COLUMN_OF_FIRE),
    WARLOCK_ENGINEER: (WARP_LIGHTNING, THUNDERBOLT),
    HORATIO: (WANDERING_FIREBALL,),
    ASUR_HIGH_MAGE: (TEMPORAL_DISTORTION, THUNDERBOLT),
    NIGHT_GOBLIN_SHAMAN: (FOOT_OF_GORK, SPORE_CLOUD),
    NECROTHEURGE: (INCORPOREAL, DANSE),
    HORTICULTURALIST: (VIGOROUS_GROWTH, STRANGE_FLORA),
    SLANN: (TEMPORAL_DISTORTION, TECTONIC_SHIFT, REALITY_BLINKS),
    WEATHER_MAGE: (WEATHER_ROLL,),
}
"""The spells of each modelled caster."""
FOE_START, FOE_END, OWN_START = "foe_start", "foe_end", "own_start"
MOMENT = {TEMPORAL_DISTORTION: FOE_END, DANSE: FOE_END, WEATHER_ROLL: OWN_START}
"""When a spell is offered, if not at the start of an opposing team turn (``FOE_START``)."""


def wizard_of(c: Ctx, team: int) -> str:
    """The team's first caster with its spell still unused, or ""."""
    return next((name for name in SPELLS if left(c.s, team, name) > 0), "")


def spell_options(c: Ctx, team: int, spells: tuple[str, ...], moment: str) -> list[Action]:
    """The CHOOSE options of ``spells`` offered at ``moment`` (see the module docstring)."""
    options: list[Action] = []
    for index, spell in enumerate(spells):
        if MOMENT.get(spell, FOE_START) != moment:
            continue
        if spell in SQUARE_SPELLS:
            squares = SQUARE_SPELLS[spell][0](c, team)
            options += [Action(CHOOSE, -1 - index, sq) for sq in squares]
        elif spell in OPTION_SPELLS:
            labels = OPTION_SPELLS[spell][0]
            options += [Action(CHOOSE, -1 - index, -2 - k) for k in range(len(labels))]
        elif spell == REALITY_BLINKS:  # two of the caster's own players: the first picked here
            options += [Action(CHOOSE, q, index) for q in blink_players(c, team)]
        else:
            options += [Action(CHOOSE, q, index) for q in spells_mod.targets(c, team, spell)]
    return options


def offer_spell(c: Ctx, team: int, moment: str = FOE_START) -> Proc[None]:
    """Offer ``team``'s coach each unused caster's spells of ``moment``, one prompt per caster."""
    s = c.s
    for caster in SPELLS:
        if left(s, team, caster) <= 0:
            continue
        spells = SPELLS[caster]
        options = spell_options(c, team, spells, moment)
        if not options:
            continue
        info: dict[str, Any] = {"wizard": caster, "spells": list(spells), "target": FIREBALL_TARGET}
        info["options"] = {spell: list(OPTION_SPELLS[spell][0]) for spell in spells if spell in OPTION_SPELLS}
        choice = yield Prompt(WIZARD, team, [Action(DECLINE), *options], info)
        if choice.kind != CHOOSE:
            continue
        use(s, team, caster)
        turnover = s.turnover
        yield from cast(c, team, caster, choice)
        s.turnover = turnover


def cast(c: Ctx, team: int, caster: str, choice: Action) -> Proc[None]:
    """Cast the spell a CHOOSE of the ``wizard`` prompt names."""
    spells = SPELLS[caster]
    if choice.player >= 0 and spells[choice.square] == REALITY_BLINKS:
        yield from reality_blinks(c, team, caster, choice.player)
        return
    if choice.player >= 0:
        yield from spells_mod.cast(c, team, caster, spells[choice.square], choice.player)
        return
    spell = spells[-1 - choice.player]
    if spell in OPTION_SPELLS:
        c.emit(Event("spell", team, rule=caster, detail=spell))
        yield from OPTION_SPELLS[spell][1](c, team, caster, -2 - choice.square)
    else:
        yield from SQUARE_SPELLS[spell][1](c, team, caster, choice.square)
