"""The classic (LRB 2004) open league: coaches arrange their own games, no schedule needed.

A fixture is added between any two teams of the league (a team not yet in the season joins it
on its first fixture), but no team may meet one opponent more than twice in a row.
"""

from __future__ import annotations

from sqlmodel import Session, col, or_, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence.models import League, Team
from league_manager.persistence.season_models import Fixture, Season, SeasonTeam

MAX_IN_A_ROW = 2
"""LRB 3: a team may not play the same opponent more than twice in a row."""
NOT_PLAYED = ("void", "bye")


def join_on_first_fixture(season: Season, team: Team, *, session: Session) -> None:
    """Enter the team into the open league's season if it is not in it yet."""
    assert season.id is not None and team.id is not None
    row = session.exec(
        select(SeasonTeam).where(SeasonTeam.season_id == season.id, SeasonTeam.team_id == team.id)
    ).first()
    if row is None:
        session.add(SeasonTeam(season_id=season.id, team_id=team.id))
        session.flush()


def last_opponents(league: League, team: Team, count: int, *, session: Session) -> list[int | None]:
    """The opponents of the team's last ``count`` fixtures in the league, the latest first."""
    rows = session.exec(
        select(Fixture)
        .join(Season, col(Season.id) == col(Fixture.season_id))
        .where(Season.league_id == league.id)
        .where(or_(Fixture.home_team_id == team.id, Fixture.away_team_id == team.id))
        .where(col(Fixture.status).not_in(NOT_PLAYED))
        .order_by(col(Fixture.id).desc())
        .limit(count)
    ).all()
    return [f.away_team_id if f.home_team_id == team.id else f.home_team_id for f in rows]


def check_not_again(league: League, a: Team, b: Team, *, session: Session) -> None:
    """Refuse a third fixture in a row between the same two teams.

    Raises:
        RuleViolation: ``a`` or ``b`` played its last two fixtures against the other.
    """
    for team, other in ((a, b), (b, a)):
        last = last_opponents(league, team, MAX_IN_A_ROW, session=session)
        if len(last) == MAX_IN_A_ROW and all(o == other.id for o in last):
            raise RuleViolation(
                "opponents",
                f"{team.name} played its last {MAX_IN_A_ROW} matches against {other.name}: the LRB 3 "
                f"league allows no more than {MAX_IN_A_ROW} in a row against one opponent; "
                "arrange a game with another team first",
            )


def knockout_drawn(season: Season, *, session: Session) -> bool:
    """True once the season has play-off fixtures (its league weeks and challenges are over)."""
    drawn = session.exec(
        select(Fixture.id).where(Fixture.season_id == season.id, Fixture.stage == "playoff")
    ).first()
    return drawn is not None


def check_league_weeks(season: Season, *, session: Session) -> None:
    """Refuse arranging a league game once the season's knock-out is drawn or the season is over.

    Raises:
        RuleViolation: the season is finished, or it has play-off fixtures.
    """
    if season.status == "finished":
        raise RuleViolation("fixture", f"{season.name} is finished: no more games are arranged in it")
    if knockout_drawn(season, session=session):
        raise RuleViolation(
            "fixture",
            f"{season.name}'s knock-out has been drawn: the league weeks are over and no more games "
            "are arranged",
        )
