"""The scripted coach: whole activations chosen with exact odds, in a coach's order.

At each team-turn decision the coach looks at the ball and picks the next activation:

1. our carrier can score safely enough (or it is the last chance): score; on the half's last
   turn a receiver walks into the end zone for a pass when that is likelier
   (:mod:`.coach_long_ball`), or a team-mate throws a Right Stuff carrier towards it
   (:mod:`.coach_team_mate_throw`);
2. blocks that can hardly turn the ball over (two dice our choice, or skills that make the
   bad faces safe), best chance of a knock-down first;
3. the ball: pick a loose ball up with the player most likely to reach and lift it; move our
   carrier on a path without dice towards the end zone, away from opponents; blitz their
   carrier when the blitz pays;
4. cage the carrier (its diagonal squares), then risky blocks that still pay, a foul when the
   victim is down next to a free player, then screen: the other players move without dice
   between the opponents and the ball;
5. with the ball loose, a player next to it and a long pick-up late in the turn; with their
   carrier among its team-mates, players up to them and a blitz on one (:mod:`.coach_press`);
6. end the turn.

In defence, after blitzing and marking their carrier (an agile roster marks first:
:data:`.coach_defence.AGILE`), the coach lays a screen line in front
of its end zone while the carrier has a free path to it (:mod:`.coach_screen`, played by
:mod:`.coach_defence` with the marking, fouls and the positional screen). With the ball and
turns to spare, a carrier nobody can reach holds on one step short of the end zone against a
side fast enough to reply (:mod:`.coach_drive`), so the drive scores late and leaves it no time
to.

Odds come from :mod:`league_manager.match.odds` (block dice with skills and assists) and
:mod:`league_manager.match.paths` (dodge, rush, jump, pick-up chains with re-rolls). The
chosen activation is stored as a plan and played step by step; when the match offers
something the plan did not foresee, the coach ends the activation (always legal). Other
prompts (skills, inducements, stars) use the greedy bot's handlers. Race flavour is a pair of
weights drawn from the roster: strong teams block more, agile ones run more. The carrier's
square is worth more ground as the half runs out (and a square it scores from next turn
more), and in the last two turns the carrier takes riskier paths, so a half ends in a score
rather than a stall.

This module holds the script's order, the plan being played and the look-ups the steps
share (move plans, free reach, the race's weights). The steps live by concern:
:mod:`.coach_carrier` (score, pick-up, pass, carrier moves, cage, the carrier's square
worth; :mod:`.coach_cage` the corners a grinding or agile roster's cage can hold), :mod:`.coach_hits`
(blocks, the blitz on their carrier), :mod:`.coach_lane`, :mod:`.coach_defence`,
:mod:`.coach_press` (a ball nobody lifts at good odds, their carrier's cage);
:mod:`.coach_dice` answers block dice, re-rolls and pushes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots import coach_carrier as carrier_steps
from league_manager.match.bots import coach_defence as defence
from league_manager.match.bots import coach_hits as hits
from league_manager.match.bots import coach_press as press
from league_manager.match.bots.coach_carrier import SURE
from league_manager.match.bots.coach_dice import CoachDice
from league_manager.match.bots.coach_lane import lane
from league_manager.match.bots.coach_long_ball import long_ball
from league_manager.match.bots.coach_route import free_steps
from league_manager.match.engine import Match
from league_manager.match.odds import block_odds
from league_manager.match.paths import Budget, MovePlan, plan_moves
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH
from league_manager.match.procedures.movement import rushes_allowed
from league_manager.match.state import STANDING, TURNS_PER_HALF


class Pick(NamedTuple):
    """One activation the coach considers: the action that starts it and its plan."""

    action: Action
    plan: tuple[Action, ...]
    player: int
    foe: int
    kind: str
    reason: str


class CoachBot(CoachDice):
    """Scripted activations by exact odds; the greedy bot's handlers for everything else."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._plan: list[Action] = []
        self._player = -1
        self._foe = -1
        self._kind = ""
        self._flavour: tuple[float, float] | None = None
        self._memo_key: object = None
        self._memo: dict[tuple[int, bool], dict[int, MovePlan]] = {}
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
        last_turn = s.turn[team] >= TURNS_PER_HALF
        steps: list[Callable[[], Action | None]]
        if carrier >= 0 and s.team[carrier] == team:
            steps = [
                lambda: long_ball(self, match, team, options, carrier),
                lambda: carrier_steps.score(self, match, team, options, carrier, last_turn),
                lambda: hits.blocks(self, match, team, options, risky=False),
                lambda: carrier_steps.ball_play(self, match, team, options, carrier),
                lambda: lane(self, match, team, options, carrier),
                lambda: carrier_steps.carrier_move(self, match, team, options, carrier),
                lambda: carrier_steps.cage(self, match, team, options, carrier),
                lambda: hits.blocks(self, match, team, options, risky=True),
                lambda: defence.foul(self, match, team, options),
                lambda: defence.screen(self, match, team, options, s.pos[carrier], ahead=True),
            ]
        elif carrier < 0 and s.ball >= 0 and ON_PITCH[s.ball]:
            steps = [
                lambda: hits.blocks(self, match, team, options, risky=False),
                lambda: carrier_steps.pick_up(self, match, team, options),
                lambda: hits.blocks(self, match, team, options, risky=True),
                lambda: press.guard_ball(self, match, team, options),
                lambda: defence.screen(self, match, team, options, s.ball, ahead=False),
                lambda: press.long_pick_up(self, match, team, options),
            ]
        elif carrier >= 0:
            steps = [
                lambda: self._blitz(match, team, options, carrier),
                lambda: hits.blocks(self, match, team, options, risky=False),
                lambda: defence.mark(self, match, team, options, carrier),
            ]
            if self._weights(match, team)[1] >= defence.AGILE:  # an agile roster marks, then blitzes
                steps = [
                    steps[1],
                    lambda: self._mark_sparing_blitzer(match, team, options, carrier),
                    steps[0],
                ]
            steps += [
                lambda: defence.cut(self, match, team, options, carrier),
                lambda: hits.blocks(self, match, team, options, risky=True),
                lambda: defence.foul(self, match, team, options),
                lambda: press.close_in(self, match, team, options, carrier),
                lambda: defence.screen(self, match, team, options, s.pos[carrier], ahead=False),
                lambda: press.cage_blitz(self, match, team, options, carrier),
            ]
        else:
            steps = [
                lambda: hits.blocks(self, match, team, options, risky=False),
            ]
        return steps

    def _mark_sparing_blitzer(
        self, match: Match, team: int, options: set[Action], carrier: int
    ) -> Action | None:
        """:func:`.coach_defence.mark` before the blitz on their carrier, with another player
        than the one the blitz would be thrown with (the marker's assist helps the blitz; the
        blitzer walked next to the carrier as its marker would leave no blitz), onto the square
        the blitz would be thrown from only when no other is free."""
        blitzer, square = -1, -1
        if self._blitz(match, team, options, carrier) is not None:
            blitzer = self._player
            square = self._plan[-1].square if self._plan else match.state.pos[blitzer]
        self._plan, self._player, self._foe = [], -1, -1
        return defence.mark(self, match, team, options, carrier, spare=blitzer, last=square)

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

    def _plans(self, match: Match, p: int, blitz: bool = False) -> dict[int, MovePlan]:
        """A fresh Move action's plans for p, kept while the players and the ball stay put;
        with ``blitz`` a Blitz's, whose block will cost one square more (BB2020: a square of
        its move, or a Rush when none is left), so a square reached needs the block's Rush
        too and a walk that spends the last Rush is never offered."""
        s = match.state
        rooted = tuple(sorted(s.rooted))
        key = (
            tuple(s.pos),
            tuple(s.status),
            tuple(s.tz_lost),
            s.ball,
            s.carrier,
            s.rerolls[s.team[p]],
            rooted,
        )
        if key != self._memo_key:
            self._memo_key, self._memo = key, {}
        found = self._memo.get((p, blitz))
        if found is None and self.shared_plans is not None:
            wide = (key, p, blitz, tuple(s.turn), s.active, frozenset(s.skill_used), tuple(s.used))
            found = self.shared_plans.get(wide)
            if found is None:
                found = self.shared_plans[wide] = plan_moves(match.ctx, p, _budget(match, p, blitz))
            self._memo[(p, blitz)] = found
        elif found is None:
            found = self._memo[(p, blitz)] = plan_moves(match.ctx, p, _budget(match, p, blitz))
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

    def _safety(self, match: Match, team: int, square: int, carrier: int) -> float:
        """:func:`.coach_carrier.safety`: how good a square is for our carrier."""
        return carrier_steps.safety(self, match, team, square, carrier)

    def _route(self, match: Match, team: int) -> dict[int, int]:
        """:func:`.coach_route.free_steps` for ``team``, kept while the players stay put."""
        s = match.state
        key = (team, tuple(s.pos), tuple(s.status), tuple(s.tz_lost))
        if key != self._route_key:
            self._route_key, self._route_steps = key, free_steps(match, team)
        return self._route_steps

    def _blitz(self, match: Match, team: int, options: set[Action], carrier: int) -> Action | None:
        """:func:`.coach_hits.blitz`: blitz their carrier when it pays."""
        return hits.blitz(self, match, team, options, carrier)

    # the activation ----------------------------------------------------------------
    def _activation(self, match: Match, prompt: Prompt) -> Action | None:
        s = match.state
        p = int(prompt.info.get("player", -1))
        if p != self._player:
            return super()._activation(match, prompt)
        options = prompt.options
        walking_on = bool(self._plan) and self._plan[0] in options
        if self._foe >= 0 and s.pos[self._foe] >= 0 and not walking_on:  # from the square priced
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
        moving = prompt.info.get("action") in (acts.MOVE, acts.SECURE_BALL)
        if p == s.carrier and moving and carrier_steps.picked_up_now(match, p):
            onwards = carrier_steps.carry_on(self, match, p)
            if onwards is not None and onwards in options:
                return onwards
        blocks = [a for a in options if a.kind == acts.BLOCK]
        if blocks and prompt.info.get("action") == acts.BLOCK:
            return max(
                blocks, key=lambda a: block_odds(match.ctx, p, s.board[a.square], False).p_defender_down
            )
        return Action(acts.END_ACTIVATION)

    def _declare_target(self, match: Match, prompt: Prompt) -> Action | None:
        s = match.state
        if self._foe >= 0 and s.pos[self._foe] >= 0:
            return Action(acts.CHOOSE, self._player, s.pos[self._foe])
        return None


def _budget(match: Match, p: int, blitz: bool) -> Budget:
    """p's movement for a fresh activation; a Blitz's keeps one square back for its block."""
    s = match.state
    if p in s.rooted:  # Take Root: no square to walk, and so no block for a Blitz
        return Budget(0, 0)
    mp, rushes = s.ma[p], rushes_allowed(match.ctx, p)
    if blitz:
        mp, rushes = (mp - 1, rushes) if mp > 0 else (0, rushes - 1)
    return Budget(mp, max(rushes, 0))
