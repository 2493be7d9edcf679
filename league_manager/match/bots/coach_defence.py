"""The coach's players away from the ball: marking their carrier, screens, fouls.

Each function is one step of :class:`~league_manager.match.bots.coach_bot.CoachBot`'s script:
it returns the action that starts the activation (the bot keeps the plan) or None.

- :func:`mark`: a free player next to their carrier without dice (up to :data:`MARKERS`; an
  :data:`AGILE` roster marks before it blitzes, and with up to :data:`AGILE_MARKERS`);
- :func:`cut`: the screen that cuts the carrier's free paths to our end zone
  (:mod:`league_manager.match.bots.coach_screen`);
- :func:`foul`: a downed opponent next to a free player, with at least one net assist;
- :func:`screen`: the other players without dice near the ball, in front of it or between it
  and the opponents.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_screen import best_cut, line_cut
from league_manager.match.engine import Match
from league_manager.match.pitch import NEIGHBOURS, distance, xy
from league_manager.match.state import STANDING

if TYPE_CHECKING:
    from league_manager.match.bots.coach_bot import CoachBot

MARKERS = 2
"""Players the coach puts next to the opposing carrier; the others screen ..."""
AGILE_MARKERS = 3
"""... or this many for an :data:`AGILE` roster, whose markers dodge away again at little risk
(the Wood Elf mirror: 2.67 touchdowns a match with two, 2.51 with three, over 160 games; see
docs/rules-decisions.md, part 20)."""
AGILE = 1.15
"""A roster this agile (the coach's running weight, from the average AG; on the generated
rosters the elves' 1.22-1.3, Vampire 1.02-1.13, Skaven 0.98-1.11, Human 0.98-1.0, Halfling
0.93-1.0: the elves only) throws its safe blocks and marks their carrier before it blitzes it:
the marker's assist and tackle zone stay when a blitz fails. It also cages its carrier
(:mod:`.coach_cage`)."""


def mark(
    bot: CoachBot,
    match: Match,
    team: int,
    options: set[Action],
    carrier: int,
    spare: int = -1,
    last: int = -1,
) -> Action | None:
    """Put a free player next to their carrier without dice (tackle zone on the ball); never
    ``spare``, and onto the square ``last`` only when no other is free (the player the blitz on
    the carrier, still to come, is thrown with, and the square it is thrown from)."""
    s = match.state
    around = sorted((n for n in NEIGHBOURS[s.pos[carrier]] if s.board[n] < 0), key=lambda n: n == last)
    marking = sum(1 for n in NEIGHBOURS[s.pos[carrier]] if s.board[n] >= 0 and s.team[s.board[n]] == team)
    if marking >= (AGILE_MARKERS if bot._weights(match, team)[1] >= AGILE else MARKERS):
        return None
    tries = 0
    for p in bot._movers(match, team, options):
        if p == spare or distance(s.pos[p], s.pos[carrier]) > s.ma[p] + 1:
            continue
        reach = bot._free_reach(match, p)
        for n in around:
            if n in reach and tries < 3:
                tries += 1
                plan = bot._sure(match, p, n)
                if plan is not None:
                    return bot._start(p, acts.MOVE, plan, reason="mark their carrier")
    return None


def cut(bot: CoachBot, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
    """Move a free player without dice to cut their carrier's shortest free path to our end
    zone (players next to the carrier stay: they mark it)."""
    s = match.state
    here = s.pos[carrier]
    reaches = {
        p: bot._free_reach(match, p)
        for p in bot._movers(match, team, options)
        if distance(s.pos[p], here) > 1 and not match.ctx.is_marked(s.pos[p], team)
    }
    reaches = {p: r for p, r in reaches.items() if r}
    found = line_cut(match, team, carrier, reaches) or best_cut(match, team, carrier, reaches)
    if found is None:
        return None
    plan = bot._sure(match, found.player, found.square)
    if plan is None:
        return None
    why = f"screen: {found.holes} end-zone squares left on a free path"
    if not found.holes:
        why = "screen: no free path to our end zone left"
    return bot._start(found.player, acts.MOVE, plan, reason=why)


def foul(bot: CoachBot, match: Match, team: int, options: set[Action]) -> Action | None:
    """Foul a downed opponent next to one of our unmarked players with at least one net
    assist, the most assists first. (A walk to the victim first was measured to cost the
    slow races touchdowns: the fouler leaves the screen and the cage; see rules-decisions.)"""
    s = match.state
    c = match.ctx
    best: tuple[int, int, int] | None = None  # (net, fouler, victim)
    for p in s.players_of(team):
        if Action(acts.ACTIVATE[acts.FOUL], p) not in options or s.status[p] != STANDING or p == s.carrier:
            continue
        if c.is_marked(s.pos[p], team):
            continue
        for q in s.players_of(1 - team):
            if s.pos[q] < 0 or s.status[q] == STANDING or distance(s.pos[p], s.pos[q]) != 1:
                continue
            net = foul_assists(match, p, q, s.pos[p])
            if net >= 1 and (best is None or net > best[0]):
                best = (net, p, q)
    if best is None:
        return None
    net, p, q = best
    return bot._start(p, acts.FOUL, None, q, reason=f"foul a downed player: {net:+d} assists")


def foul_assists(match: Match, p: int, victim: int, square: int) -> int:
    """Net assists of p fouling ``victim`` from ``square`` (the referee's risk is the same
    either way): our free players next to the victim less theirs next to the fouler."""
    s = match.state
    c = match.ctx
    team = s.team[p]
    ours = sum(
        1
        for n in NEIGHBOURS[s.pos[victim]]
        if (q := s.board[n]) >= 0 and q != p and s.team[q] == team and c.has_tz(q)
        and c.n_markers(n, team, ignore=victim) == 0
    )  # fmt: skip
    theirs = sum(
        1 for n in NEIGHBOURS[square] if (q := s.board[n]) >= 0 and s.team[q] != team and c.has_tz(q)
    )
    return ours - theirs


def screen(
    bot: CoachBot, match: Match, team: int, options: set[Action], focus: int, ahead: bool
) -> Action | None:
    """Move an unmarked player without dice to a square near the ball's area, in front of it
    (``ahead``: between the carrier and the end zone) or between it and the opponents."""
    s = match.state
    fx, fy = xy(focus)
    direction = 1 if team == 0 else -1
    if not ahead:
        direction = -direction
    for p in bot._movers(match, team, options):
        if p == s.carrier or match.ctx.is_marked(s.pos[p], team):
            continue
        here = s.pos[p]
        if distance(here, focus) <= 2:
            continue
        hx, hy = xy(here)
        now = -abs((hx - fx) * direction - 2) - 0.5 * abs(hy - fy)
        best: tuple[float, int] | None = None
        for square in bot._free_reach(match, p):
            x, y = xy(square)
            along = (x - fx) * direction
            value = -abs(along - 2) - 0.5 * abs(y - fy) - 2.0 * match.ctx.n_markers(square, team)
            if best is None or value > best[0]:
                best = (value, square)
        if best is not None and best[0] > now + 0.5:
            plan = bot._sure(match, p, best[1])
            if plan is not None:
                return bot._start(p, acts.MOVE, plan, reason="screen between the opponents and the ball")
    return None
