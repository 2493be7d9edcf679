"""Output files are written beside their target and renamed into place, never half-written."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

TEMP_MARK = ".part-"
"""Temporary files carry this in their name (``.report.pdf.part-xyz``) so they can be cleaned up."""


def fsync_folder(folder: Path) -> None:
    """Make a rename inside ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def fsync_file(path: Path) -> None:
    """Flush a closed file's data to the disk."""
    with open(path, "rb+") as handle:
        os.fsync(handle.fileno())


def temp_path_beside(target: Path) -> Path:
    """A fresh, empty temporary file in the target's folder (so the rename stays on one disk)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}{TEMP_MARK}", dir=target.parent)
    os.close(fd)
    return Path(name)


def replace_atomically(source: Path, target: Path, *, durable: bool = True) -> None:
    """Flush ``source`` to the disk and rename it over ``target`` in one step.

    With ``durable=False`` nothing is flushed: readers still never see a half-written
    file, but a power cut may lose the new content (for output that is cheap to rebuild).
    """
    if durable:
        fsync_file(source)
    os.replace(source, target)
    if durable:
        fsync_folder(target.parent)


@contextlib.contextmanager
def atomic_output(target: str | Path, *, durable: bool = True) -> Iterator[Path]:
    """Write a file all-or-nothing: yields a temporary path to write; renames it into place.

    When the block raises (a full disk, a failing writer), the temporary file is removed
    and whatever was at ``target`` before is left as it was.

    Args:
        target: the file to (re)write.
        durable: flush the file and its folder to the disk (see ``replace_atomically``).

    Yields:
        The temporary path, in the same folder, that the caller writes.
    """
    final = Path(target)
    temp = temp_path_beside(final)
    try:
        yield temp
        replace_atomically(temp, final, durable=durable)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_bytes_atomically(target: str | Path, data: bytes, *, durable: bool = True) -> Path:
    """Write ``data`` to ``target`` all-or-nothing (``durable``: see ``replace_atomically``).

    Returns:
        The target path.
    """
    final = Path(target)
    with atomic_output(final, durable=durable) as temp:
        temp.write_bytes(data)
    return final


def write_text_atomically(target: str | Path, text: str, *, durable: bool = True) -> Path:
    """Write UTF-8 ``text`` to ``target`` all-or-nothing (``durable``: see ``replace_atomically``).

    Returns:
        The target path.
    """
    return write_bytes_atomically(target, text.encode("utf-8"), durable=durable)


def remove_leftovers(folder: Path, stem: str = "") -> None:
    """Delete temporary files a killed writer left in ``folder`` (names starting with ``stem``)."""
    if not folder.is_dir():
        return
    for leftover in folder.glob(f".{stem}*{TEMP_MARK}*"):
        leftover.unlink(missing_ok=True)
