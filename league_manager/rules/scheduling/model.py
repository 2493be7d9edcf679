"""Schedule plans: pairings grouped into rounds, as the scheduling functions return them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from league_manager.core.errors import RuleViolation

TeamId = int


class SchedulingError(RuleViolation):
    """No schedule satisfies the constraints (names the constraint that could not be met)."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """One fixture of a plan.

    A bye has ``bye=True``, the team in ``home`` and no ``away``. In a knockout a
    side may still be unknown (``None``) until an earlier fixture is decided.

    Attributes:
        home: the home team, or None while it is still to be decided.
        away: the away team, or None for a bye or a side still to be decided.
        bye: True when ``home`` sits the round out.
        slot: the fixture's place in a knockout round (0-based, top to bottom).
        third_place: True for a knockout's third-place match.
    """

    home: TeamId | None
    away: TeamId | None
    bye: bool = False
    slot: int | None = None
    third_place: bool = False

    @property
    def teams(self) -> tuple[TeamId, ...]:
        """The known teams of the fixture."""
        return tuple(t for t in (self.home, self.away) if t is not None)


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """The pairings of one round, with a display name ("Round 3", "Final")."""

    number: int
    name: str
    pairings: tuple[Pairing, ...]


@dataclass(frozen=True, slots=True)
class SchedulePlan:
    """A generated schedule before it is committed.

    Attributes:
        rounds: the rounds in order.
        skipped: pairs left out because a constraint forbids them (same coach).
        notes: plain-words remarks for the preview (byes, relaxed constraints).
    """

    rounds: tuple[RoundPlan, ...]
    skipped: tuple[tuple[TeamId, TeamId], ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def pairings(self) -> list[Pairing]:
        """Every pairing of every round."""
        return [p for r in self.rounds for p in r.pairings]


@dataclass(frozen=True)
class Constraints:
    """Who may meet whom.

    Attributes:
        coaches: team -> coach id; teams of one coach do not meet unless
            ``same_coach_may_meet``.
        same_coach_may_meet: the league allows teams of one coach to meet.
        max_in_a_row: no team meets the same opponent more than this many
            times in a row.
    """

    coaches: Mapping[TeamId, int] = field(default_factory=dict)
    same_coach_may_meet: bool = False
    max_in_a_row: int = 2

    def may_meet(self, a: TeamId, b: TeamId) -> bool:
        """False when the teams share a coach and the league forbids that."""
        if self.same_coach_may_meet:
            return True
        coach = self.coaches.get(a)
        return coach is None or coach != self.coaches.get(b)

    def forbidden_pairs(self, teams: Iterable[TeamId]) -> set[frozenset[TeamId]]:
        """Every pair of ``teams`` that may not meet."""
        ids = list(teams)
        return {frozenset((a, b)) for i, a in enumerate(ids) for b in ids[i + 1 :] if not self.may_meet(a, b)}


def pair_key(a: TeamId, b: TeamId) -> frozenset[TeamId]:
    """An unordered pair of teams."""
    return frozenset((a, b))
