"""Backups: verified before they count, rotated without losing the last good one, restored."""

import io
import sqlite3
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.errors import DatabaseUnavailable
from league_manager.persistence.backups import (
    backups_of,
    newest_good_backup,
    prune_backups,
    sqlite_problem,
    write_backup,
)
from league_manager.persistence.database import make_engine
from league_manager.persistence.migrate import head_revision
from league_manager.services.facade import Services


def league_with_backup(tmp_path: Path) -> tuple[Path, Path]:
    path = tmp_path / "league.db"
    services = Services.open(path)
    services.leagues.create_league("Kept League")
    name = f"league-20260101-000000-before-{head_revision()}.db"
    backup = write_backup(services.engine, tmp_path / "backups" / name)
    services.close()
    return path, backup


def test_backup_is_a_sound_single_file(tmp_path: Path) -> None:
    _path, backup = league_with_backup(tmp_path)
    assert sqlite_problem(backup, head_revision()) is None
    assert sorted(p.name for p in backup.parent.iterdir()) == [backup.name]  # no -wal, no temp file


def test_a_failed_backup_leaves_the_older_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, backup = league_with_backup(tmp_path)
    before = backup.read_bytes()
    engine = make_engine(path)
    with pytest.raises(DatabaseUnavailable, match="did not verify"):
        write_backup(engine, backup, revision="0000_wrong")
    engine.dispose()
    assert backup.read_bytes() == before
    assert [p.name for p in backup.parent.iterdir()] == [backup.name]


def test_unwritable_backup_folder_is_a_sentence(tmp_path: Path) -> None:
    path, _ = league_with_backup(tmp_path)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the backup folder should be")
    engine = make_engine(path)
    with pytest.raises(DatabaseUnavailable, match="cannot write the backup"):
        write_backup(engine, blocker / "copy.db")
    engine.dispose()


def test_rotation_never_deletes_the_last_good_backup(tmp_path: Path) -> None:
    path, good = league_with_backup(tmp_path)
    for n in range(5):  # newer, broken backups (as an older version could leave them)
        (good.parent / f"league-2026010{n + 2}-000000-before-x.db").write_bytes(b"")
    prune_backups(path, keep=3)
    kept = backups_of(path)
    assert good in kept and len(kept) == 4
    assert newest_good_backup(path) == good


def test_an_unreadable_file_names_its_backup_and_restore_puts_it_back(tmp_path: Path) -> None:
    path, backup = league_with_backup(tmp_path)
    path.write_bytes(b"garbage" * 1000)
    with pytest.raises(DatabaseUnavailable) as info:
        Services.open(path)
    assert info.value.backup == str(backup)
    assert f"league-manager --db {path} restore {backup}" in str(info.value)
    out, err = io.StringIO(), io.StringIO()
    code = main(["--db", str(path), "restore", str(backup)], CliContext(stdout=out, stderr=err))
    assert code == 0, err.getvalue()
    assert "kept as" in out.getvalue()
    kept = list(tmp_path.glob("league.db.replaced-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"garbage" * 1000
    services = Services.open(path)
    assert [lg.name for lg in services.leagues.list_leagues()] == ["Kept League"]
    services.close()


def test_restoring_a_bad_backup_changes_nothing(tmp_path: Path) -> None:
    path, _ = league_with_backup(tmp_path)
    before = path.read_bytes()
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"")
    out, err = io.StringIO(), io.StringIO()
    assert main(["--db", str(path), "restore", str(bad)], CliContext(stdout=out, stderr=err)) == 1
    assert "cannot be restored" in err.getvalue()
    assert path.read_bytes() == before


def test_damaged_old_file_is_refused_and_not_backed_up(tmp_path: Path) -> None:
    from tests.unit.persistence.test_migrate_killed import old_league_file

    path = old_league_file(tmp_path / "league.db")
    with sqlite3.connect(path) as conn:
        (page_size,) = conn.execute("PRAGMA page_size").fetchone()
        (pages,) = conn.execute("PRAGMA page_count").fetchone()
    conn.close()
    data = bytearray(path.read_bytes())
    for page in range(2, pages):  # scribble over the index and table pages
        data[page_size * page + 8 : page_size * page + 40] = b"\xff" * 32
    path.write_bytes(bytes(data))
    with pytest.raises(DatabaseUnavailable, match=r"damaged|malformed"):
        Services.open(path)
    assert backups_of(path) == []
