"""Generated passwords for a shared league's logins, kept in files only the user can read.

The command line (``share add-coach``) and the app's Coaches dialog both generate a
password when none is typed, and write it here before the server's role gets it, so a
password is never lost and never shown: only the file's path is.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

import platformdirs

PASSWORD_BYTES = 18
"""Random bytes in a generated password (24 URL-safe characters)."""


def new_password() -> str:
    """A fresh random password (URL-safe characters only)."""
    return secrets.token_urlsafe(PASSWORD_BYTES)


def password_folder() -> Path:
    """Where generated passwords are written (the user's data folder, ``passwords``)."""
    return platformdirs.user_data_path("league-manager") / "passwords"


def password_file_for(login: str, folder: Path | None = None) -> Path:
    """The file a generated password of ``login`` is written to (its name made file-safe)."""
    safe = re.sub(r"[^\w.-]", "_", login) or "login"
    return (folder or password_folder()) / f"{safe}.password"


def write_secret(path: Path, password: str) -> None:
    """Write ``password`` to ``path``, readable and writable by the user only (0600).

    The folder is created readable by the user only (0700) when missing.
    """
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.chmod(path, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(password + "\n")
