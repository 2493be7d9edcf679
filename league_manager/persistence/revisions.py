"""The schema revisions this program ships, read from the migration scripts as text.

Kept apart from ``migrate`` (which needs SQLAlchemy) so that a fast start can tell
whether a league file is at the newest schema without importing SQLAlchemy or Alembic.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

_REVISION = re.compile(r'^(down_)?revision(?:: [^=]+)? = "?([^"\n]*?)"?$', re.MULTILINE)


@cache
def known_revisions() -> dict[str, str | None]:
    """Each schema revision this program ships, with the one before it.

    Read from the migration files as text: opening a league file that is already at
    the newest schema never imports Alembic (a fast start for the command line).
    """
    folder = resources.files("league_manager.persistence") / "migrations" / "versions"
    found: dict[str, str | None] = {}
    for script in folder.iterdir():
        if not script.name.endswith(".py") or script.name.startswith("_"):
            continue
        values = {bool(down): value for down, value in _REVISION.findall(script.read_text(encoding="utf-8"))}
        if False in values:
            down = values.get(True)
            found[values[False]] = None if down in {None, "", "None"} else down
    return found


def head_revision() -> str:
    """The newest schema revision this program knows."""
    revisions = known_revisions()
    (head,) = set(revisions) - {down for down in revisions.values() if down}
    return head
