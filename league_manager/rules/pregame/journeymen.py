"""Pre-game step 3: journeymen fill a team up to eleven players able to play."""

from __future__ import annotations

from league_manager.rules.model import Position, TeamRoster

JOURNEYMAN_LONER = "Loner (4+)"


def journeymen_needed(available: int, minimum: int = 11) -> int:
    """How many journeymen a team with ``available`` players must take."""
    return max(0, minimum - available)


def journeyman_position(roster: TeamRoster) -> Position:
    """The lineman line journeymen come from (roster data names it)."""
    return roster.journeyman_position
