"""Output files are replaced all-or-nothing: a failed write leaves the older file intact."""

import errno
from pathlib import Path

import pytest

from league_manager.core import files
from league_manager.core.files import atomic_output, remove_leftovers, write_bytes_atomically


def test_a_writer_failing_midway_leaves_the_older_file(tmp_path: Path) -> None:
    target = tmp_path / "report.pdf"
    target.write_bytes(b"the older, good report")
    with (
        pytest.raises(OSError, match="No space left"),
        atomic_output(target) as temp,
        temp.open("wb") as handle,
    ):
        handle.write(b"%PDF-1.4 half of a new")
        raise OSError(errno.ENOSPC, "No space left on device")
    assert target.read_bytes() == b"the older, good report"
    assert [p.name for p in tmp_path.iterdir()] == ["report.pdf"]


def test_a_full_disk_at_flush_time_keeps_the_older(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "report.pdf"
    target.write_bytes(b"old")

    def full(_path: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "fsync_file", full)
    with pytest.raises(OSError):
        write_bytes_atomically(target, b"new" * 1000)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["report.pdf"]


def test_a_successful_write_replaces_the_file(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "report.pdf"
    write_bytes_atomically(target, b"first")
    write_bytes_atomically(target, b"second")
    assert target.read_bytes() == b"second"
    assert [p.name for p in target.parent.iterdir()] == ["report.pdf"]


def test_leftovers_of_a_killed_writer_are_removed(tmp_path: Path) -> None:
    (tmp_path / f".league.db{files.TEMP_MARK}abc").write_bytes(b"half")
    (tmp_path / "league.db").write_bytes(b"kept")
    remove_leftovers(tmp_path, "league")
    assert [p.name for p in tmp_path.iterdir()] == ["league.db"]
