"""The scripted coach: whole activations chosen with exact odds, in a coach's order.

At each team-turn decision the coach looks at the ball and picks the next activation:

1. our carrier can score safely enough (or it is the last chance): score;
2. blocks that can hardly turn the ball over (two dice our choice, or skills that make the
   bad faces safe), best chance of a knock-down first;
3. the ball: pick a loose ball up with the player most likely to reach and lift it; move our
   carrier on a path without dice towards the end zone, away from opponents; blitz their
   carrier when the blitz pays;
4. cage the carrier (its diagonal squares), then risky blocks that still pay, a foul when the
   victim is down next to a free player, then screen: the other players move without dice
   between the opponents and the ball;
5. end the turn.

In defence, after blitzing and marking their carrier, the coach lays a screen line in front
of its end zone while the carrier has a free path to it (:mod:`.coach_screen`, played by
:mod:`.coach_defence` with the marking, fouls and the positional screen). With the ball and
turns to spare, a carrier nobody can reach holds on one step short of the end zone
(:mod:`.coach_drive`), so the drive scores late and leaves the other side no time to reply.

Odds come from :mod:`league_manager.match.odds` (block dice with skills and assists) and
:mod:`league_manager.match.paths` (dodge, rush, jump, pick-up chains with re-rolls). The
chosen activation is stored as a plan and played step by step; when the match offers
something the plan did not foresee, the coach ends the activation (always legal). Other
prompts (skills, inducements, stars) use the greedy bot's handlers. Race flavour is a pair of
weights drawn from the roster: strong teams block more, agile ones run more. The carrier's
square is worth more ground as the half runs out (and a square it scores from next turn
more), and in the last two turns the carrier takes riskier paths, so a half ends in a score
rather than a stall.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots import coach_defence as defence
from league_manager.match.bots.coach_ball import (
    REACH_MIN,
    TD_WORTH,
    ball_plays,
    block_odds_from,
    dice_text,
)
from league_manager.match.bots.coach_drive import hold_square, stall, threatens
from league_manager.match.bots.coach_lane import lane
from league_manager.match.bots.coach_route import free_steps, route_steps
from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.engine import Match
from league_manager.match.odds import (
    ATTACKER_ORDER,
    DEFENDER_ORDER,
    BlockOdds,
    block_odds,
    face_result,
)
from league_manager.match.paths import Budget, MovePlan, plan_moves
from league_manager.match.pitch import LENGTH, NEIGHBOURS, ON_PITCH, WIDTH, W, distance, scoring_x, xy
from league_manager.match.procedures.movement import rushes_allowed
from league_manager.match.state import STANDING
from league_manager.rules.dice import BLOCK_FACES

SURE = 0.999
"""A path at least this likely needs no dice."""
SCORE_NOW = 0.55
"""Score at once when the carrier gets there this likely (any chance in the last turn)."""
PICK_UP_MIN = 0.2
"""Try a pick-up at this chance or better."""
CARRIER_RISK = 0.8
"""The carrier takes a path with dice only at this chance or better ..."""
CARRIER_RISK_LATE = 0.66
"""... or this chance in the last two turns of a half, when a draw is near."""
LOSS = 20.0
"""... and when the ground gained outweighs this cost of dropping the ball."""
ADVANCE = 2.0
"""The carrier's worth of a square gained towards the end zone (opponents near cost 1-6)."""
LATE_PUSH = 0.3
"""How much more a square gained is worth for each turn of the half after the third."""
THREAT = 3.0
"""A square from which the carrier reaches the end zone next turn (grows late like advance)."""
BLITZ_MIN = 0.25
"""A blitz on their carrier must be worth this much (reach x (down + push / 2) - own fall / 2) ..."""
BLITZ_LATE = 0.0
"""... or more than this late in the half or when their carrier threatens to score ..."""
REACH_LATE = 0.3
"""... from a square the blitzer then reaches at least this likely (else :data:`REACH_MIN`)."""
CLOCK = 12.0
"""The cost of a square from which the carrier can no longer score in the half's turns left
at full pace (its move and two rushes a turn) ..."""
CLOCK_TURNS = 2
"""... counted when this many of our turns or fewer are left after this one (first half, or
when we are not ahead)."""
BALL_PLAY_GAIN = 10.0
"""A pass or hand-off must beat keeping the ball by this much (carrier-safety units)."""
_BALL_ROLLS = ("pick_up", "catch", "pass", "hand_off", "handoff", "secure_ball")
_TURNS_PER_HALF = 8


