"""Movement planning: every square a player can reach this activation, by its safest path.

The planner reads the engine's state and reuses the engine's own modifier functions
(:mod:`league_manager.match.procedures.movement`); it never changes the match. A plan is a
list of single-square engine actions (``move`` or ``jump``) the board applies one by one.

The search is best-first on the chance of arriving with the re-rolls the coach has
(:func:`league_manager.match.chances.step_dist`), ties broken by fewer rolls, then fewer
squares. A node is (square, movement used, jumped, carrying the ball); a label is dropped
when an earlier (so at least as safe) one at the same square used no more movement and had
not jumped or picked the ball up where this one had. Rolls the planner leaves out are listed
in docs/rules-decisions.md ("Odds shown before a coach commits").
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from league_manager.match.actions import (
    ACTIVATE,
    ACTIVATION,
    BLOCK,
    MOVE,
    TURN,
    Action,
)
from league_manager.match.chances import DiceTest, Dist, need, step_dist
from league_manager.match.core import Ctx
from league_manager.match.engine import Match
from league_manager.match.odds import player_rerolls
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, W, push_squares, scoring_x
from league_manager.match.procedures import secure_ball
from league_manager.match.procedures.movement import (
    dodge_modifiers,
    jump_modifiers,
    pick_up_modifiers,
    rush_modifiers,
    rushes_allowed,
)
from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoors_open
from league_manager.match.skills import points
from league_manager.match.state import PRONE, STANDING

JUMP = "jump"


@dataclass(frozen=True, slots=True)
class StepRoll:
    """One square of a path and the rolls entering it needs (0 = no such roll).

    Attributes:
        square: the square entered.
        dodge: natural roll needed to dodge (2-6), or 0.
        rush: natural roll needed for each Rush, or 0; ``rushes`` how many (2 on a jump).
        pick_up: roll needed to pick the ball up there, or 0.
        jump: roll needed to jump (or leap) into the square, or 0 for a plain move.
        trapdoor: 2 when a Treacherous Trapdoor must be survived (a 1 falls), else 0.
    """

    square: int
    dodge: int = 0
    rush: int = 0
    pick_up: int = 0
    jump: int = 0
    rushes: int = 0
    trapdoor: int = 0

    @property
    def kind(self) -> str:
        """The engine action kind that makes this step: "move" or "jump"."""
        return JUMP if self.jump else MOVE

    def action(self, player: int) -> Action:
        """The engine action for this step."""
        return Action(self.kind, player, self.square)

    def needs(self) -> list[tuple[str, int]]:
        """The rolls of this step in the engine's order: [("rush", 2), ("dodge", 3) …]."""
        found = [("rush", self.rush)] * self.rushes
        if self.jump:
            found.append(("jump", self.jump))
        if self.dodge:
            found.append(("dodge", self.dodge))
        if self.trapdoor:
            found.append(("trapdoor", self.trapdoor))
        if self.pick_up:
            found.append(("pick_up", self.pick_up))
        return found

    @property
    def label(self) -> str:
        """The rolls as a board shows them on the square: "2+ & 3+", or "" for none."""
        return " & ".join(f"{n}+" for _kind, n in self.needs())


@dataclass(frozen=True, slots=True)
class MovePlan:
    """The safest way to one square: the squares after the start, the rolls, the chances."""

    path: tuple[int, ...]
    steps: tuple[StepRoll, ...]
    p_no_reroll: float
    p_with_rerolls: float
    rolls: int

    def actions(self, player: int) -> list[Action]:
        """The engine actions (after the activation) that walk this path."""
        return [st.action(player) for st in self.steps]


@dataclass(frozen=True, slots=True)
class Budget:
    """Movement left in an activation.

    Attributes:
        mp: movement allowance left; rushes: Rush attempts left; jumped: a Jump or Leap was
        made already (one per activation); stand_up: roll needed to stand up first (0 none).
    """

    mp: int
    rushes: int
    jumped: bool = False
    stand_up: int = 0


def activation_budget(match: Match, player: int) -> Budget | None:
    """The movement ``player`` has under the match's current prompt, or None if they cannot move.

    At the team's turn prompt this is a fresh Move action (standing up first when prone);
    at the player's own activation prompt it is what is left of the action.
    """
    prompt = match.prompt
    c = match.ctx
    s = c.s
    if prompt is None or not 0 <= player < s.size or s.pos[player] < 0:
        return None
    if prompt.kind == ACTIVATION:
        info = prompt.info
        if info.get("player") != player or info.get("action") == BLOCK or "rushes" not in info:
            return None
        if s.status[player] != STANDING:
            return None
        return Budget(int(info["mp"]), int(info["rushes"]), bool(info.get("jumped")))
    if prompt.kind != TURN or Action(ACTIVATE[MOVE], player) not in prompt.options:
        return None
    mp, rushes = s.ma[player], rushes_allowed(c, player)
    if player in s.rooted:
        return Budget(0, 0)
    stand = 0
    if s.status[player] == PRONE and not c.has(player, points.JUMP_UP):
        if s.ma[player] < 3:
            mp, stand = 0, 4
        else:
            mp -= 3
    return Budget(mp, rushes, False, stand)


