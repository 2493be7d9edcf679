"""Helpers of installer/check.sh, run with the build venv's Python (not the frozen program).

``python installer/check_helpers.py rewind FILE REVISION``: take a league file back to an
older schema (as a file from an older League Manager), with the migrations' own downgrades.
``python installer/check_helpers.py revision FILE``: print the file's schema revision.
``python installer/check_helpers.py colours FILE.png``: print how many distinct colours a
screenshot has (a blank or failed window has one or two).
"""

from __future__ import annotations

import os
import sqlite3
import sys


def rewind(path: str, revision: str) -> None:
    """Downgrade the league file at ``path`` to ``revision``."""
    from alembic import command

    from league_manager.persistence.database import make_engine
    from league_manager.persistence.migrate import alembic_config

    engine = make_engine(path)
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, revision)
            conn.commit()
    finally:
        engine.dispose()


def schema_revision(path: str) -> str:
    """The revision stamped in a league file."""
    with sqlite3.connect(path) as conn:
        return str(conn.execute("SELECT version_num FROM alembic_version").fetchone()[0])


def colours(path: str) -> int:
    """Distinct colours of an image (sampled every 4th pixel in each direction)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QImage

    image = QImage(path)
    if image.isNull():
        raise SystemExit(f"cannot read {path}")
    seen = {image.pixel(x, y) for x in range(0, image.width(), 4) for y in range(0, image.height(), 4)}
    return len(seen)


if __name__ == "__main__":
    match sys.argv[1:]:
        case ["rewind", path, revision]:
            rewind(path, revision)
        case ["revision", path]:
            print(schema_revision(path))
        case ["colours", path]:
            print(colours(path))
        case _:
            raise SystemExit(__doc__)
