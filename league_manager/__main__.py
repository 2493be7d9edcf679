"""Entry point: ``league-manager`` / ``python -m league_manager``."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Start the command-line front end (the GUI command arrives through it)."""
    from league_manager.cli.main import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