class Pick(NamedTuple):
    """One activation the coach considers: the action that starts it and its plan."""

    action: Action
    plan: tuple[Action, ...]
    player: int
    foe: int
    kind: str
    reason: str


class CoachBot(GreedyBot):
    """Scripted activations by exact odds; the greedy bot's handlers for everything else."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._plan: list[Action] = []
        self._player = -1
        self._foe = -1
        self._kind = ""
        self._flavour: tuple[float, float] | None = None
        self._memo_key: object = None
        self._memo: dict[int, dict[int, MovePlan]] = {}
        self._route_key: object = None
        self._route_steps: dict[int, int] = {}
        self.reason = ""
        """One line on the activation chosen last (for "Why this move?")."""
        self.shared_plans: dict[object, dict[int, MovePlan]] | None = None
        """Move plans shared by the coaches of a look-ahead's forks (same position, same plans)."""

    # the team turn -----------------------------------------------------------------
    def _turn(self, match: Match, prompt: Prompt) -> Action | None:
        self._plan, self._player, self._foe = [], -1, -1
        if "kickoff_blitz" in prompt.info:
            return Action(acts.END_TURN)
        options = set(prompt.options)
        for step in self._steps(match, prompt):
            choice = step()
            if choice is not None and choice in options:
                return choice
        self._plan, self._player, self._foe = [], -1, -1
        self.reason = "nothing left that pays: end the turn"
        return Action(acts.END_TURN)

    def candidates(self, match: Match, prompt: Prompt, most: int) -> list[Pick]:
        """Up to ``most`` different activations the coach would consider now, in its order of
        preference (each step of the script gives at most one), for a look-ahead to weigh."""
        picks: list[Pick] = []
        if "kickoff_blitz" in prompt.info:
            return picks
        options = set(prompt.options)
        for step in self._steps(match, prompt):
            self._plan, self._player, self._foe = [], -1, -1
            choice = step()
            if choice is None or choice not in options or any(p.action == choice for p in picks):
                continue
            picks.append(Pick(choice, tuple(self._plan), self._player, self._foe, self._kind, self.reason))
            if len(picks) >= most:
                break
        self._plan, self._player, self._foe = [], -1, -1
        return picks

    def take(self, pick: Pick) -> Action:
        """Commit to a pick from :meth:`candidates`: its plan is played from the next prompt."""
        self._plan, self._player, self._foe = list(pick.plan), pick.player, pick.foe
        self._kind, self.reason = pick.kind, pick.reason
        return pick.action

    def _steps(self, match: Match, prompt: Prompt) -> list[Callable[[], Action | None]]:
        """The script's steps for this team turn, in the coach's order."""
        s = match.state
        team = prompt.team
        options = set(prompt.options)
        carrier = s.carrier
        last_turn = s.turn[team] >= _TURNS_PER_HALF
        steps: list[Callable[[], Action | None]]
        if carrier >= 0 and s.team[carrier] == team:
            steps = [
                lambda: self._score(match, team, options, carrier, last_turn),
                lambda: self._blocks(match, team, options, risky=False),
                lambda: self._ball_play(match, team, options, carrier),
                lambda: lane(self, match, team, options, carrier),
                lambda: self._carrier_move(match, team, options, carrier),
                lambda: self._cage(match, team, options, carrier),
                lambda: self._blocks(match, team, options, risky=True),
                lambda: defence.foul(self, match, team, options),
                lambda: defence.screen(self, match, team, options, s.pos[carrier], ahead=True),
            ]
        elif carrier < 0 and s.ball >= 0 and ON_PITCH[s.ball]:
            steps = [
                lambda: self._blocks(match, team, options, risky=False),
                lambda: self._pick_up(match, team, options),
                lambda: self._blocks(match, team, options, risky=True),
                lambda: defence.screen(self, match, team, options, s.ball, ahead=False),
            ]
        elif carrier >= 0:
            steps = [
                lambda: self._blitz(match, team, options, carrier),
                lambda: self._blocks(match, team, options, risky=False),
                lambda: defence.mark(self, match, team, options, carrier),
                lambda: defence.cut(self, match, team, options, carrier),
                lambda: self._blocks(match, team, options, risky=True),
                lambda: defence.foul(self, match, team, options),
                lambda: defence.screen(self, match, team, options, s.pos[carrier], ahead=False),
            ]
        else:
            steps = [lambda: self._blocks(match, team, options, risky=False)]
        return steps

    def _weights(self, match: Match, team: int) -> tuple[float, float]:
        """(aggression, running): from the roster's average strength and agility."""
        if self._flavour is None:
            s = match.state
            mine = list(s.players_of(team))
            st = sum(s.st[p] for p in mine) / max(len(mine), 1)
            ag = sum(s.ag[p] for p in mine) / max(len(mine), 1)
            self._flavour = (1.0 + 0.4 * (st - 3.0), 1.0 + 0.3 * (3.0 - ag))
        return self._flavour

    def _movers(self, match: Match, team: int, options: set[Action]) -> list[int]:
        s = match.state
        return [
            p for p in s.players_of(team)
            if Action(acts.ACTIVATE[acts.MOVE], p) in options and s.status[p] == STANDING
        ]  # fmt: skip

    def _plans(self, match: Match, p: int) -> dict[int, MovePlan]:
        """A fresh Move action's plans for p, kept while the players and the ball stay put."""
        s = match.state
        key = (tuple(s.pos), tuple(s.status), tuple(s.tz_lost), s.ball, s.carrier, s.rerolls[s.team[p]])
        if key != self._memo_key:
            self._memo_key, self._memo = key, {}
        found = self._memo.get(p)
        if found is None and self.shared_plans is not None:
            wide = (key, p, tuple(s.turn), s.active, frozenset(s.skill_used), tuple(s.used))
            found = self.shared_plans.get(wide)
            if found is None:
                budget = Budget(s.ma[p], rushes_allowed(match.ctx, p))
                found = self.shared_plans[wide] = plan_moves(match.ctx, p, budget)
            self._memo[p] = found
        elif found is None:
            budget = Budget(s.ma[p], rushes_allowed(match.ctx, p))
            found = self._memo[p] = plan_moves(match.ctx, p, budget)
        return found

    def _free_reach(self, match: Match, p: int) -> dict[int, int]:
        """Squares p reaches this activation without any dice (no dodge, rush or pick-up), by
        steps: a cheap breadth-first pass the planner then confirms for the square chosen."""
        s = match.state
        c = match.ctx
        team = s.team[p]
        start = s.pos[p]
        if p in s.rooted or c.is_marked(start, team):
            return {}
        loose = s.ball if s.carrier < 0 else -1
        reach = {start: 0}
        frontier = [start]
        for step in range(1, s.ma[p] + 1):
            nxt = []
            for square in frontier:
                if square != start and c.is_marked(square, team):
                    continue
                for n in NEIGHBOURS[square]:
                    if n not in reach and s.board[n] < 0 and n != loose:
                        reach[n] = step
                        nxt.append(n)
            frontier = nxt
        del reach[start]
        return reach

    def _sure(self, match: Match, p: int, square: int) -> MovePlan | None:
        """The planner's path to ``square`` when it needs no dice, else None."""
        plan = self._plans(match, p).get(square)
        return plan if plan is not None and plan.p_with_rerolls >= SURE and plan.path else None

    def _start(self, p: int, kind: str, plan: MovePlan | None, target: int = -1, reason: str = "") -> Action:
        self._player, self._foe, self._kind = p, target, kind
        self.reason = reason or kind
        self._plan = plan.actions(p) if plan is not None else []
        return Action(acts.ACTIVATE[kind], p)

    def _score(
        self, match: Match, team: int, options: set[Action], carrier: int, last: bool
    ) -> Action | None:
        s = match.state
        if Action(acts.ACTIVATE[acts.MOVE], carrier) not in options or s.status[carrier] != STANDING:
            return None
        goal_x = scoring_x(team)
        if abs(xy(s.pos[carrier])[0] - goal_x) > s.ma[carrier] + rushes_allowed(match.ctx, carrier):
            return None
        best: tuple[float, MovePlan] | None = None
        for square, plan in self._plans(match, carrier).items():
            if xy(square)[0] == goal_x and (best is None or plan.p_with_rerolls > best[0]):
                best = (plan.p_with_rerolls, plan)
        if best is None or not self._go_for_it(match, team, best[0], last):
            return None
        if stall(match, team, carrier):
            return None
        wait = hold_square(match, team, carrier, self._plans(match, carrier))
        if wait is not None:
            why = f"hold one step short of the end zone ({best[0]:.0%} to score now): score late"
            return self._start(carrier, acts.MOVE, wait, reason=why)
        return self._start(carrier, acts.MOVE, best[1], reason=f"run for the end zone: {best[0]:.0%}")

    def _go_for_it(self, match: Match, team: int, p: float, last: bool) -> bool:
        """Whether a touchdown this likely is worth the risk of dropping the ball now: surely at
        :data:`SCORE_NOW`, with less late in the half, anything in the last turn."""
        if last:
            return p > 0
        late = match.state.turn[team] >= _TURNS_PER_HALF - 2
        return p >= SCORE_NOW or (late and p * TD_WORTH > (1 - p) * LOSS)

    def _blocks(self, match: Match, team: int, options: set[Action], risky: bool) -> Action | None:
        s = match.state
        aggression = self._weights(match, team)[0]
        best: tuple[float, int, int, BlockOdds] | None = None
        for p in s.players_of(team):
            if Action(acts.ACTIVATE[acts.BLOCK], p) not in options or s.status[p] != STANDING:
                continue
            if p == s.carrier:
                continue
            for foe in match.ctx.markers(s.pos[p], team):
                odds = block_odds(match.ctx, p, foe, blitz=False)
                o = odds.outcomes_rr
                down = odds.p_defender_down
                own = o.get("attacker_down", 0.0) + o.get("both_down", 0.0)
                if foe == s.carrier:
                    down *= 2
                elif (
                    s.carrier >= 0
                    and s.team[s.carrier] == team
                    and distance(s.pos[foe], s.pos[s.carrier]) == 1
                ):
                    down += 0.25  # frees our carrier
                if risky:
                    value = aggression * down - 1.6 * own
                    ok = value > 0.3
                else:
                    value = down - own
                    ok = own <= 0.04 and down >= 0.3
                if ok and (best is None or value > best[0]):
                    best = (value, p, foe, odds)
        if best is None:
            return None
        label = "block" if risky else "safe block"
        why = f"{label}: {dice_text(best[3])}, {best[3].p_defender_down:.0%} down"
        return self._start(best[1], acts.BLOCK, None, best[2], reason=why)

    def _pick_up(self, match: Match, team: int, options: set[Action]) -> Action | None:
        s = match.state
        ball = s.ball
        near = sorted(
            (distance(s.pos[p], ball), p)
            for p in self._movers(match, team, options)
            if distance(s.pos[p], ball) <= s.ma[p] + 2
        )
        best: tuple[float, int, MovePlan] | None = None
        for _d, p in near[:3]:
            plan = self._plans(match, p).get(ball)
            if plan is not None and (best is None or plan.p_with_rerolls > best[0]):
                best = (plan.p_with_rerolls, p, plan)
        if best is None or best[0] < PICK_UP_MIN:
            return None
        secure = Action(acts.ACTIVATE[acts.SECURE_BALL], best[1])
        if secure in options:  # Season 3: the same walk with a 2+ pick-up
            self._player, self._foe, self._kind = best[1], -1, acts.SECURE_BALL
            self._plan = best[2].actions(best[1])
            self.reason = f"secure the ball: {best[0]:.0%}"
            return secure
        return self._start(best[1], acts.MOVE, best[2], reason=f"pick the ball up: {best[0]:.0%}")

    def _ball_play(self, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
        """A pass or a hand-off to a free team-mate nearer the end zone when it pays."""
        s = match.state
        if s.status[carrier] != STANDING:
            return None
        kinds = (
            Action(acts.ACTIVATE[acts.PASS], carrier) in options,
            Action(acts.ACTIVATE[acts.HANDOFF], carrier) in options,
        )
        if not any(kinds):
            return None
        plays = ball_plays(
            match,
            carrier,
            kinds,
            lambda q: self._plans(match, q),
            lambda sq: self._safety(match, team, sq, carrier),
            LOSS,
        )
        now = self._safety(match, team, s.pos[carrier], carrier)
        if not plays or plays[0].value < now + BALL_PLAY_GAIN:
            return None
        play = plays[0]
        why = f"{play.kind} to a free receiver: {play.p_complete:.0%}"
        if play.p_score > 0:
            why += f", then {play.p_score:.0%} to score"
        return self._start(carrier, play.kind, play.plan, play.receiver, reason=why)

    def _carrier_move(self, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
        s = match.state
        if Action(acts.ACTIVATE[acts.MOVE], carrier) not in options or s.status[carrier] != STANDING:
            return None
        here = s.pos[carrier]
        now = self._safety(match, team, here, carrier)
        best: tuple[float, MovePlan | None] = (now, None)
        risk = CARRIER_RISK_LATE if s.turn[team] >= _TURNS_PER_HALF - 1 else CARRIER_RISK
        hold = stall(match, team, carrier)
        goal_x = scoring_x(team)
        for square, plan in self._plans(match, carrier).items():
            p = plan.p_with_rerolls
            if p < risk or (hold and xy(square)[0] == goal_x):
                continue
            value = p * self._safety(match, team, square, carrier) + (1 - p) * (now - LOSS)
            if value > best[0] + 0.5:
                best = (value, plan)
        if best[1] is None:
            return None
        return self._start(carrier, acts.MOVE, best[1], reason="carrier to a safer square ahead")

    def _safety(self, match: Match, team: int, square: int, carrier: int) -> float:
        """How good a square is for our carrier: forward (in steps of a free path round their
        screen, :mod:`.coach_route`), away from opponents, off the sideline, and near enough
        to score in the turns left (:data:`CLOCK`)."""
        s = match.state
        x, y = xy(square)
        advance = LENGTH - 1 - route_steps(self._route(match, team), square, team)
        turn = max(s.turn[team], 1)
        urgency = 1.0 + LATE_PUSH * max(turn - 3, 0)
        score = ADVANCE * urgency * advance * self._weights(match, team)[1]
        to_go = abs(x - scoring_x(team))
        if 0 < to_go <= s.ma[carrier] + 1:
            score += THREAT * urgency  # scores next turn from here without rushing much
        left = _TURNS_PER_HALF - turn
        if 0 < left <= CLOCK_TURNS and to_go > (s.ma[carrier] + 2) * left and self._chasing(match, team):
            score -= CLOCK  # too far to score in the turns left, even at full pace
        for q in s.players_of(1 - team):
            if s.pos[q] < 0 or s.status[q] != STANDING:
                continue
            d = distance(square, s.pos[q])
            if d <= 1:
                score -= 6
            elif d <= 3:
                score -= 4 - d
        if y in (0, WIDTH - 1):
            score -= 3
        elif y in (1, WIDTH - 2):
            score -= 1
        return score

    def _route(self, match: Match, team: int) -> dict[int, int]:
        """:func:`.coach_route.free_steps` for ``team``, kept while the players stay put."""
        s = match.state
        key = (team, tuple(s.pos), tuple(s.status), tuple(s.tz_lost))
        if key != self._route_key:
            self._route_key, self._route_steps = key, free_steps(match, team)
        return self._route_steps

    def _chasing(self, match: Match, team: int) -> bool:
        """Whether the clock counts for our carrier: in the first half, or when we are not ahead."""
        s = match.state
        return s.half <= 1 or s.score[team] <= s.score[1 - team]

    def _cage(self, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
        s = match.state
        here = s.pos[carrier]
        corners = [here + dx + dy * W for dx in (-1, 1) for dy in (-1, 1)]
        free = [c for c in corners if ON_PITCH[c] and s.board[c] < 0]
        if not free:
            return None
        movers = [p for p in self._movers(match, team, options) if p != carrier]
        movers = [p for p in movers if not match.ctx.is_marked(s.pos[p], team)]
        choices = []
        for p in movers:
            reach = self._free_reach(match, p)
            for corner in free:
                if corner in reach:
                    choices.append((reach[corner], p, corner))
        for _d, p, corner in sorted(choices)[:3]:
            plan = self._sure(match, p, corner)
            if plan is not None:
                return self._start(p, acts.MOVE, plan, reason="cage the carrier")
        return None

    def _blitz(self, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
        """Blitz their carrier, each blitzer valued from the best square it reaches next to it
        (assists change with the square): reach x (knock-down + half a push) - own fall; in the
        last two turns of our half, or when their carrier could score next turn, any blitz
        worth more than nothing, from squares reached less surely (:data:`BLITZ_LATE`)."""
        s = match.state
        target_sq = s.pos[carrier]
        if s.status[carrier] != STANDING:
            return None
        aggression = self._weights(match, team)[0]

        def pay(p: int, square: int) -> tuple[float, BlockOdds]:
            odds = block_odds_from(match, p, carrier, square, blitz=True)
            down = odds.p_defender_down + 0.5 * odds.p_push_only
            return aggression * down - 0.5 * odds.outcomes_rr.get("attacker_down", 0.0), odds

        late = s.turn[team] >= _TURNS_PER_HALF - 1 or threatens(match, carrier)
        least, reach_min = (BLITZ_LATE, REACH_LATE) if late else (BLITZ_MIN, REACH_MIN)
        ranked: list[tuple[float, int]] = []
        for p in s.players_of(team):
            if Action(acts.ACTIVATE[acts.BLITZ], p) not in options or s.status[p] != STANDING:
                continue
            if distance(s.pos[p], target_sq) > s.ma[p] + 2:
                continue
            ranked.append((s.st[p] - 0.5 * distance(s.pos[p], target_sq), p))
        ranked.sort(reverse=True)
        best: tuple[float, int, MovePlan | None, float, BlockOdds] | None = None
        for _rank, p in ranked[:4]:
            if distance(s.pos[p], target_sq) == 1:
                squares: list[tuple[float, int, MovePlan | None]] = [(1.0, s.pos[p], None)]
            else:
                plans = self._plans(match, p)
                squares = [
                    (plans[n].p_with_rerolls, n, plans[n])
                    for n in NEIGHBOURS[target_sq]
                    if n in plans and plans[n].p_with_rerolls >= reach_min
                ]
            for reach, square, plan in squares:
                gain, odds = pay(p, square)
                value = reach * gain
                if value > least and (best is None or value > best[0]):
                    best = (value, p, plan, reach, odds)
        if best is None:
            return None
        head = "blitz the carrier" if best[0] > BLITZ_MIN else "no time to wait: blitz the carrier anyway"
        why = f"{head}: {dice_text(best[4])}, {best[4].p_defender_down:.0%} down"
        if best[3] < SURE:
            why += f", reaching them {best[3]:.0%}"
        return self._start(best[1], acts.BLITZ, best[2], carrier, reason=why)

    # the activation ----------------------------------------------------------------
    def _activation(self, match: Match, prompt: Prompt) -> Action | None:
        s = match.state
        p = int(prompt.info.get("player", -1))
        if p != self._player:
            return super()._activation(match, prompt)
        options = prompt.options
        if self._foe >= 0 and s.pos[self._foe] >= 0:
            target_sq = s.pos[self._foe]
            for kind in (acts.BLOCK, acts.FOUL, acts.HANDOFF, acts.PASS):
                hit = Action(kind, p, target_sq)
                if hit in options:
                    self._plan = []
                    return hit
        while self._plan:
            step = self._plan.pop(0)
            if step in options:
                return step
            self._plan = []
        if p == s.carrier and prompt.info.get("action") in (acts.MOVE, acts.SECURE_BALL):
            onwards = self._carry_on(match, p)
            if onwards is not None and onwards in options:
                return onwards
        blocks = [a for a in options if a.kind == acts.BLOCK]
        if blocks and prompt.info.get("action") == acts.BLOCK:
            return max(
                blocks, key=lambda a: block_odds(match.ctx, p, s.board[a.square], False).p_defender_down
            )
        return Action(acts.END_ACTIVATION)

    def _carry_on(self, match: Match, p: int) -> Action | None:
        """The carrier who just picked the ball up walks on with what is left of the move:
        into the end zone when likely, else to the best square needing no dice."""
        s = match.state
        team = s.team[p]
        plans = plan_moves(match, p)
        goal_x = scoring_x(team)
        best: tuple[float, MovePlan | None] = (self._safety(match, team, s.pos[p], p), None)
        hold = stall(match, team, p)
        for square, plan in plans.items():
            if xy(square)[0] == goal_x and hold:
                continue
            if xy(square)[0] == goal_x and plan.p_with_rerolls >= SCORE_NOW:
                best = (1000 * plan.p_with_rerolls, plan)
            elif plan.p_with_rerolls >= SURE and best[0] < 1000:
                value = self._safety(match, team, square, p)
                if value > best[0] + 0.5:
                    best = (value, plan)
        if best[1] is None:
            return None
        self._plan = best[1].actions(p)
        return self._plan.pop(0)

    def _declare_target(self, match: Match, prompt: Prompt) -> Action | None:
        s = match.state
        if self._foe >= 0 and s.pos[self._foe] >= 0:
            return Action(acts.CHOOSE, self._player, s.pos[self._foe])
        return None

    # dice ---------------------------------------------------------------------------
    def _block_die(self, match: Match, prompt: Prompt) -> Action | None:
        s = match.state
        att = int(prompt.info["player"])
        dfd = int(prompt.info.get("target", -1))
        faces = [a for a in prompt.options if a.kind == acts.CHOOSE]
        if dfd < 0 or not faces:
            return super()._block_die(match, prompt)
        blitz = att == self._player and self._kind == acts.BLITZ
        mine = s.team[att] == prompt.team
        order = ATTACKER_ORDER if mine else DEFENDER_ORDER

        def rank(a: Action) -> int:
            return order.index(face_result(match.ctx, att, dfd, BLOCK_FACES[a.square], blitz))

        best = min(faces, key=rank)
        if mine:
            result = ATTACKER_ORDER[rank(best)]
            if result in ("attacker_down", "both_down"):
                reroll = next((a for a in prompt.options if a.kind == acts.USE_TEAM_REROLL), None)
                if reroll is not None and self._spend(match, prompt.team, critical=att == s.carrier):
                    return reroll
        return best

    def _reroll(self, match: Match, prompt: Prompt) -> Action | None:
        for action in prompt.options:
            if action.kind in (acts.USE_SKILL_REROLL, acts.USE_PRO):
                return action
        team_rr = next((a for a in prompt.options if a.kind == acts.USE_TEAM_REROLL), None)
        if team_rr is None:
            return Action(acts.DECLINE)
        s = match.state
        roll = str(prompt.info.get("roll", ""))
        player = int(prompt.info.get("player", -1))
        if roll == "block":
            dfd = int(prompt.info.get("target", -1))
            dice = prompt.info.get("dice") or []
            if dfd >= 0 and dice and player >= 0:
                worst = max(ATTACKER_ORDER.index(face_result(match.ctx, player, dfd, f, False)) for f in dice)
                if ATTACKER_ORDER[worst] in ("attacker_down", "both_down") and self._spend(
                    match, prompt.team, critical=False
                ):
                    return team_rr
            return Action(acts.DECLINE)
        critical = (
            roll in _BALL_ROLLS
            or player == s.carrier
            or (player == self._player and self._kind == acts.BLITZ)
        )
        return team_rr if self._spend(match, prompt.team, critical) else Action(acts.DECLINE)

    def _spend(self, match: Match, team: int, critical: bool) -> bool:
        """The re-roll budget: the ball always; otherwise keep one back until late in the half."""
        s = match.state
        left = s.rerolls[team]
        if critical:
            return True
        late = s.turn[team] >= _TURNS_PER_HALF - 2
        return left >= 2 or late

    def _follow_up(self, match: Match, prompt: Prompt) -> Action | None:
        """Follow up unless it is our carrier or following would leave us marked by more."""
        s = match.state
        att = int(prompt.info["player"])
        if s.carrier == att:
            return Action(acts.NO)
        return prompt.options[0]

    def _push(self, match: Match, prompt: Prompt) -> Action | None:
        """Push into the crowd when we may, else to the square farthest from the ball."""
        s = match.state
        victim = int(prompt.info.get("player", -1))
        pushes = [a for a in prompt.options if a.kind == acts.CHOOSE]
        if not pushes or victim < 0 or s.team[victim] == prompt.team:
            return None
        off = [a for a in pushes if a.square < 0 or not ON_PITCH[a.square]]
        if off:
            return off[0]
        ball = s.ball if s.ball >= 0 else s.pos[victim]
        return max(pushes, key=lambda a: distance(a.square, ball))
