"""Every migration's downgrade works: a file goes back one revision at a time and up again."""

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from league_manager.persistence.database import make_engine
from league_manager.persistence.migrate import head_revision, known_revisions, migrate
from league_manager.services.facade import Services


def _revision(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        (value,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    conn.close()
    return str(value)


@pytest.mark.sqlite_only
def test_each_revision_downgrades_and_the_file_upgrades_again(
    tmp_path: Path, rewind_schema: Callable[[Path, str], None]
) -> None:
    path = tmp_path / "league.db"
    services = Services.open(path)
    services.leagues.create_league("Old")
    services.close()
    revisions = known_revisions()
    current = head_revision()
    while revisions[current] is not None:
        previous = revisions[current]
        assert previous is not None
        rewind_schema(path, previous)
        assert _revision(path) == previous
        current = previous
    engine = make_engine(path)
    migrate(engine)
    engine.dispose()
    assert _revision(path) == head_revision()
    services = Services.open(path)
    assert [league.name for league in services.leagues.list_leagues()] == ["Old"]
    services.close()
