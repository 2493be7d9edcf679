"""The coach's team-mate throw: on the half's last team turn, a Right Stuff carrier thrown
towards the end zone by a team-mate with Throw Team-mate, then its own run in.

A Halfling or Goblin carrier too far out to run in on the half's last turn can still be
thrown. The thrower (a Treeman, a Troll ...) walks next to the carrier, or stands there
already, and throws it at a square in Quick or Short range; the carrier, not yet activated,
lands and runs on (:mod:`league_manager.match.procedures.throw_team_mate`: the quality test,
three scatters, the landing test).

The chance counted for each target square: the thrower's walk (without re-rolls) x its
activation tests and Always Hungry (:func:`thrower_ready`) x, over the quality results, the
scatter's landing squares (each of the 8 x 8 x 8 scatter paths: off the pitch or onto a
player is no score) x the landing test (with re-rolls) x the carrier's run into the end zone
from there (1 in the end zone already; :func:`~league_manager.match.paths.plan_moves` with a
fresh move, the carrier put on the square for the count and put back). A terrible throw
deviates from the thrower and a fumble bounces next to it: neither is counted as a score.
The coach re-rolls a fumbled or terrible throw, never a successful one, with a skill, else
Pro, else a team re-roll (:mod:`.coach_dice`); the count assumes so, and counts the landing
and the run with the team re-roll fewer that the throw may have taken, and the run with one
fewer again after a landing saved by a re-roll. A prone thrower is not
counted (it could stand up and throw).

The throw is taken when it beats the carrier's run, a pass or hand-off to a team-mate who
runs in, and the long ball (:mod:`.coach_long_ball` weighs them); a turnover then costs at
most the other side's last turn. On the turn before, a carrier too far out to run in next
turn counts a square next to a team-mate who could throw it as worth more
(:func:`launch_squares`, :data:`LAUNCH`). Pure look-ups on the match state: the bot only starts the
activation chosen here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, NamedTuple

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.coach_ball import move_reach, standing_at
from league_manager.match.chances import PRO_CHANCE, DiceTest, chain_success, need
from league_manager.match.engine import Match
from league_manager.match.odds import player_rerolls
from league_manager.match.paths import Budget, MovePlan, plan_moves
from league_manager.match.pitch import (
    DIRECTIONS,
    LENGTH,
    NEIGHBOURS,
    ON_PITCH,
    WIDTH,
    pass_band,
    scoring_x,
    xy,
)
from league_manager.match.procedures.ball import disturbance
from league_manager.match.procedures.movement import rush_modifiers, rushes_allowed
from league_manager.match.procedures.rerolls import skill_reroll
from league_manager.match.procedures.throw_team_mate import (
    FUMBLED,
    LANDING_MODIFIER,
    SUCCESSFUL,
    SUPERB,
    TERRIBLE,
    quality_result,
)
from league_manager.match.skills import points
from league_manager.match.state import STANDING, TURNS_PER_HALF, State

if TYPE_CHECKING:
    from league_manager.match.bots.coach_bot import CoachBot

LEAST = 0.05
"""A throw this unlikely to score is not tried."""
WALK_MIN = 0.5
"""The thrower considers a square next to the carrier it walks to at least this likely."""
STOPPING_TESTS = {
    "Bone Head": 2,
    "Take Root": 2,
    "Really Stupid": 4,
    "Animal Savagery": 4,
    "Unchannelled Fury": 4,
}
"""The roll a thrower's activation test needs when failing it stops the throw (Take Root: the
walk; Really Stupid reads its parameter); other activation tests are taken not to stop it. A
failed Animal Savagery lashes out at a team-mate next to it and may go on, and an activation
test may be re-rolled: counting every failure as a stop errs low."""
SCATTER_PATHS: tuple[tuple[int, int, int], ...] = tuple(
    (a, a + b, a + b + c) for a, b, c in product(DIRECTIONS, repeat=3)
)
"""The 512 equally likely three-square scatters, as offsets of the squares passed."""
SCATTER_ENDS: tuple[tuple[int, float], ...] = tuple(
    (offset, n / len(SCATTER_PATHS)) for offset, n in Counter(path[2] for path in SCATTER_PATHS).items()
)
"""Where the scatters end, with their chances, for a target far enough from the edges."""
EDGE = 3
"""A target this many squares or more inside the pitch cannot scatter off it."""
TARGETS: tuple[int, ...] = tuple(square for square, on in enumerate(ON_PITCH) if on)
"""Every square a throw may aim at."""


@dataclass
class _Count:
    """What one count keeps: the landing tests by (square, quality, team re-rolls spent
    before) and the carrier's runs by (landing square, team re-rolls spent before)."""

    landings: dict[tuple[int, str, int], tuple[float, float]] = field(default_factory=dict)
    runs: dict[tuple[int, int], float] = field(default_factory=dict)


