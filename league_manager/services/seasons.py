"""Season use cases: create seasons, manage membership, schedule, enter results, read tables."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import func
from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.core.limits import check_seed, clean_name
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import Player, Team, utcnow
from league_manager.persistence.season_models import (
    OPEN_STATUSES,
    Division,
    Fixture,
    PlayerMatchStats,
    Round,
    Season,
    SeasonTeam,
)
from league_manager.rules.loader import KNOWN_RULESETS, load_ruleset
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.concessions import refuse_if_conceded_before
from league_manager.services.match_day.board_store import refuse_if_board_in_progress
from league_manager.services.match_day.classic_postmatch import refuse_if_classic_postmatch
from league_manager.services.match_day.classic_undo_links import refuse_if_tournament_closed
from league_manager.services.open_league import check_league_weeks, check_not_again, join_on_first_fixture
from league_manager.services.season_read_models import (
    EntryCandidate,
    FixtureView,
    LeadersView,
    PlayerStatLine,
    RoundView,
    SchedulePreview,
    SeasonView,
    StandingsView,
)
from league_manager.services.season_results import ResultEntry, apply_result, withdraw_fixtures
from league_manager.services.season_results import clear_result as clear_fixture_result
from league_manager.services.season_schedule import commit_plan, plan_schedule, preview_of
from league_manager.services.season_store import (
    check_friendly,
    division_names,
    entry_candidates,
    find_division,
    find_fixture,
    find_season,
    fixture_rows,
    fixture_view,
    get_or_create_round,
    league_of,
    membership,
    next_round_number,
    rounds_of,
    season_view,
    team_in_season,
    team_names,
)
from league_manager.services.season_tables import leaders, standings

Entry = tuple[str | int, str | None]
"""A team (name or id) to enter into a season and its division (None: the season has none)."""


def _aware(when: datetime | None) -> datetime | None:
    """A fixture date in UTC; a date without a time zone is taken as local time."""
    return when.astimezone(UTC) if when is not None else None


class SeasonService(ServiceBase):
    """Seasons, their fixtures, results, standings and leader boards."""

    # -- seasons and membership ------------------------------------------------------------

    def create_season(
        self,
        league: str | int,
        name: str,
        divisions: Sequence[str] = (),
        seed: int | None = None,
        entries: Sequence[Entry] = (),
    ) -> Outcome[SeasonView]:
        """Create a season of a league, optionally split into named divisions, and enter its teams.

        The season, its divisions and its entries are one transaction: a refused entry
        creates nothing.

        Args:
            league: the league's name or id.
            name: the season's name, unique within the league.
            divisions: division (or conference) names; none means one table.
            seed: seeds the coin flips and shuffles (random when None).
            entries: (team, division) pairs to enter at once; the division is None
                when the season has no divisions.

        Raises:
            RuleViolation: empty or taken name, repeated division names, or an entry
                :meth:`enter_teams` refuses.
            NotFound: an unknown team or division in ``entries``.
        """
        name = clean_name(name, "season")
        check_seed(seed)
        clean = [clean_name(d, "division", rule="divisions") for d in divisions if d.strip()]
        if len({d.lower() for d in clean}) != len(clean):
            raise RuleViolation("divisions", "division names must differ")
        with self.transaction() as session:
            lg = repo.find_league(league, session=session)
            taken = session.exec(
                select(Season).where(Season.league_id == lg.id, func.lower(Season.name) == name.lower())
            ).first()
            if taken is not None:
                raise RuleViolation("name", f"{lg.name} already has a season called '{name}'")
            season = Season(league_id=lg.id or 0, name=name, ruleset_id=lg.ruleset_id,
                            ruleset_version=lg.ruleset_version,
                            seed=seed if seed is not None else secrets.randbelow(2**31))  # fmt: skip
            session.add(season)
            session.flush()
            for position, division in enumerate(clean):
                session.add(Division(season_id=season.id or 0, name=division, position=position))
            session.flush()
            added = _enter(season, entries, session=session)
            view = season_view(season, session=session)
        return Outcome(
            view,
            Changes(leagues=frozenset({view.league_id}), teams=frozenset(added),
                    description=f"created season {name}"),
        )  # fmt: skip

    def list_seasons(self, league: str | int | None = None) -> list[SeasonView]:
        """Seasons of one league (or all), oldest first."""
        with self.transaction() as session:
            query = select(Season).order_by(col(Season.id))
            if league is not None:
                query = query.where(Season.league_id == repo.find_league(league, session=session).id)
            return [season_view(s, session=session) for s in session.exec(query)]

    def get_season(self, season: str | int) -> SeasonView:
        """One season by name or id.

        Raises:
            NotFound: no such season.
        """
        with self.transaction() as session:
            return season_view(find_season(season, session=session), session=session)

    def entry_candidates(self, league: str | int, season: str | int | None = None) -> list[EntryCandidate]:
        """The league's teams that may join a season: not retired and (given a season) not in it.

        Args:
            league: the league's name or id.
            season: leave out the teams already in this season.
        """
        with self.transaction() as session:
            lg = repo.find_league(league, session=session)
            row = find_season(season, session=session) if season is not None else None
            return entry_candidates(lg.id or 0, row.id if row else None, session=session)

    def add_teams(
        self, season: str | int, teams: Sequence[str | int], division: str | None = None
    ) -> Outcome[SeasonView]:
        """Enter teams of the season's league into the season (and a division).

        Raises:
            RuleViolation: a team already in the season, retired, or a missing division
                when the season has divisions; nothing is added.
            NotFound: an unknown team or division.
        """
        return self.enter_teams(season, [(team, division) for team in teams])

    def enter_teams(self, season: str | int, entries: Sequence[Entry]) -> Outcome[SeasonView]:
        """Enter teams into the season, each into its own division, in one transaction.

        Args:
            season: the season's name or id.
            entries: (team, division) pairs; the division is None when the season has none.

        Raises:
            RuleViolation: no team, a team already in the season, retired, or a missing
                division when the season has divisions; nothing is added.
            NotFound: an unknown team or division.
        """
        if not entries:
            raise RuleViolation("teams", "name at least one team")
        with self.transaction() as session:
            row = find_season(season, session=session)
            added = _enter(row, entries, session=session)
            view = season_view(row, session=session)
        return Outcome(
            view,
            Changes(
                leagues=frozenset({view.league_id}),
                teams=frozenset(added),
                description=f"{len(added)} team(s) joined {view.name}",
            ),
        )

    def remove_team(self, season: str | int, team: str | int) -> Outcome[SeasonView]:
        """Take a team out of a season it has no fixtures in (an entry made by mistake).

        Raises:
            RuleViolation: the team is not in the season or already has fixtures
                (withdraw it instead).
        """
        return self.remove_teams(season, [team])

    def remove_teams(self, season: str | int, teams: Sequence[str | int]) -> Outcome[SeasonView]:
        """Take teams out of a season they have no fixtures in, in one transaction.

        Raises:
            RuleViolation: no team, a team not in the season or one that already has
                fixtures (withdraw it instead); nothing is removed.
        """
        if not teams:
            raise RuleViolation("teams", "name at least one team")
        with self.transaction() as session:
            row = find_season(season, session=session)
            removed = [_remove(row, team, session=session) for team in teams]
            session.flush()
            view = season_view(row, session=session)
        names = ", ".join(t.name for t in removed)
        return Outcome(view, Changes(leagues=frozenset({view.league_id}),
                                     teams=frozenset(t.id or 0 for t in removed),
                                     description=f"{names} removed"))  # fmt: skip

    def withdraw_team(self, season: str | int, team: str | int, reason: str = "") -> Outcome[SeasonView]:
        """Withdraw a team mid-season; its remaining fixtures follow ``withdrawn_team_fixtures``.

        Raises:
            RuleViolation: the team is not in the season or has already withdrawn.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            assert row.id is not None
            member = team_in_season(row, team, session=session)
            assert member.id is not None
            entry = membership(row.id, member.id, session=session)
            if entry.withdrawn_at is not None:
                raise RuleViolation("season", f"{member.name} has already withdrawn")
            entry.withdrawn_at = utcnow()
            entry.withdrawal_reason = reason.strip() or None
            session.add(entry)
            policy = str(
                self.settings_of(league_of(row, session=session)).get("withdrawn_team_fixtures", "forfeit")
            )
            changed = withdraw_fixtures(row, member.id, policy, session=session)
            view = season_view(row, session=session)
        return Outcome(view, Changes(leagues=frozenset({view.league_id}), teams=frozenset({member.id}),
                                     fixtures=frozenset(changed),
                                     description=f"{member.name} withdrew ({policy})"))  # fmt: skip

    # -- scheduling ------------------------------------------------------------------------

    def schedule(
        self,
        season: str | int,
        fmt: str,
        *,
        seed: int | None = None,
        preview: bool = False,
        qualifiers: int | None = None,
        third_place: bool = False,
    ) -> Outcome[SchedulePreview]:
        """Generate the season's schedule (or its next Swiss round, or its play-offs).

        With ``preview`` nothing is stored; otherwise the whole schedule is committed
        in one transaction.

        Args:
            season: the season's name or id.
            fmt: round-robin, double-round-robin, swiss (one round) or knockout.
            seed: shuffles the draw (default: the season's seed).
            preview: only show what would be created.
            qualifiers: knockout only: how many top teams qualify (default four).
            third_place: knockout only: add a third-place match.

        Raises:
            RuleViolation: a finished season, a classic (LRB 2004) open league, or see
                :func:`league_manager.services.season_schedule.plan_schedule`.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            assert row.id is not None
            league = league_of(row, session=session)
            if row.status == "finished":
                raise RuleViolation("schedule", f"{row.name} is finished: it takes no new fixtures")
            if self.ruleset_of(league).classic:
                raise RuleViolation(
                    "schedule",
                    f"{row.name} is an open league (LRB 2004): the coaches arrange their games "
                    "(`fixture add`, or Arrange a game… on the season page) and the knock-out is drawn "
                    "from the play-offs (`season classic-draw`)",
                )
            settings = self.settings_of(league)
            plan = plan_schedule(row, fmt, settings, session=session, seed=seed, qualifiers=qualifiers,
                                 third_place=third_place)  # fmt: skip
            teams = {t for r in plan.rounds for p, _ in r.pairings for t in p.teams}
            names = team_names({*teams, *(t for pair in plan.skipped for t in pair)}, session=session)
            divisions = division_names(row.id, session=session)
            if preview:
                return Outcome(preview_of(row, plan, names, divisions, committed=False), Changes())
            ids = commit_plan(row, plan, session=session)
            view = preview_of(row, plan, names, divisions, committed=True, ids=ids)
        return Outcome(view, Changes(leagues=frozenset({row.league_id}), fixtures=frozenset(ids.values()),
                                     description=f"scheduled {len(ids)} fixture(s) ({fmt})"))  # fmt: skip

    def fixtures(self, season: str | int, round_number: int | None = None) -> list[FixtureView]:
        """The season's fixtures (of one round), by round."""
        with self.transaction() as session:
            row = find_season(season, session=session)
            assert row.id is not None
            return fixture_rows(row.id, session=session, round_number=round_number)

    def rounds(self, season: str | int) -> list[RoundView]:
        """The season's fixtures grouped by round (the season page's fixture list)."""
        with self.transaction() as session:
            row = find_season(season, session=session)
            assert row.id is not None
            return list(rounds_of(fixture_rows(row.id, session=session)))

    def get_fixture(self, fixture: int) -> FixtureView:
        """One fixture.

        Raises:
            NotFound: no such fixture.
        """
        with self.transaction() as session:
            return fixture_view(find_fixture(fixture, session=session), session=session)

    # -- results ---------------------------------------------------------------------------

    def set_result(self, fixture: int, entry: ResultEntry) -> Outcome[FixtureView]:
        """Enter (or correct) a fixture's result; play-off winners move on to their next fixture.

        Raises:
            RuleViolation: see :func:`league_manager.services.season_results.apply_result`.
        """
        with self.transaction() as session:
            row = find_fixture(fixture, session=session)
            _refuse_if_match_day(row, session)
            season = session.get(Season, row.season_id)
            assert season is not None
            changed = apply_result(season, row, entry, session=session)
            view = fixture_view(row, session=session)
        teams = frozenset(t for t in (view.home_id, view.away_id) if t is not None)
        return Outcome(view, Changes(teams=teams, fixtures=frozenset(changed),
                                     description=f"result of {view.label()}"))  # fmt: skip

    def clear_result(self, fixture: int) -> Outcome[FixtureView]:
        """Remove a fixture's result; it is scheduled again.

        Raises:
            RuleViolation: no result, a scheduled bye, or a play-off result whose winner
                has already played on.
        """
        with self.transaction() as session:
            row = find_fixture(fixture, session=session)
            _refuse_if_match_day(row, session)
            changed = clear_fixture_result(row, session=session)
            view = fixture_view(row, session=session)
        return Outcome(view, Changes(fixtures=frozenset(changed), description="result cleared"))

    def record_player_stats(self, fixture: int, lines: Sequence[PlayerStatLine]) -> Outcome[FixtureView]:
        """Store per-player figures of a fixture (replacing earlier ones) for the leader boards.

        Raises:
            RuleViolation: a player who is on neither team of the fixture, or a negative figure.
        """
        with self.transaction() as session:
            row = find_fixture(fixture, session=session)
            sides = {row.home_team_id, row.away_team_id} - {None}
            players = {p.id: p for p in session.exec(select(Player).where(
                col(Player.id).in_([line.player_id for line in lines])))}  # fmt: skip
            for old in session.exec(select(PlayerMatchStats).where(PlayerMatchStats.fixture_id == row.id)):
                session.delete(old)
            session.flush()
            for line in lines:
                player = players.get(line.player_id)
                if player is None or player.team_id not in sides:
                    raise RuleViolation(
                        "stats", f"player {line.player_id} does not play in fixture {fixture}"
                    )
                figures = {k: v for k, v in vars(line).items() if k != "player_id"}
                if any(v < 0 for v in figures.values()):
                    raise RuleViolation("stats", "match figures cannot be negative")
                session.add(PlayerMatchStats(fixture_id=row.id or 0, player_id=player.id or 0,
                                             team_id=player.team_id, **figures))  # fmt: skip
            session.flush()
            view = fixture_view(row, session=session)
        return Outcome(view, Changes(fixtures=frozenset({fixture}),
                                     players=frozenset(line.player_id for line in lines)))  # fmt: skip

    # -- manual fixtures and edits ----------------------------------------------------------

    def add_fixture(
        self,
        season: str | int,
        home: str | int,
        away: str | int,
        *,
        round_number: int | None = None,
        friendly: bool = False,
        when: datetime | None = None,
    ) -> Outcome[FixtureView]:
        """Add a fixture by hand: a league fixture or a friendly (which never counts in the table;
        the league rules allow one per pair of teams of different divisions a season).

        Raises:
            RuleViolation: a team not in the season, a team against itself, a team
                already playing in that round, or teams of one coach when the league
                forbids it.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            assert row.id is not None
            a, b = team_in_season(row, home, session=session), team_in_season(row, away, session=session)
            if a.id == b.id:
                raise RuleViolation("fixture", "a team cannot play itself")
            league = league_of(row, session=session)
            if self.ruleset_of(league).classic:  # the open league: coaches arrange their games
                check_league_weeks(row, session=session)
                check_not_again(league, a, b, session=session)
                for team in (a, b):
                    join_on_first_fixture(row, team, session=session)
            for team in (a, b):
                membership(row.id, team.id or 0, session=session)
            if friendly:
                check_friendly(row, a, b, session=session)
            settings = self.settings_of(league)
            if a.coach_id == b.coach_id and not settings.get("same_coach_may_meet", False):
                rule = "same_coach_may_meet" if "same_coach_may_meet" in settings else "coach"
                raise RuleViolation(rule, f"{a.name} and {b.name} have the same coach")
            number = round_number or next_round_number(row.id, session=session)
            stage = "friendly" if friendly else "league"
            name = f"Friendlies {number}" if friendly else f"Round {number}"
            rnd = get_or_create_round(row.id, number, name, stage, session=session)
            self._check_free(session, rnd, [a.id or 0, b.id or 0])
            division = session.exec(select(SeasonTeam.division_id).where(
                SeasonTeam.season_id == row.id, SeasonTeam.team_id == a.id)).first()  # fmt: skip
            fixture = Fixture(season_id=row.id, round_id=rnd.id or 0, home_team_id=a.id, away_team_id=b.id,
                              stage=stage, division_id=division, scheduled_for=_aware(when))  # fmt: skip
            session.add(fixture)
            session.flush()
            view = fixture_view(fixture, session=session)
        return Outcome(view, Changes(fixtures=frozenset({view.id or 0}), description=f"added {view.label()}"))

    def swap_home_away(self, fixture: int) -> Outcome[FixtureView]:
        """Swap the home and away teams of an unplayed fixture."""
        with self.transaction() as session:
            row = self._open_fixture(session, fixture)
            if row.home_team_id is None or row.away_team_id is None:
                raise RuleViolation("fixture", "only a fixture with two teams can be swapped")
            row.home_team_id, row.away_team_id = row.away_team_id, row.home_team_id
            session.add(row)
            session.flush()
            view = fixture_view(row, session=session)
        return Outcome(view, Changes(fixtures=frozenset({fixture}), description=f"swapped {view.label()}"))

    def move_fixture(
        self, fixture: int, round_number: int | None = None, when: datetime | None = None
    ) -> Outcome[FixtureView]:
        """Move an unplayed fixture to another round and/or date (a postponement is a move).

        Raises:
            RuleViolation: the fixture is decided, or a team already plays in that round.
        """
        with self.transaction() as session:
            row = self._open_fixture(session, fixture)
            if round_number is not None:
                current = session.get(Round, row.round_id)
                assert current is not None
                rnd = get_or_create_round(row.season_id, round_number, f"Round {round_number}", current.stage,
                                          session=session)  # fmt: skip
                if rnd.id != row.round_id:
                    self._check_free(session, rnd, [t for t in (row.home_team_id, row.away_team_id) if t])
                    row.round_id = rnd.id or 0
                    row.status = "postponed" if round_number > current.number else "scheduled"
            if when is not None:
                row.scheduled_for = _aware(when)
            session.add(row)
            session.flush()
            view = fixture_view(row, session=session)
        return Outcome(view, Changes(fixtures=frozenset({fixture}), description=f"moved {view.label()}"))

    def postpone(self, fixture: int, note: str = "") -> Outcome[FixtureView]:
        """Mark an unplayed fixture postponed (it keeps its round until moved)."""
        with self.transaction() as session:
            row = self._open_fixture(session, fixture)
            row.status = "postponed"
            row.note = note or row.note
            session.add(row)
            session.flush()
            view = fixture_view(row, session=session)
        return Outcome(view, Changes(fixtures=frozenset({fixture}), description=f"postponed {view.label()}"))

    # -- tables ----------------------------------------------------------------------------

    def standings(self, season: str | int, tiebreakers: Sequence[str] | None = None) -> StandingsView:
        """The overall and division tables with the tie-breaker explanations.

        Args:
            season: the season's name or id.
            tiebreakers: a chain of keys to use instead of the league's setting.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            settings = self.settings_of(league_of(row, session=session))
            return standings(row, settings, session=session, tiebreakers=tiebreakers)

    def leaders(self, season: str | int, limit: int = 5, scope: str = "season") -> LeadersView:
        """Player and team leader boards (top ``limit`` of each, ties share a rank).

        Args:
            season: the season (id or name).
            limit: how many lines each board keeps.
            scope: ``season`` (this season's games) or ``career`` (the league's seasons up to
                and including this one).

        Raises:
            NotFound: no such season.
            RuleViolation: an unknown scope.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            settings = self.settings_of(league_of(row, session=session))
            return leaders(row, settings, session=session, limit=limit, scope=scope)

    # -- helpers ---------------------------------------------------------------------------

    @staticmethod
    def _open_fixture(session: Session, fixture: int) -> Fixture:
        row = find_fixture(fixture, session=session)
        refuse_if_board_in_progress(fixture, "change the fixture", session=session)
        if row.status not in OPEN_STATUSES:
            raise RuleViolation(
                "fixture", f"fixture {fixture} is {row.status}; only unplayed fixtures change"
            )
        return row

    @staticmethod
    def _check_free(session: Session, rnd: Round, team_ids: Sequence[int]) -> None:
        busy = session.exec(
            select(Fixture).where(
                Fixture.round_id == rnd.id,
                Fixture.status != "void",
                col(Fixture.home_team_id).in_(team_ids) | col(Fixture.away_team_id).in_(team_ids),
            )
        ).first()
        if busy is not None:
            raise RuleViolation("round", f"a team already plays in round {rnd.number}")


def _edition_name(ruleset_id: str) -> str:
    return load_ruleset(ruleset_id).name if ruleset_id in KNOWN_RULESETS else ruleset_id


def _enter(season: Season, entries: Sequence[Entry], *, session: Session) -> set[int]:
    """Enter (team, division) pairs into ``season``; flushes. Returns the ids of the teams entered.

    Raises:
        RuleViolation: a team already in the season (or named twice), retired, or a
            missing division when the season has divisions.
        NotFound: an unknown team or division.
    """
    assert season.id is not None
    divisions = division_names(season.id, session=session)
    division_ids: dict[str, int] = {}
    added: set[int] = set()
    for ref, division in entries:
        division_id = None
        if division is not None:
            key = division.strip().lower()
            if key not in division_ids:
                division_ids[key] = find_division(season.id, division, session=session).id or 0
            division_id = division_ids[key]
        elif divisions:
            raise RuleViolation("division", f"choose a division ({', '.join(divisions.values())})")
        team = team_in_season(season, ref, session=session)
        assert team.id is not None
        if team.retired:
            raise RuleViolation("teams", f"{team.name} is retired")
        if team.ruleset_id != season.ruleset_id:
            raise RuleViolation(
                "edition",
                f"{team.name} is drafted under {_edition_name(team.ruleset_id)} but {season.name} is "
                f"played under {_edition_name(season.ruleset_id)}: a team may only enter a season of "
                "its own edition",
            )
        present = session.exec(
            select(SeasonTeam).where(SeasonTeam.season_id == season.id, SeasonTeam.team_id == team.id)
        ).first()
        if present is not None or team.id in added:
            raise RuleViolation("teams", f"{team.name} is already in {season.name}")
        session.add(SeasonTeam(season_id=season.id, team_id=team.id, division_id=division_id))
        added.add(team.id)
    session.flush()
    return added


def _remove(season: Season, team: str | int, *, session: Session) -> Team:
    """Delete a team's entry of a season it has no fixtures in. Returns the team.

    Raises:
        RuleViolation: the team is not in the season or already has fixtures.
    """
    assert season.id is not None
    member = team_in_season(season, team, session=session)
    entry = membership(season.id, member.id or 0, session=session)
    fixtures = session.exec(
        select(func.count(col(Fixture.id))).where(
            Fixture.season_id == season.id,
            (col(Fixture.home_team_id) == member.id) | (col(Fixture.away_team_id) == member.id),
        )
    ).one()
    if fixtures:
        raise RuleViolation("season", f"{member.name} has {fixtures} fixture(s); withdraw the team instead")
    session.delete(entry)
    return member


def _refuse_if_match_day(fixture: Fixture, session: Session) -> None:
    """A result that came through match day is changed only by a correction (which also
    reverses its ledger rows), never by a plain score edit.
    """
    assert fixture.id is not None
    refuse_if_board_in_progress(fixture.id, "change the result", session=session)
    refuse_if_classic_postmatch(fixture.id, session=session)
    refuse_if_tournament_closed(fixture.id, "change the result", session=session)
    day = session.exec(select(MatchDay).where(MatchDay.fixture_id == fixture.id)).first()
    if day is not None and day.stage in {"result_entered", "post_game_applied"}:
        raise RuleViolation(
            "result",
            f"fixture {fixture.id} was played through match day; change it with "
            f"`fixture correct {fixture.id} --result FILE --reason TEXT`",
        )
    refuse_if_conceded_before(fixture, session=session)
