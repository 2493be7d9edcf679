"""Back up a shared (PostgreSQL) league with ``pg_dump`` before its commissioner upgrades it."""

from __future__ import annotations

import os
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

from sqlalchemy.engine import URL

from league_manager.core.errors import DatabaseUnavailable
from league_manager.core.files import atomic_output
from league_manager.core.urls import mask_password


def libpq_url(url: URL) -> tuple[str, dict[str, str]]:
    """The connection string ``pg_dump`` takes (no password in it) and the environment to pass it.

    The password, when the URL has one, goes in ``PGPASSWORD``: a command line is
    visible to every user of the machine. Without one, libpq reads ``~/.pgpass``.
    """
    plain = url.set(drivername="postgresql", password=None)
    env = dict(os.environ)
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    return plain.render_as_string(hide_password=False), env


def dump_database(url: URL, folder: Path) -> Path:
    """Write a ``pg_dump`` custom-format backup of the database to ``folder``.

    The file is written beside its final name and renamed into place once ``pg_dump``
    succeeded, so a failed dump leaves no half-written backup.

    Returns:
        The backup file (restore it with ``pg_restore``).

    Raises:
        DatabaseUnavailable: ``pg_dump`` is not installed, or it failed; nothing was changed.
    """
    program = shutil.which("pg_dump")
    if program is None:
        raise DatabaseUnavailable(
            "the shared league was not upgraded: pg_dump (PostgreSQL's client tools) is needed "
            "to back it up first. Install it (Debian: apt-get install postgresql-client), or "
            "back the database up yourself and run the upgrade where pg_dump is installed. "
            "Nothing was changed."
        )
    target = folder / f"{url.database or 'league'}-{datetime.now():%Y%m%d-%H%M%S}.dump"
    connection, env = libpq_url(url)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with atomic_output(target) as temp:
            done = subprocess.run(
                [program, "--format=custom", "--no-owner", f"--file={temp}", f"--dbname={connection}"],
                env=env,
                capture_output=True,
                text=True,
                timeout=3600,
                check=False,
            )
            if done.returncode != 0:
                raise DatabaseUnavailable(
                    mask_password(
                        f"the shared league was not upgraded: its backup failed "
                        f"(pg_dump: {done.stderr.strip() or done.returncode}). Nothing was changed."
                    )
                )
    except OSError as exc:
        raise DatabaseUnavailable(
            f"the shared league was not upgraded: cannot write its backup to {folder} ({exc.strerror}). "
            "Nothing was changed."
        ) from exc
    return target