LAUNCH = 20.0
"""The worth (carrier-safety units, :mod:`.coach_carrier`) of ending the turn before the
half's last next to a team-mate who can throw the carrier, for a carrier too far out to run
in next turn: half a touchdown (:data:`~.coach_ball.TD_WORTH`). It outweighs the ground the
carrier would gain elsewhere (worth nothing when it cannot score from there next turn)."""
THROW_AHEAD = 6
"""The squares a Short throw carries the player forward at most: a thrower further than
this and the carrier's move from the end zone gives no launch."""


class TeamMateThrow(NamedTuple):
    """A way to score by throwing the carrier this turn.

    Attributes:
        chance: the walk x activation x quality x landing x run chance.
        thrower: the team-mate who throws.
        target: the square thrown at.
        walk: the thrower's walk next to the carrier (None: it stands there already).
    """

    chance: float
    thrower: int
    target: int
    walk: MovePlan | None


def throwers(match: Match, options: set[Action], carrier: int) -> list[int]:
    """On the half's last team turn, the team-mates who may throw our carrier this turn
    (none when the carrier cannot be thrown, :func:`throwable_carrier`)."""
    s = match.state
    team = s.team[carrier]
    if s.turn[team] < TURNS_PER_HALF or not throwable_carrier(match, carrier):
        return []
    return [
        q for q in s.players_of(team)
        if Action(acts.ACTIVATE[acts.TTM], q) in options and s.status[q] == STANDING and s.pos[q] >= 0
    ]  # fmt: skip


def team_mate_throw(
    bot: CoachBot, match: Match, carrier: int, able: list[int], floor: float
) -> Action | None:
    """The best throw of our carrier this turn by one of ``able`` (its :func:`throwers`) when
    it beats ``floor`` (every other way to score this turn, :func:`.coach_long_ball.long_ball`):
    starts the thrower's activation with the walk, the pick of the carrier and the target in
    its plan."""
    s = match.state
    best = best_throw(bot, match, carrier, able, floor) if able else None
    if best is None:
        return None
    why = f"last turn: throw the carrier towards the end zone, {best.chance:.0%} to score"
    start = bot._start(best.thrower, acts.TTM, best.walk, reason=why)
    bot._plan += [
        Action(acts.THROW, best.thrower, s.pos[carrier]),
        Action(acts.THROW_TO, best.thrower, best.target),
    ]
    return start


def launch_squares(match: Match, team: int, carrier: int) -> frozenset[int]:
    """On ``team``'s turn before its last of the half, the squares next to a team-mate who
    could throw its Right Stuff carrier next turn (standing, unmarked, no further from the
    end zone than the carrier's move and :data:`THROW_AHEAD`): a carrier too far out to run
    in next turn ends its move there for the throw (:data:`LAUNCH`). Empty on other turns, or
    for a carrier that cannot be thrown."""
    s = match.state
    c = match.ctx
    if s.turn[team] != TURNS_PER_HALF - 1 or not throwable_carrier(match, carrier):
        return frozenset()
    squares: set[int] = set()
    far = move_reach(match, carrier) + THROW_AHEAD
    for q in s.players_of(team):
        here = s.pos[q]
        if q == carrier or here < 0 or not ON_PITCH[here] or s.status[q] != STANDING:
            continue
        if abs(xy(here)[0] - scoring_x(team)) > far:
            continue
        if (
            c.has(q, points.THROW_TEAM_MATE)
            and s.st[q] >= c.ed.ttm_min_strength
            and not c.is_marked(here, team)
        ):
            squares.update(n for n in NEIGHBOURS[here] if ON_PITCH[n])
    return frozenset(squares)


