"""Halfling Hot Pot: once per game a cauldron of stew lobbed at a square of the pitch.

Offered (prompt ``hot_pot``: CHOOSE a square, or DECLINE) at the start of each of the team's
own team turns, before any activation (right after the opposing team turn ended).
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, DECLINE, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import HOT_POT, left, use
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH
from league_manager.match.state import KO, RESERVE, STANDING

HOT_POT_PROMPT = "hot_pot"
"""Prompt kind: lob the Hot Pot now (CHOOSE the aimed square) or DECLINE."""
ON_TARGET = 6
MISFIRE = 1
STEW_TARGET = 4
POT_BONUS = 2
"""+2 to the armour or the injury roll of the player the pot itself hits."""


def aim_squares(c: Ctx) -> list[int]:
    """Squares offered as the aim: every square on or next to a player on the pitch."""
    s = c.s
    squares: set[int] = set()
    for p in range(s.size):
        if s.pos[p] >= 0:
            squares.add(s.pos[p])
            squares.update(NEIGHBOURS[s.pos[p]])
    return sorted(squares)


def offer_hot_pot(c: Ctx, team: int) -> Proc[None]:
    """Offer ``team``'s coach the Hot Pot, if it has one left, before its team turn's activations."""
    if not left(c.s, team, HOT_POT):
        return
    options = [Action(DECLINE), *(Action(CHOOSE, square=sq) for sq in aim_squares(c))]
    choice = yield Prompt(HOT_POT_PROMPT, team, options, {"inducement": HOT_POT, "target": ON_TARGET})
    if choice.kind != CHOOSE:
        return
    use(c.s, team, HOT_POT)
    yield from lob(c, team, choice.square)


def lob(c: Ctx, team: int, aim: int) -> Proc[None]:
    """D6: 6 on target; 2-5 the target moves D3 squares in a D8 direction; 1 a misfire in the
    team's dugout (D3 random reserves are KO'd). Nobody suffers a turnover."""
    from league_manager.match.procedures.ball import deviate_by

    roll = c.d6("hot pot")
    c.emit(Event("hot_pot", team, rolls=(roll,), target=ON_TARGET, success=roll >= ON_TARGET, square=aim))
    if roll == MISFIRE:
        _misfire(c, team)
        return
    square = aim
    if roll < ON_TARGET:
        direction = c.roll(8, "hot pot direction")
        distance = c.roll(3, "hot pot distance")
        square, _last = deviate_by(c, aim, "hot_pot_scatter", direction, distance)
        if not ON_PITCH[square]:
            c.emit(Event("hot_pot_crowd", team, rule=HOT_POT, detail="lands in the crowd"))
            return
    yield from _land(c, square)


def _misfire(c: Ctx, team: int) -> None:
    s = c.s
    reserves = [p for p in s.players_of(team) if s.pos[p] < 0 and s.status[p] == RESERVE]
    count = c.roll(3, "hot pot misfire")
    for _ in range(min(count, len(reserves))):
        p = reserves.pop(c.roll(len(reserves), "random player") - 1 if len(reserves) > 1 else 0)
        s.status[p] = KO
        c.emit(Event("hot_pot_misfire", team, p, rule=HOT_POT, detail="KO'd in the dugout"))


def _land(c: Ctx, square: int) -> Proc[None]:
    """The pot hits the player on the square; the stew may floor standing players next to it."""
    from league_manager.match.procedures.injury import armour_and_injury, knock_down, place_prone

    s = c.s
    hit = s.board[square]
    if hit >= 0:
        if s.status[hit] == STANDING:
            yield from knock_down(c, hit, bonus=POT_BONUS, cause="knocked down")
        else:  # Prone or Stunned: an armour roll with the bonus
            c.emit(Event("hot_pot_hit", s.team[hit], hit, rule=HOT_POT, square=square))
            yield from armour_and_injury(c, hit, -1, POT_BONUS, 0, False, foul=False)
    for n in NEIGHBOURS[square]:
        q = s.board[n]
        if q < 0 or s.status[q] != STANDING:
            continue
        roll = c.d6("hot pot stew")
        ok = roll >= STEW_TARGET
        c.emit(Event("hot_pot_stew", s.team[q], q, (roll,), STEW_TARGET, success=ok, rule=HOT_POT))
        if ok:
            yield from place_prone(c, q, HOT_POT)
