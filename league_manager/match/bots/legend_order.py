"""Safe before risky, an idea for the legend measured and left out of its plays (the diagnosis
offers it: ``LEGEND_PLAYS=...,order``): the activations that need no dice first, when the ball
is not ours. Against the greedy bot it won 20 games of 20 (was 17); against the coach 1 of 10
(was 5): docs/rules-decisions.md, the bot ladder part 14.

With their carrier on the pitch the coach's script blitzes it first (and with the ball loose it
lifts the ball before its screen), so a failed blitz or pick-up ended the turn with every other
player of ours where the last turn left them: no marker on their carrier, no screen, no safe
block thrown (replays of the legend's three non-wins against the greedy bot, seed 11: the
turn's first action was the turnover in 15 of its 47 team turns, 5 of them a blitz on their
carrier at 36-50 % and 6 a pick-up at 67-89 %). :func:`safe_first` picks, among the coach's own
candidates, the first one that cannot end the turn by its own dice (a move without a dodge,
rush or pick-up, or a block whose own fall after re-rolls is at most
:data:`~league_manager.match.bots.legend_plays.SAFE_FALL`), when the coach's first is risky (a
blitz, a foul, a block that can fall or a move that rolls). Played at every team-turn decision
until no safe candidate is left, the risky activations come last in the turn, where a turnover
costs only themselves; a marker moved first also adds an assist to the blitz. Not in the half's
last two team turns (:data:`ORDER_UNTIL`), and with our ball the coach's order (score, safe
blocks, the pass, the lane blitz, the carrier, the cage) is left as it is: the carrier's way is
opened before it moves.
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.actions import Prompt
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.bots.legend_plays import SAFE_FALL
from league_manager.match.engine import Match
from league_manager.match.odds import block_odds

ORDER_UNTIL = 7
"""From this team turn of a half on the coach's order stands: late in a half a blitz that
knocks their carrier down first leaves the rest of the turn to lift the loose ball, and the
diagnosis judged safe before risky there worse (-6.3 over the turn and the reply, better in 4
of 20; docs/rules-decisions.md, the bot ladder part 14)."""


def rolls_dice(coach: CoachBot, match: Match, pick: Pick) -> bool:
    """Whether ``pick`` can end our turn by its own dice: a blitz, a foul, a block whose own
    fall is above :data:`~league_manager.match.bots.legend_plays.SAFE_FALL`, a move with a roll
    (dodge, rush, pick-up) or one whose plan cannot be found."""
    if pick.kind == acts.BLOCK and pick.foe >= 0:
        o = block_odds(match.ctx, pick.player, pick.foe, blitz=False).outcomes_rr
        return o.get("attacker_down", 0.0) + o.get("both_down", 0.0) > SAFE_FALL
    if pick.kind != acts.MOVE or not pick.plan:
        return True
    s = match.state
    square = pick.plan[-1].square
    if square == s.ball or pick.player == s.carrier:
        return True
    plan = coach._plans(match, pick.player).get(square)
    return plan is None or plan.rolls > 0 or tuple(plan.actions(pick.player)) != pick.plan


def safe_first(coach: CoachBot, match: Match, prompt: Prompt, picks: list[Pick]) -> Pick | None:
    """The first of the coach's ``picks`` that rolls no dice and is not played by the first's
    player, when the first rolls some, the ball is not ours and the half is before
    :data:`ORDER_UNTIL`; None otherwise (the coach's order stands)."""
    s = match.state
    carrier = s.carrier
    if carrier >= 0 and s.team[carrier] == prompt.team and s.pos[carrier] >= 0:
        return None
    if s.turn[prompt.team] >= ORDER_UNTIL:
        return None
    if len(picks) < 2 or not rolls_dice(coach, match, picks[0]):
        return None
    risky = picks[0].player  # its blitzer or lifter kept for it (the screen step would walk it)
    safe = (pick for pick in picks[1:] if pick.player != risky and not rolls_dice(coach, match, pick))
    return next(safe, None)
