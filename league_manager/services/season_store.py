"""Season queries on an open session: look-ups, membership and fixtures as read models.

Helpers of the season services; like repositories they flush, never commit.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import case, func
from sqlmodel import Session, col, select

from league_manager.core.errors import Ambiguous, NotFound, RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import Coach, League, Team, TreasuryEntry
from league_manager.persistence.season_models import (
    Division,
    Fixture,
    FixtureResult,
    Round,
    Season,
    SeasonTeam,
)
from league_manager.rules.loader import load_ruleset
from league_manager.services.season_read_models import (
    EntryCandidate,
    FixtureView,
    ResultView,
    RoundView,
    SeasonTeamView,
    SeasonView,
)


def find_season(name_or_id: str | int, *, session: Session) -> Season:
    """A season by id or (case-insensitive) name.

    Raises:
        NotFound: no such season (the message lists the seasons that exist).
        Ambiguous: several leagues have a season of that name.
    """
    if isinstance(name_or_id, int) or str(name_or_id).isdigit():
        season = session.get(Season, int(name_or_id))
        if season is not None:
            return season
    matches = session.exec(select(Season).where(func.lower(Season.name) == str(name_or_id).lower())).all()
    if len(matches) > 1:
        raise Ambiguous(f"several leagues have a season called '{name_or_id}'; use the season id")
    if not matches:
        names = ", ".join(s.name for s in session.exec(select(Season).order_by(col(Season.id))))
        raise NotFound(f"no season '{name_or_id}'" + (f" (seasons: {names})" if names else ""))
    return matches[0]


def find_fixture(fixture_id: int, *, session: Session) -> Fixture:
    """A fixture by id.

    Raises:
        NotFound: no such fixture.
    """
    fixture = session.get(Fixture, int(fixture_id))
    if fixture is None:
        raise NotFound(f"no fixture {fixture_id}")
    return fixture


def league_of(season: Season, *, session: Session) -> League:
    """The season's league."""
    league = session.get(League, season.league_id)
    assert league is not None
    return league


@dataclass(frozen=True)
class Member:
    """A season team with what the services need to know about it."""

    team_id: int
    name: str
    race: str
    coach_id: int
    coach: str
    division_id: int | None
    division: str | None
    withdrawn: bool
    withdrawal_reason: str | None
    withdrawn_at: datetime | None = None


def race_namer(league: League | None) -> Callable[[str], str]:
    """Turns a team's race id into the display name its league's ruleset gives it."""
    rosters = load_ruleset(league.ruleset_id).teams if league else {}
    return lambda race: rosters[race].name if race in rosters else race


def members(season_id: int, *, session: Session) -> list[Member]:
    """The season's teams (withdrawn ones included), by division then name."""
    divisions = division_names(season_id, session=session)
    season = session.get(Season, season_id)
    race_name = race_namer(session.get(League, season.league_id) if season else None)
    rows = session.exec(
        select(SeasonTeam, Team, Coach)
        .join(Team, col(Team.id) == SeasonTeam.team_id)
        .join(Coach, col(Coach.id) == Team.coach_id)
        .where(SeasonTeam.season_id == season_id)
    ).all()
    out = [
        Member(
            team_id=team.id or 0,
            name=team.name,
            race=race_name(team.race),
            coach_id=coach.id or 0,
            coach=coach.name,
            division_id=st.division_id,
            division=divisions.get(st.division_id) if st.division_id else None,
            withdrawn=st.withdrawn_at is not None,
            withdrawal_reason=st.withdrawal_reason,
            withdrawn_at=st.withdrawn_at,
        )
        for st, team, coach in rows
    ]
    order = {d: i for i, d in enumerate(divisions)}
    return sorted(out, key=lambda m: (order.get(m.division_id or 0, -1), m.name.lower()))


def division_names(season_id: int, *, session: Session) -> dict[int, str]:
    """Division id -> name, in display order."""
    rows = session.exec(
        select(Division).where(Division.season_id == season_id).order_by(col(Division.position))
    ).all()
    return {d.id or 0: d.name for d in rows}


