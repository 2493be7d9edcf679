"""The backups listed for a league file: only its own, newest first, each saying what made it."""

import os
from pathlib import Path

from league_manager.services.backup_files import backup_file
from league_manager.services.facade import Services


def test_list_backups_of_the_open_file(tmp_path: Path) -> None:
    services = Services.open(tmp_path / "cup.db")
    folder = tmp_path / "backups"
    folder.mkdir()
    names = [
        "cup-20260101-100000-manual.db",
        "cup-20260102-100000-123456-before-0008.db",
        "cup-20260103-100000-654321-before-bb2025.db",
        "cup-2-20260104-100000-manual.db",  # another file's ("cup-2.db")
        "cupboard-20260104-100000-manual.db",
        "cup-notes.db",
    ]
    for age, name in enumerate(names):
        (folder / name).write_bytes(b"x" * 2048)
        os.utime(folder / name, (1_700_000_000 + age, 1_700_000_000 + age))
    listed = services.list_backups(folder)
    services.close()
    assert [b.path.name for b in listed] == names[2::-1]
    assert [b.why for b in listed] == [
        "before the move to bb2025",
        "before an update of the program",
        "by hand",
    ]
    assert backup_file(folder / names[0]).size == 2048
