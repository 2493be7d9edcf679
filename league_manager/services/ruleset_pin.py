"""Which ruleset a league or team is played under, checking the league's pinned version.

Free of SQLAlchemy: the ORM services and the read-only listings both ask it.
"""

from __future__ import annotations

from league_manager.core.errors import RulesetVersionMismatch
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset


def pinned_ruleset(ruleset_id: str, ruleset_version: str, league_name: str) -> Ruleset:
    """The ruleset a league is pinned to, checking the pinned version.

    Raises:
        RulesetVersionMismatch: the program ships another version of the league's
            ruleset; the commissioner moves the league on explicitly
            (``league upgrade-ruleset``).
    """
    ruleset = load_ruleset(ruleset_id)
    if ruleset.version != ruleset_version:
        raise RulesetVersionMismatch(
            f"{league_name} is pinned to {ruleset.id} {ruleset_version}; this program has "
            f"{ruleset.version}. Move the league on with: league-manager league upgrade-ruleset "
            f'"{league_name}"'
        )
    return ruleset


def edition_ruleset(team_ruleset_id: str, ruleset_id: str, ruleset_version: str, league_name: str) -> Ruleset:
    """The edition a team is drafted under: its league's, or (once the league has moved to
    another edition) the one it was drafted and played under."""
    if team_ruleset_id != ruleset_id:
        return load_ruleset(team_ruleset_id)
    return pinned_ruleset(ruleset_id, ruleset_version, league_name)
