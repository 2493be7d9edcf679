"""What a practice match offers and builds: the teams that can take part, and the match (no SQL)."""

from __future__ import annotations

from dataclasses import dataclass

from league_manager.match.engine import Match
from league_manager.rules.team_colours import TeamColours


@dataclass(frozen=True)
class PracticeTeam:
    """A team that can take part in a practice match."""

    id: int
    name: str
    race: str
    league: str
    ruleset_id: str

    @property
    def label(self) -> str:
        """ "Team (Race, League)" for a picker."""
        return f"{self.name} ({self.race}, {self.league})"


@dataclass(frozen=True)
class PracticeMatch:
    """A practice match ready to play: the engine's match and the two teams' names."""

    match: Match
    home: str
    away: str
    ruleset_id: str
    journeymen: tuple[int, int]
    """Journeymen added to reach eleven players (home, away)."""
    colours: tuple[TeamColours, TeamColours]
    """The teams' board colours, as stored for league matches."""