def throwable_carrier(match: Match, carrier: int) -> bool:
    """Whether the carrier can be thrown, land and then run: standing with its tackle zone
    (else it crash-lands), not yet activated, Right Stuff and strength 3 or less."""
    s = match.state
    c = match.ctx
    return (
        s.pos[carrier] >= 0 and s.status[carrier] == STANDING and not s.used[carrier]
        and not s.tz_lost[carrier] and c.has(carrier, points.RIGHT_STUFF) and s.st[carrier] <= 3
    )  # fmt: skip


def best_throw(
    bot: CoachBot, match: Match, carrier: int, throwers: list[int], floor: float = 0.0
) -> TeamMateThrow | None:
    """The likeliest throw of ``carrier`` better than ``floor`` (and :data:`LEAST`) by one of
    ``throwers``, from where it stands or from a square next to the carrier it walks to."""
    s = match.state
    here = s.pos[carrier]
    best: TeamMateThrow | None = None
    bar = max(floor, LEAST)
    for q in throwers:
        walks = here not in NEIGHBOURS[s.pos[q]]
        if not walks:
            froms: list[tuple[float, int, MovePlan | None]] = [(1.0, s.pos[q], None)]
        else:
            plans = bot._plans(match, q)
            froms = [
                (plan.p_no_reroll, square, plan)
                for square in NEIGHBOURS[here]
                if (plan := plans.get(square)) is not None and plan.p_no_reroll >= WALK_MIN
            ]
        if q in s.rooted:
            froms = [f for f in froms if f[2] is None]
        ready = thrower_ready(match, q, walks)
        for p_walk, square, walk in froms:
            if p_walk * ready <= bar:
                continue
            with standing_at(match, q, square):
                target, chance = _best_target(match, q, carrier, bar / (p_walk * ready))
            if target >= 0:
                best = TeamMateThrow(chance * p_walk * ready, q, target, walk)
                bar = best.chance
    return best


def thrower_ready(match: Match, thrower: int, walks: bool) -> float:
    """The chance ``thrower`` gets its throw away: its activation tests that would stop it
    (:data:`STOPPING_TESTS`; Take Root only when it must walk) and Always Hungry (a 1 fumbles
    the throw or eats the team-mate)."""
    s = match.state
    c = match.ctx
    team = s.team[thrower]
    chance = 1.0
    for skill, _fn in c.hook(thrower, points.ACTIVATION_TEST):
        roll = STOPPING_TESTS.get(skill, 0)
        if skill == "Take Root" and not walks:
            continue
        if skill == "Really Stupid":
            roll = int(s.params[thrower].get("Really Stupid", "4+").rstrip("+") or 4)  # 5+ for some
            if any(
                (mate := s.board[n]) >= 0 and s.team[mate] == team and s.status[mate] == STANDING
                and "Really Stupid" not in s.skills[mate]
                for n in NEIGHBOURS[s.pos[thrower]]
            ):  # fmt: skip
                roll = max(roll - 2, 2)  # +2 with a standing team-mate next to it
        chance *= (7 - roll) / 6 if roll else 1.0
    if c.has(thrower, points.ALWAYS_HUNGRY):
        chance *= 5 / 6
    return chance


def _best_target(match: Match, thrower: int, carrier: int, bar: float) -> tuple[int, float]:
    """The square ``thrower`` throws ``carrier`` at best from where it stands now, and its
    chance to score, when that beats ``bar`` (else (-1, bar)). Targets lie ahead of the
    carrier and near enough the end zone for its run; they are tried from the highest bound
    (the throw's quality x the best landing x the landing squares on the pitch, free and in
    the carrier's reach) down, until the bound cannot beat the best found."""
    s = match.state
    team = s.team[carrier]
    goal_x = scoring_x(team)
    origin = s.pos[thrower]
    now = abs(xy(s.pos[carrier])[0] - goal_x)
    reach = move_reach(match, carrier)
    results = _quality_odds(match, thrower)
    best_landing = {  # unmarked: the bound
        quality: _landing_odds(match, carrier, LANDING_MODIFIER[quality])[1]
        for quality in (SUPERB, SUCCESSFUL)
    }
    bounded = []
    for x in TARGETS:
        to_go = abs(xy(x)[0] - goal_x)
        band = pass_band(origin, x)
        if to_go >= now or to_go > reach + EDGE or not 0 < band <= 2:
            continue
        landed = sum(q * best_landing[quality] for quality, q, _spent in results[band])
        room = sum(
            p_end
            for offset, p_end in scatter_ends(x)
            if _free(s, target := x + offset, carrier) and abs(xy(target)[0] - goal_x) <= reach
        )
        if landed * room > bar:
            bounded.append((landed * room, x, band))
    bounded.sort(reverse=True)
    best = (-1, bar)
    count = _Count()
    for bound, x, band in bounded:
        if bound <= best[1]:
            break
        chance = sum(
            q * _landed_and_ran(match, carrier, x, quality, count, spent)
            for quality, q, spent in results[band]
        )
        if chance > best[1]:
            best = (x, chance)
    return best


