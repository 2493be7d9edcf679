"""Website benchmark: publish a 50-team league with five played seasons, then publish it again.

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/site.py

Aims (issue 20): the first publication under 5 s, an unchanged re-publication under 1 s.
The league is the start-up benchmark's (50 teams of 16 players, drafted through the
services); each season puts the teams in five divisions of ten, plays every division's
round robin with random scores (the season benchmark's way) and gives three players a
side touchdowns, casualties and SPP, so the leader boards and career pages have figures.
Each figure is the best of a few runs; the first publication writes into an empty folder.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from sqlmodel import Session, select

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import play
from startup import TEAMS, build_league

from league_manager.persistence.models import Player
from league_manager.persistence.season_models import Fixture, PlayerMatchStats
from league_manager.reports.site import publish_site
from league_manager.services.facade import Services

SEASONS = 5
DIVISIONS = ("North", "South", "East", "West", "Central")
LEAGUE = "Benchmark League"


def add_seasons(services: Services) -> int:
    """Five seasons in five divisions, every fixture played; returns the fixtures played."""
    teams = sorted(services.teams.list_teams(league=LEAGUE), key=lambda t: t.id)
    played = 0
    for number in range(1, SEASONS + 1):
        name = f"Season {number}"
        entries = [(t.id, DIVISIONS[i % len(DIVISIONS)]) for i, t in enumerate(teams)]
        services.seasons.create_season(LEAGUE, name, divisions=DIVISIONS, seed=number, entries=entries)
        preview = services.seasons.schedule(name, "round-robin").value
        count = sum(len(r.fixtures) for r in preview.rounds)
        play(services, name, count, seed=number)
        played += add_player_stats(services, services.seasons.get_season(name).id, number)
    return played


def add_player_stats(services: Services, season_id: int, seed: int) -> int:
    """Three players a side get touchdowns, casualties and SPP in every played fixture."""
    rng = random.Random(seed)
    with Session(services.engine) as session:
        squads: dict[int, list[int]] = {}
        for player in session.exec(select(Player)):
            squads.setdefault(player.team_id, []).append(player.id or 0)
        fixtures = session.exec(
            select(Fixture).where(Fixture.season_id == season_id, Fixture.status == "played")
        ).all()
        rows = []
        for fixture in fixtures:
            for team_id in (fixture.home_team_id, fixture.away_team_id):
                if team_id is None:
                    continue
                for player_id in rng.sample(squads[team_id], 3):
                    td, cas = rng.randint(0, 2), rng.randint(0, 1)
                    rows.append(
                        PlayerMatchStats(
                            fixture_id=fixture.id or 0, player_id=player_id, team_id=team_id,
                            td=td, cas=cas, completions=rng.randint(0, 2), spp=3 * td + 2 * cas,
                        )
                    )  # fmt: skip
        session.add_all(rows)
        session.commit()
        return len(fixtures)


def main() -> int:
    """Build (or reuse) the league, time the publications and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.gettempdir()) / "league-manager-bench"
    folder.mkdir(exist_ok=True)
    db = folder / f"site-league-{TEAMS}x{SEASONS}.db"
    if args.rebuild or not db.exists():
        db.unlink(missing_ok=True)
        start = time.perf_counter()
        build_league(db)
        services = Services.open(db)
        fixtures = add_seasons(services)
        services.close()
        took = time.perf_counter() - start
        print(f"built {db}: {TEAMS} teams, {SEASONS} seasons, {fixtures} fixtures in {took:.1f} s")
    services = Services.open(db)
    www = folder / "site"
    first: list[float] = []
    again: list[float] = []
    cpu_first: list[float] = []
    cpu_again: list[float] = []
    report = None
    for _ in range(args.runs):
        shutil.rmtree(www, ignore_errors=True)
        start, cpu = time.perf_counter(), time.process_time()
        report = publish_site(services, LEAGUE, www)
        first.append(time.perf_counter() - start)
        cpu_first.append(time.process_time() - cpu)
        start, cpu = time.perf_counter(), time.process_time()
        unchanged = publish_site(services, LEAGUE, www)
        again.append(time.perf_counter() - start)
        cpu_again.append(time.process_time() - cpu)
        assert unchanged.written == 0, unchanged
    services.close()
    assert report is not None
    size = sum(p.stat().st_size for p in www.rglob("*") if p.is_file())
    print(f"site: {report.files} files, {size / 1e6:.1f} MB in {www}")
    # CPU time too: on a shared, loaded machine the wall clock also counts other people's work
    print(f"publish (empty folder): best {min(first):.2f} s, CPU {min(cpu_first):.2f} s (aim <= 5 s)")
    print(f"re-publish unchanged:   best {min(again):.2f} s, CPU {min(cpu_again):.2f} s (aim <= 1 s)")
    return 0 if min(first) <= 5 and min(again) <= 1 else 1


if __name__ == "__main__":
    sys.exit(main())