def plan_moves(source: Match | Ctx, player: int, budget: Budget | None = None) -> dict[int, MovePlan]:
    """Every square ``player`` can reach now, each with its safest path.

    Args:
        source: the match (its prompt gives the movement left) or an engine context.
        player: the player's index.
        budget: the movement left; needed with a bare context, read from the match otherwise.

    Returns:
        Square -> plan; empty when the player cannot move now.
    """
    if isinstance(source, Match):
        c = source.ctx
        if budget is None:
            budget = activation_budget(source, player)
    else:
        c = source
    if budget is None or budget.mp + budget.rushes <= 0:
        return {}
    return _Planner(c, player, budget).run()


_Rec = tuple[int, int, int, int, int, int, int]
"""A step's record as plain ints, made into a :class:`StepRoll` only for the plans returned:
(square, dodge, rush, pick_up, jump, rushes, trapdoor)."""
_Step = tuple[tuple[DiceTest, ...], float, _Rec, bool]
"""A move's tests, its chance without re-rolls, its record, and whether the ball is held after."""
_DOMINATED = ((0, 1, 2, 3), (1, 3), (2, 3), (3,))
"""For each (carrying, jumped) code, the codes a label with it makes redundant at its square
when they used as much movement or more: having jumped or holding the ball opens nothing
that not having them does not (a ball holder's touchdown only ends the move)."""
_Edge = tuple[int, int, tuple[DiceTest, ...], float, _Rec, bool]
"""(destination, movement cost, tests, chance without re-rolls, record, ball held after)."""
_Label = tuple[float, int, int, int, int, int, bool, bool, Dist, float, int, "_Rec | None"]
"""(-chance, rolls, length, order, square, movement used, jumped, carrying, re-roll
distribution, chance without re-rolls, parent label, step that led here)."""


