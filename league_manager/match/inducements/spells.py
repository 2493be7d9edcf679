"""Wizard spells cast at one player: Zap!, Thunderbolt, One Thousand Cuts, Plague of Warts, Foot of
Gork and Spore Cloud at an opposing player, Rampant Mutation at one of the caster's own.

Each spell is a D6 against the target; the table ``PLAYER_SPELLS`` says which players it may
target and what a hit does (``MISSES``: what a miss does, when anything). Fireball (a square)
lives in ``wizards``.
"""

from __future__ import annotations

from collections.abc import Callable

from league_manager.match.actions import CHOOSE, PRAYER, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import SPELL_BONUS
from league_manager.match.inducements.frog import make_frog
from league_manager.match.inducements.necro_spells import INCORPOREAL, INCORPOREAL_TARGET, incorporeal
from league_manager.match.state import STANDING

ZAP = "Zap!"
THUNDERBOLT = "Thunderbolt"
THOUSAND_CUTS = "One Thousand Cuts"
PLAGUE_OF_WARTS = "Plague of Warts"
WARTS_SKILLS = ("Disturbing Presence", "Foul Appearance")
RAMPANT_MUTATION = "Rampant Mutation"
MUTATION_TARGET = 2
MUTATIONS_GAINED = 2
MUTATION_CATEGORY = "M"
OWN_TEAM_SPELLS = frozenset({RAMPANT_MUTATION})
"""Spells cast at one of the caster's own players (the others target an opposing player)."""
BOLT_TARGET = 3
CUTS_TARGET = 3
WARTS_TARGET = 3
FOOT_OF_GORK = "Foot of Gork"
FOOT_TARGET = 3
FOOT_KICK = 6
"""A 6 on Foot of Gork kicks the player through the air; 3-5 stomps it (Knocked Down)."""
SPORE_CLOUD = "Spore Cloud"
SPORE_TARGET = 2
SPORE_LONER = "5+"
CUTS = ("MA-1", "ST-1", "AG-1")
"""``State.temporary`` marks of One Thousand Cuts (each undone when the drive ends)."""


def _on_pitch(c: Ctx, q: int) -> bool:
    return c.s.pos[q] >= 0


def _standing(c: Ctx, q: int) -> bool:
    return c.s.pos[q] >= 0 and c.s.status[q] == STANDING


def _not_frog(c: Ctx, q: int) -> bool:
    return c.s.pos[q] >= 0 and q not in c.s.frogs


def targets(c: Ctx, team: int, spell: str) -> list[int]:
    """The players ``team``'s wizard may cast ``spell`` at (opposing ones, or its own for
    ``OWN_TEAM_SPELLS``)."""
    fits = PLAYER_SPELLS[spell][0]
    side = team if spell in OWN_TEAM_SPELLS else 1 - team
    return [q for q in c.s.players_of(side) if fits(c, q)]


def cast(c: Ctx, team: int, wizard: str, spell: str, p: int) -> Proc[None]:
    """Cast a player spell at ``p``: the spell event, the D6, and the effect of a hit."""
    s = c.s
    c.emit(Event("spell", team, p, square=s.pos[p], rule=wizard, detail=spell))
    target = PLAYER_SPELLS[spell][1](c, p)
    label = spell.lower().rstrip("!")
    roll = c.d6(label)
    ok = roll >= target
    kind = label.replace(" ", "_")
    c.emit(Event(kind, s.team[p], p, (roll,), target, success=ok, rule=wizard))
    if ok and spell in BEST_ROLL and roll >= BEST_ROLL[spell][0]:
        yield from BEST_ROLL[spell][1](c, p)
    elif ok:
        yield from PLAYER_SPELLS[spell][2](c, p)
    elif spell in MISSES:
        yield from MISSES[spell](c, p)


def _zap_target(c: Ctx, p: int) -> int:
    return min(c.s.st[p], 6)  # equal to or above ST, or a natural 6


def _zap(c: Ctx, p: int) -> Proc[None]:
    """The player becomes a frog for the drive; a frog holding the ball drops it (it bounces)."""
    from league_manager.match.procedures.ball import bounce

    s = c.s
    make_frog(c, p)
    if s.carrier == p:
        s.carrier = -1
        yield from bounce(c, s.pos[p])


def _bolt(c: Ctx, p: int) -> Proc[None]:
    """The player is Knocked Down (armour and injury as usual; a ball carrier drops the ball)."""
    from league_manager.match.procedures.injury import knock_down

    yield from knock_down(c, p, bonus=SPELL_BONUS, cause="knocked down")


def _cuts(c: Ctx, p: int) -> Proc[None]:
    """MA, ST and AG each one worse until the drive ends (MA and ST not below 1, AG not above 6+)."""
    s = c.s
    if s.ma[p] > 1:
        s.ma[p] -= 1
        s.temporary.append((p, "MA-1", "drive"))
    if s.st[p] > 1:
        s.st[p] -= 1
        s.temporary.append((p, "ST-1", "drive"))
    if s.ag[p] < 6:
        s.ag[p] += 1
        s.temporary.append((p, "AG-1", "drive"))
    yield from ()


