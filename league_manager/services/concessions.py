"""A fixture conceded before the match, and cross-division friendlies.

A concession *during* a match is recorded through match day (the result document's
``conceded``, or the board's Concede button), whose post-game applies the edition's
penalties; this module handles the league rules a commissioner applies by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.core.limits import check_seed
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import League, Player, Team, TreasuryEntry
from league_manager.persistence.season_models import (
    OPEN_STATUSES,
    Fixture,
    FixtureResult,
    PlayerMatchStats,
    Season,
)
from league_manager.rules.dice import SeededDice
from league_manager.rules.league_rules import unplayed_concession
from league_manager.services.base import ServiceBase, league_ruleset
from league_manager.services.changes import Changes, Outcome
from league_manager.services.match_day.board_store import refuse_if_board_in_progress
from league_manager.services.season_read_models import FixtureView, ResultEntry
from league_manager.services.season_results import apply_result
from league_manager.services.season_store import (
    find_fixture,
    fixture_view,
    league_of,
    team_in_season,
)


@dataclass(frozen=True)
class ConcessionView:
    """What a concession before the match gave the winner."""

    fixture: FixtureView
    conceded_by: str
    winner: str
    gold_die: int
    gold: int
    mvps: tuple[str, ...]
    seed: int


class ConcessionService(ServiceBase):
    """Concessions before the match and cross-division friendlies, one transaction each."""

    def concede_before(
        self, fixture: int, team: str | int, *, seed: int | None = None
    ) -> Outcome[ConcessionView]:
        """A coach concedes an unplayed fixture for real-life reasons (the edition's rule).

        The opponent wins 1-0, gains D6 x 10,000 gp (a treasury row) and two MVP awards
        (different players drawn among its active players; SPP rows and leader-board
        figures); the conceding team suffers nothing else.

        Raises:
            NotFound: no such fixture or team.
            RuleViolation: a decided or void fixture, a bye, a team not in the fixture, a
                fixture whose match day has started (concede on the board or in the
                result document instead), or a play-off.
        """
        dice = SeededDice(check_seed(seed))
        with self.transaction() as session:
            row = find_fixture(fixture, session=session)
            season = session.get(Season, row.season_id)
            assert season is not None
            ruleset = self.ruleset_of(league_of(season, session=session))
            if ruleset.classic:
                raise RuleViolation(
                    "concede",
                    f"a {ruleset.name} team concedes during the match: fixture concede {fixture} --by "
                    f"TEAM --during --score HOME-AWAY (or fixture set-result {fixture} HOME AWAY "
                    f"--conceded-by TEAM); fixture postgame {fixture} then applies it",
                )
            _check_unplayed(row, session=session)
            loser = team_in_season(season, team, session=session)
            if loser.id not in (row.home_team_id, row.away_team_id):
                raise RuleViolation("concede", f"{loser.name} does not play in fixture {fixture}")
            winner_id = row.away_team_id if loser.id == row.home_team_id else row.home_team_id
            winner = session.get(Team, winner_id)
            assert winner is not None and winner.id is not None
            league = session.get(League, winner.league_id)
            assert league is not None
            rule = unplayed_concession(season.ruleset_id)
            die, gold = rule.gold(dice)
            eligible = session.exec(
                select(Player)
                .where(
                    Player.team_id == winner.id, Player.status == "active", col(Player.journeyman).is_(False)
                )
                .order_by(col(Player.number))
            ).all()
            mvps = [eligible[i] for i in rule.pick_mvps(range(len(eligible)), dice)]
            home_td, away_td = (
                (rule.winner_score, 0) if winner.id == row.home_team_id else (0, rule.winner_score)
            )
            names = ", ".join(p.name for p in mvps) or "none (no active player)"
            note = (
                f"Conceded by {loser.name} before the match: {winner.name} win {rule.winner_score}-0, "
                f"gain D6 ({die}) x {rule.gold_d6:,} gp and MVP awards ({names}); seed {dice.seed}"
            )
            apply_result(
                season,
                row,
                ResultEntry(home_td=home_td, away_td=away_td, conceded_by=loser.id, note=note),
                session=session,
            )
            repo.add_treasury(
                winner.id,
                gold,
                f"Fixture {fixture} conceded by {loser.name}: D6 ({die}) x {rule.gold_d6:,} gp",
                "match",
                session=session,
                fixture_id=fixture,
            )
            mvp_spp = league_ruleset(league).advancement.awards_for(league_ruleset(league).team(winner.race))[
                "MVP"
            ]
            for player in mvps:
                assert player.id is not None
                repo.add_spp(
                    player.id,
                    mvp_spp,
                    f"MVP award: fixture {fixture} conceded by {loser.name}",
                    "match",
                    session=session,
                    fixture_id=fixture,
                )
                session.add(
                    PlayerMatchStats(
                        fixture_id=fixture, player_id=player.id, team_id=winner.id, mvp=1, spp=mvp_spp
                    )
                )
            session.flush()
            view = ConcessionView(
                fixture_view(row, session=session),
                loser.name,
                winner.name,
                die,
                gold,
                tuple(p.name for p in mvps),
                dice.seed,
            )
        changes = Changes(
            teams=frozenset({winner.id, loser.id or 0}),
            fixtures=frozenset({fixture}),
            players=frozenset(p.id or 0 for p in mvps),
            description=f"{view.conceded_by} conceded fixture {fixture}",
        )
        return Outcome(view, changes)

    def friendly(self, season: str | int, home: str | int, away: str | int) -> Outcome[FixtureView]:
        """A friendly between teams of different divisions, once per pair per season.

        It counts like a league fixture on the teams (match day, post-game) but gives no
        league points and no MVP (league rules, cross-division friendlies).

        Raises:
            RuleViolation: the same team twice, teams of one division (or a season
                without divisions), a pair that already has a friendly this season, or a
                withdrawn team.
        """
        from league_manager.services.seasons import SeasonService  # seasons imports this module

        # one path for every friendly: the hand-added one checks the same rules and more
        return SeasonService(self.engine).add_fixture(season, home, away, friendly=True)


def _check_unplayed(fixture: Fixture, *, session: Session) -> None:
    if fixture.status not in OPEN_STATUSES:
        raise RuleViolation(
            "concede", f"fixture {fixture.id} is {fixture.status}; only an unplayed fixture is conceded"
        )
    if fixture.home_team_id is None or fixture.away_team_id is None:
        raise RuleViolation("concede", f"fixture {fixture.id} does not have both teams")
    if fixture.stage == "playoff":
        raise RuleViolation("concede", "a play-off is conceded at the table, not before the match")
    refuse_if_board_in_progress(fixture.id or 0, "concede it", session=session)
    if session.exec(select(MatchDay).where(MatchDay.fixture_id == fixture.id)).first() is not None:
        raise RuleViolation(
            "concede",
            f"fixture {fixture.id} has a match day; concede during the match on the board or in the result "
            "document (`conceded`), where the edition's penalties apply",
        )


def no_mvp_fixture(fixture_id: int, *, session: Session) -> bool:
    """True for a friendly: the league rules give it no MVP (and no league points)."""
    row = session.get(Fixture, fixture_id)
    return row is not None and row.stage == "friendly"


def refuse_if_conceded_before(fixture: Fixture, *, session: Session) -> None:
    """A fixture conceded before the match paid its gold and MVP awards; its result stands.

    Raises:
        RuleViolation: the fixture's result came from :meth:`ConcessionService.concede_before`.
    """
    result = session.exec(select(FixtureResult).where(FixtureResult.fixture_id == fixture.id)).first()
    day = session.exec(select(MatchDay).where(MatchDay.fixture_id == fixture.id)).first()
    if result is None or result.outcome != "concession" or day is not None:
        return
    paid = session.exec(select(TreasuryEntry.id).where(TreasuryEntry.fixture_id == fixture.id)).first()
    if paid is not None:
        raise RuleViolation(
            "result",
            f"fixture {fixture.id} was conceded before the match and its gold and MVP awards are paid; "
            "the result stands (correct the awards with `adjust ... --reason`)",
        )
