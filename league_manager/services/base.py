"""Shared plumbing for services: the engine, ruleset lookup and one transaction per call."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine
from sqlmodel import Session

from league_manager.persistence.database import session_scope
from league_manager.persistence.models import League
from league_manager.persistence.repositories import league_settings
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset


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
        return load_ruleset(league.ruleset_id)

    @staticmethod
    def settings_of(league: League) -> dict[str, bool | int | str]:
        """House-rule settings with the ruleset defaults filled in."""
        defaults = load_ruleset(league.ruleset_id).house_rule_defaults()
        return defaults | league_settings(league)
