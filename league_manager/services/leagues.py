"""League use cases: create, list, read and change house-rule settings."""

from __future__ import annotations

import json
from collections.abc import Mapping

from sqlalchemy import func
from sqlmodel import Session, select

from league_manager.core.errors import RuleViolation
from league_manager.core.limits import NUMBER_MAX, clean_name
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import League, Team
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import HouseRule, Ruleset
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.read_models import LeagueView
from league_manager.services.setting_effects import SettingEffect, effects_of, refuse_history_rewrites

SettingValue = bool | int | str


def validate_settings(ruleset: Ruleset, settings: Mapping[str, object]) -> dict[str, SettingValue]:
    """Check house-rule values against their declared kinds.

    Raises:
        RuleViolation: an unknown setting or a value of the wrong kind.
    """
    known = {rule.key: rule for rule in ruleset.house_rules}
    clean: dict[str, SettingValue] = {}
    for key, value in settings.items():
        rule = known.get(key)
        if rule is None:
            raise RuleViolation("settings", f"unknown setting '{key}' (known: {', '.join(known)})")
        clean[key] = _coerce(rule, value)
    return clean


def _coerce(rule: HouseRule, value: object) -> SettingValue:
    if rule.kind == "bool":
        if isinstance(value, bool):
            return value
        if str(value).lower() in {"1", "true", "yes", "on"}:
            return True
        if str(value).lower() in {"0", "false", "no", "off"}:
            return False
    elif rule.kind == "int":
        try:
            number = int(str(value))
        except ValueError:
            pass
        else:
            if 0 <= number <= (rule.maximum or NUMBER_MAX):
                return number
    elif str(value) in rule.choices:
        return str(value)
    top = rule.maximum or NUMBER_MAX
    expected = {"bool": "true or false", "int": f"a whole number from 0 to {top:,}"}.get(
        rule.kind, "one of " + ", ".join(rule.choices)
    )
    raise RuleViolation(rule.key, f"expected {expected}, got '{value}'")


class LeagueService(ServiceBase):
    """Create and read leagues."""

    def create_league(
        self,
        name: str,
        ruleset_id: str = "bb2020",
        settings: Mapping[str, object] | None = None,
    ) -> Outcome[LeagueView]:
        """Create a league pinned to a ruleset's current version.

        Raises:
            RuleViolation: empty or taken name, or bad settings.
            NotFound: unknown ruleset.
        """
        with self.transaction() as session:
            league = self.create_in(session, name, ruleset_id, settings or {})
            view = self._view(league, 0)
        return Outcome(view, Changes(leagues=frozenset({view.id}), description=f"created {view.name}"))

    def create_in(
        self, session: Session, name: str, ruleset_id: str, settings: Mapping[str, object]
    ) -> League:
        """Create a league inside the caller's transaction.

        Raises:
            RuleViolation: empty, too long or taken name, or bad settings.
        """
        name = clean_name(name, "league")
        ruleset = load_ruleset(ruleset_id)
        clean = validate_settings(ruleset, settings)
        if any(lg.name.casefold() == name.casefold() for lg in session.exec(select(League))):
            raise RuleViolation("name", f"a league called '{name}' already exists")
        league = League(
            name=name,
            ruleset_id=ruleset.id,
            ruleset_version=ruleset.version,
            settings_json=json.dumps(clean, sort_keys=True),
        )
        session.add(league)
        session.flush()
        return league

    def list_leagues(self) -> list[LeagueView]:
        """Every league, by name, with its team count."""
        with self.transaction() as session:
            counts = dict(
                session.exec(select(Team.league_id, func.count()).group_by(Team.league_id)).all()  # type: ignore[arg-type]
            )
            leagues = session.exec(select(League).order_by(League.name)).all()
            return [self._view(lg, int(counts.get(lg.id or 0, 0))) for lg in leagues]

    def get_league(self, name_or_id: str | int) -> LeagueView:
        """One league by name or id.

        Raises:
            NotFound: no such league.
        """
        with self.transaction() as session:
            league = repo.find_league(name_or_id, session=session)
            count = session.exec(
                select(func.count()).select_from(Team).where(Team.league_id == league.id)
            ).one()
            return self._view(league, int(count))

    def update_settings(self, name_or_id: str | int, settings: Mapping[str, object]) -> Outcome[LeagueView]:
        """Change some house-rule settings of a league.

        Raises:
            RuleViolation: unknown setting or wrong value, or a change that would rewrite
                played history (see :mod:`league_manager.services.setting_effects`);
                nothing is changed.
        """
        with self.transaction() as session:
            league = repo.find_league(name_or_id, session=session)
            clean = validate_settings(self.ruleset_of(league), settings)
            refuse_history_rewrites(session, league, self.settings_of(league), clean)
            merged = repo.league_settings(league) | clean
            league.settings_json = json.dumps(merged, sort_keys=True)
            session.add(league)
            session.flush()
            view = self._view(league, len(repo.teams_of(league.id, session=session)))
        return Outcome(view, Changes(leagues=frozenset({view.id}), description="settings changed"))

    def setting_effects(self, name_or_id: str | int) -> list[SettingEffect]:
        """What each of the league's settings affects, and which ones its history locks now.

        Raises:
            NotFound: no such league.
        """
        with self.transaction() as session:
            league = repo.find_league(name_or_id, session=session)
            keys = [rule.key for rule in self.ruleset_of(league).house_rules]
            return effects_of(session, league, keys)

    def upgrade_ruleset(self, name_or_id: str | int) -> Outcome[LeagueView]:
        """Move a league on to the ruleset version this program ships (an explicit step).

        Settings the new version no longer knows are dropped; new ones take their defaults.
        """
        with self.transaction() as session:
            league = repo.find_league(name_or_id, session=session)
            ruleset = load_ruleset(league.ruleset_id)
            known = {rule.key for rule in ruleset.house_rules}
            kept = {k: v for k, v in repo.league_settings(league).items() if k in known}
            old = league.ruleset_version
            league.ruleset_version = ruleset.version
            league.settings_json = json.dumps(kept, sort_keys=True)
            session.add(league)
            session.flush()
            view = self._view(league, len(repo.teams_of(league.id, session=session)))
        return Outcome(
            view, Changes(leagues=frozenset({view.id}), description=f"ruleset {old} -> {ruleset.version}")
        )

    def _view(self, league: League, teams: int) -> LeagueView:
        assert league.id is not None
        return LeagueView(
            id=league.id,
            name=league.name,
            ruleset=league.ruleset_id,
            ruleset_version=league.ruleset_version,
            settings=load_ruleset(league.ruleset_id).house_rule_defaults() | repo.league_settings(league),
            teams=teams,
        )
