"""Ideas the coach's script does not offer, for the legend's search: other squares for our
carrier, and the carrier staying where it is.

The coach proposes one activation per step of its script, so a search over its candidates can
only reorder what it would do anyway. At a critical moment with our carrier standing and not
yet acted, the legend adds up to :data:`CARRIER_IDEAS` moves of the carrier to the squares with
the best expected carrier value (:func:`~league_manager.match.bots.position_value.carrier_value`
on arrival, weighed by the path's chance; a failed path costs :data:`DROP`), reached at
:data:`MIN_CHANCE` or better, other than the squares the coach's own candidates go to; and
(:func:`stay_idea`) the carrier activated and ended in place, so the rest of the turn (the
coach's) builds round it instead of running it out of its cage.
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.bots.position_value import carrier_value
from league_manager.match.engine import Match
from league_manager.match.state import STANDING

CARRIER_IDEAS = 2
"""Carrier moves added at most."""
MIN_CHANCE = 0.66
"""The least chance a path must have to be an idea."""
DROP = 20.0
"""What a failed carrier path costs in the expected value (the ball is loose, the turn over)."""


def carrier_ideas(coach: CoachBot, match: Match, prompt: Prompt, taken: list[Pick]) -> list[Pick]:
    """Up to :data:`CARRIER_IDEAS` carrier moves not among ``taken``, best expected value first."""
    s = match.state
    team = prompt.team
    carrier = s.carrier
    if carrier < 0 or s.team[carrier] != team or s.pos[carrier] < 0 or s.status[carrier] != STANDING:
        return []
    start = Action(acts.ACTIVATE[acts.MOVE], carrier)
    if start not in prompt.options:
        return []
    now = carrier_value(match, carrier)
    seen = {pick.plan for pick in taken if pick.player == carrier}
    scored: list[tuple[float, int, Pick]] = []
    for square, plan in coach._plans(match, carrier).items():
        p = plan.p_with_rerolls
        if p < MIN_CHANCE or not plan.path:
            continue
        steps = tuple(plan.actions(carrier))
        if steps in seen:
            continue
        value = p * carrier_value(match, carrier, square) + (1 - p) * (now - DROP)
        if value <= now:
            continue
        why = f"carrier to another square ({p:.0%})"
        scored.append((value, square, Pick(start, steps, carrier, -1, acts.MOVE, why)))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [pick for _value, _square, pick in scored[:CARRIER_IDEAS]]


def stay_idea(match: Match, prompt: Prompt, taken: list[Pick]) -> list[Pick]:
    """Our carrier staying in its square this turn (activated and ended at once), when one of
    ``taken`` moves it; an empty list otherwise."""
    s = match.state
    carrier = s.carrier
    if carrier < 0 or s.team[carrier] != prompt.team or s.pos[carrier] < 0 or s.status[carrier] != STANDING:
        return []
    start = Action(acts.ACTIVATE[acts.MOVE], carrier)
    if start not in prompt.options or not any(pick.player == carrier for pick in taken):
        return []
    stay = (Action(acts.END_ACTIVATION),)
    return [Pick(start, stay, carrier, -1, acts.MOVE, "the carrier stays where it is")]