def find_division(season_id: int, name: str, *, session: Session) -> Division:
    """A division of the season by name (case-insensitive).

    Raises:
        NotFound: listing the season's divisions.
    """
    divisions = session.exec(select(Division).where(Division.season_id == season_id)).all()
    for division in divisions:
        if division.name.lower() == name.strip().lower():
            return division
    known = ", ".join(d.name for d in divisions) or "none"
    raise NotFound(f"no division '{name}' in this season (divisions: {known})")


def team_in_season(season: Season, team: str | int, *, session: Session) -> Team:
    """A team of the season's league named or numbered ``team``.

    Raises:
        NotFound: no such team in the league.
    """
    row = repo.find_team(team, session=session, league_id=season.league_id)
    if row.league_id != season.league_id:
        raise NotFound(f"team '{team}' is not in this season's league")
    return row


def team_names(team_ids: Iterable[int | None], *, session: Session) -> dict[int, str]:
    """Team id -> name for the given ids."""
    ids = {t for t in team_ids if t is not None}
    if not ids:
        return {}
    return {t.id or 0: t.name for t in session.exec(select(Team).where(col(Team.id).in_(ids)))}


def next_round_number(season_id: int, *, session: Session) -> int:
    """One more than the highest round number of the season."""
    highest = session.exec(select(func.max(Round.number)).where(Round.season_id == season_id)).one()
    return int(highest or 0) + 1


def get_or_create_round(season_id: int, number: int, name: str, stage: str, *, session: Session) -> Round:
    """The season's round ``number``, created when new."""
    row = session.exec(select(Round).where(Round.season_id == season_id, Round.number == number)).first()
    if row is None:
        row = Round(season_id=season_id, number=number, name=name, stage=stage)
        session.add(row)
        session.flush()
    return row


def result_view(result: FixtureResult, names: dict[int, str]) -> ResultView:
    """The read model of a stored result."""
    return ResultView(
        outcome=result.outcome,
        home_td=result.home_td,
        away_td=result.away_td,
        home_cas=result.home_cas,
        away_cas=result.away_cas,
        home_verdict=result.home_verdict,
        away_verdict=result.away_verdict,
        winner=names.get(result.winner_team_id) if result.winner_team_id else None,
        winner_id=result.winner_team_id,
        decided_by=names.get(result.decided_by_team_id) if result.decided_by_team_id else None,
        note=result.note,
    )


def fixture_rows(
    season_id: int, *, session: Session, round_number: int | None = None, fixture_ids: Sequence[int] = ()
) -> list[FixtureView]:
    """Fixtures of a season as read models, by round and id."""
    query = (
        select(Fixture, Round, FixtureResult)
        .join(Round, col(Round.id) == Fixture.round_id)
        .outerjoin(FixtureResult, col(FixtureResult.fixture_id) == Fixture.id)
        .where(Fixture.season_id == season_id)
    )
    if round_number is not None:
        query = query.where(Round.number == round_number)
    if fixture_ids:
        query = query.where(col(Fixture.id).in_(list(fixture_ids)))
    rows = session.exec(query.order_by(col(Round.number), col(Fixture.id))).all()
    names = {
        t.id or 0: t.name
        for t in session.exec(select(Team).where(Team.league_id == _league_id(season_id, session)))
    }
    divisions = division_names(season_id, session=session)
    ids = [fx.id for fx, _, res in rows if res is not None and res.outcome in MATCH_OUTCOMES]
    classic = _is_classic_season(season_id, session=session)
    pending = _classic_postmatch_pending(ids, session=session) if classic else None
    days = set() if classic else _played_on_match_day(ids, session=session)
    return [
        FixtureView(
            id=fx.id,
            round=rnd.number,
            round_name=rnd.name,
            stage=fx.stage,
            division=divisions.get(fx.division_id) if fx.division_id else None,
            home=names.get(fx.home_team_id) if fx.home_team_id else None,
            away=names.get(fx.away_team_id) if fx.away_team_id else None,
            home_id=fx.home_team_id,
            away_id=fx.away_team_id,
            status=fx.status,
            result=result_view(res, names) if res is not None else None,
            scheduled_for=fx.scheduled_for,
            slot=fx.slot,
            third_place=fx.third_place,
            note=fx.note,
            score_only=fx.id in pending
            if pending is not None
            else res is not None and res.outcome in MATCH_OUTCOMES and fx.id not in days,
            classic=classic,
        )
        for fx, rnd, res in rows
    ]


