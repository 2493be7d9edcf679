"""Written play-off challenges in a classic (LRB 2004) season (seed 001, "Written challenges").

A coach may issue one written challenge a play-off week (weeks 1-3) to a team his own has
not played. The challenged coach accepts (the fixture is added), refuses (a 2-0 win for the
challenger is recorded at once: a score only, so no post-match, no SPP, cash or fan factor)
or names a substitute that has not played the challenger (the fixture is added against him).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.persistence.challenge_models import ClassicChallenge
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import Team
from league_manager.persistence.season_models import Fixture, Season
from league_manager.rules.classic_tournaments.challenges import (
    Challenge,
    check_challenge,
    check_substitute,
    refused,
    substitute_declined,
)
from league_manager.rules.classic_tournaments.playoffs import PlayoffMatch
from league_manager.rules.classic_tournaments.tables import load_tournaments
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.open_league import join_on_first_fixture, knockout_drawn
from league_manager.services.season_read_models import ResultEntry
from league_manager.services.season_results import apply_result
from league_manager.services.season_store import (
    find_season,
    get_or_create_round,
    league_of,
    membership,
    next_round_number,
    team_in_season,
    team_names,
)

ANSWERS = ("accept", "refuse", "substitute")


@dataclass(frozen=True, slots=True)
class ChallengeView:
    """A challenge as the desk shows it (team names)."""

    id: int
    season: str
    challenger: str
    challenged: str
    week: int
    answer: str
    substitute: str | None
    fixture_id: int | None

    def to_dict(self) -> dict[str, object]:
        """The challenge as JSON-ready data."""
        return {
            "id": self.id, "season": self.season, "challenger": self.challenger,
            "challenged": self.challenged, "week": self.week, "answer": self.answer or "open",
            "substitute": self.substitute, "fixture": self.fixture_id,
        }  # fmt: skip


class ClassicChallengeService(ServiceBase):
    """Issue and answer written challenges, one transaction each."""

    def of_season(self, season: str | int) -> tuple[ChallengeView, ...]:
        """The season's written challenges, in the order they were issued.

        Raises:
            NotFound: no such season.
            RuleViolation: not a classic season.
        """
        with self.transaction() as session:
            row = self._classic_season(season, session=session)
            stored = session.exec(
                select(ClassicChallenge)
                .where(ClassicChallenge.season_id == row.id)
                .order_by(col(ClassicChallenge.id))
            ).all()
            return tuple(_view(c, row, session=session) for c in stored)

    def issue(
        self, season: str | int, challenger: str | int, challenged: str | int, week: int
    ) -> Outcome[ChallengeView]:
        """Issue a written challenge in play-off week ``week``.

        Raises:
            NotFound: no such season or team.
            RuleViolation: not a classic season, outside weeks 1-3, a second challenge by the
                team that week, or two teams that have played (or have a fixture) already.
        """
        with self.transaction() as session:
            row = self._classic_season(season, session=session)
            _check_running(row, session=session)
            a = team_in_season(row, challenger, session=session)
            b = team_in_season(row, challenged, session=session)
            earlier = [
                _challenge(c, session=session)
                for c in session.exec(select(ClassicChallenge).where(ClassicChallenge.season_id == row.id))
            ]
            check_challenge(
                Challenge(a.name, b.name, week), earlier, _entrants(row, session), _met(row, session)
            )
            stored = ClassicChallenge(season_id=row.id or 0, challenger_team_id=a.id or 0,
                                      challenged_team_id=b.id or 0, week=week)  # fmt: skip
            session.add(stored)
            session.flush()
            view = _view(stored, row, session=session)
        return Outcome(view, Changes(leagues=frozenset({row.league_id}),
                                     description=f"{a.name} challenged {b.name} (week {week})"))  # fmt: skip

    def answer(
        self, challenge_id: int, answer: str, substitute: str | int | None = None
    ) -> Outcome[ChallengeView]:
        """The challenged coach's answer: ``accept``, ``refuse`` or ``substitute`` (naming the team).

        Raises:
            NotFound: no such challenge or substitute team.
            RuleViolation: an unknown answer, a challenge already answered, or a substitute who
                is not in the tournament or has played the challenger.
        """
        if answer not in ANSWERS:
            raise RuleViolation("challenge", f"answer {', '.join(ANSWERS)}, not '{answer}'")
        if (answer == "substitute") != (substitute is not None):
            raise RuleViolation("challenge", "a substitute is named with the answer 'substitute' only")
        with self.transaction() as session:
            stored = session.get(ClassicChallenge, challenge_id)
            if stored is None:
                raise NotFound(f"no challenge {challenge_id}")
            if stored.answer:
                raise RuleViolation(
                    "challenge", f"challenge {challenge_id} was already answered ({stored.answer})"
                )
            row = self._classic_season(stored.season_id, session=session)
            _check_running(row, session=session)
            challenge = _challenge(stored, session=session)
            opponent: int | None = stored.challenged_team_id
            if substitute is not None:
                sub = team_in_season(row, substitute, session=session)
                check_substitute(challenge, sub.name, _entrants(row, session), _met(row, session))
                stored.substitute_team_id = opponent = sub.id
            fixture = _add_fixture(row, stored.challenger_team_id, opponent or 0, session=session)
            if answer == "refuse":
                score = load_tournaments(
                    self.ruleset_of(league_of(row, session=session)).id
                ).refused_challenge_score
                result = refused(challenge, score)
                apply_result(row, fixture, ResultEntry(home_td=result.home_score, away_td=result.away_score),
                             session=session)  # fmt: skip
                fixture.note = "written challenge refused: no SPP, cash or fan factor"
                session.add(fixture)
            stored.answer = {"accept": "accepted", "refuse": "refused", "substitute": "substitute"}[answer]
            stored.fixture_id = fixture.id
            session.add(stored)
            session.flush()
            view = _view(stored, row, session=session)
        changes = Changes(leagues=frozenset({row.league_id}), fixtures=frozenset({fixture.id or 0}),
                          description=f"challenge {challenge_id} {view.answer}")  # fmt: skip
        return Outcome(view, changes)

    def decline_substitute(self, challenge_id: int) -> Outcome[ChallengeView]:
        """The challenger will not play the substitute: he loses the match 0-2 (no rewards).

        Raises:
            NotFound: no such challenge.
            RuleViolation: the answer named no substitute, or that match is already decided
                or under way.
        """
        with self.transaction() as session:
            stored = session.get(ClassicChallenge, challenge_id)
            if stored is None:
                raise NotFound(f"no challenge {challenge_id}")
            if stored.answer != "substitute" or stored.fixture_id is None:
                raise RuleViolation("challenge", f"challenge {challenge_id} named no substitute")
            row = self._classic_season(stored.season_id, session=session)
            _check_running(row, session=session)
            fixture = session.get(Fixture, stored.fixture_id)
            assert fixture is not None
            if fixture.status != "scheduled" or _started(fixture.id or 0, session=session):
                raise RuleViolation("challenge", f"fixture {fixture.id} is already decided or under way")
            names = team_names([stored.substitute_team_id], session=session)
            score = load_tournaments(
                self.ruleset_of(league_of(row, session=session)).id
            ).refused_challenge_score
            result = substitute_declined(
                _challenge(stored, session=session), names[stored.substitute_team_id or 0], score
            )
            apply_result(row, fixture, ResultEntry(home_td=result.home_score, away_td=result.away_score),
                         session=session)  # fmt: skip
            fixture.note = "substitute declined by the challenger: no SPP, cash or fan factor"
            session.add(fixture)
            stored.answer = "declined"
            session.add(stored)
            session.flush()
            view = _view(stored, row, session=session)
        changes = Changes(leagues=frozenset({row.league_id}), fixtures=frozenset({stored.fixture_id}),
                          description=f"challenge {challenge_id}: substitute declined")  # fmt: skip
        return Outcome(view, changes)

    def _refusal_score(self, row: Season, *, session: Session) -> tuple[int, int]:
        return load_tournaments(self.ruleset_of(league_of(row, session=session)).id).refused_challenge_score

    def _classic_season(self, season: str | int, *, session: Session) -> Season:
        row = find_season(season, session=session)
        if not self.ruleset_of(league_of(row, session=session)).classic:
            raise RuleViolation("challenge", f"{row.name} is not a classic (LRB 2004) season")
        return row


def _check_running(row: Season, *, session: Session) -> None:
    """Challenges belong to the play-off weeks: refused once the knock-out is drawn or the season is over."""
    if row.status == "finished":
        raise RuleViolation("challenge", f"{row.name} is finished")
    if knockout_drawn(row, session=session):
        raise RuleViolation(
            "challenge", f"{row.name}'s knock-out has been drawn: the play-off weeks are over"
        )


def _started(fixture_id: int, *, session: Session) -> bool:
    """True when the fixture's match day (its pre-match) has begun."""
    return session.exec(select(MatchDay.id).where(MatchDay.fixture_id == fixture_id)).first() is not None


