"""Entry point: ``league-manager`` / ``python -m league_manager``."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Start the program: the desktop application, or a command when one is given."""
    from league_manager.app import main as app_main

    return app_main(argv)


if __name__ == "__main__":
    sys.exit(main())
