"""Season 3's Team Captain in the match: a used team re-roll is kept on a natural 6.

The Captain carries "Team Captain" among their skills (the kick-off snapshot lists it
after the free Pro); the handler is registered for ``bb2025`` only, so the rule is
played by that edition alone (reference bb2025 advancement.yaml ``team_captain``).
"""

from __future__ import annotations

from league_manager.match.skills.registry import hook_point, register

KEEPS_TEAM_REROLL = hook_point(
    "keeps_team_reroll",
    "fn() -> int: while this player is on the pitch, a team re-roll the team uses is kept on this D6 roll"
    " or higher (Team Captain)",
)


@register(KEEPS_TEAM_REROLL, "Team Captain", editions={"bb2025"})
def _team_captain() -> int:
    return 6
