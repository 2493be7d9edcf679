"""More ideas the coach's script never plays, for the legend's search: ending the turn before a
risky action, blitzes on other targets than their carrier, and a blitz that clears our
carrier's path.

* :func:`end_turn_idea`: when the coach's first idea is risky (a blitz, a foul, or a block
  whose own fall is above :data:`SAFE_FALL`) and we are ahead or our carrier is out of the other
  team's reach, ending the team turn at once (the players not yet acted stay as they are).
* :func:`blitz_ideas`: up to :data:`BLITZ_IDEAS` blitzes on the standing opponents nearest our
  carrier (marking it, or able to reach it next turn): the blitzer among our
  :data:`BLITZERS` strongest and nearest, from the square next to the target with the best
  reach x (knock-down - own fall), reached at :data:`MIN_REACH` or better; not a pair
  (blitzer, target) the coach's own candidates already play.
* :func:`path_blitz_idea`: the blitz (chosen as above) on the opponent whose tackle zones cover
  most of the squares of our carrier's lane to the end zone within its move plus its rushes
  (its row and the rows either side), not one the other ideas already offer.

Each is one more candidate for the legend's search, tried like the coach's (the same samples,
the same dice seeds, the evidence rule), so the legend stays seeded and bounded by counts.
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.coach_ball import block_odds_from, may_blitz, move_reach
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.bots.coach_drive import reachable
from league_manager.match.engine import Match
from league_manager.match.odds import block_odds
from league_manager.match.pitch import NEIGHBOURS, WIDTH, distance, scoring_x, sq, xy
from league_manager.match.procedures.movement import rushes_allowed
from league_manager.match.state import STANDING

SAFE_FALL = 0.04
"""A block whose own fall (after re-rolls) is at most this is not risky (the coach's own test)."""
BLITZ_IDEAS = 2
"""Blitzes on other targets added at most."""
BLITZERS = 4
"""Our players weighed as blitzers (the strongest and nearest)."""
MIN_REACH = 0.6
"""The least chance of reaching the square next to the target."""
TARGETS_WITHIN = 2
"""Extra squares (past its move) an opponent may be from our carrier to be a target."""


def _risky(match: Match, pick: Pick) -> bool:
    """Whether ``pick`` risks a turnover by its own dice: a blitz, a foul, a block that can fall."""
    if pick.kind in (acts.BLITZ, acts.FOUL):
        return True
    if pick.kind != acts.BLOCK or pick.foe < 0:
        return False
    o = block_odds(match.ctx, pick.player, pick.foe, blitz=False).outcomes_rr
    return o.get("attacker_down", 0.0) + o.get("both_down", 0.0) > SAFE_FALL


def end_turn_idea(match: Match, prompt: Prompt, picks: list[Pick]) -> list[Pick]:
    """Ending the turn now, when the coach's first idea is risky and we are ahead or our
    carrier is out of reach; an empty list otherwise."""
    end = Action(acts.END_TURN)
    if not picks or end not in prompt.options or not _risky(match, picks[0]):
        return []
    s = match.state
    team = prompt.team
    carrier = s.carrier
    ahead = s.score[team] > s.score[1 - team]
    ours = carrier >= 0 and s.team[carrier] == team and s.pos[carrier] >= 0
    safe = ours and not reachable(match, team, carrier)
    if not (ahead or safe):
        return []
    why = "end the turn before anything risky (" + ("ahead" if ahead else "the carrier is safe") + ")"
    return [Pick(end, (), -1, -1, acts.END_TURN, why)]


def blitz_ideas(coach: CoachBot, match: Match, prompt: Prompt, picks: list[Pick]) -> list[Pick]:
    """Up to :data:`BLITZ_IDEAS` blitzes on the opponents nearest our carrier, best first."""
    s = match.state
    team = prompt.team
    carrier = s.carrier
    blitzers = _blitzers_beside_our_carrier(match, prompt)
    if not blitzers:
        return []
    home = s.pos[carrier]
    targets = [
        q
        for q in s.players_of(1 - team)
        if s.pos[q] >= 0 and s.status[q] == STANDING and distance(s.pos[q], home) <= s.ma[q] + TARGETS_WITHIN
    ]
    targets.sort(key=lambda q: (distance(s.pos[q], home), q))
    taken = {(pick.player, pick.foe) for pick in picks if pick.kind == acts.BLITZ}
    ideas: list[tuple[float, Pick]] = []
    for foe in targets[: BLITZ_IDEAS * 2]:
        best = _best_blitz(coach, match, blitzers, foe, taken)
        if best is not None:
            ideas.append(best)
    ideas.sort(key=lambda item: -item[0])
    return [pick for _value, pick in ideas[:BLITZ_IDEAS]]


def _blitzers_beside_our_carrier(match: Match, prompt: Prompt) -> list[int]:
    """Our standing players the prompt lets blitz, other than our carrier; none when we do not
    hold the ball on the pitch."""
    s = match.state
    team = prompt.team
    carrier = s.carrier
    if carrier < 0 or s.team[carrier] != team or s.pos[carrier] < 0:
        return []
    options = set(prompt.options)
    return [p for p in s.players_of(team) if p != carrier and may_blitz(match, p, options)]


def _best_blitz(
    coach: CoachBot, match: Match, blitzers: list[int], foe: int, taken: set[tuple[int, int]]
) -> tuple[float, Pick] | None:
    """The best blitz on ``foe`` (its worth and the pick), or None when none is worth anything."""
    s = match.state
    target = s.pos[foe]
    free = [p for p in blitzers if (p, foe) not in taken]
    near = [p for p in free if distance(s.pos[p], target) <= move_reach(match, p)]
    near.sort(key=lambda p: (-(s.st[p] - 0.5 * distance(s.pos[p], target)), p))
    best: tuple[float, Pick] | None = None
    for p in near[:BLITZERS]:
        if distance(s.pos[p], target) == 1:
            squares: list[tuple[float, int, tuple[Action, ...]]] = [(1.0, s.pos[p], ())]
        else:
            plans = coach._plans(match, p, blitz=True)
            squares = [
                (plans[n].p_with_rerolls, n, tuple(plans[n].actions(p)))
                for n in NEIGHBOURS[target]
                if n in plans and plans[n].p_with_rerolls >= MIN_REACH
            ]
        for reach, square, steps in squares:
            odds = block_odds_from(match, p, foe, square, blitz=True)
            own = odds.outcomes_rr.get("attacker_down", 0.0) + odds.outcomes_rr.get("both_down", 0.0)
            value = reach * (odds.p_defender_down - own)
            if value <= 0 or (best is not None and value <= best[0]):
                continue
            why = f"blitz a player near our carrier: {odds.p_defender_down:.0%} down"
            why += f", reaching them {reach:.0%}"
            best = (value, Pick(Action(acts.ACTIVATE[acts.BLITZ], p), steps, p, foe, acts.BLITZ, why))
    return best


def path_blitz_idea(coach: CoachBot, match: Match, prompt: Prompt, picks: list[Pick]) -> list[Pick]:
    """The blitz on the opponent marking most of our carrier's lane to the end zone (at most
    one idea; none when no opponent marks the lane or no blitz on it is worth anything)."""
    s = match.state
    team = prompt.team
    carrier = s.carrier
    blitzers = _blitzers_beside_our_carrier(match, prompt)
    if not blitzers:
        return []
    x, y = xy(s.pos[carrier])
    goal = scoring_x(team)
    step = 1 if goal > x else -1
    reach = s.ma[carrier] + rushes_allowed(match.ctx, carrier)
    lane = [
        sq(lx, ly)
        for lx in range(x + step, goal + step, step)
        if abs(lx - x) <= reach
        for ly in (y - 1, y, y + 1)
        if 0 <= ly < WIDTH
    ]
    marks: list[tuple[int, int]] = []
    for q in s.players_of(1 - team):
        if s.pos[q] < 0 or s.status[q] != STANDING:
            continue
        n = sum(1 for square in lane if distance(square, s.pos[q]) <= 1)
        if n:
            marks.append((-n, q))
    taken = {(pick.player, pick.foe) for pick in picks if pick.kind == acts.BLITZ}
    offered = {pick.foe for pick in picks if pick.kind == acts.BLITZ}
    for _n, foe in sorted(marks)[:3]:
        if foe in offered:
            continue
        best = _best_blitz(coach, match, blitzers, foe, taken)
        if best is not None:
            pick = best[1]
            odds = pick.reason[pick.reason.index(":") :]
            return [pick._replace(reason="blitz a player in our carrier's lane" + odds)]
    return []