MATCH_OUTCOMES = ("score", "concession")
"""Result kinds that stand for a match played, which the post-game should follow."""


def _played_on_match_day(fixture_ids: Sequence[int | None], *, session: Session) -> set[int]:
    """The fixtures among ``fixture_ids`` whose result came through the match-day flow."""
    if not fixture_ids:
        return set()
    query = select(MatchDay.fixture_id).where(
        col(MatchDay.fixture_id).in_(list(fixture_ids)),
        col(MatchDay.stage).in_(["result_entered", "post_game_applied"]),
    )
    # a concession before the match pays its gold and MVPs at once (services/concessions.py)
    paid = select(TreasuryEntry.fixture_id).where(col(TreasuryEntry.fixture_id).in_(list(fixture_ids)))
    return set(session.exec(query).all()) | {f for f in session.exec(paid).all() if f is not None}


def _is_classic_season(season_id: int, *, session: Session) -> bool:
    """True when the season's league plays a classic (LRB 2004) ruleset."""
    from league_manager.services.base import league_ruleset

    league = session.get(League, _league_id(season_id, session))
    return league is not None and league_ruleset(league).classic


def _classic_postmatch_pending(fixture_ids: Sequence[int | None], *, session: Session) -> set[int]:
    """Classic fixtures among ``fixture_ids`` whose pre-match ran but whose post-match has not.

    A classic score without a pre-match (a refused written challenge, a ruling typed in) has no
    post-match to run, so it is not pending.
    """
    from league_manager.persistence.classic_models import ClassicPreMatch

    if not fixture_ids:
        return set()
    rows = session.exec(select(ClassicPreMatch).where(col(ClassicPreMatch.fixture_id).in_(list(fixture_ids))))
    return {r.fixture_id for r in rows if json.loads(r.record_json).get("post_match") is None}


def _league_id(season_id: int, session: Session) -> int:
    season = session.get(Season, season_id)
    assert season is not None
    return season.league_id


def fixture_view(fixture: Fixture, *, session: Session) -> FixtureView:
    """One stored fixture as a read model."""
    assert fixture.id is not None
    return fixture_rows(fixture.season_id, session=session, fixture_ids=[fixture.id])[0]


def rounds_of(views: Sequence[FixtureView]) -> tuple[RoundView, ...]:
    """Group fixture views into rounds (they come sorted by round)."""
    rounds: dict[int, list[FixtureView]] = {}
    meta: dict[int, tuple[str, str]] = {}
    for view in views:
        rounds.setdefault(view.round, []).append(view)
        meta.setdefault(view.round, (view.round_name, view.stage))
    return tuple(
        RoundView(number, meta[number][0], meta[number][1], tuple(items))
        for number, items in sorted(rounds.items())
    )