def _warts(c: Ctx, p: int) -> Proc[None]:
    """As One Thousand Cuts, and Disturbing Presence and Foul Appearance until the drive ends."""
    from league_manager.match.procedures.prayers import grant_skill

    yield from _cuts(c, p)
    for skill in WARTS_SKILLS:
        if skill not in c.s.skills[p]:
            grant_skill(c, p, skill, "", "drive")


def _mutate(c: Ctx, p: int) -> Proc[None]:
    """The caster's coach picks two Mutation skills the player gains until the drive ends.

    Each pick is a ``prayer`` prompt (CHOOSE by index into ``info["skills"]``), as for
    Intensive Training; skills the player already has are not offered.
    """
    from league_manager.match.procedures.prayers import grant_skill
    from league_manager.match.skills.registry import registered_skills

    s = c.s
    team = s.team[p]
    known = registered_skills()
    for _ in range(MUTATIONS_GAINED):
        choices = [
            k for k in c.skill_categories.get(MUTATION_CATEGORY, []) if k in known and k not in s.skills[p]
        ]
        if not choices:
            c.emit(Event("mutation", team, p, rule=RAMPANT_MUTATION, detail="no skill to choose from"))
            return
        opts = [Action(CHOOSE, p, i) for i in range(len(choices))]
        choice = yield Prompt(
            PRAYER, team, opts, {"prayer": RAMPANT_MUTATION, "player": p, "skills": choices}
        )
        grant_skill(c, p, choices[choice.square], "", "drive")
        c.emit(Event("mutation", team, p, rule=RAMPANT_MUTATION, detail=f"gains {choices[choice.square]}"))


def _mutate_badly(c: Ctx, p: int) -> Proc[None]:
    """A roll of 1: the player gains Disturbing Presence until the drive ends."""
    from league_manager.match.procedures.prayers import grant_skill

    if "Disturbing Presence" not in c.s.skills[p]:
        grant_skill(c, p, "Disturbing Presence", "", "drive")
        c.emit(Event("mutation", c.s.team[p], p, rule=RAMPANT_MUTATION, detail="gains Disturbing Presence"))
    yield from ()


def _kicked(c: Ctx, p: int) -> Proc[None]:
    """Foot of Gork's 6: the player is thrown as by a terrible Throw Team-mate from its own square
    (D8 direction, D6 squares), then lands as a thrown player does (Agility test; crashes,
    bounces off players and the crowd as usual)."""
    from league_manager.match.procedures.ball import deviate
    from league_manager.match.procedures.throw_team_mate import TERRIBLE, land

    landing, last = deviate(c, c.s.pos[p], "throw deviation")
    yield from land(c, p, landing, last, TERRIBLE, True)


def _spores(c: Ctx, p: int) -> Proc[None]:
    """Loner (5+) and Really Stupid until the drive ends (a Loner it has already stays as it is)."""
    from league_manager.match.procedures.prayers import grant_skill

    s = c.s
    if "Loner" not in s.skills[p]:
        grant_skill(c, p, "Loner", SPORE_LONER, "drive")
    if "Really Stupid" not in s.skills[p]:
        grant_skill(c, p, "Really Stupid", "", "drive")
    yield from ()


PLAYER_SPELLS: dict[
    str, tuple[Callable[[Ctx, int], bool], Callable[[Ctx, int], int], Callable[[Ctx, int], Proc[None]]]
] = {
    ZAP: (_not_frog, _zap_target, _zap),
    THUNDERBOLT: (_standing, lambda c, p: BOLT_TARGET, _bolt),
    THOUSAND_CUTS: (_on_pitch, lambda c, p: CUTS_TARGET, _cuts),
    PLAGUE_OF_WARTS: (_on_pitch, lambda c, p: WARTS_TARGET, _warts),
    RAMPANT_MUTATION: (_on_pitch, lambda c, p: MUTATION_TARGET, _mutate),
    FOOT_OF_GORK: (_standing, lambda c, p: FOOT_TARGET, _bolt),
    SPORE_CLOUD: (_standing, lambda c, p: SPORE_TARGET, _spores),
    INCORPOREAL: (_standing, lambda c, p: INCORPOREAL_TARGET, incorporeal),
}
"""Per spell: which players it may target, the D6 needed, and what a hit does."""
MISSES: dict[str, Callable[[Ctx, int], Proc[None]]] = {RAMPANT_MUTATION: _mutate_badly}
"""What a missed spell still does (Rampant Mutation's roll of 1)."""
BEST_ROLL: dict[str, tuple[int, Callable[[Ctx, int], Proc[None]]]] = {FOOT_OF_GORK: (FOOT_KICK, _kicked)}
"""A spell whose best roll does something else than a plain hit (Foot of Gork's 6)."""
