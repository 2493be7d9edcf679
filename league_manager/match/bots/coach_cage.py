"""The cage that can follow our carrier: how many of a square's corners our players can fill.

A carrier that runs ahead of its team stands alone at the other side's turn: a blitzer
walks up without a dodge and the ball comes loose. A slow team's players cannot follow a
carrier who rushes on (MA 4-5 against the carrier's move and two rushes). Counted over the
coach's drives (Orc mirror, seed 1, 10 games; ``benchmarks/coach_drives.py``): the carrier
was lost at the other side's next turn 37 % of the time with no team-mate on its diagonal
squares, 28 % with one, 20 % with two or three and 7 % with all four.

:func:`cage_cover` gives, for a square the carrier might end on, the worth of the corners
(its diagonal squares) our players can hold at the end of the turn: a standing team-mate
already there, or a free team-mate (not marked, still to act) reaching it without dice,
each player for one corner (:data:`CAGE_WORTH`; an agile roster's :data:`AGILE_CAGE_WORTH`).
The carrier's move adds it to the square's worth, so the carrier goes as far as its cage can
follow. A roster clearly stronger than it is agile (the coach's aggression weight above its
running weight by :data:`GRIND_MARGIN`, as most Orc teams') grinds in a cage, and so does an
agile one (:data:`.coach_defence.AGILE`, the elves: its players keep up with the carrier, and
a Wood Elf carrier alone at the other side's turn was lost 40 % of the time); the others run
(measured: a cage cost the Halfling mirror touchdowns). Pure look-ups on the match state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from league_manager.match.bots.coach_defence import AGILE
from league_manager.match.engine import Match
from league_manager.match.pitch import ON_PITCH, W
from league_manager.match.state import STANDING

if TYPE_CHECKING:
    from league_manager.match.bots.coach_bot import CoachBot

CAGE_WORTH = (0.0, 3.0, 6.0, 9.0, 12.0)
"""Worth of 0-4 corners of the carrier's square our players can hold (carrier-safety units):
about 7 points less chance of losing the ball a corner, of a dropped ball and the ground."""
AGILE_CAGE_WORTH = tuple(3 * worth for worth in CAGE_WORTH)
"""The same for an agile roster, three times as much: its carrier gains ground fast whatever
it does (MA 7-8 and two Rushes), so the ground ahead outbid the cage and the carrier ran alone;
a cage that follows it keeps the ball (docs/rules-decisions.md, the bot ladder part 22)."""


GRIND_MARGIN = 0.05
"""How far the aggression weight must be above the running weight for a roster to grind in a
cage: the generated Orc rosters measured are 0.07-0.34 above (one with no Black Orc is below),
Human with an Ogre 0.03, Skaven with a Rat Ogre 0.03: a roster clearly stronger than agile."""


def corners(square: int) -> list[int]:
    """The diagonal squares of ``square`` on the pitch."""
    return [q for dx in (-1, 1) for dy in (-1, 1) if ON_PITCH[q := square + dx + dy * W]]


def cage_cover(bot: CoachBot, match: Match, team: int, carrier: int) -> Callable[[int], float]:
    """A function giving, for a square of our carrier, how many of its corners our players
    can hold at the end of this turn (each player one corner, none with dice).

    Args:
        bot: the coach (its free-reach look-up).
        match: the match at ``team``'s team turn, before the carrier moves.
        team: the side with the ball.
        carrier: our ball carrier.
    """
    s = match.state
    aggression, running = bot._weights(match, team)
    if aggression <= running + GRIND_MARGIN and running < AGILE:
        return lambda square: 0.0  # a roster neither strong nor agile runs rather than cages
    worth = AGILE_CAGE_WORTH if running >= AGILE else CAGE_WORTH
    standing: dict[int, int] = {}
    reaches: dict[int, dict[int, int]] = {}
    for p in s.players_of(team):
        if p == carrier or s.pos[p] < 0 or not ON_PITCH[s.pos[p]] or s.status[p] != STANDING:
            continue
        standing[s.pos[p]] = p
        if not s.used[p] and s.active == team:
            reach = bot._free_reach(match, p)
            if reach:
                reaches[p] = reach

    def cover(square: int) -> float:
        fixed = 0
        free: list[int] = []
        for corner in corners(square):
            if corner in standing:
                fixed += 1
            elif s.board[corner] < 0 or corner == s.pos[carrier]:
                free.append(corner)
        matched: dict[int, int] = {}  # player -> corner
        on_corner = {standing[c] for c in corners(square) if c in standing}
        movers = {p: r for p, r in reaches.items() if p not in on_corner}
        return worth[fixed + sum(_assign(c, movers, matched, set()) for c in free)]

    return cover


def _assign(corner: int, reaches: dict[int, dict[int, int]], matched: dict[int, int], seen: set[int]) -> bool:
    """Give ``corner`` a player who reaches it, moving another to its other corner when
    needed (an augmenting path of a bipartite matching, players to corners)."""
    for p, reach in reaches.items():
        if corner not in reach or p in seen:
            continue
        seen.add(p)
        if p not in matched or _assign(matched[p], reaches, matched, seen):
            matched[p] = corner
            return True
    return False