def season_view(season: Season, *, session: Session) -> SeasonView:
    """The read model of a season."""
    assert season.id is not None
    league = league_of(season, session=session)
    team_rows = members(season.id, session=session)
    total, decided = session.exec(
        select(
            func.count(col(Fixture.id)),
            func.count(col(FixtureResult.id)) + func.sum(case((col(Fixture.status) == "void", 1), else_=0)),
        )
        .outerjoin(FixtureResult, col(FixtureResult.fixture_id) == Fixture.id)
        .where(Fixture.season_id == season.id)
    ).one()
    rounds = session.exec(select(func.count(col(Round.id))).where(Round.season_id == season.id)).one()
    played = fixture_counts(season.id, session=session)
    return SeasonView(
        id=season.id,
        name=season.name,
        league=league.name,
        league_id=league.id or 0,
        format=season.format,
        status=season.status,
        seed=season.seed,
        ruleset=season.ruleset_id,
        ruleset_version=season.ruleset_version,
        divisions=tuple(division_names(season.id, session=session).values()),
        teams=tuple(
            SeasonTeamView(
                m.team_id,
                m.name,
                m.race,
                m.coach,
                m.division,
                m.withdrawn,
                m.withdrawal_reason,
                m.withdrawn_at,
                played[m.team_id],
            )
            for m in team_rows
        ),
        rounds=int(rounds),
        fixtures=int(total or 0),
        decided=int(decided or 0),
    )


def membership(season_id: int, team_id: int, *, session: Session) -> SeasonTeam:
    """The team's membership row.

    Raises:
        RuleViolation: the team is not in the season.
    """
    row = session.exec(
        select(SeasonTeam).where(SeasonTeam.season_id == season_id, SeasonTeam.team_id == team_id)
    ).first()
    if row is None:
        raise RuleViolation("season", "the team is not in this season")
    return row


def fixture_counts(season_id: int, *, session: Session) -> Counter[int]:
    """Team id -> how many fixtures of the season (byes included) it appears in."""
    counts: Counter[int] = Counter()
    for side in (col(Fixture.home_team_id), col(Fixture.away_team_id)):
        rows = session.exec(
            select(side, func.count(col(Fixture.id)))
            .where(Fixture.season_id == season_id, side.is_not(None))
            .group_by(side)
        ).all()
        counts.update({int(team): int(count) for team, count in rows if team is not None})
    return counts


def entry_candidates(league_id: int, season_id: int | None, *, session: Session) -> list[EntryCandidate]:
    """The league's teams that could join the season: not retired and not in it yet, by name."""
    entered: set[int] = set()
    if season_id is not None:
        entered = set(session.exec(select(SeasonTeam.team_id).where(SeasonTeam.season_id == season_id)))
    race_name = race_namer(session.get(League, league_id))
    rows = session.exec(
        select(Team, Coach)
        .join(Coach, col(Coach.id) == Team.coach_id)
        .where(Team.league_id == league_id, col(Team.retired).is_(False))
        .order_by(col(Team.name))
    ).all()
    return [
        EntryCandidate(
            team_id=team.id or 0,
            name=team.name,
            race=race_name(team.race),
            coach=coach.name,
        )
        for team, coach in rows
        if team.id not in entered
    ]


def check_friendly(season: Season, a: Team, b: Team, *, session: Session) -> None:
    """Refuse a friendly the league rules do not allow: a team that withdrew, teams of one
    division (or a season without divisions), or a pair that has had its friendly already.

    Raises:
        RuleViolation: naming the rule.
    """
    assert season.id is not None
    divisions = []
    for team in (a, b):
        entry = membership(season.id, team.id or 0, session=session)
        if entry.withdrawn_at is not None:
            raise RuleViolation("friendly", f"{team.name} has withdrawn from {season.name}")
        divisions.append(entry.division_id)
    if divisions[0] is None or divisions[0] == divisions[1]:
        raise RuleViolation(
            "friendly",
            f"{a.name} and {b.name} play in the same division; friendlies are across divisions",
        )
    pair = (a.id, b.id)
    earlier = session.exec(
        select(Fixture.id).where(
            Fixture.season_id == season.id,
            Fixture.stage == "friendly",
            col(Fixture.home_team_id).in_(pair),
            col(Fixture.away_team_id).in_(pair),
        )
    ).first()
    if earlier is not None:
        raise RuleViolation("friendly", f"{a.name} and {b.name} already have a friendly (fixture {earlier})")
