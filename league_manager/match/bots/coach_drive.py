"""The coach's scoring drive: when a carrier who could score now holds on instead.

A side that scores early in its drive gives the ball back with turns to spare, and the
other side scores in reply (the 1-1 trade). A coach with the ball and time left therefore
waits, one step short of the end zone, as long as no opponent can get at the carrier: it
scores in the last :data:`SCORE_FROM_TURNS_LEFT` turns of the half, or at once when an
opponent could reach a square next to the carrier in its next turn without a dodge (its
move and its rushes), or when the carrier is marked now. A carrier further out that could
score walks to such a square (:func:`hold_square`) or scores at once: further out, the
other side could still shut the way in with a screen.

The wait is for an opponent fast enough to reply: the coach holds only against a roster
averaging :data:`REPLY_MA` or more (:func:`can_reply`). Against a slower one it scores at once;
held or not, the Orc mirror's sides came out even (docs/rules-decisions.md, part 21).
"""

from __future__ import annotations

from league_manager.match.bots.coach_ball import move_reach
from league_manager.match.bots.coach_screen import zone_counts
from league_manager.match.engine import Match
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import NEIGHBOURS, WIDTH, scoring_x, xy
from league_manager.match.state import STANDING, TURNS_PER_HALF

SCORE_FROM_TURNS_LEFT = 2
"""Score without waiting in this many last team turns of the half (the current one counted)."""
HOLD_AT = 1
"""A carrier holds on only this many squares from the end zone: further out, an opponent
could still shut its way in without coming next to it."""
REPLY_MA = 5.8
"""The average movement of a roster the carrier holds on against: between the generated Orc
rosters (4.9-5.7; Halfling 4.6-5.0, Dwarf 4.1-4.6) and the Human ones (6.0-6.7; Wood Elf
6.6-7.4, Skaven 6.9-7.7), so that a Human roster that loses a point of MA in the match still
counts as fast. Norse (5.8-6.2), Goblin (5.5-5.9) and Underworld (5.8-6.5) rosters fall either
side of it."""
SURE = 0.999


def stall(match: Match, team: int, carrier: int) -> bool:
    """Whether ``team``'s carrier should hold on rather than score this turn.

    Args:
        match: the match at ``team``'s team turn.
        team: the side with the ball.
        carrier: its ball carrier.

    Returns:
        True when turns are left, the other side could reply (:func:`can_reply`), the
        carrier stands :data:`HOLD_AT` from the end zone, is not marked and no opponent can
        reach it (:func:`reachable`).
    """
    s = match.state
    if TURNS_PER_HALF - s.turn[team] < SCORE_FROM_TURNS_LEFT or not can_reply(match, 1 - team):
        return False
    here = s.pos[carrier]
    if here < 0 or match.ctx.is_marked(here, team):
        return False
    if abs(xy(here)[0] - scoring_x(team)) > HOLD_AT:
        return False
    return not reachable(match, team, carrier)


def hold_square(match: Match, team: int, carrier: int, plans: dict[int, MovePlan]) -> MovePlan | None:
    """Where a carrier that could score now waits instead: a square :data:`HOLD_AT` short of
    the end zone that it reaches without dice and where :func:`stall` holds (no opponent gets
    next to it), the one nearest the middle of the pitch; None when there is none or the
    half's last turns have come.

    Args:
        match: the match at ``team``'s team turn, the carrier not yet moved.
        team: the side with the ball.
        carrier: its ball carrier.
        plans: the carrier's move plans (square -> plan).
    """
    s = match.state
    if TURNS_PER_HALF - s.turn[team] < SCORE_FROM_TURNS_LEFT or s.pos[carrier] < 0:
        return None
    if not can_reply(match, 1 - team):
        return None
    goal_x = scoring_x(team)
    here = s.pos[carrier]
    spots = [
        (abs(xy(square)[1] - WIDTH // 2), square, plan)
        for square, plan in plans.items()
        if abs(xy(square)[0] - goal_x) == HOLD_AT and plan.p_with_rerolls >= SURE and plan.path
    ]
    for _middle, square, plan in sorted(spots, key=lambda spot: spot[:2]):
        s.board[here], s.board[square], s.pos[carrier] = -1, carrier, square
        try:
            safe = stall(match, team, carrier)
        finally:
            s.board[square], s.board[here], s.pos[carrier] = -1, carrier, here
        if safe:
            return plan
    return None


def can_reply(match: Match, team: int) -> bool:
    """Whether ``team``'s roster (every player in the match, on the pitch or not) averages
    :data:`REPLY_MA` or more: fast enough that the carrier holds on against it.

    The hold keeps the turns after our touchdown from the other side. A slow side rarely
    scores in the extra turns an early touchdown would give it, so against it the wait buys
    nothing. Measured on the Orc mirror (seeds 1-16, 640 games, one side scoring at once and
    the other holding, each way round): the side that scored at once took 49.9 % of the points;
    with both scoring at once the mirror made 1.56 touchdowns a match, 1.51 with both holding.
    """
    s = match.state
    roster = list(s.players_of(team))
    return sum(s.ma[p] for p in roster) >= REPLY_MA * max(len(roster), 1)


def reachable(match: Match, team: int, carrier: int) -> bool:
    """Whether a standing opponent reaches an empty square next to ``carrier`` in its next
    turn without a dodge: its move and its rushes (more with Sprint), leaving no square in our
    tackle zones.

    One breadth-first search back from the squares next to the carrier: a square is a step
    further when it is empty or an opponent stands on it, and not in our tackle zones.
    """
    s = match.state
    zones = {q for q, n in zone_counts(match, team).items() if n}
    frontier = [n for n in NEIGHBOURS[s.pos[carrier]] if s.board[n] < 0]
    seen = set(frontier)
    reach = {q: move_reach(match, q) for q in s.players_of(1 - team) if s.pos[q] >= 0}
    longest = max(reach.values(), default=0)
    for step in range(1, longest + 1):
        nxt: list[int] = []
        for square in frontier:
            for n in NEIGHBOURS[square]:
                if n in seen or n in zones:
                    continue
                seen.add(n)
                q = s.board[n]
                if q < 0:
                    nxt.append(n)
                elif s.team[q] != team and s.status[q] == STANDING and step <= reach[q]:
                    return True
        if not nxt:
            return False
        frontier = nxt
    return False


def threatens(match: Match, carrier: int) -> bool:
    """Whether ``carrier`` could reach its end zone in its team's next turn (its move and its
    rushes, whatever stands in the way): the defence has no turn to wait."""
    s = match.state
    if s.pos[carrier] < 0:
        return False
    return abs(xy(s.pos[carrier])[0] - scoring_x(s.team[carrier])) <= move_reach(match, carrier)
