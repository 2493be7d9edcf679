"""The open play-offs of a classic (LRB 2004) season: the play-off table from the season's
results, the qualifiers (ties by team rating, then drawn) and the randomly drawn knock-out
bracket (optional quarter-finals, semi-finals, final, optional third-place match).

The bracket is stored like any play-off (``Fixture.slot``), so entering a result moves the
winner on (``services/season_results.advance``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.core.limits import check_seed
from league_manager.persistence.models import Team
from league_manager.persistence.season_models import Fixture, FixtureResult, Season
from league_manager.rules.classic_tournaments.playoffs import (
    PlayoffMatch,
    PlayoffStanding,
    draw_ties,
    playoff_table,
    qualifiers,
)
from league_manager.rules.classic_tournaments.tables import load_tournaments
from league_manager.rules.dice import SeededDice
from league_manager.rules.scheduling.knockout import bracket_order, knockout
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.season_schedule import Plan, PlannedRound, commit_plan
from league_manager.services.season_store import (
    find_season,
    league_of,
    members,
    next_round_number,
    team_names,
)
from league_manager.services.team_views import build_team_views


@dataclass(frozen=True, slots=True)
class ClassicDraw:
    """The play-off table, who went through and the drawn first knock-out ties (team names)."""

    season: str
    table: tuple[PlayoffStanding, ...]
    qualified: tuple[str, ...]
    ties: tuple[tuple[str, str], ...]
    fixture_ids: tuple[int, ...]

    def to_dict(self) -> dict[str, object]:
        """The draw as JSON-ready data."""
        return {
            "season": self.season,
            "table": [standing_dict(s) for s in self.table],
            "qualified": list(self.qualified),
            "ties": [list(t) for t in self.ties],
            "fixtures": list(self.fixture_ids),
        }


def standing_dict(s: PlayoffStanding) -> dict[str, object]:
    """One play-off standing as JSON-ready data."""
    return {"team": s.team, "points": s.points, "counted": list(s.counted), "rating": s.rating}


class ClassicPlayoffService(ServiceBase):
    """The classic play-off table and the knock-out draw, one transaction each."""

    def table(
        self, season: str | int, put_forward: Mapping[str, Sequence[int]] | None = None
    ) -> tuple[PlayoffStanding, ...]:
        """Every entrant's play-off score, best first (best three results; ties by rating).

        Args:
            season: the season.
            put_forward: per team name, the fixtures whose results its coach puts forward (up
                to three, fewer allowed); a team not named counts its best three.

        Raises:
            NotFound: no such season.
            RuleViolation: the season's league is not a classic one; a put-forward fixture the
                team did not play with a score in these play-offs, or more than three.
        """
        with self.transaction() as session:
            row = self._classic_season(season, session=session)
            return self._table(row, put_forward or {}, session=session)

    def draw(
        self, season: str | int, *, quarter_finals: bool = False, third_place: bool = False,
        seed: int | None = None, put_forward: Mapping[str, Sequence[int]] | None = None,
    ) -> Outcome[ClassicDraw]:  # fmt: skip
        """Close the play-offs: qualify the top four (eight with ``quarter_finals``), draw the
        ties at random and store the bracket up to the final (and the third-place match).
        ``put_forward``: the coaches' chosen results, as for :meth:`table`.

        Raises:
            NotFound: no such season.
            RuleViolation: not a classic season, a play-off fixture still to be played, the
                knock-out already drawn, too few entrants, or a refused put-forward result.
        """
        dice = SeededDice(check_seed(seed))
        with self.transaction() as session:
            row = self._classic_season(season, session=session)
            assert row.id is not None
            fixtures = session.exec(select(Fixture).where(Fixture.season_id == row.id)).all()
            if any(f.stage == "playoff" for f in fixtures):
                raise RuleViolation("draw", f"{row.name}'s knock-out has already been drawn")
            open_ = [f for f in fixtures if f.stage == "league" and f.status == "scheduled"]
            if open_:
                raise RuleViolation(
                    "draw", f"{len(open_)} play-off match(es) still to be played or cancelled first"
                )
            table = self._table(row, put_forward or {}, session=session)
            rules = load_tournaments(self.ruleset_of(league_of(row, session=session)).id).playoffs
            chosen = qualifiers(dice, table, rules, quarter_finals=quarter_finals)
            ties = draw_ties(dice, chosen)
            ids = {name: tid for tid, name in team_names(_entrant_ids(row, session), session=session).items()}
            plan = _bracket(row, ties, ids, third_place=third_place, session=session)
            stored = commit_plan(row, plan, session=session)
            view = ClassicDraw(row.name, table, chosen, ties, tuple(stored.values()))
        return Outcome(view, Changes(leagues=frozenset({row.league_id}), fixtures=frozenset(stored.values()),
                                     description=f"drew {row.name}'s knock-out"))  # fmt: skip

    def _classic_season(self, season: str | int, *, session: Session) -> Season:
        row = find_season(season, session=session)
        if not self.ruleset_of(league_of(row, session=session)).classic:
            raise RuleViolation("play-offs", f"{row.name} is not a classic (LRB 2004) season")
        return row

    def _table(
        self, row: Season, put_forward: Mapping[str, Sequence[int]], *, session: Session
    ) -> tuple[PlayoffStanding, ...]:
        ruleset = self.ruleset_of(league_of(row, session=session))
        rules = load_tournaments(ruleset.id).playoffs
        team_ids = _entrant_ids(row, session)
        names = team_names(team_ids, session=session)
        results = session.exec(
            select(Fixture, FixtureResult)
            .join(FixtureResult, col(FixtureResult.fixture_id) == Fixture.id)
            .where(Fixture.season_id == row.id, Fixture.stage == "league")
        ).all()
        scored = [
            (f, r) for f, r in results
            if f.home_team_id in names and f.away_team_id in names
            and r.home_td is not None and r.away_td is not None
        ]  # fmt: skip
        matches = [
            PlayoffMatch(
                names[f.home_team_id or 0], names[f.away_team_id or 0], r.home_td or 0, r.away_td or 0
            )
            for f, r in scored
        ]  # fmt: skip
        teams = session.exec(select(Team).where(col(Team.id).in_(team_ids))).all()
        ratings = {v.name: v.rating or 0 for v in build_team_views(list(teams), session=session)}
        chosen = _put_forward(put_forward, {f.id or 0: f for f, _ in scored}, names)
        return playoff_table(ratings, matches, rules, chosen)


def _put_forward(
    put_forward: Mapping[str, Sequence[int]], scored: Mapping[int, Fixture], names: Mapping[int, str]
) -> dict[str, list[str]]:
    """The coaches' chosen fixtures as the rules take them: per team, the opponents of those results
    (a team never meets an opponent twice in the play-offs, so the opponent names the result).

    Raises:
        RuleViolation: an unknown team, a fixture it did not play with a score in these play-offs,
            or one fixture named twice.
    """
    ids = {name: tid for tid, name in names.items()}
    chosen: dict[str, list[str]] = {}
    for team, fixtures in put_forward.items():
        if team not in ids:
            raise RuleViolation("play-offs", f"{team} has not entered these play-offs")
        if len(set(fixtures)) != len(fixtures):
            raise RuleViolation("play-offs", f"{team}: a result is put forward once")
        opponents: list[str] = []
        for fixture_id in fixtures:
            f = scored.get(fixture_id)
            if f is None or ids[team] not in (f.home_team_id, f.away_team_id):
                raise RuleViolation(
                    "play-offs", f"fixture {fixture_id} is not a play-off result of {team} with a score"
                )
            other = f.away_team_id if f.home_team_id == ids[team] else f.home_team_id
            opponents.append(names[other or 0])
        chosen[team] = opponents
    return chosen


def _entrant_ids(row: Season, session: Session) -> list[int]:
    assert row.id is not None
    return [m.team_id for m in members(row.id, session=session) if not m.withdrawn]


def _bracket(
    row: Season, ties: tuple[tuple[str, str], ...], ids: dict[str, int], *, third_place: bool,
    session: Session,
) -> Plan:  # fmt: skip
    """The drawn ties as a bracket: first-round slot ``i`` holds tie ``i``."""
    assert row.id is not None
    size = 2 * len(ties)
    order = bracket_order(size)
    seeds = [0] * size
    for slot, (home, away) in enumerate(ties):
        first, second = sorted((order[2 * slot], order[2 * slot + 1]))
        seeds[first - 1], seeds[second - 1] = ids[home], ids[away]
    bracket = knockout(seeds, third_place=third_place, first_round=next_round_number(row.id, session=session))
    rounds = [
        PlannedRound(r.number, r.name, "playoff", [(p, None) for p in r.pairings]) for r in bracket.rounds
    ]
    return Plan("knockout", 0, rounds, [], list(bracket.notes))
