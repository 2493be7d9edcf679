"""A concession at the table, during a match played on paper (match day started).

The coach gives the score when the team conceded; the edition turns it into the final
score (``Edition.conceded_score``), the conceding team's players with three or more
advancements roll to quit, and the result document is stored as any tabletop result:
the post-game then applies the edition's concession penalties. A team with three players
or fewer able to play concedes without penalty (``penalty_free``): an ordinary loss.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.core.limits import check_range, check_seed
from league_manager.match.editions import bb2025 as _bb2025  # noqa: F401 - registers Season 3
from league_manager.match.editions import edition_of
from league_manager.persistence.season_models import OPEN_STATUSES, Fixture, Season
from league_manager.rules.dice import SeededDice
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.match_day.board_store import refuse_if_board_in_progress
from league_manager.services.match_day.classic_guard import is_classic_fixture
from league_manager.services.match_day.classic_prematch import find_classic_prematch
from league_manager.services.match_day.result import parse_result, store_result
from league_manager.services.match_day.store import SIDES, lock_fixture_teams, require_match_day, snapshot
from league_manager.services.season_read_models import FixtureView, ResultEntry
from league_manager.services.season_results import apply_result
from league_manager.services.season_store import find_fixture, fixture_view, team_in_season

PENALTY_FREE_PLAYERS = 3
"""A team with this many players able to play, or fewer, may concede without penalty
(BB2020 ``post_game.yaml`` ``concession.penalty_free``; Season 3 the same)."""

MAX_SCORE = 48


@dataclass(frozen=True)
class TableConcessionView:
    """What a concession during the match recorded."""

    fixture: FixtureView
    conceded_by: str
    score: tuple[int, int]
    penalty_free: bool
    quit_rolls: tuple[tuple[str, int], ...]
    seed: int


class TableConcessionService(ServiceBase):
    """Concessions during a match played at the table, one transaction each."""

    def concede_during(
        self,
        fixture: int,
        team: str | int,
        *,
        score: tuple[int, int] = (0, 0),
        players_left: int | None = None,
        seed: int | None = None,
    ) -> Outcome[TableConcessionView]:
        """``team`` concedes the match under way at ``score`` (home, away).

        Args:
            fixture: the fixture, whose pre-game is done.
            team: the conceding team.
            score: the score when the team conceded.
            players_left: players the conceding team can still set up; three or fewer
                make the concession penalty-free.
            seed: seed of the quit rolls.

        Raises:
            RuleViolation: no pre-game yet or a result already entered, a board match
                (concede on the board), a team not in the fixture, a bad score.
        """
        for goals in score:
            check_range(goals, "score", 0, MAX_SCORE)
        if players_left is not None:
            check_range(players_left, "players left", 0, 16)
        dice = SeededDice(check_seed(seed))
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="result")
            refuse_if_board_in_progress(
                fixture, "concede at the table (use the board's Concede)", session=session
            )
            if is_classic_fixture(fixture, session=session):
                view = _classic_concession(fixture, team, score, players_left, dice.seed, session=session)
                row = find_fixture(fixture, session=session)
            else:
                view, row = self._concede(fixture, team, score, players_left, dice, session=session)
        teams = frozenset(t for t in (row.home_team_id, row.away_team_id) if t is not None)
        return Outcome(
            view,
            Changes(
                teams=teams,
                fixtures=frozenset({fixture}),
                description=f"{view.conceded_by} conceded fixture {fixture}",
            ),
        )

    def _concede(
        self,
        fixture: int,
        team: str | int,
        score: tuple[int, int],
        players_left: int | None,
        dice: SeededDice,
        *,
        session: Session,
    ) -> tuple[TableConcessionView, Fixture]:
        """The edition's concession of a match-day fixture (BB2020, Season 3)."""
        day = require_match_day(fixture, ("pre_game", "in_progress"), "concede", session=session)
        row = find_fixture(fixture, session=session)
        season = session.get(Season, row.season_id)
        assert season is not None
        loser = team_in_season(season, team, session=session)
        if loser.id not in (row.home_team_id, row.away_team_id):
            raise RuleViolation("concede", f"{loser.name} does not play in fixture {fixture}")
        side = 0 if loser.id == row.home_team_id else 1
        penalty_free = players_left is not None and players_left <= PENALTY_FREE_PLAYERS
        final = edition_of(season.ruleset_id).conceded_score(score, side, penalty_free=penalty_free)
        rolls: list[tuple[str, int]] = []
        players: list[dict[str, object]] = []
        if not penalty_free:
            for player in snapshot(day, SIDES[side]).players:
                if player.advancements >= 3:
                    roll = dice.roll(6, "quit in disgust")
                    rolls.append((player.name, roll))
                    if roll <= 3:
                        players.append({"id": player.id, "quits": True})
        document = {
            "home": {"score": final[0]},
            "away": {"score": final[1]},
            "conceded": SIDES[side],
            "penalty_free": penalty_free,
            "players": players,
        }
        store_result(day, parse_result(document, day), session=session)
        view = TableConcessionView(
            fixture_view(row, session=session), loser.name, final, penalty_free, tuple(rolls), dice.seed
        )
        return view, row


def _classic_concession(
    fixture: int,
    team: str | int,
    score: tuple[int, int],
    players_left: int | None,
    seed: int,
    *,
    session: Session,
) -> TableConcessionView:
    """An LRB 2004 concession at the table: the score stands and is entered as a concession; the
    classic post-match (``fixture postgame``) then applies the seed's penalties (winnings and MVP
    to the winner, fan factor, veterans' rolls)."""
    if players_left is not None:
        raise RuleViolation("concede", "LRB 2004 has no penalty-free concession: leave out --players-left")
    if find_classic_prematch(fixture, session=session) is None:
        raise RuleViolation(
            "concede", f"fixture {fixture} has had no pre-match; run: fixture pregame {fixture}"
        )
    row = find_fixture(fixture, session=session)
    if row.status not in OPEN_STATUSES:
        raise RuleViolation(
            "concede", f"fixture {fixture} is {row.status}; only a match under way is conceded"
        )
    season = session.get(Season, row.season_id)
    assert season is not None
    loser = team_in_season(season, team, session=session)
    if loser.id not in (row.home_team_id, row.away_team_id):
        raise RuleViolation("concede", f"{loser.name} does not play in fixture {fixture}")
    note = f"Conceded by {loser.name} during the match at {score[0]}-{score[1]}"
    entry = ResultEntry(home_td=score[0], away_td=score[1], conceded_by=loser.id, note=note)
    apply_result(season, row, entry, session=session)
    return TableConcessionView(fixture_view(row, session=session), loser.name, score, False, (), seed)