def _quality_odds(match: Match, thrower: int) -> dict[int, list[tuple[str, float, int]]]:
    """For Quick (1) and Short (2) throws, (result, chance, team re-rolls spent) for a superb
    and a successful throw, with the coach's re-roll of a fumbled or terrible one
    (:mod:`.coach_dice`: a skill first, else Pro, else a team re-roll)."""
    s = match.state
    c = match.ctx
    base = -c.n_markers(s.pos[thrower], s.team[thrower])
    base += sum(int(fn()) for _skill, fn in c.hook(thrower, points.THROW_BONUS))
    base -= 1 if s.weather == "very_sunny" else 0
    base += sum(v for _, v in disturbance(c, thrower))
    rerolls = player_rerolls(c, thrower)
    spent = 0
    if skill_reroll(c, thrower, "throw"):
        again = 1.0
    elif rerolls.pro:
        again = PRO_CHANCE
    elif rerolls.team > 0:
        again, spent = rerolls.team_chance, 1
    else:
        again = 0.0
    odds: dict[int, list[tuple[str, float, int]]] = {}
    for band in (1, 2):
        modifier = base - (1 if band == 2 else 0)
        pa = s.pa[thrower]  # a PA of '-' fumbles without a roll
        once = Counter(quality_result(roll, pa, modifier) if pa else FUMBLED for roll in range(1, 7))
        one = {result: n / 6 for result, n in once.items()}
        bad = one.get(FUMBLED, 0.0) + one.get(TERRIBLE, 0.0)
        odds[band] = [
            (result, chance, spent if rerolled else 0)
            for result in (SUPERB, SUCCESSFUL)
            for chance, rerolled in (
                (one.get(result, 0.0), False),
                (one.get(result, 0.0) * bad * again, True),
            )
            if chance
        ]
    return odds


def _landed_and_ran(
    match: Match, carrier: int, target: int, quality: str, count: _Count, spent: int
) -> float:
    """The chance the carrier thrown at ``target`` with ``quality`` lands on its feet after
    the scatter and then scores this turn, with ``spent`` of the team's re-rolls gone (the
    throw's); a landing saved by a re-roll leaves one fewer for the run."""
    s = match.state
    total = 0.0
    for offset, p_end in scatter_ends(target):
        landing = target + offset
        if not _free(s, landing, carrier):
            continue
        run = _run_from(match, carrier, landing, count, spent)
        if not run:
            continue
        bare, p_land = _landing(match, carrier, landing, quality, count, spent)
        saved = p_land - bare
        after = _run_from(match, carrier, landing, count, spent + 1) if saved > 0 else 0.0
        total += p_end * (bare * run + saved * after)
    return total


def _landing(
    match: Match, carrier: int, landing: int, quality: str, count: _Count, spent: int
) -> tuple[float, float]:
    """The landing test on ``landing`` after a throw of ``quality``: (its chance at the first
    roll, with re-rolls), ``spent`` team re-rolls gone; kept in ``count.landings``."""
    key = (landing, quality, spent)
    if key not in count.landings:
        s = match.state
        c = match.ctx
        team = s.team[carrier]
        mod = LANDING_MODIFIER[quality] - c.n_markers(landing, team)
        with _team_rerolls_spent(match, team, spent):
            count.landings[key] = _landing_odds(match, carrier, mod)
    return count.landings[key]


