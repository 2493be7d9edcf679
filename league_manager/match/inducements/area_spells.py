"""Wizard spells cast at a square: Fireball, Horatio's wandering Fireball, Column of Fire and
Warp Lightning (a line from the chosen sideline square to the other sideline), and Strange Flora
(``nurgle_spells``).

``SQUARE_SPELLS`` says, per spell, which squares are offered and what the spell does there;
``wizards`` offers them (CHOOSE with the square and ``player = -1 - index`` of the spell).
Nobody suffers a turnover from a spell (``wizards.offer_spell`` restores the flag).
"""

from __future__ import annotations

from collections.abc import Callable

from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import SPELL_BONUS
from league_manager.match.inducements.nurgle_spells import STRANGE_FLORA, flora_squares, strange_flora
from league_manager.match.pitch import DIRECTIONS, NEIGHBOURS, ON_PITCH, PITCH_SQUARES, WIDTH, W, xy
from league_manager.match.state import STANDING

FIREBALL = "Fireball"
WANDERING_FIREBALL = "Take This! Oooops..."
COLUMN_OF_FIRE = "Column of Fire"
WARP_LIGHTNING = "Warp Lightning"
FIREBALL_TARGET = 4
COLUMN_TARGET = 4
WARP_TARGET = 3
EARTHED = 1
"""A D6 of 1 after Warp Lightning knocks a player down: the bolt stops there."""
WANDER_DISTANCE = 3
"""Horatio's target square moves D3 squares in a D8 direction before the Fireball lands."""


def _standing_foes(c: Ctx, team: int) -> list[int]:
    """Every square holding a standing opposing player (where a Fireball is worth casting)."""
    s = c.s
    return [s.pos[q] for q in s.players_of(1 - team) if s.pos[q] >= 0 and s.status[q] == STANDING]


def _sideline_squares(c: Ctx, team: int) -> list[int]:
    """The squares next to a sideline (y 0 or 14) whose line across the pitch holds a standing player."""
    s = c.s
    out = []
    for square in PITCH_SQUARES:
        if xy(square)[1] not in (0, WIDTH - 1):
            continue
        if any(s.board[q] >= 0 and s.status[s.board[q]] == STANDING for q in line(square)):
            out.append(square)
    return out


def line(start: int) -> list[int]:
    """The squares from a sideline square straight across to the other sideline, in order."""
    _x, y = xy(start)
    step = W if y == 0 else -W
    out = []
    square = start
    while ON_PITCH[square]:
        out.append(square)
        square += step
    return out


def _hit(c: Ctx, wizard: str, kind: str, p: int, target: int) -> bool:
    s = c.s
    roll = c.d6(kind.replace("_", " "))
    ok = roll >= target
    c.emit(Event(kind, s.team[p], p, (roll,), target, success=ok, rule=wizard))
    return ok


def fireball(c: Ctx, team: int, wizard: str, square: int) -> Proc[None]:
    """Every standing player on the square or next to it is Knocked Down on a D6 of 4+.

    The players are hit in player order; a Knocked Down ball carrier drops the ball.
    """
    from league_manager.match.procedures.injury import knock_down

    s = c.s
    c.emit(Event("spell", team, square=square, rule=wizard, detail=FIREBALL))
    area = {square, *NEIGHBOURS[square]}
    for p in [p for p in range(s.size) if s.pos[p] in area and s.status[p] == STANDING]:
        if s.status[p] != STANDING or s.pos[p] < 0:
            continue  # already down (a bounce cannot knock anyone down, but be safe)
        if _hit(c, wizard, "fireball", p, FIREBALL_TARGET):
            yield from knock_down(c, p, bonus=SPELL_BONUS, cause="knocked down")


def wandering_fireball(c: Ctx, team: int, wizard: str, square: int) -> Proc[None]:
    """Horatio's Fireball: the target moves D3 squares in a D8 direction first (stopping at the
    last square on the pitch), then bursts there as a Fireball."""
    d = c.roll(8, "spell direction")
    n = c.roll(3, "spell distance")
    landing = square
    for _ in range(n):
        if not ON_PITCH[landing + DIRECTIONS[d - 1]]:
            break
        landing += DIRECTIONS[d - 1]
    c.emit(Event("spell_drift", team, rolls=(d, n), square=landing, rule=wizard, detail=WANDERING_FIREBALL))
    yield from fireball(c, team, wizard, landing)


def column_of_fire(c: Ctx, team: int, wizard: str, square: int) -> Proc[None]:
    """Every standing player on the line across the pitch is Knocked Down on a D6 of 4+."""
    yield from _bolt_across(c, team, wizard, square, COLUMN_OF_FIRE, COLUMN_TARGET, earths=False)


def warp_lightning(c: Ctx, team: int, wizard: str, square: int) -> Proc[None]:
    """As Column of Fire on 3+, but after each player it knocks down a D6 of 1 earths the bolt."""
    yield from _bolt_across(c, team, wizard, square, WARP_LIGHTNING, WARP_TARGET, earths=True)


def _bolt_across(
    c: Ctx, team: int, wizard: str, square: int, spell: str, target: int, earths: bool
) -> Proc[None]:
    from league_manager.match.procedures.injury import knock_down

    s = c.s
    c.emit(Event("spell", team, square=square, rule=wizard, detail=spell))
    kind = spell.lower().replace(" ", "_")
    for sq in line(square):
        p = s.board[sq]
        if p < 0 or s.status[p] != STANDING:
            continue
        if not _hit(c, wizard, kind, p, target):
            continue
        yield from knock_down(c, p, bonus=SPELL_BONUS, cause="knocked down")
        if earths:
            roll = c.d6("earthed")
            stop = roll <= EARTHED
            c.emit(Event("earthed", s.team[p], p, (roll,), EARTHED + 1, success=not stop, rule=wizard))
            if stop:
                return


Targets = Callable[[Ctx, int], list[int]]
Caster = Callable[[Ctx, int, str, int], Proc[None]]
SQUARE_SPELLS: dict[str, tuple[Targets, Caster]] = {
    FIREBALL: (_standing_foes, fireball),
    WANDERING_FIREBALL: (_standing_foes, wandering_fireball),
    COLUMN_OF_FIRE: (_sideline_squares, column_of_fire),
    WARP_LIGHTNING: (_sideline_squares, warp_lightning),
    STRANGE_FLORA: (flora_squares, strange_flora),
}
"""Per square spell: the squares offered and the spell cast at the chosen one."""
