"""Fixture deadlines and what the league rules do with a fixture unplayed past its deadline.

BB2020 league rules (``league.yaml`` ``structure.time_limit``): a fixture not played by
its deadline counts as a loss for both teams; a coach gaming the system (a no-show)
has league points docked by the commissioner (``no_shows``; the edition's
``league_points["no_show"]``). Enforcement is one transaction: every overdue fixture
becomes an administrative "both lose" result and every no-show an adjustment row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence.league_rules_models import Adjustment, FixtureDeadline
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.season_models import OPEN_STATUSES, Fixture, Round, Season
from league_manager.rules.loader import load_ruleset
from league_manager.services.adjustments import who_is_acting
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.league_rules_views import OverdueFixture
from league_manager.services.match_day.board_store import refuse_if_board_in_progress
from league_manager.services.season_read_models import ResultEntry
from league_manager.services.season_results import apply_result
from league_manager.services.season_store import find_fixture, find_season, fixture_view, team_in_season


@dataclass(frozen=True)
class DeadlineView:
    """A fixture's deadline as set."""

    fixture_id: int
    label: str
    deadline: date
    set_by: str


def _day(when: date) -> datetime:
    return datetime.combine(when, time(), tzinfo=UTC)


class DeadlineService(ServiceBase):
    """Deadlines of fixtures and their enforcement."""

    def set_deadline(self, fixture: int, deadline: date) -> Outcome[DeadlineView]:
        """Give an unplayed fixture a deadline (or move it).

        Raises:
            NotFound: no such fixture.
            RuleViolation: a decided, void or play-off fixture, or one without both teams.
        """
        with self.transaction() as session:
            row = find_fixture(fixture, session=session)
            _check_enforceable(row)
            entry = session.exec(select(FixtureDeadline).where(FixtureDeadline.fixture_id == fixture)).first()
            if entry is None:
                entry = FixtureDeadline(fixture_id=fixture, deadline=_day(deadline), set_by="")
            entry.deadline, entry.set_by = _day(deadline), who_is_acting(session)
            session.add(entry)
            session.flush()
            label = fixture_view(row, session=session).label()
        view = DeadlineView(fixture, label, deadline, entry.set_by)
        return Outcome(
            view, Changes(fixtures=frozenset({fixture}), description=f"deadline of {label}: {deadline}")
        )

    def deadline_of(self, fixture: int) -> date | None:
        """A fixture's deadline, if it has one."""
        with self.transaction() as session:
            entry = session.exec(select(FixtureDeadline).where(FixtureDeadline.fixture_id == fixture)).first()
            return None if entry is None else entry.deadline.date()

    def overdue(self, season: str | int, today: date) -> list[OverdueFixture]:
        """The season's unplayed fixtures whose deadline is before ``today``.

        Raises:
            NotFound: no such season.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            return _overdue(row, today, session=session)

    def enforce(
        self, season: str | int, today: date, no_shows: Sequence[str | int] = ()
    ) -> Outcome[list[OverdueFixture]]:
        """Apply the rules to every overdue fixture: a loss for both teams; no-shows lose points.

        Args:
            season: the season (name or id).
            today: the day of enforcement (fixtures whose deadline is before it are overdue).
            no_shows: teams that did not turn up: each loses the edition's no-show league
                points (an adjustment row), once per overdue fixture it plays in.

        Returns:
            The fixtures decided, with the no-shows of each.

        Raises:
            RuleViolation: nothing overdue, a no-show team without an overdue fixture, or a
                fixture whose match day is under way (nothing is changed).
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            assert row.id is not None
            due = _overdue(row, today, session=session)
            if not due:
                raise RuleViolation("deadline", f"no fixture of {row.name} is past its deadline on {today}")
            absent = _no_show_ids(row, no_shows, due, session=session)
            penalty = load_ruleset(row.ruleset_id).league_points["no_show"]
            actor = who_is_acting(session)
            decided: list[OverdueFixture] = []
            changed: set[int] = set()
            teams: set[int] = set()
            for item in due:
                fixture = find_fixture(item.fixture_id, session=session)
                refuse_if_board_in_progress(item.fixture_id, "enforce its deadline", session=session)
                if session.exec(select(MatchDay).where(MatchDay.fixture_id == item.fixture_id)).first():
                    raise RuleViolation(
                        "deadline",
                        f"fixture {item.fixture_id} has a match day under way; finish or cancel it first",
                    )
                note = f"Unplayed by its deadline {item.deadline}: a loss for both teams"
                changed |= apply_result(
                    row, fixture, ResultEntry(administrative="both-lose", note=note), session=session
                )
                sides = [t for t in (fixture.home_team_id, fixture.away_team_id) if t is not None]
                teams |= set(sides)
                names = []
                for team_id in sides:
                    if team_id in absent:
                        session.add(
                            Adjustment(
                                team_id=team_id,
                                kind="points",
                                amount=-penalty,
                                season_id=row.id,
                                reason=f"No-show in fixture {item.fixture_id} ({item.label})",
                                made_by=actor,
                            )
                        )
                        names.append(absent[team_id])
                decided.append(
                    OverdueFixture(
                        item.fixture_id,
                        item.label,
                        item.round_name,
                        item.deadline,
                        item.days_over,
                        tuple(names),
                    )
                )
            session.flush()
        return Outcome(
            decided,
            Changes(
                teams=frozenset(teams),
                fixtures=frozenset(changed),
                description=f"{len(decided)} overdue fixture(s) decided",
            ),
        )


def _check_enforceable(fixture: Fixture) -> None:
    if fixture.status not in OPEN_STATUSES:
        raise RuleViolation(
            "deadline", f"fixture {fixture.id} is {fixture.status}; only unplayed fixtures have deadlines"
        )
    if fixture.home_team_id is None or fixture.away_team_id is None:
        raise RuleViolation("deadline", f"fixture {fixture.id} does not have both teams")
    if fixture.stage == "playoff":
        raise RuleViolation(
            "deadline", "a play-off fixture needs a winner, never a loss for both; it has no deadline"
        )


def _overdue(season: Season, today: date, *, session: Session) -> list[OverdueFixture]:
    rows = session.exec(
        select(Fixture, FixtureDeadline, Round)
        .join(FixtureDeadline, col(FixtureDeadline.fixture_id) == col(Fixture.id))
        .join(Round, col(Round.id) == col(Fixture.round_id))
        .where(Fixture.season_id == season.id, col(Fixture.status).in_(OPEN_STATUSES))
        .order_by(col(FixtureDeadline.deadline), col(Fixture.id))
    ).all()
    out = []
    for fixture, entry, rnd in rows:
        deadline = entry.deadline.date()
        if deadline < today and fixture.stage != "playoff":
            label = fixture_view(fixture, session=session).label()
            out.append(OverdueFixture(fixture.id or 0, label, rnd.name, deadline, (today - deadline).days))
    return out


def _no_show_ids(
    season: Season, teams: Sequence[str | int], due: Sequence[OverdueFixture], *, session: Session
) -> dict[int, str]:
    sides: set[int] = set()
    for item in due:
        fixture = find_fixture(item.fixture_id, session=session)
        sides |= {t for t in (fixture.home_team_id, fixture.away_team_id) if t is not None}
    out: dict[int, str] = {}
    for name in teams:
        team = team_in_season(season, name, session=session)
        if team.id not in sides:
            raise RuleViolation("no-show", f"{team.name} has no fixture past its deadline")
        out[team.id or 0] = team.name
    return out
