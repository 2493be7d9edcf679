"""Database URLs as people see them: never with a password.

Every place that shows or remembers where a league lives (title bar, status line,
recent files, error messages, logs) passes it through :func:`mask_password`; the
password itself stays in memory only for the connection, or in the user's
``~/.pgpass``, which the PostgreSQL driver reads by itself.
"""

from __future__ import annotations

import re
from urllib.parse import quote, urlsplit, urlunsplit

# scheme://user:password@  -> the password is everything between the first ':' after the
# user name and the last '@' before the host (a password may itself hold '@' or ':').
_CREDENTIALS = re.compile(
    r"(?P<head>\b[a-zA-Z][\w+.-]*://[^:/?#@\s]*):(?P<secret>[^\s/?#]*)@(?=[^@\s]*(?:[\s/?#]|$))"
)
_MASK = "***"


def mask_password(text: str) -> str:
    """``text`` with the password of every URL in it replaced by ``***``.

    Works on a bare URL as on a sentence that quotes one (an error message).
    """
    return _CREDENTIALS.sub(lambda m: f"{m['head']}:{_MASK}@", text)


def without_password(url: str) -> str:
    """The URL with its password left out altogether (what the recent-files list keeps)."""
    parts = urlsplit(url)
    if "://" not in url or parts.password is None:
        return url
    user = parts.username or ""
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{user}@{host}" if user else host))


def with_password(url: str, password: str) -> str:
    """The URL with ``password`` as its password (for the connection only; never stored)."""
    parts = urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:{quote(password, safe='')}@{host}"))


def is_server_url(target: str) -> bool:
    """True when ``target`` names a database server (a URL other than SQLite's), not a file."""
    return "://" in target and not target.lower().startswith("sqlite")


def short_name(location: str) -> str:
    """A league's place in a few words: the file name, or ``database on host`` for a server."""
    if not is_server_url(location):
        return location.replace("\\", "/").rsplit("/", 1)[-1]
    parts = urlsplit(location)
    database = parts.path.lstrip("/") or "(default database)"
    host = parts.hostname or "this computer"
    return f"{database} on {host}"
