"""Composition root: logging, database location, services; the GUI starts here."""

from __future__ import annotations

import logging
from pathlib import Path

import platformdirs

from league_manager.persistence.location import APP_NAME


def log_file() -> Path:
    """Where the program writes its log (the user's log folder)."""
    return platformdirs.user_log_path(APP_NAME) / "league-manager.log"


def configure_logging(level: int = logging.INFO) -> None:
    """Log to the user's log folder (and stderr for warnings)."""
    path = log_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.setLevel(level)
    root.addHandler(handler)