def _challenge(row: ClassicChallenge, *, session: Session) -> Challenge:
    names = team_names([row.challenger_team_id, row.challenged_team_id], session=session)
    return Challenge(names[row.challenger_team_id], names[row.challenged_team_id], row.week)


def _entrants(row: Season, session: Session) -> set[str]:
    """The league's teams: any of them may play in the open play-offs."""
    return set(session.exec(select(Team.name).where(Team.league_id == row.league_id)).all())


def _met(row: Season, session: Session) -> list[PlayoffMatch]:
    """Every pairing of the season so far (played or arranged), as play-off matches without score."""
    fixtures = session.exec(
        select(Fixture).where(
            Fixture.season_id == row.id, Fixture.stage == "league", Fixture.status != "void"
        )
    ).all()
    ids = [t for f in fixtures for t in (f.home_team_id, f.away_team_id)]
    names = team_names(ids, session=session)
    return [
        PlayoffMatch(names[f.home_team_id], names[f.away_team_id], 0, 0)
        for f in fixtures
        if f.home_team_id is not None and f.away_team_id is not None
    ]


def _add_fixture(row: Season, home_id: int, away_id: int, *, session: Session) -> Fixture:
    assert row.id is not None
    for team_id in (home_id, away_id):
        team = session.get(Team, team_id)
        assert team is not None
        join_on_first_fixture(row, team, session=session)
        membership(row.id, team_id, session=session)
    number = next_round_number(row.id, session=session)
    rnd = get_or_create_round(row.id, number, f"Round {number}", "league", session=session)
    fixture = Fixture(season_id=row.id, round_id=rnd.id or 0, home_team_id=home_id, away_team_id=away_id,
                      stage="league", note="written challenge")  # fmt: skip
    session.add(fixture)
    session.flush()
    return fixture


def _view(stored: ClassicChallenge, row: Season, *, session: Session) -> ChallengeView:
    ids = [stored.challenger_team_id, stored.challenged_team_id, stored.substitute_team_id]
    names = team_names(ids, session=session)
    return ChallengeView(
        id=stored.id or 0, season=row.name, challenger=names[stored.challenger_team_id],
        challenged=names[stored.challenged_team_id], week=stored.week, answer=stored.answer,
        substitute=names.get(stored.substitute_team_id) if stored.substitute_team_id else None,
        fixture_id=stored.fixture_id,
    )  # fmt: skip
