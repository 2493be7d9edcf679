"""A league file's backup as the front ends list it (found by ``Services.list_backups``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path


@dataclass(frozen=True, slots=True)
class BackupFile:
    """One backup of a league file."""

    path: Path
    taken_at: datetime
    size: int
    """Bytes."""
    why: str
    """What made it: "by hand", "before an update of the program", "before the move to bb2025" ..."""


def _why(name: str) -> str:
    if name.endswith("-manual.db"):
        return "by hand"
    _, before, what = name.removesuffix(".db").rpartition("-before-")
    if before and what.isdigit():
        return "before an update of the program"
    if before:
        return f"before the move to {what}"
    return "by hand"


def backup_file(path: Path) -> BackupFile:
    """The listing of one backup file."""
    stat = path.stat()
    return BackupFile(path, datetime.fromtimestamp(stat.st_mtime), stat.st_size, _why(path.name))
