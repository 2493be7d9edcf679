"""Season benchmark: schedule a 64-team double round robin, compute standings over 5,000 fixtures.

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/season.py

Aims (issue 6): scheduling under 1 s, standings under 0.2 s. Each figure is the best
of a few runs; the schedule is measured both as the pure plan and through the
service (plan, then commit every round and fixture in one transaction).
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sqlmodel import Session, select

from league_manager.persistence.models import Coach, League, Team
from league_manager.persistence.season_models import Fixture, FixtureResult
from league_manager.rules.scheduling import round_robin
from league_manager.rules.standings import PointsRules, rank
from league_manager.services.facade import Services
from league_manager.services.season_tables import match_records

SCHEDULE_TEAMS = 64
STANDINGS_TEAMS = 72  # a double round robin of 72 teams has 5,112 fixtures
PLAYED = 5000


def best_of(runs: int, action: Callable[[], object]) -> float:
    """The fastest of ``runs`` timings of ``action`` in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def add_teams(services: Services, league: str, count: int) -> list[int]:
    """Insert ``count`` bare teams (one coach each): scheduling needs no rosters."""
    with Session(services.engine) as session:
        lg = session.exec(select(League).where(League.name == league)).one()
        coaches = [Coach(name=f"{league} coach {i}") for i in range(count)]
        session.add_all(coaches)
        session.flush()
        teams = [
            Team(league_id=lg.id or 0, coach_id=c.id or 0, name=f"{league} team {i}", race="human")
            for i, c in enumerate(coaches)
        ]
        session.add_all(teams)
        session.commit()
        return [t.id or 0 for t in teams]


def season_of(services: Services, name: str, count: int) -> list[int]:
    """A league and season with ``count`` teams entered."""
    services.leagues.create_league(name)
    ids = add_teams(services, name, count)
    services.seasons.create_season(name, name, seed=1)
    services.seasons.add_teams(name, ids)
    return ids


def play(services: Services, season: str, played: int, seed: int = 1) -> None:
    """Give the season's first ``played`` scheduled fixtures a random score in one transaction."""
    rng = random.Random(seed)
    season_id = services.seasons.get_season(season).id
    with Session(services.engine) as session:
        fixtures = session.exec(
            select(Fixture)
            .where(Fixture.season_id == season_id, Fixture.status == "scheduled")
            .order_by(Fixture.id)  # type: ignore[arg-type]
            .limit(played)
        ).all()
        results = []
        for fixture in fixtures:
            home, away = rng.randint(0, 4), rng.randint(0, 4)
            verdict = "W" if home > away else "L" if home < away else "D"
            other = {"W": "L", "L": "W", "D": "D"}[verdict]
            fixture.status = "played"
            results.append(
                FixtureResult(
                    fixture_id=fixture.id or 0, outcome="score", home_td=home, away_td=away,
                    home_cas=rng.randint(0, 4), away_cas=rng.randint(0, 4), home_verdict=verdict,
                    away_verdict=other,
                )
            )  # fmt: skip
        session.add_all([*fixtures, *results])
        session.commit()


def main() -> int:
    """Print the figures against the aims."""
    teams = list(range(1, SCHEDULE_TEAMS + 1))
    pure = best_of(5, lambda: round_robin(teams, double=True, seed=1))
    with tempfile.TemporaryDirectory() as folder:
        services = Services.open(Path(folder) / "bench.db")
        try:
            season_of(services, "Bench", SCHEDULE_TEAMS)
            start = time.perf_counter()
            outcome = services.seasons.schedule("Bench", "double-round-robin", seed=1)
            committed = time.perf_counter() - start
            fixtures = len(outcome.changes.fixtures)

            season_of(services, "Table", STANDINGS_TEAMS)
            services.seasons.schedule("Table", "double-round-robin", seed=1)
            play(services, "Table", PLAYED)
            service = best_of(5, lambda: services.seasons.standings("Table"))
            with Session(services.engine) as session:
                season_id = services.seasons.get_season("Table").id
                records = match_records(season_id, session=session)
            ids = [t.team_id for t in services.seasons.get_season("Table").teams]
            pure_table = best_of(5, lambda: rank(ids, records, PointsRules()))
        finally:
            services.close()
    print(f"schedule {SCHEDULE_TEAMS}-team double round robin ({fixtures} fixtures):")
    print(f"  plan only            {pure * 1000:8.1f} ms")
    verdict = "ok" if committed < 1 else "MISSED"
    print(f"  plan + commit        {committed * 1000:8.1f} ms   aim < 1000 ms  {verdict}")
    print(f"standings over {len(records)} played fixtures ({STANDINGS_TEAMS} teams):")
    print(f"  table maths only     {pure_table * 1000:8.1f} ms")
    verdict = "ok" if service < 0.2 else "MISSED"
    print(f"  service (DB + maths) {service * 1000:8.1f} ms   aim <  200 ms  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
