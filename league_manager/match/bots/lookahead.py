"""Trying an activation on a copy of the match: the look-ahead of the veteran and the legend.

A try forks the match (:meth:`Match.fork`: the current team turn's snapshot, replayed up to
the prompt) with dice seeded from the bot's seed, the decision's index and the sample's index,
commits the coach to one of its candidate activations and plays on until the next team-turn
prompt (the activation is over, the turn has ended, or a touchdown started a new drive). The
position reached is scored by :mod:`league_manager.match.bots.learned_value` (what coaches on
both sides make of it by the end of the match: a touchdown's answer, a turnover's lost actions
and the time left are in it) or, for a caller that asks (``learned`` False), by the hand-made
:mod:`league_manager.match.bots.position_value`. Every candidate
is tried with the same dice seeds (common random numbers), so the difference between two
candidates is mostly the difference between the activations, not between the samples.
Everything is bounded by counts.
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.bots.learned_value import learned_value
from league_manager.match.bots.position_value import counter_risk, position_value
from league_manager.match.engine import Match
from league_manager.match.paths import MovePlan
from league_manager.match.state import STANDING
from league_manager.rules.dice import SeededDice

STEP_CAP = 300
"""Decisions a try may take before it is scored where it stands (a safety net)."""


def _idle(match: Match, team: int) -> int:
    s = match.state
    return sum(1 for p in s.players_of(team) if s.pos[p] >= 0 and s.status[p] == STANDING and not s.used[p])


def try_pick(
    match: Match,
    team: int,
    pick: Pick,
    dice_seed: int,
    bot_seed: int,
    whole_turn: bool = False,
    plans: dict[object, dict[int, MovePlan]] | None = None,
    learned: bool = True,
) -> float:
    """Play ``pick`` on a fork of ``match`` with dice seeded by ``dice_seed``; the value reached
    (:func:`try_outcome` without whether the turn ended)."""
    return try_outcome(match, team, pick, dice_seed, bot_seed, whole_turn, plans, learned)[0]


def try_outcome(
    match: Match,
    team: int,
    pick: Pick,
    dice_seed: int,
    bot_seed: int,
    whole_turn: bool = False,
    plans: dict[object, dict[int, MovePlan]] | None = None,
    learned: bool = True,
) -> tuple[float, bool]:
    """Play ``pick`` on a fork of ``match`` with dice seeded by ``dice_seed``: the value reached,
    and whether our team turn ended early (a turnover; not our touchdown).

    Args:
        match: the live match, at ``team``'s team-turn prompt (not changed).
        team: the team choosing.
        pick: one of the coach's candidates.
        dice_seed: the fork's dice seed.
        bot_seed: the seed of the coaches playing the fork.
        whole_turn: play on (the coach) to the end of the team turn, not just the activation.
        plans: move plans shared by the tries of one decision (positions repeat across forks).
        learned: score with the learned value; False: with the hand-made position value.
    """
    fork = match.fork(SeededDice(dice_seed))
    ours, theirs = CoachBot(bot_seed), CoachBot(bot_seed + 1)
    ours.shared_plans = theirs.shared_plans = plans
    score, half = fork.state.score[team], fork.state.half
    start = len(fork.events)
    fork.apply(ours.take(pick))
    steps = 0
    while fork.prompt is not None and steps < STEP_CAP:
        prompt = fork.prompt
        turn_over = prompt.kind == acts.TURN and (prompt.team != team or not whole_turn)
        if prompt.kind == acts.SETUP or turn_over:
            break
        bot = ours if prompt.team == team else theirs
        fork.apply(bot.choose(fork))
        steps += 1
    now = fork.prompt
    if whole_turn:
        ended = any(e.kind == "turnover" and e.team == team for e in fork.events[start:])
    else:
        ended = now is None or now.kind != acts.TURN or now.team != team
    scored = fork.state.score[team] > score
    ended = ended and not scored  # our touchdown: no action lost
    if learned:  # the other team's answer and our lost actions are in the learned value
        return learned_value(fork, team), ended
    risk = counter_risk(fork, team, half) if scored else 0.0
    return position_value(fork, team, ended, _idle(fork, team) if ended else 0) - risk, ended
