"""Bloodweiser Kegs (Season 3: Blitzer's Best Kegs): each keg helps the team's Knocked-out
players recover."""

from __future__ import annotations

from league_manager.match.inducements import BLITZERS_KEGS, KEGS, left
from league_manager.match.state import State


def ko_recovery_bonus(s: State, team: int) -> int:
    """+1 to each KO recovery roll of the team per keg bought."""
    return left(s, team, KEGS) + left(s, team, BLITZERS_KEGS)


def keg_name(s: State, team: int) -> str:
    """The name the team's kegs go by in its edition (for the KO recovery modifier)."""
    return BLITZERS_KEGS if left(s, team, BLITZERS_KEGS) else KEGS
