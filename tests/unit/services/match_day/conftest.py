"""Match-day fixtures: a demo league with a scheduled season, and result-document builders."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlmodel import Session

from league_manager.persistence import repositories as repo
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def build_season(target: str) -> None:
    """The demo league with a four-team round robin, in a database."""
    svc = Services.open(target)
    svc.create_demo()
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", TEAMS[:4])
    svc.seasons.schedule("S", "round-robin")
    svc.close()


@pytest.fixture(scope="session")
def demo_season_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo league with a four-team round robin, built once and copied per test."""
    folder = tmp_path_factory.mktemp("match_day")
    build_season(str(folder / "build.db"))
    svc = Services.open(folder / "build.db")
    target = svc.backup(folder / "season.db")
    svc.close()
    return target


@pytest.fixture
def demo(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, pg_database: Callable[..., str]
) -> Iterator[Services]:
    """Services over a fresh copy of the scheduled demo season (SQLite, or PostgreSQL)."""
    if backend == "postgresql":
        svc = Services.open(pg_database("season", build_season))
    else:
        demo_season_file = request.getfixturevalue("demo_season_file")
        copy = tmp_path / "season.db"
        copy.write_bytes(demo_season_file.read_bytes())
        svc = Services.open(copy)
    yield svc
    svc.close()


@pytest.fixture
def fixtures(demo: Services) -> list[FixtureView]:
    """The season's fixtures, first round first."""
    return demo.seasons.fixtures("S")


@pytest.fixture
def give_gold(demo: Services) -> Callable[[int, int], None]:
    """Add gold to a team's treasury (a commissioner's prize row)."""

    def give(team_id: int, amount: int) -> None:
        with Session(demo.engine) as session:
            repo.add_treasury(team_id, amount, "test prize", "prize", session=session)
            session.commit()

    return give
