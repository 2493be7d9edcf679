"""Trying an activation on a copy of the match: the look-ahead of the veteran and the legend.

A try forks the match (:meth:`Match.fork`: the current team turn's snapshot, replayed up to
the prompt) with dice seeded from the bot's seed, the decision's index and the sample's index,
commits the coach to one of its candidate activations and plays on until the next team-turn
prompt (the activation is over, the turn has ended, or a touchdown started a new drive). The
position reached is scored by :func:`evaluate`. Every candidate is tried with the same dice
seeds (common random numbers), so the difference between two candidates is mostly the
difference between the activations, not between the samples. Everything is bounded by counts.
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.engine import Match
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import NEIGHBOURS, W, distance
from league_manager.match.state import CASUALTY, KO, PRONE, STANDING, STUNNED
from league_manager.rules.dice import SeededDice

TD_VALUE = 60.0
"""A touchdown, in the evaluator's units (a standing player is 3)."""
CARRY_VALUE = 15.0
"""Holding the ball (on top of the carrier's square)."""
CAGE_VALUE = 1.0
"""Each of our standing players on a diagonal of our carrier (the corners of a cage)."""
IDLE_LOSS = 2.0
"""Each of our standing players who had not acted when our turn ended early."""
STATUS_VALUE = {STANDING: 3.0, PRONE: 1.5, STUNNED: 0.5, KO: -1.0, CASUALTY: -3.0}
"""What a player is worth by status (reserves and the sent-off count 0)."""
STEP_CAP = 300
"""Decisions a try may take before it is scored where it stands (a safety net)."""


def evaluate(match: Match, team: int, coach: CoachBot, ended: bool, idle: int) -> float:
    """The position for ``team``: score, the ball, the players' statuses and a turn ended early.

    Args:
        match: the match (a fork) to score.
        team: whose view.
        coach: the evaluator of carrier squares (:meth:`CoachBot._safety`).
        ended: our team turn ended during the try (a turnover, or the end of the turn).
        idle: our standing players who had not acted when it ended.

    Returns:
        A value in the evaluator's units; only differences between tries mean anything.
    """
    s = match.state
    other = 1 - team
    value = TD_VALUE * (s.score[team] - s.score[other])
    for p in range(s.size):
        worth = STATUS_VALUE.get(s.status[p], 0.0)
        value += worth if s.team[p] == team else -worth
    carrier = s.carrier
    if carrier >= 0 and s.pos[carrier] >= 0:
        if s.team[carrier] == team:
            value += CARRY_VALUE + coach._safety(match, team, s.pos[carrier], carrier)
            value += CAGE_VALUE * sum(
                1
                for n in NEIGHBOURS[s.pos[carrier]]
                if abs(n - s.pos[carrier]) != 1 and abs(n - s.pos[carrier]) != W
                and (q := s.board[n]) >= 0 and s.team[q] == team and s.status[q] == STANDING
            )  # fmt: skip
        else:
            value -= CARRY_VALUE + coach._safety(match, other, s.pos[carrier], carrier)
            value += 2.0 * sum(
                1 for n in NEIGHBOURS[s.pos[carrier]] if (q := s.board[n]) >= 0 and s.team[q] == team
            )
    elif s.ball >= 0 and s.pos.count(-1) < s.size:
        near = [99, 99]
        for p in range(s.size):
            if s.pos[p] >= 0 and s.status[p] == STANDING:
                t = s.team[p]
                near[t] = min(near[t], distance(s.pos[p], s.ball))
        value += max(-6, min(6, near[other] - near[team]))
    if ended:
        value -= IDLE_LOSS * idle
    return value


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
) -> float:
    """Play ``pick`` on a fork of ``match`` with dice seeded by ``dice_seed``; the value reached.

    Args:
        match: the live match, at ``team``'s team-turn prompt (not changed).
        team: the team choosing.
        pick: one of the coach's candidates.
        dice_seed: the fork's dice seed.
        bot_seed: the seed of the coaches playing the fork.
        whole_turn: play on (the coach) to the end of the team turn, not just the activation.
        plans: move plans shared by the tries of one decision (positions repeat across forks).
    """
    fork = match.fork(SeededDice(dice_seed))
    ours, theirs = CoachBot(bot_seed), CoachBot(bot_seed + 1)
    ours.shared_plans = theirs.shared_plans = plans
    score = fork.state.score[team]
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
    if fork.state.score[team] > score:
        ended = False  # our touchdown: nothing lost
    return evaluate(fork, team, ours, ended, _idle(fork, team) if ended else 0)
