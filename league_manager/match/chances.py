"""Chances of single D6 tests and of a run of tests with the re-rolls a coach would have.

Pure functions over the engine's numbers: a D6 test needs ``target`` or more after
modifiers, a natural 1 always fails and a natural 6 always succeeds (rulebook, "Rolling
dice"). A failed test can be re-rolled once at most; :class:`Rerolls` says which sources
the player has and :func:`chain_success` spends them in the order a coach would.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

PRO_CHANCE = 4 / 6
"""Pro works on 3+."""


def need(target: int, modifier: int) -> int:
    """The natural roll needed (2-6) for a test of ``target`` with a total ``modifier``."""
    return min(6, max(2, target - modifier))


def p_roll(target: int, rerolls: float | bool = False) -> float:
    """Chance that a D6 test needing ``target`` (after modifiers) succeeds.

    Args:
        target: the roll needed ("4" for 4+); a 1 always fails and a 6 always succeeds, so
            targets below 2 count as 2 and above 6 as 6.
        rerolls: the chance that a failed roll gets re-rolled: True (or 1.0) for a skill or
            team re-roll, 0.5 for a team re-roll with Loner (4+), 4/6 for Pro, False for none.

    Returns:
        The probability of success, between 1/6 and 35/36.
    """
    q = (7 - min(6, max(2, target))) / 6
    chance = float(rerolls)
    return q + (1 - q) * chance * q


KINDS = ("dodge", "rush", "pick_up", "jump", "stand_up", "catch", "pass", "interference")
"""Test kinds a skill may re-roll (their bit in a skill mask is ``1 << index``)."""


def kind_bit(kind: str) -> int:
    """The bit of a test kind in a skill mask (0 for kinds no skill re-rolls)."""
    return 1 << KINDS.index(kind) if kind in KINDS else 0


@dataclass(frozen=True, slots=True)
class Rerolls:
    """The re-roll sources a player has for the rest of an activation.

    Attributes:
        team: team re-rolls usable now (0 when the team may not use one).
        team_chance: the chance a team re-roll can be used (Loner: 0.5 for 4+).
        once: skill mask of kinds a skill re-rolls once more this turn (Dodge, Sure Feet).
        always: skill mask of kinds a skill re-rolls every time (Sure Hands, Catch, Pass).
        pro: Pro is still usable this turn.
    """

    team: int = 0
    team_chance: float = 1.0
    once: int = 0
    always: int = 0
    pro: bool = False

    @property
    def start(self) -> Res:
        """The sources that get used up, as the key of a :data:`Dist`."""
        return (self.team, self.once, self.pro)


@dataclass(frozen=True, slots=True)
class DiceTest:
    """One D6 test in a sequence: its kind ("dodge", "rush" …), the roll needed, and
    whether a skill re-roll of that kind is cancelled for it (Tackle on a dodge)."""

    kind: str
    need: int
    rerollable: bool = True
    skill_cancelled: bool = False

    @property
    def bit(self) -> int:
        """This test's kind bit, 0 when no skill may re-roll it now."""
        return 0 if self.skill_cancelled or not self.rerollable else kind_bit(self.kind)


Res = tuple[int, int, bool]
"""Re-roll sources left: (team re-rolls, "once" skill mask, Pro unused)."""
Dist = dict[Res, float]
"""Probability of still going, by the re-roll sources left."""


def step_dist(dist: Dist, test: DiceTest, rerolls: Rerolls) -> Dist:
    """Push a distribution through one test, re-rolling a failure when possible.

    A failure is re-rolled by a skill first, else by the better of a team re-roll
    (with its Loner chance) and Pro; declining a re-roll would end the sequence, so a coach
    who wants the sequence to succeed always takes one.
    """
    q = (7 - test.need) / 6
    if not test.rerollable or q == 1.0:
        return {res: pr * q for res, pr in dist.items()}
    bit = test.bit
    always = bool(bit & rerolls.always)
    team_chance = rerolls.team_chance
    team_first = team_chance >= PRO_CHANCE
    fail_q = (1 - q) * q
    out: Dist = {}
    get = out.get
    for res, pr in dist.items():
        out[res] = get(res, 0.0) + pr * q
        team, once, pro = res
        if always:
            out[res] += pr * fail_q
        elif bit & once:
            nxt: Res = (team, once & ~bit, pro)
            out[nxt] = get(nxt, 0.0) + pr * fail_q
        elif team > 0 and (team_first or not pro):
            nxt = (team - 1, once, pro)
            out[nxt] = get(nxt, 0.0) + pr * fail_q * team_chance
        elif pro:
            nxt = (team, once, False)
            out[nxt] = get(nxt, 0.0) + pr * fail_q * PRO_CHANCE
    return out


def chain_success(tests: Iterable[DiceTest], rerolls: Rerolls | None = None) -> tuple[float, float]:
    """Chance that every test of a sequence succeeds: (without re-rolls, with them)."""
    rerolls = rerolls or Rerolls()
    bare = 1.0
    dist: Dist = {rerolls.start: 1.0}
    for test in tests:
        bare *= (7 - test.need) / 6
        dist = step_dist(dist, test, rerolls)
    return bare, sum(dist.values())
