"""Where the league database lives by default: the user's data folder."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "league-manager"
ENV_VAR = "LEAGUE_MANAGER_DB"


def default_database() -> str:
    """``$LEAGUE_MANAGER_DB`` when set, else ``<user data dir>/league.db``."""
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return from_env
    return str(platformdirs.user_data_path(APP_NAME) / "league.db")


def demo_database() -> str:
    """The demo league's own file, ``<user data dir>/demo.db``, apart from the user's leagues."""
    return str(platformdirs.user_data_path(APP_NAME) / "demo.db")


def backup_folder(database_file: Path) -> Path:
    """Folder for automatic backups, next to the database file."""
    return database_file.parent / "backups"


def server_backup_folder() -> Path:
    """Folder for the backups taken before a shared (server) league is upgraded."""
    return platformdirs.user_data_path(APP_NAME) / "backups"
