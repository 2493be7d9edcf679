"""Find files in the top-level ``resources/`` folder (icons, fonts), also inside a bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """The ``resources/`` folder: inside a PyInstaller bundle or next to the package."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


def resource(*parts: str) -> Path:
    """Path of a file under ``resources/`` (``resource("fonts", "DejaVuSans.ttf")``)."""
    return resources_dir().joinpath(*parts)
