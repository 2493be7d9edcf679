"""Read models of a season simulation run, free of database imports (the GUI shows them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

STAGES = ("pregame", "engine", "postgame", "database")


@dataclass(frozen=True)
class SimulatedFixture:
    """One fixture of a simulation run: its score, or why it was not played."""

    fixture_id: int
    round: int
    home: str
    away: str
    home_td: int | None = None
    away_td: int | None = None
    refused: str = ""
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def line(self) -> str:
        """``round 3: Reavers 2-1 Orcs`` or ``round 3: Reavers v Orcs not played: why``."""
        if self.refused:
            return f"round {self.round}: {self.home} v {self.away} not played: {self.refused}"
        return f"round {self.round}: {self.home} {self.home_td}-{self.away_td} {self.away}"

    def to_dict(self) -> dict[str, Any]:
        """The fixture as JSON-ready data (timings rounded to the millisecond)."""
        return {
            "fixture": self.fixture_id,
            "round": self.round,
            "home": self.home,
            "away": self.away,
            "home_td": self.home_td,
            "away_td": self.away_td,
            "refused": self.refused or None,
            "seconds": {k: round(v, 3) for k, v in self.seconds.items()},
        }


@dataclass(frozen=True)
class SimulationReport:
    """What a simulation run did."""

    season: str
    bot: str
    seed: int
    fixtures: tuple[SimulatedFixture, ...]
    cancelled: bool
    seconds: float

    @property
    def played(self) -> tuple[SimulatedFixture, ...]:
        """The fixtures played to the end of their post-game."""
        return tuple(f for f in self.fixtures if not f.refused)

    def cost(self) -> dict[str, float]:
        """Seconds spent per stage over all played fixtures (pre-game, engine, post-game,
        database: the rest of each fixture's transaction, commit included)."""
        return {s: sum(f.seconds.get(s, 0.0) for f in self.played) for s in STAGES}

    def to_dict(self) -> dict[str, Any]:
        """The run as JSON-ready data."""
        return {
            "season": self.season,
            "bot": self.bot,
            "seed": self.seed,
            "played": len(self.played),
            "not_played": len(self.fixtures) - len(self.played),
            "cancelled": self.cancelled,
            "seconds": round(self.seconds, 3),
            "cost": {k: round(v, 3) for k, v in self.cost().items()},
            "fixtures": [f.to_dict() for f in self.fixtures],
        }
