"""Read models of history in numbers: a player's match-by-match record and the chart series.

Plain frozen dataclasses with ``to_dict`` for ``--json``; the GUI charts and the PDF charts
draw from the same series.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PlayerMatchLine:
    """One match a player took part in, with what he did and what happened to him.

    Attributes:
        fixture_id: the fixture.
        season: the season's name.
        round: the round's name ("Round 3", "Final").
        opponent: the other team's name.
        result: the player's team's verdict and score ("W 2-1", "L", "D 0-0").
        td, cas, completions, interceptions, mvp: his figures in the game.
        spp: the SPP the game earned him.
        career_spp: his SPP earned in games up to and including this one.
        injuries: what the game did to him ("Miss next game", "-AG", "Dead").
        advancements: what he gained after this game and before the next.
    """

    fixture_id: int
    season: str
    round: str
    opponent: str
    result: str
    td: int
    cas: int
    completions: int
    interceptions: int
    mvp: int
    spp: int
    career_spp: int
    injuries: tuple[str, ...] = ()
    advancements: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "fixture_id": self.fixture_id,
            "season": self.season,
            "round": self.round,
            "opponent": self.opponent,
            "result": self.result,
            "td": self.td,
            "cas": self.cas,
            "completions": self.completions,
            "interceptions": self.interceptions,
            "mvp": self.mvp,
            "spp": self.spp,
            "career_spp": self.career_spp,
            "injuries": list(self.injuries),
            "advancements": list(self.advancements),
        }


@dataclass(frozen=True)
class PlayerMatches:
    """A player's career, game by game (oldest first)."""

    player_id: int
    name: str
    team: str
    matches: tuple[PlayerMatchLine, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "player_id": self.player_id,
            "name": self.name,
            "team": self.team,
            "matches": [m.to_dict() for m in self.matches],
        }


@dataclass(frozen=True)
class TeamPoint:
    """A team's figures after one of its matches (or at the start, ``fixture_id`` None).

    ``team_value`` is the current team value the pre-game recorded for the match (before
    journeymen); None when the result was entered without a pre-game.
    """

    label: str
    fixture_id: int | None
    team_value: int | None
    treasury: int
    dedicated_fans: int

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "label": self.label,
            "fixture_id": self.fixture_id,
            "team_value": self.team_value,
            "treasury": self.treasury,
            "dedicated_fans": self.dedicated_fans,
        }


@dataclass(frozen=True)
class TeamSeries:
    """A team's TV, treasury and dedicated fans over its matches."""

    team_id: int
    team: str
    points: tuple[TeamPoint, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {"team_id": self.team_id, "team": self.team, "points": [p.to_dict() for p in self.points]}


@dataclass(frozen=True)
class RaceLine:
    """One team's points total after each round of the league stage."""

    team_id: int
    team: str
    points: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {"team_id": self.team_id, "team": self.team, "points": list(self.points)}


@dataclass(frozen=True)
class StandingsRace:
    """The season's standings race: cumulative points per round, one line per team."""

    season_id: int
    season: str
    rounds: tuple[str, ...]
    lines: tuple[RaceLine, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "season_id": self.season_id,
            "season": self.season,
            "rounds": list(self.rounds),
            "lines": [line.to_dict() for line in self.lines],
        }
