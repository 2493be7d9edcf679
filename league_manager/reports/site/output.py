"""Write a site's files into a folder, touching only those whose content changed."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from league_manager.core.files import remove_leftovers, write_bytes_atomically, write_text_atomically


@dataclass(frozen=True)
class WriteReport:
    """How many files were (re)written and how many were already up to date."""

    written: int
    unchanged: int


def write_changed(folder: Path, files: Mapping[str, bytes | None]) -> WriteReport:
    """Write each ``relative path -> content`` under ``folder``, all-or-nothing per file.

    A None content marks a file known to be up to date (it is counted, not read).

    A file whose bytes on disk already equal the new content is left alone (its
    modification time too), so a host syncing the folder uploads only what changed.
    Files are renamed into place (never seen half-written) but not flushed one by one:
    a site is cheap to publish again, and a flush per page made publishing slow.

    Raises:
        OSError: the folder or a file cannot be written.
    """
    written = unchanged = 0
    folders: set[Path] = set()
    for relative, data in files.items():
        if data is None:
            unchanged += 1
            continue
        target = folder / relative
        if target.parent not in folders:
            target.parent.mkdir(parents=True, exist_ok=True)
            remove_leftovers(target.parent)
            folders.add(target.parent)
        try:
            if target.stat().st_size == len(data) and target.read_bytes() == data:
                unchanged += 1
                continue
        except FileNotFoundError:
            pass
        write_bytes_atomically(target, data, durable=False)
        written += 1
    return WriteReport(written, unchanged)


MANIFEST = ".site-fingerprints.json"
"""Beside the pages: each page's fingerprint at the last publication (see ``render_site``)."""


def read_fingerprints(folder: Path) -> dict[str, str]:
    """The fingerprints of the last publication, for the pages still there (empty when none)."""
    try:
        stored = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(stored, dict):
        return {}
    return {
        str(path): str(key)
        for path, key in stored.items()
        if isinstance(key, str) and (folder / path).is_file()
    }


def write_fingerprints(folder: Path, keys: Mapping[str, str]) -> None:
    """Keep the pages' fingerprints for the next publication."""
    write_text_atomically(folder / MANIFEST, json.dumps(dict(sorted(keys.items())), indent=0), durable=False)
