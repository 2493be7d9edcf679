"""Season 3's Team Captain (Human and Orc teams): who may be named, and what it gives.

Reference bb2025 ``advancement.yaml`` ``team_captain``: one player who is not a Big Guy is
named Captain; the Captain gains Pro with no value increase and it is not an advancement;
while the Captain is on the pitch, a team re-roll the team uses is kept on a natural 6
(the engine's ``Team Captain`` handler, ``match/skills/captain.py``).
"""

from __future__ import annotations

from league_manager.rules.model import Position, TeamRoster

TEAM_CAPTAIN = "Team Captain"
"""The team special rule, and the name the Captain carries into a match like a skill."""
CAPTAIN_SKILL = "Pro"
"""The skill the Captain gains for free."""
CAPTAIN_TEXT = (
    "The team's Captain: gains Pro for free (no value, not an advancement); while the Captain "
    "is on the pitch, a team re-roll the team uses is kept on a D6 roll of 6."
)
"""Our summary, shown as the Captain's skill tooltip and in the PDF roster."""


def captain_refusal(
    roster: TeamRoster, position: Position, *, status: str, journeyman: bool, current: str | None
) -> str | None:
    """Why a player may not be named the team's Captain, or None when they may.

    Args:
        roster: the team's roster (its special rules must include Team Captain).
        position: the player's position.
        status: the player's status ("active" to be named).
        journeyman: journeymen are not on the team for good.
        current: the name of the team's Captain while one is active, else None.
    """
    if TEAM_CAPTAIN not in roster.special_rules:
        return f"{roster.name} teams have no Team Captain in this edition"
    if journeyman or status != "active":
        return "only an active player of the team (not a journeyman) can be named Captain"
    if position.big_guy:
        return f"a Big Guy ({position.name}) cannot be the Captain"
    if current is not None:
        return f"{current} is the team's Captain; a new one can be named only once they have left the team"
    return None
