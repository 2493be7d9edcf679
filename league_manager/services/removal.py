"""Retiring or deleting teams, seasons and leagues: only what has no history is deleted.

A team that ever took part in a season (or played) is retired instead: it keeps its
roster, ledgers and results, leaves the list of teams that can join a season, and can be
reinstated. A season with a result, or a match day, board match or tracker started,
stays; so does a league holding such a team or season. :meth:`RemovalService.plan`
says beforehand what :meth:`RemovalService.remove` will do, in words.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import func, or_
from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.board_models import BoardMatch
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.deletion import delete_with_dependents
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import League, Team
from league_manager.persistence.season_models import Fixture, FixtureResult, Season, SeasonTeam
from league_manager.persistence.tracker_models import TrackerMatch
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.season_store import find_season

KINDS = ("team", "season", "league")


@dataclass(frozen=True, slots=True)
class RemovalPlan:
    """What removing one team, season or league does: ``delete``, ``retire`` or ``refuse``."""

    kind: str
    id: int
    name: str
    action: str
    reason: str
    """Why it is retired or refused (its history), or what deleting takes with it."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return asdict(self)


def _count(session: Session, query: Any) -> int:
    return int(session.exec(query).one())


def team_history(session: Session, team: Team) -> str:
    """Why a team has history (a sentence), or "" when it has none."""
    seasons = _count(
        session, select(func.count()).select_from(SeasonTeam).where(SeasonTeam.team_id == team.id)
    )
    fixtures = _count(
        session,
        select(func.count())
        .select_from(Fixture)
        .where(or_(col(Fixture.home_team_id) == team.id, col(Fixture.away_team_id) == team.id)),
    )
    if team.first_match_played or fixtures:
        return f"{team.name} has {fixtures} fixture(s) in the league's history"
    if seasons:
        return f"{team.name} was entered in {seasons} season(s)"
    return ""


def season_history(session: Session, season: Season) -> str:
    """Why a season has history (a sentence), or "" when it has none."""
    fixture_ids = select(Fixture.id).where(Fixture.season_id == season.id)
    results = _count(
        session,
        select(func.count()).select_from(FixtureResult).where(col(FixtureResult.fixture_id).in_(fixture_ids)),
    )
    if results:
        return f"{season.name} has {results} result(s)"
    for model, what in (
        (MatchDay, "a match day"),
        (ClassicPreMatch, "a classic pre-match"),
        (BoardMatch, "a board match"),
        (TrackerMatch, "a tracker"),
    ):
        started = _count(
            session, select(func.count()).select_from(model).where(col(model.fixture_id).in_(fixture_ids))
        )
        if started:
            return f"{season.name} has {what} started"
    return ""


class RemovalService(ServiceBase):
    """Delete what has no history; retire teams that have some."""

    def plan(self, kind: str, name_or_id: str | int) -> RemovalPlan:
        """What :meth:`remove` would do, without doing it.

        Raises:
            RuleViolation: an unknown kind. NotFound: no such team, season or league.
        """
        with self.transaction() as session:
            return self._plan(session, kind, name_or_id)

    def remove(self, kind: str, name_or_id: str | int) -> Outcome[RemovalPlan]:
        """Delete a team, season or league without history, or retire a team with some.

        Raises:
            RuleViolation: it has history and cannot be retired (a season or league), or
                the team is retired already; nothing is changed.
        """
        with self.transaction() as session:
            plan = self._plan(session, kind, name_or_id)
            if plan.action == "refuse":
                raise RuleViolation(kind, plan.reason)
            league_id = self._league_of(session, kind, plan.id)
            if plan.action == "retire":
                team = session.get(Team, plan.id)
                assert team is not None
                team.retired = True
                session.add(team)
            else:  # a league takes its seasons and teams with it: the walk follows their keys
                delete_with_dependents(session, kind, [plan.id])
            session.flush()
        verb = "retired" if plan.action == "retire" else "deleted"
        teams = frozenset({plan.id}) if kind == "team" else frozenset()
        return Outcome(
            plan, Changes(leagues=frozenset({league_id}), teams=teams, description=f"{verb} {plan.name}")
        )

    def reinstate_team(self, name_or_id: str | int) -> Outcome[RemovalPlan]:
        """Bring a retired team back (it may join seasons again).

        Raises:
            RuleViolation: the team is not retired.
        """
        with self.transaction() as session:
            team = repo.find_team(name_or_id, session=session)
            if not team.retired:
                raise RuleViolation("team", f"{team.name} is not retired")
            team.retired = False
            session.add(team)
            session.flush()
            plan = RemovalPlan("team", team.id or 0, team.name, "reinstate", "")
        return Outcome(
            plan,
            Changes(
                leagues=frozenset({team.league_id}),
                teams=frozenset({plan.id}),
                description=f"reinstated {plan.name}",
            ),
        )

    # -- helpers ---------------------------------------------------------------------------

    def _plan(self, session: Session, kind: str, name_or_id: str | int) -> RemovalPlan:
        if kind == "team":
            team = repo.find_team(name_or_id, session=session)
            history = team_history(session, team)
            if team.retired:
                return RemovalPlan(kind, team.id or 0, team.name, "refuse", f"{team.name} is retired already")
            if history:
                return RemovalPlan(
                    kind,
                    team.id or 0,
                    team.name,
                    "retire",
                    f"{history}: it is retired, keeping its roster, ledgers and results",
                )
            return RemovalPlan(
                kind,
                team.id or 0,
                team.name,
                "delete",
                f"{team.name} never played: it is deleted with its roster and ledgers",
            )
        if kind == "season":
            season = find_season(name_or_id, session=session)
            history = season_history(session, season)
            if history:
                return RemovalPlan(
                    kind,
                    season.id or 0,
                    season.name,
                    "refuse",
                    f"{history}; a season with results stays in the league's history",
                )
            return RemovalPlan(
                kind,
                season.id or 0,
                season.name,
                "delete",
                f"{season.name} has no result: it is deleted with its fixtures and entries",
            )
        if kind == "league":
            league = repo.find_league(name_or_id, session=session)
            return self._league_plan(session, league)
        raise RuleViolation("kind", f"unknown kind '{kind}' ({', '.join(KINDS)})")

    @staticmethod
    def _league_plan(session: Session, league: League) -> RemovalPlan:
        lid = league.id or 0
        for season in session.exec(select(Season).where(Season.league_id == lid)).all():
            history = season_history(session, season)
            if history:
                return RemovalPlan(
                    "league",
                    lid,
                    league.name,
                    "refuse",
                    f"{history}; a league with history stays (retire its teams instead)",
                )
        teams = repo.teams_of(lid, session=session)
        for team in teams:
            if team.first_match_played:
                return RemovalPlan(
                    "league",
                    lid,
                    league.name,
                    "refuse",
                    f"{team.name} has played; a league with history stays",
                )
        return RemovalPlan(
            "league",
            lid,
            league.name,
            "delete",
            f"{league.name} has no result: it is deleted with its {len(teams)} team(s) and its seasons",
        )

    @staticmethod
    def _league_of(session: Session, kind: str, ident: int) -> int:
        if kind == "league":
            return ident
        row = session.get(Team, ident) if kind == "team" else session.get(Season, ident)
        assert row is not None
        return int(row.league_id)
