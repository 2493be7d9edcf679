"""Shared plumbing for services: the engine, ruleset lookup and one transaction per call."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine
from sqlmodel import Session

from league_manager.persistence.database import session_scope
from league_manager.persistence.models import League, Team
from league_manager.persistence.repositories import league_settings
from league_manager.rules.model import Ruleset
from league_manager.services.ruleset_pin import edition_ruleset, pinned_ruleset


class ServiceBase:
    """Base of every service: holds the engine; each public method is one transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One unit of work (commit on success, roll back on error)."""
        with session_scope(self.engine) as session:
            yield session

    @staticmethod
    def ruleset_of(league: League) -> Ruleset:
        """The ruleset a league is pinned to."""
        return league_ruleset(league)

    @staticmethod
    def settings_of(league: League) -> dict[str, bool | int | str]:
        """House-rule settings with the ruleset defaults filled in."""
        return league_ruleset(league).house_rule_defaults() | league_settings(league)


def league_ruleset(league: League) -> Ruleset:
    """The ruleset a league is pinned to, checking the pinned version.

    Raises:
        RulesetVersionMismatch: the program ships another version of the league's
            ruleset; the commissioner moves the league on explicitly
            (``league upgrade-ruleset``).
    """
    return pinned_ruleset(league.ruleset_id, league.ruleset_version, league.name)


def team_ruleset(team: Team, league: League) -> Ruleset:
    """The edition a team is drafted under: its league's, or (once the league has moved to
    another edition) the one it was drafted and played under."""
    return edition_ruleset(team.ruleset_id, league.ruleset_id, league.ruleset_version, league.name)