def _landing_odds(match: Match, carrier: int, modifier: int) -> tuple[float, float]:
    """The carrier's landing test at ``modifier``: (at the first roll, with re-rolls)."""
    test = DiceTest("landing", need(match.state.ag[carrier], modifier))
    return chain_success([test], player_rerolls(match.ctx, carrier))


@contextmanager
def _team_rerolls_spent(match: Match, team: int, spent: int) -> Iterator[None]:
    """``team`` counted with ``spent`` team re-rolls fewer (the ordinary ones first, then
    the extra ones; a Team Mascot is not taken off), put back after."""
    s = match.state
    had = (s.rerolls[team], s.extra_rerolls[team])
    try:
        first = min(spent, had[0])
        s.rerolls[team] = had[0] - first
        s.extra_rerolls[team] = max(had[1] - (spent - first), 0)
        yield
    finally:
        s.rerolls[team], s.extra_rerolls[team] = had


def _free(s: State, square: int, carrier: int) -> bool:
    """Whether the thrown carrier can come down on ``square``: on the pitch, and empty (or
    the square it was thrown from)."""
    return ON_PITCH[square] and s.board[square] in (-1, carrier)


@cache
def scatter_ends(target: int) -> tuple[tuple[int, float], ...]:
    """Where three scatters from ``target`` end (as offsets) with their chances, counting only
    those that stay on the pitch all three squares."""
    tx, ty = xy(target)
    if EDGE <= tx < LENGTH - EDGE and EDGE <= ty < WIDTH - EDGE:
        return SCATTER_ENDS
    ends: Counter[int] = Counter()
    for path in SCATTER_PATHS:
        if all(ON_PITCH[target + step] for step in path):
            ends[path[2]] += 1
    return tuple((offset, n / len(SCATTER_PATHS)) for offset, n in ends.items())


def _run_from(match: Match, carrier: int, landing: int, count: _Count, spent: int) -> float:
    """The carrier's chance to reach the end zone from ``landing`` with a fresh move (1 when
    it lands in the end zone), ``spent`` team re-rolls gone; kept in ``count.runs``.

    From an unmarked square with a free path (:func:`free_run`) the chance is the path's
    Rushes (1 within the carrier's move); else the planner's safest path, the carrier put on
    the square for the count.
    """
    if (landing, spent) in count.runs:
        return count.runs[(landing, spent)]
    s = match.state
    c = match.ctx
    goal_x = scoring_x(s.team[carrier])
    to_go = abs(xy(landing)[0] - goal_x)
    reach = move_reach(match, carrier)
    steps = free_run(match, carrier, landing, reach) if to_go <= reach else None
    if to_go == 0:
        chance = 1.0
    elif to_go > reach:
        chance = 0.0
    elif steps is not None:
        rush = DiceTest("rush", need(2, sum(v for _, v in rush_modifiers(c, carrier))))
        with _team_rerolls_spent(match, s.team[carrier], spent):
            chance = chain_success([rush] * max(steps - s.ma[carrier], 0), player_rerolls(c, carrier))[1]
    else:
        with standing_at(match, carrier, landing), _team_rerolls_spent(match, s.team[carrier], spent):
            budget = Budget(s.ma[carrier], rushes_allowed(c, carrier))
            plans = plan_moves(c, carrier, budget)
        chance = max((plan.p_with_rerolls for sq, plan in plans.items() if xy(sq)[0] == goal_x), default=0.0)
    count.runs[(landing, spent)] = chance
    return chance


def free_run(match: Match, carrier: int, start: int, most: int) -> int | None:
    """The fewest steps (up to ``most``) from ``start`` to the end zone the carrier scores in
    on a path without dice: every square left unmarked, every square entered empty (or the
    carrier's own); None when there is none."""
    s = match.state
    c = match.ctx
    team = s.team[carrier]
    goal_x = scoring_x(team)
    if c.is_marked(start, team):
        return None
    seen = {start}
    frontier = [start]
    for step in range(1, most + 1):
        nxt = []
        for square in frontier:
            for n in NEIGHBOURS[square]:
                if n in seen or not ON_PITCH[n] or s.board[n] not in (-1, carrier):
                    continue
                if xy(n)[0] == goal_x:
                    return step
                seen.add(n)
                if not c.is_marked(n, team):
                    nxt.append(n)
        frontier = nxt
    return None
