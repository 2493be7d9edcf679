"""What a service call changed, so views can refresh themselves."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Changes:
    """Ids of the things a service call created, changed or removed."""

    leagues: frozenset[int] = field(default_factory=frozenset)
    teams: frozenset[int] = field(default_factory=frozenset)
    players: frozenset[int] = field(default_factory=frozenset)
    fixtures: frozenset[int] = field(default_factory=frozenset)
    description: str = ""

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            leagues=self.leagues | other.leagues,
            teams=self.teams | other.teams,
            players=self.players | other.players,
            fixtures=self.fixtures | other.fixtures,
            description="; ".join(d for d in (self.description, other.description) if d),
        )

    @property
    def empty(self) -> bool:
        """True when nothing changed."""
        return not (self.leagues or self.teams or self.players or self.fixtures)


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """A service result: the read model the caller asked for plus what changed."""

    value: T
    changes: Changes