class _Planner:
    """One best-first search over (square, movement used, jumped, carrying)."""

    def __init__(self, c: Ctx, p: int, budget: Budget) -> None:
        s = c.s
        self.c = c
        self.p = p
        self.budget = budget
        self.team = s.team[p]
        self.start = s.pos[p]
        self.ag = s.ag[p]
        self.goal_x = scoring_x(self.team)
        self.loose_ball = s.ball if s.carrier < 0 and s.ball >= 0 else -1
        self.securing = s.securing == p
        self.trapdoors = TRAPDOORS if trapdoors_open(c) else ()
        self.leap = c.has(p, points.LEAP)
        self.jump_again = not c.ed.one_jump_per_move  # Season 3: any number of Jumps, one Leap
        rush_mod = sum(v for _, v in rush_modifiers(c, p))
        self.rush_need = need(2, rush_mod)
        self.marked: dict[int, int] = {}
        self.rerolls = player_rerolls(c, p)
        self.targets: dict[int, list[tuple[int, int]]] = {}
        self.bases: dict[tuple[int, int, int, bool], _Step | None] = {}
        self.rushed: dict[tuple[int, int, int, bool, int], _Step] = {}
        self.edges: dict[tuple[int, int, int, bool], list[_Edge]] = {}
        self.rush_test = DiceTest("rush", self.rush_need)
        self.interned: dict[tuple[int, ...], tuple[DiceTest, ...]] = {(): ()}
        self.unique: dict[DiceTest, DiceTest] = {self.rush_test: self.rush_test}

    # square facts -----------------------------------------------------------------
    def _marked(self, square: int) -> int:
        found = self.marked.get(square)
        if found is None:
            found = self.marked[square] = self.c.n_markers(square, self.team)
        return found

    def _free(self, square: int) -> bool:
        q = self.c.s.board[square]
        return q < 0 or q == self.p

    def _dodge(self, origin: int, dest: int) -> DiceTest:
        c = self.c
        mod = sum(v for _, v in dodge_modifiers(c, self.p, origin, dest))
        markers = c.markers(origin, self.team)
        if any(c.has(q, points.DIVING_TACKLE) for q in markers):
            mod -= 2  # the opponent uses Diving Tackle whenever it turns a success into a fall
        cancelled = any(c.has(q, points.CANCEL_DODGE_REROLL) for q in markers)
        return DiceTest("dodge", need(self.ag, mod), skill_cancelled=cancelled)

    # search -------------------------------------------------------------------------
    def run(self) -> dict[int, MovePlan]:
        b = self.budget
        dist: Dist = {self.rerolls.start: 1.0}
        bare = 1.0
        rolls = 0
        if b.stand_up:
            test = DiceTest("stand_up", b.stand_up)
            dist = step_dist(dist, test, self.rerolls)
            bare *= (7 - b.stand_up) / 6
            rolls = 1
        carrying = self.c.s.carrier == self.p
        rerolls = self.rerolls
        labels: list[_Label] = []
        root: _Label = (
            -round(sum(dist.values()), 12),
            rolls,
            0,
            0,
            self.start,
            0,
            b.jumped,
            carrying,
            dist,
            bare,
            -1,
            None,
        )
        heap: list[_Label] = [root]
        best_used: dict[int, int] = {}  # (square, carrying, jumped) packed -> least movement used
        found: dict[int, int] = {}
        seq = 1
        start, goal_x, mp, rushes = self.start, self.goal_x, b.mp, b.rushes
        edges = self._edges
        # Chances after a run of tests, by the identities of the distribution before them and of
        # the (interned) tests: labels share both, and hashing dataclasses is slow. The entry
        # keeps the distribution alive, so its id is not reused.
        memo: dict[tuple[int, int], tuple[Dist, Dist, float]] = {}
        while heap:
            label = heapq.heappop(heap)
            _negp, n_rolls, length, _seq, square, used, jumped, carry, dist, bare, _parent, _rec = label
            key = square * 4 + carry * 2 + jumped
            if best_used.get(key, 99) <= used:
                continue
            # A label also bars later ones that jumped or hold the ball where it did not.
            for dominated in _DOMINATED[carry * 2 + jumped]:
                if best_used.get(square * 4 + dominated, 99) > used:
                    best_used[square * 4 + dominated] = used
            index = len(labels)
            labels.append(label)
            if square != start and square not in found:
                found[square] = index
            if carry and square % W - 1 == goal_x and length > 0:
                continue  # a touchdown ends the activation
            if carry and square == self.loose_ball and self.securing:
                continue  # Season 3 Secure the Ball: the activation ends with the ball secured
            mp_left = mp - used if used < mp else 0
            left = mp_left + rushes - (used - mp if used > mp else 0)
            if left <= 0:
                continue
            jumps = 0 if left < 2 else 2 if not jumped else int(self.jump_again)
            for dest, cost, tests, step_bare, record, n_carry in edges(square, jumps, mp_left, carry):
                n_used = used + cost
                n_jumped = jumped or cost == 2
                if best_used.get(dest * 4 + n_carry * 2 + n_jumped, 99) <= n_used:
                    continue
                if not tests:  # no roll: the chance stays this label's
                    n_dist, neg_p = dist, _negp
                else:
                    known = memo.get((id(dist), id(tests)))
                    if known is None:
                        n_dist = dist
                        for test in tests:
                            n_dist = step_dist(n_dist, test, rerolls)
                        neg_p = -round(sum(n_dist.values()), 12)
                        memo[(id(dist), id(tests))] = (dist, n_dist, neg_p)
                    else:
                        n_dist, neg_p = known[1], known[2]
                    if neg_p >= 0:
                        continue
                item = (neg_p, n_rolls + len(tests), length + 1, seq, dest, n_used, n_jumped,
                        n_carry, n_dist, bare * step_bare, index, record)  # fmt: skip
                seq += 1
                heapq.heappush(heap, item)
        made: dict[int, tuple[StepRoll, ...]] = {}
        return {sq_: self._plan(labels, i, made) for sq_, i in found.items()}

    def _edges(self, square: int, jumps: int, mp_left: int, carry: bool) -> list[_Edge]:
        """The moves open from ``square`` with their tests (cached: the board does not change).

        ``jumps``: 0 no jumping, 1 Jumps over downed players only (Season 3, after a Jump or
        Leap), 2 Jumps and a Leap.
        """
        mp_left = min(mp_left, 2)
        key = (square, jumps, mp_left, carry)
        found = self.edges.get(key)
        if found is None:
            found = []
            plain = not self._marked(square)  # no dodge out of this square
            loose, traps = -1 if carry else self.loose_ball, self.trapdoors
            for dest, cost in self._targets(square, jumps):
                rushes = cost - mp_left if cost > mp_left else 0
                if plain and cost == 1 and not rushes and dest != loose and dest not in traps:
                    found.append((dest, 1, (), 1.0, (dest, 0, 0, 0, 0, 0, 0), carry))  # no roll
                    continue
                step = self._step(square, dest, cost, rushes, carry)
                if step is not None:
                    found.append((dest, cost, *step))
            self.edges[key] = found
        return found

    def _targets(self, square: int, jumps: int) -> list[tuple[int, int]]:
        """(destination, cost) of the single moves and jumps open from ``square`` (``jumps``
        as for ``_edges``)."""
        key = square * 3 + jumps
        found = self.targets.get(key)
        if found is not None:
            return found
        board = self.c.s.board
        status = self.c.s.status
        found = []
        seen: set[int] = set()
        for n in NEIGHBOURS[square]:
            if self._free(n):
                found.append((n, 1))
            elif jumps and status[board[n]] != STANDING:
                for beyond in push_squares(square, n):
                    if ON_PITCH[beyond] and self._free(beyond) and beyond not in seen:
                        seen.add(beyond)
                        found.append((beyond, 2))
        if jumps == 2 and self.leap:
            for n in NEIGHBOURS[square]:
                q = board[n]
                if q >= 0 and q != self.p and status[q] != STANDING:
                    continue
                for beyond in push_squares(square, n):
                    if ON_PITCH[beyond] and self._free(beyond) and beyond not in seen:
                        seen.add(beyond)
                        found.append((beyond, 2))
        self.targets[key] = found
        return found

    def _step(self, square: int, dest: int, cost: int, rushes: int, carry: bool) -> _Step | None:
        """The tests and the step record of one move (None when it cannot succeed)."""
        base_key = (square, dest, cost, carry)
        if base_key in self.bases:
            base = self.bases[base_key]
        else:
            base = self.bases[base_key] = self._base(square, dest, cost, carry)
        if base is None or not rushes:
            return base
        key = (square, dest, cost, carry, rushes)
        found = self.rushed.get(key)
        if found is None:
            tests = (self.rush_test,) * rushes + base[0]
            bare = 1.0
            for test in tests:  # in the engine's order, as the chance of the whole step
                bare *= (7 - test.need) / 6
            rec = base[2]
            rec = (rec[0], rec[1], self.rush_need, rec[3], rec[4], rushes, rec[6])
            found = self.rushed[key] = (self._intern(tests), bare, rec, base[3])
        return found

    def _base(self, square: int, dest: int, cost: int, carry: bool) -> _Step | None:
        """A move's tests other than Rushes, and its record (None when it cannot succeed)."""
        tests: list[DiceTest] = []
        dodge = jump = pick = trap = 0
        if cost == 2:
            mod = sum(v for _, v in jump_modifiers(self.c, self.p, square, dest))
            jump = need(self.ag, mod)
            tests.append(self._one(DiceTest("jump", jump)))
        elif self._marked(square):
            test = self._one(self._dodge(square, dest))
            dodge = test.need
            tests.append(test)
        if dest in self.trapdoors:
            trap = 2
            tests.append(self._one(DiceTest("trapdoor", 2, rerollable=False)))
        n_carry = carry
        if not carry and dest == self.loose_ball:
            if self.c.has(self.p, points.NO_HANDS):
                return None
            if self.securing:  # Season 3 Secure the Ball: a plain 2+
                pick = need(secure_ball.TARGET, sum(v for _, v in secure_ball.modifiers(self.c)))
            else:
                mod = sum(v for _, v in pick_up_modifiers(self.c, self.p, dest))
                pick = need(self.ag, mod)
            tests.append(self._one(DiceTest("pick_up", pick)))
            n_carry = True
        bare = 1.0
        for test in tests:
            bare *= (7 - test.need) / 6
        return (self._intern(tuple(tests)), bare, (dest, dodge, 0, pick, jump, 0, trap), n_carry)

    def _intern(self, tests: tuple[DiceTest, ...]) -> tuple[DiceTest, ...]:
        """One shared tuple for each run of tests (so the search can key its memo by identity);
        the tests in it are the planner's single copies (:meth:`_one`)."""
        return self.interned.setdefault(tuple(map(id, tests)), tests)

    def _one(self, test: DiceTest) -> DiceTest:
        """The planner's single copy of a test equal to ``test``."""
        return self.unique.setdefault(test, test)

    def _plan(self, labels: list[_Label], index: int, made: dict[int, tuple[StepRoll, ...]]) -> MovePlan:
        label = labels[index]
        steps = self._steps(labels, index, made)
        return MovePlan(
            path=tuple(st.square for st in steps),
            steps=steps,
            p_no_reroll=label[9],
            p_with_rerolls=sum(label[8].values()),
            rolls=label[1],
        )

    @staticmethod
    def _steps(
        labels: list[_Label], index: int, made: dict[int, tuple[StepRoll, ...]]
    ) -> tuple[StepRoll, ...]:
        """The steps from the start to a label, built once per label and shared by its children."""
        chain: list[int] = []
        i = index
        while i >= 0 and i not in made:
            chain.append(i)
            i = labels[i][10]
        steps = made.get(i, ())
        for j in reversed(chain):
            rec = labels[j][11]
            if rec is not None:
                steps = (*steps, StepRoll(*rec))
            made[j] = steps
        return steps
