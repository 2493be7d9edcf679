"""Bloodweiser Kegs: each keg bought helps the team's Knocked-out players recover."""

from __future__ import annotations

from league_manager.match.inducements import KEGS, left
from league_manager.match.state import State


def ko_recovery_bonus(s: State, team: int) -> int:
    """+1 to each KO recovery roll of the team per keg bought."""
    return left(s, team, KEGS)
