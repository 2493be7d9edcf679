"""Simulating a season's open fixtures on the engine in one process.

Each fixture is one transaction: its pre-game (no inducements), the match played by a bot
for each team, the result and the whole post-game (winnings, fans, SPP with a drawn MVP,
injuries, expensive mistakes). A run stopped between fixtures keeps those finished; a
fixture that cannot be played (a board match under way, say) is listed with the reason and
the run goes on. Play-off fixtures whose sides become known during the run are played too
(unless the run is limited to a number of rounds).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlmodel import Session, col, select

from league_manager.core.errors import LeagueError, RuleViolation
from league_manager.match.bots import BotStalled
from league_manager.persistence.models import League, Team
from league_manager.persistence.season_models import OPEN_STATUSES, Fixture, FixtureResult, Round
from league_manager.services.base import ServiceBase, league_ruleset
from league_manager.services.changes import Changes, Outcome
from league_manager.services.match_day.dice import MatchDayDice
from league_manager.services.match_day.engine_play import play_on_engine
from league_manager.services.match_day.play import BOTS
from league_manager.services.match_day.postgame import apply_postgame
from league_manager.services.season_simulate_models import SimulatedFixture, SimulationReport
from league_manager.services.season_store import find_season

Progress = Callable[[int, int, SimulatedFixture], None]


@dataclass(frozen=True)
class PlannedFixture:
    """An open fixture a run will play."""

    fixture_id: int
    round: int
    home: str
    away: str


def fixture_seed(seed: int, fixture: int) -> int:
    """The dice seed of one fixture in a run seeded with ``seed`` (the same run replays)."""
    return random.Random(f"{seed}/{fixture}").randrange(2**31)


class SeasonSimulationService(ServiceBase):
    """Plays a season's open fixtures on the engine, one transaction per fixture."""

    def plan(self, season: str | int, rounds: int | None = None) -> list[PlannedFixture]:
        """The open fixtures with both sides known, by round (the first ``rounds`` rounds)."""
        with self.transaction() as session:
            row = find_season(season, session=session)
            assert row.id is not None
            return _open(row.id, rounds, frozenset(), session=session)

    def simulate(
        self,
        season: str | int,
        *,
        bot: str = "greedy",
        rounds: int | None = None,
        seed: int | None = None,
        progress: Progress | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> Outcome[SimulationReport]:
        """Play every open fixture of ``season`` (or those of its next ``rounds`` rounds).

        Args:
            season: the season's name or id.
            bot: the bot playing both teams of every fixture.
            rounds: play only the open fixtures of this many rounds (the earliest first).
            seed: seeds every fixture's dice, engine and bots (random when None).
            progress: called after each fixture with (done, total so far, the fixture).
            cancelled: asked before each fixture; True stops the run there.

        Raises:
            RuleViolation: an unknown bot, a round count below one, or nothing to play.
        """
        if bot not in BOTS:
            raise RuleViolation("bot", f"unknown bot '{bot}' (bots: {', '.join(BOTS)})")
        if rounds is not None and rounds < 1:
            raise RuleViolation("rounds", "play at least one round")
        base = MatchDayDice(None).seed if seed is None else seed
        started = time.perf_counter()
        with self.transaction() as session:
            row = find_season(season, session=session)
            assert row.id is not None
            season_id, name = row.id, row.name
            league = session.get(League, row.league_id)
            assert league is not None
            ruleset = league_ruleset(league)
            if ruleset.classic:
                raise RuleViolation(
                    "engine",
                    f"cannot simulate {name}: the match engine does not play {ruleset.name} ({ruleset.id}) "
                    "yet; play its fixtures on the tabletop and record each result (fixture set-result)",
                )
            queue = _open(season_id, rounds, frozenset(), session=session)
        if not queue:
            raise RuleViolation("season", f"{name} has no open fixture with both teams known to play")
        done: list[SimulatedFixture] = []
        tried: set[int] = set()
        stopped = False
        while queue:
            for i, planned in enumerate(queue):
                if cancelled is not None and cancelled():
                    stopped = True
                    break
                tried.add(planned.fixture_id)
                one = self._one(planned, bot, fixture_seed(base, planned.fixture_id))
                done.append(one)
                if progress is not None:
                    progress(len(done), len(done) + len(queue) - i - 1, one)
            if stopped or rounds is not None:
                break
            with self.transaction() as session:
                queue = _open(season_id, None, frozenset(tried), session=session)
        report = SimulationReport(name, bot, base, tuple(done), stopped, time.perf_counter() - started)
        teams = {t for f in report.played for t in (f.home, f.away)}
        changes = Changes(
            fixtures=frozenset(f.fixture_id for f in report.played),
            description=f"{name}: simulated {len(report.played)} fixture(s) with {bot} ({len(teams)} teams)",
        )
        return Outcome(report, changes)

    def _one(self, planned: PlannedFixture, bot: str, seed: int) -> SimulatedFixture:
        timings: dict[str, float] = {}
        started = time.perf_counter()
        try:
            with self.transaction() as session:
                day = play_on_engine(
                    planned.fixture_id, MatchDayDice(seed), bot, session=session, timings=timings
                )
                before = time.perf_counter()
                apply_postgame(day, MatchDayDice(seed + 1), session=session)
                timings["postgame"] = time.perf_counter() - before
                result = session.exec(
                    select(FixtureResult).where(FixtureResult.fixture_id == planned.fixture_id)
                ).one()
                score = (result.home_td, result.away_td)
        except (LeagueError, BotStalled) as exc:  # the fixture's transaction is rolled back
            return SimulatedFixture(
                planned.fixture_id, planned.round, planned.home, planned.away, refused=str(exc)
            )
        timings["database"] = max(0.0, time.perf_counter() - started - sum(timings.values()))
        return SimulatedFixture(
            planned.fixture_id, planned.round, planned.home, planned.away, score[0], score[1], seconds=timings
        )


def _open(
    season_id: int, rounds: int | None, skip: frozenset[int], *, session: Session
) -> list[PlannedFixture]:
    rows = session.exec(
        select(Fixture, Round.number)
        .join(Round, col(Round.id) == col(Fixture.round_id))
        .where(Fixture.season_id == season_id)
        .where(col(Fixture.status).in_(OPEN_STATUSES))
        .where(col(Fixture.home_team_id).is_not(None))
        .where(col(Fixture.away_team_id).is_not(None))
        .order_by(col(Round.number), col(Fixture.id))
    ).all()
    rows = [(f, n) for f, n in rows if f.id not in skip]
    if rounds is not None:
        keep = sorted({n for _, n in rows})[:rounds]
        rows = [(f, n) for f, n in rows if n in keep]
    ids = {t for f, _ in rows for t in (f.home_team_id, f.away_team_id) if t is not None}
    names = {t.id: t.name for t in session.exec(select(Team).where(col(Team.id).in_(ids))).all()}
    return [
        PlannedFixture(f.id or 0, n, names.get(f.home_team_id or 0, "?"), names.get(f.away_team_id or 0, "?"))
        for f, n in rows
    ]
