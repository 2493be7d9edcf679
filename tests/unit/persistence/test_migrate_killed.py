"""A start-up migration killed at any moment leaves a sound file and a good backup."""

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from alembic import command
from alembic.script import ScriptDirectory

from league_manager.persistence.backups import backups_of, newest_good_backup, sqlite_problem
from league_manager.persistence.database import make_engine
from league_manager.persistence.migrate import alembic_config, head_revision, migrate

CHILD = """
import sys
from league_manager.services.facade import Services
print("ready", flush=True)
Services.open(sys.argv[1]).close()
print("done", flush=True)
"""


def oldest_revision() -> str:
    revisions = [r.revision for r in ScriptDirectory.from_config(alembic_config()).walk_revisions()]
    return revisions[-1]


def old_league_file(path: Path) -> Path:
    """A league file at the first schema revision, with a coach in it."""
    engine = make_engine(path)
    cfg = alembic_config()
    with engine.connect() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, oldest_revision())
        conn.exec_driver_sql("INSERT INTO coach (name, created_at) VALUES ('Ada', '2026-01-01')")
        conn.commit()
    engine.dispose()
    return path


def revision_of(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        (found,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    conn.close()
    return str(found)


def migration_seconds(template: Path, folder: Path) -> float:
    """How long one migration of the old file takes here (to aim the kills)."""
    copy = folder / "timing.db"
    shutil.copyfile(template, copy)
    engine = make_engine(copy)
    start = time.perf_counter()
    migrate(engine)
    engine.dispose()
    return time.perf_counter() - start


def start_and_kill(path: Path, window: float, rng: random.Random) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)],
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == b"ready"
    time.sleep(rng.uniform(0, window))
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()


@pytest.mark.slow
def test_killed_migration_never_breaks_the_file_or_its_backups(tmp_path: Path) -> None:
    template = old_league_file(tmp_path / "template.db")
    window = 1.3 * migration_seconds(template, tmp_path)
    rng = random.Random(13)
    head, old = head_revision(), oldest_revision()
    outcomes: set[str] = set()
    for trial in range(10):
        folder = tmp_path / f"trial{trial}"
        folder.mkdir()
        path = folder / "league.db"
        shutil.copyfile(template, path)
        for _kill in range(3):
            start_and_kill(path, window, rng)
            assert sqlite_problem(path) is None, f"trial {trial}: the league file is broken"
            outcomes.add(revision_of(path))
            assert revision_of(path) in {old, head}
            for backup in backups_of(path):
                assert sqlite_problem(backup, old) is None, f"trial {trial}: bad backup {backup.name}"
        engine = make_engine(path)
        migrate(engine)
        with engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT name FROM coach").fetchall() == [("Ada",)]
        engine.dispose()
        assert revision_of(path) == head
        assert newest_good_backup(path) is not None
        assert sorted(p.name for p in folder.iterdir()) == ["backups", "league.db"]
    assert old in outcomes  # the kills did land during migrations
