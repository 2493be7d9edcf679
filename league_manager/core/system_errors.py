"""System errors (locked or read-only file, full disk, huge numbers) told in one sentence."""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Iterator

from league_manager.core.errors import LeagueError

LARGEST_INTEGER = 2**63 - 1
"""The largest whole number the database stores (SQLite and PostgreSQL BIGINT)."""


class SystemProblem(LeagueError):
    """The computer, not the user, refused: a locked or read-only file, a full disk, a denied write."""


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """The error, what it wraps (``orig`` of database errors) and what caused it."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        item = todo.pop(0)
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        todo.extend([getattr(item, "orig", None), item.__cause__, item.__context__])


def _sqlite_sentence(text: str) -> str | None:
    if "locked" in text or "busy" in text:
        return (
            "the league file is busy: another program (or another copy of League Manager) is "
            "writing to it. Try again in a moment"
        )
    if "readonly" in text or "read-only" in text:
        return "the league file is read-only (check its permissions, or the disk it is on)"
    if "disk is full" in text or "database or disk is full" in text:
        return "the disk is full; free some space and try again"
    if "disk i/o error" in text:
        return "the disk reported an error while reading or writing the league file"
    if "unable to open" in text:
        return "the league file cannot be opened (check that its folder exists and can be written)"
    return None


def _os_sentence(exc: OSError) -> str | None:
    where = f" {exc.filename}" if exc.filename else ""
    if exc.errno == errno.ENOSPC:
        return f"the disk is full; cannot write{where}. Free some space and try again"
    if exc.errno in {errno.EACCES, errno.EPERM}:
        return f"permission denied: cannot write{where}"
    if exc.errno == errno.EROFS:
        return f"the disk is read-only: cannot write{where}"
    if exc.errno == errno.EDQUOT:
        return f"the disk quota is used up: cannot write{where}"
    return None


def describe_system_error(exc: BaseException) -> str | None:
    """One sentence for a system error, or None when ``exc`` is not one (a real bug).

    Every sentence ends by saying nothing was changed: callers use it where a
    transaction was rolled back or a file write was abandoned.
    """
    for item in _chain(exc):
        sentence: str | None = None
        if isinstance(item, OverflowError) or "too large to convert" in str(item):
            sentence = f"a number is too large for the database (the largest is {LARGEST_INTEGER:,})"
        elif isinstance(item, sqlite3.Error):
            sentence = _sqlite_sentence(str(item).lower())
        elif getattr(item, "sqlstate", None) == "22003":  # PostgreSQL numeric_value_out_of_range
            sentence = "a number is too large for the database"
        elif getattr(item, "sqlstate", None) == "42501":  # PostgreSQL insufficient_privilege
            sentence = "the database server refused: this account may not make that change"
        elif isinstance(item, OSError):
            sentence = _os_sentence(item)
        if sentence is not None:
            return f"{sentence}. Nothing was changed."
    return None


def as_system_problem(exc: BaseException) -> SystemProblem | None:
    """A :class:`SystemProblem` telling ``exc`` in a sentence, or None when it is not one."""
    sentence = describe_system_error(exc)
    return SystemProblem(sentence[0].upper() + sentence[1:]) if sentence else None
